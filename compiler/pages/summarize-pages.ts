// Summarizes many pages at once, in a pool of worker threads for a large site
// and in this thread for a small one (host/worker-pool.ts decides).

import { BatchPool } from '../host/worker-pool.js';
import { type PageSummaryResult, summarizePage } from './summarize-page.js';
import type { PageFile } from './summarize-worker.js';

export { IN_PROCESS_BELOW } from '../host/worker-pool.js';
export type { PageFile };

export interface SummarizeOptions {
  /** Worker threads; 1 summarizes in this thread. Default: the machine's available parallelism. */
  threads?: number;
}

export async function summarizePages(files: readonly PageFile[], options: SummarizeOptions = {}): Promise<PageSummaryResult[]> {
  const pool = new BatchPool<PageFile, PageSummaryResult>({
    worker: new URL('./summarize-worker.js', import.meta.url),
    inProcess: (batch) => batch.map((file) => summarizePage(file.path, file.text)),
    threads: options.threads,
  });
  try {
    return await pool.run(files);
  } finally {
    await pool.close();
  }
}
