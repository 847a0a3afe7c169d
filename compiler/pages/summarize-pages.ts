// Summarizes many pages at once: in a piscina pool of worker threads for a
// large site, in this thread for a small one (starting workers costs more
// than it saves below a few hundred milliseconds of work). Pages go to the
// workers in batches so that message passing stays a small part of the cost;
// results come back in input order.

import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { type PageSummaryResult, summarizePage } from './summarize-page.js';
import type { PageFile } from './summarize-worker.js';

export type { PageFile };

export interface SummarizeOptions {
  /** Worker threads; 1 summarizes in this thread. Default: the machine's available parallelism. */
  threads?: number;
}

/** Below this many pages, workers cost more to start than they save. */
export const IN_PROCESS_BELOW = 100;
const MAX_BATCH = 64;

export async function summarizePages(files: readonly PageFile[], options: SummarizeOptions = {}): Promise<PageSummaryResult[]> {
  const threads = Math.max(1, options.threads ?? availableParallelism());
  if (threads === 1 || files.length < IN_PROCESS_BELOW) return files.map((file) => summarizePage(file.path, file.text));
  const worker = workerModule();
  const pool = new Piscina<readonly PageFile[], PageSummaryResult[]>({
    filename: worker.filename,
    execArgv: worker.execArgv,
    minThreads: threads,
    maxThreads: threads,
    idleTimeout: Number.POSITIVE_INFINITY,
  });
  // A worker that fails while idle is reported as an 'error' event, which would
  // crash the process unheard; the tasks it leaves reject with the same error.
  pool.on('error', () => {});
  try {
    const batches = await Promise.all(inBatches(files, batchSize(files.length, threads)).map((batch) => pool.run(batch)));
    return batches.flat();
  } finally {
    await pool.destroy();
  }
}

/** Several batches per thread keep threads busy to the end; at most MAX_BATCH pages keep messages small. */
function batchSize(count: number, threads: number): number {
  return Math.min(MAX_BATCH, Math.ceil(count / (threads * 4)));
}

function inBatches<T>(items: readonly T[], size: number): T[][] {
  const batches: T[][] = [];
  for (let i = 0; i < items.length; i += size) batches.push(items.slice(i, i + size));
  return batches;
}

/**
 * The worker beside this module, with this module's extension: `.js` in
 * dist/, `.ts` when running from sources under tsx. On Node 20, tsx's
 * `--import tsx` hooks skip worker threads, so a `.ts` worker registers tsx
 * itself through its API (resolved from here, not from the working directory).
 */
function workerModule(): { filename: string; execArgv: string[] } {
  const fromSources = import.meta.url.endsWith('.ts');
  const filename = fileURLToPath(new URL(`./summarize-worker${fromSources ? '.ts' : '.js'}`, import.meta.url));
  if (!fromSources) return { filename, execArgv: [] };
  const registerTsx = `import { register } from ${JSON.stringify(import.meta.resolve('tsx/esm/api'))}; register();`;
  return { filename, execArgv: ['--import', `data:text/javascript,${encodeURIComponent(registerTsx)}`] };
}
