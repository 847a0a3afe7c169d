// Summarizes many pages at once, in a pool of worker threads for a large site
// and in this thread for a small one (host/worker-pool.ts decides).

import { ISOLATED_PAGE_CHARS } from '../host/project-host.js';
import { BatchPool } from '../host/worker-pool.js';
import type { PageSummaryResult } from './summarize-page.js';
import type { PageFile } from './summarize-worker.js';

export { IN_PROCESS_BELOW } from '../host/worker-pool.js';
export type { PageFile };

let loading: Promise<typeof import('./summarize-page.js')> | undefined;

/** The summarizer in this thread, loaded on first use (the MDX parser: a check whose pages are all cached does not load it). */
function loadSummarizer(): Promise<typeof import('./summarize-page.js')> {
  loading ??= import('./summarize-page.js');
  return loading;
}

export interface SummarizeOptions {
  /** Worker threads; 1 summarizes in this thread. Default: the machine's available parallelism. */
  threads?: number | undefined;
  /** Hears the pages summarized so far, of how many, batch by batch (a terminal's progress line). */
  onSummarized?: ((done: number, total: number) => void) | undefined;
}

export async function summarizePages(files: readonly PageFile[], options: SummarizeOptions = {}): Promise<PageSummaryResult[]> {
  const pool = new BatchPool<PageFile, PageSummaryResult>({
    worker: new URL('./summarize-worker.js', import.meta.url),
    inProcess: async (batch) => {
      const { summarizePage } = await loadSummarizer();
      return batch.map((file) => summarizePage(file.path, file.text));
    },
    threads: options.threads,
    outOfMemory: async (file) => (await loadSummarizer()).pageOutOfMemory(file.path, file.text),
    isolate: (file) => file.text.length >= ISOLATED_PAGE_CHARS,
  });
  let done = 0;
  try {
    return await pool.run(files, (count) => {
      done += count;
      options.onSummarized?.(done, files.length);
    });
  } finally {
    await pool.close();
  }
}
