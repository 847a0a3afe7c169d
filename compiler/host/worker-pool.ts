// A piscina pool of worker threads that takes work in batches, shared by the
// front end's summaries and the build's page compiler. Small jobs run in this
// thread (starting workers costs more than it saves below a few hundred
// milliseconds of work); workers start on first use and stay until `close`.
// Results come back in input order.

import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import type { Piscina } from 'piscina';
import { workerModule } from './worker-module.js';

const require = createRequire(import.meta.url);

/** Below this many items, workers cost more to start than they save. */
export const IN_PROCESS_BELOW = 100;
const MAX_BATCH = 64;

export interface BatchPoolOptions<T, R> {
  /** URL of the worker module, whose default export maps a batch (T[]) to results (R[]). */
  worker: URL;
  /** The same work in this thread (it may load its code on first use). */
  inProcess: (items: readonly T[]) => R[] | Promise<R[]>;
  /** Worker threads; 1 keeps all work in this thread. Default: the machine's available parallelism. */
  threads?: number | undefined;
  workerData?: unknown;
}

export class BatchPool<T, R> {
  private pool: Piscina<readonly T[], R[]> | undefined;
  private threads: number;

  constructor(private options: BatchPoolOptions<T, R>) {
    this.threads = Math.max(1, options.threads ?? availableParallelism());
  }

  async run(items: readonly T[]): Promise<R[]> {
    if (items.length === 0) return [];
    if (this.threads === 1 || items.length < IN_PROCESS_BELOW) return this.options.inProcess(items);
    const pool = this.start();
    const batches = await Promise.all(inBatches(items, batchSize(items.length, this.threads)).map((batch) => pool.run(batch)));
    return batches.flat();
  }

  async close(): Promise<void> {
    const pool = this.pool;
    this.pool = undefined;
    await pool?.destroy();
  }

  private start(): Piscina<readonly T[], R[]> {
    if (this.pool) return this.pool;
    const worker = workerModule(this.options.worker);
    // Loaded here: a build that starts no worker (a navigation edit) does not pay its 13 ms of module loading.
    const { Piscina } = require('piscina') as typeof import('piscina');
    this.pool = new Piscina<readonly T[], R[]>({
      filename: worker.filename,
      execArgv: worker.execArgv,
      minThreads: this.threads,
      maxThreads: this.threads,
      idleTimeout: Number.POSITIVE_INFINITY,
      workerData: this.options.workerData,
    });
    // A worker that fails while idle is reported as an 'error' event, which would
    // crash the process unheard; the tasks it leaves reject with the same error.
    this.pool.on('error', () => {});
    return this.pool;
  }
}

/** Several batches per thread keep threads busy to the end; at most MAX_BATCH items keep messages small. */
function batchSize(count: number, threads: number): number {
  return Math.min(MAX_BATCH, Math.ceil(count / (threads * 4)));
}

function inBatches<T>(items: readonly T[], size: number): T[][] {
  const batches: T[][] = [];
  for (let i = 0; i < items.length; i += size) batches.push(items.slice(i, i + size));
  return batches;
}
