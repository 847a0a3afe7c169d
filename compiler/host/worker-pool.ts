// A piscina pool of worker threads that takes work in batches, shared by the
// front end's summaries and the build's page compiler. Small jobs run in this
// thread (starting workers costs more than it saves below a few hundred
// milliseconds of work); workers start on first use and stay until `close`.
// Results come back in input order.
//
// A worker that runs out of memory (a page of a megabyte of dense Markdown
// can need gigabytes) ends with ERR_WORKER_OUT_OF_MEMORY; piscina starts
// another. Its batch is run again one item at a time in a process of its own
// (isolated-process.ts), and an item that runs out of memory there becomes
// what `outOfMemory` makes of it (a failed page), so that one page does not
// stop the rest. Items that may need that much (`isolate`) go to such a
// process from the start, however small the job: out of memory in this
// thread would end the command, and in a worker thread it may too (Node's
// limit on a worker's heap is best-effort, see isolated-process.ts).

import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import type { Piscina } from 'piscina';
import { type IsolatedOutcome, runIsolated } from './isolated-process.js';
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
  /** Worker threads; 1 keeps all work in this thread (but `isolate`'s items). Default: the machine's available parallelism. */
  threads?: number | undefined;
  workerData?: unknown;
  /** The result of an item that ran out of memory alone; without it, the job fails. */
  outOfMemory?: (item: T) => R | Promise<R>;
  /** Items to run in a process of their own, one at a time: they may run out of memory. */
  isolate?: (item: T) => boolean;
}

export class BatchPool<T, R> {
  private pool: Piscina<readonly T[], R[]> | undefined;
  private threads: number;

  constructor(private options: BatchPoolOptions<T, R>) {
    this.threads = Math.max(1, options.threads ?? availableParallelism());
  }

  /** Runs every item; `onDone` hears how many items each finished batch held (for progress). */
  async run(items: readonly T[], onDone?: (count: number) => void): Promise<R[]> {
    const isolate = this.options.isolate;
    if (isolate === undefined || !items.some(isolate)) return this.runShared(items, onDone);
    // The isolated items beside the others; results put back in order.
    const [shared, isolated] = await Promise.all([
      this.runShared(
        items.filter((item) => !isolate(item)),
        onDone,
      ),
      this.runIsolated(items.filter(isolate), this.threads).then((results) => {
        onDone?.(results.length);
        return results;
      }),
    ]);
    let nextShared = 0;
    let nextIsolated = 0;
    return items.map((item) => (isolate(item) ? isolated[nextIsolated++] : shared[nextShared++]) as R);
  }

  /** Items that share this thread (a small job, or `threads: 1`) or the pool's workers, in batches. */
  private async runShared(items: readonly T[], onDone?: (count: number) => void): Promise<R[]> {
    if (items.length === 0) return [];
    if (this.threads === 1 || items.length < IN_PROCESS_BELOW) {
      const results = await this.options.inProcess(items);
      onDone?.(items.length);
      return results;
    }
    const pool = this.start();
    const batches = inBatches(items, batchSize(items.length, this.threads));
    return (
      await Promise.all(
        batches.map(async (batch) => {
          const results = await this.runBatch(pool, batch);
          onDone?.(batch.length);
          return results;
        }),
      )
    ).flat();
  }

  /** A batch in a worker; when the worker runs out of memory, its items one at a time in a process (see the top of this file). */
  private async runBatch(pool: Piscina<readonly T[], R[]>, batch: readonly T[]): Promise<R[]> {
    try {
      return await pool.run(batch);
    } catch (error) {
      if (this.options.outOfMemory === undefined || !isOutOfMemory(error)) throw error;
    }
    return this.runIsolated(batch);
  }

  /** Items one at a time in up to `processes` processes of their own; an item that runs out of memory gives `outOfMemory`'s result. */
  private async runIsolated(items: readonly T[], processes = 1): Promise<R[]> {
    const outcomes: IsolatedOutcome<R>[] = await runIsolated(this.options.worker, this.options.workerData, items, processes);
    const outOfMemory = this.options.outOfMemory;
    return Promise.all(
      outcomes.map((outcome, n) => {
        if ('result' in outcome) return outcome.result;
        if (outOfMemory === undefined) throw new Error('a worker process ran out of memory');
        return outOfMemory(items[n] as T);
      }),
    );
  }

  /**
   * Starts the workers before `run` is given its items, so that they load their module while the caller still
   * prepares them (reads the pages); nothing with one thread.
   */
  warm(): void {
    if (this.threads > 1) this.start();
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

/** A worker ended by reaching its heap limit (Node's error for it; piscina rejects the worker's task with it). */
function isOutOfMemory(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'ERR_WORKER_OUT_OF_MEMORY';
}

/** Several batches per thread keep threads busy to the end; at most MAX_BATCH items keep messages small. */
function batchSize(count: number, threads: number): number {
  return Math.min(MAX_BATCH, Math.ceil(count / (threads * 4)));
}

/** Consecutive items, `size` at a time. */
function inBatches<T>(items: readonly T[], size: number): T[][] {
  const batches: T[][] = [];
  for (let start = 0; start < items.length; start += size) batches.push(items.slice(start, start + size));
  return batches;
}
