// Summarizes many pages at once, in a pool of worker threads for a large site
// and in this thread for a small one (host/worker-pool.ts decides). Identical
// pages (a site's versions and languages are often copies) are summarized
// once: a summary is a pure function of the page's text, its extension (the
// format) and whether it is a snippet; its path, its frontmatter's places and
// its diagnostics' file are the page's.

import { ISOLATED_PAGE_CHARS } from '../host/project-host.js';
import { BatchPool } from '../host/worker-pool.js';
import { isSnippet } from '../ir/page-urls.js';
import { pagesSharingBlocks } from './parse-blocks.js';
import { relocateFrontmatter } from './parse-frontmatter.js';
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

/** The pool pages are summarized in, for a caller that warms it while it reads them (its to close then). */
export type SummaryPool = BatchPool<PageFile, PageSummaryResult>;

export function summaryPool(threads: number | undefined): SummaryPool {
  return new BatchPool<PageFile, PageSummaryResult>({
    worker: new URL('./summarize-worker.js', import.meta.url),
    inProcess: async (batch) => {
      const { summarizePage } = await loadSummarizer();
      return batch.map((file) => summarizePage(file.path, file.text, { sharedBlocks: file.sharedBlocks }));
    },
    threads,
    outOfMemory: async (file) => (await loadSummarizer()).pageOutOfMemory(file.path, file.text),
    isolate: (file) => file.text.length >= ISOLATED_PAGE_CHARS,
  });
}

/** `pool`: one the caller made (and closes); else one for this call. */
export async function summarizePages(files: readonly PageFile[], options: SummarizeOptions = {}, pool?: SummaryPool): Promise<PageSummaryResult[]> {
  // By kind, then by the text itself (a key made by joining them would copy every text).
  const firstOf = new Map<string, Map<string, number>>();
  const unique: PageFile[] = [];
  const uniqueIndex = files.map((file) => {
    const kind = pageKind(file.path);
    let ofKind = firstOf.get(kind);
    if (ofKind === undefined) {
      ofKind = new Map();
      firstOf.set(kind, ofKind);
    }
    let index = ofKind.get(file.text);
    if (index === undefined) {
      index = unique.push(file) - 1;
      ofKind.set(file.text, index);
    }
    return index;
  });
  const results = await summarizeUnique(unique, options, pool);
  return files.map((file, i) => {
    const result = results[uniqueIndex[i] as number] as PageSummaryResult;
    return result.summary.path === file.path ? result : summaryAtPath(result, file.path);
  });
}

/** What a summary depends on besides the text: the extension (the format) and whether the file is a snippet. */
export function pageKind(path: string): string {
  return `${path.slice(path.lastIndexOf('.'))}${isSnippet(path) ? ' snippet' : ''}`;
}

/** The summary of an identical page at another path: its path, its frontmatter's places and its diagnostics' file. */
export function summaryAtPath(result: PageSummaryResult, path: string): PageSummaryResult {
  const from = result.summary.path;
  return {
    summary: { ...result.summary, path, frontmatter: relocateFrontmatter(result.summary.frontmatter, path) },
    diagnostics: result.diagnostics.map((d) => (d.file === from ? { ...d, file: path } : d)),
  };
}

/**
 * Summarizes the pages, those of a family next to each other: the same file in a site's versions or languages
 * (`v1.2/en/agents.mdx`, `v1.3/en/agents.mdx`: the last two segments of the path) goes to the same worker in one
 * batch, where parse-blocks.ts's memo finds the blocks they share; and each page says whether it shares blocks
 * with another (`pagesSharingBlocks`), so that a worker keeps those pages' blocks from their first sighting and no
 * other page's. crewAI's docs in two workers (simulated: batches of 64 taken in turn), characters parsed: 11.5 M of
 * 23.8 M in file order with blocks kept from their second sighting, 10.3 M by families, 8.8 M with the hint too.
 * Results come back in the files' order.
 */
async function summarizeUnique(files: readonly PageFile[], options: SummarizeOptions, pool: SummaryPool | undefined): Promise<PageSummaryResult[]> {
  const order = familyOrder(files.map((file) => file.path));
  const shared = pagesSharingBlocks(files);
  const sorted = await summarizeInOrder(
    order.map((i) => ({ ...(files[i] as PageFile), sharedBlocks: shared[i] as boolean })),
    options,
    pool,
  );
  const results: PageSummaryResult[] = [];
  order.forEach((i, n) => {
    results[i] = sorted[n] as PageSummaryResult;
  });
  return results;
}

/**
 * The indexes of `paths` with the pages of a family next to each other: the same file in a site's versions or
 * languages (`v1.2/en/agents.mdx`, `v1.3/en/agents.mdx`: the last two segments of the path), in their order.
 */
export function familyOrder(paths: readonly string[]): number[] {
  const families = paths.map((path) => path.split('/').slice(-2).join('/'));
  return paths.map((_, i) => i).sort((a, b) => compareText(families[a] as string, families[b] as string) || a - b);
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

async function summarizeInOrder(files: readonly PageFile[], options: SummarizeOptions, given: SummaryPool | undefined): Promise<PageSummaryResult[]> {
  const pool = given ?? summaryPool(options.threads);
  let done = 0;
  try {
    return await pool.run(files, (count) => {
      done += count;
      options.onSummarized?.(done, files.length);
    });
  } finally {
    if (given === undefined) await pool.close();
  }
}
