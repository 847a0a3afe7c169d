// A piscina pool of worker threads that takes work in batches, shared by the
// front end's summaries and the build's page compiler. Small jobs run in this
// thread (starting workers costs more than it saves below a few hundred
// milliseconds of work); workers start on first use and stay until `close`.
// Results come back in input order.
//
// A worker that runs out of memory (a page of a megabyte of dense Markdown
// can need gigabytes) ends with ERR_WORKER_OUT_OF_MEMORY; piscina starts
// another. Its batch is run again one item at a time, and an item that runs
// out of memory alone becomes what `outOfMemory` makes of it (a failed page),
// so that one page never stops the rest. Items that may need that much
// (`needsWorker`) go to a worker even in a small job: out of memory in this
// thread would end the process.

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
  /** Worker threads; 1 keeps all work in this thread (but `needsWorker`'s items). Default: the machine's available parallelism. */
  threads?: number | undefined;
  workerData?: unknown;
  /** The result of an item that ran out of memory in a worker, alone; without it, the job fails with the worker's error. */
  outOfMemory?: (item: T) => R | Promise<R>;
  /** Items to run in a worker however small the job: they may run out of memory. */
  needsWorker?: (item: T) => boolean;
}

export class BatchPool<T, R> {
  private pool: Piscina<readonly T[], R[]> | undefined;
  private threads: number;

  constructor(private options: BatchPoolOptions<T, R>) {
    this.threads = Math.max(1, options.threads ?? availableParallelism());
  }

  /** Runs every item; `onDone` hears how many items each finished batch held (for progress). */
  async run(items: readonly T[], onDone?: (count: number) => void): Promise<R[]> {
    if (items.length === 0) return [];
    if (this.threads === 1 || items.length < IN_PROCESS_BELOW) {
      const results = await this.runHere(items);
      onDone?.(items.length);
      return results;
    }
    const pool = this.start();
    const batches = inBatches(items, batchSize(items.length, this.threads), this.options.needsWorker);
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

  /** A small job (or `threads: 1`): in this thread, but `needsWorker`'s items. */
  private async runHere(items: readonly T[]): Promise<R[]> {
    const needsWorker = this.options.needsWorker;
    if (needsWorker === undefined || !items.some(needsWorker)) return this.options.inProcess(items);
    // Each heavy item alone in a worker, the others here; results put back in order.
    const light = items.filter((item) => !needsWorker(item));
    // This thread's compiler is not loaded for nothing (a dev edit of one large page).
    const here = light.length > 0 ? await this.options.inProcess(light) : [];
    const pool = this.start();
    const results: R[] = [];
    let next = 0;
    for (const item of items) results.push(needsWorker(item) ? ((await this.runBatch(pool, [item]))[0] as R) : (here[next++] as R));
    return results;
  }

  /** A batch in a worker; when the worker runs out of memory, its items one at a time (see the top of this file). */
  private async runBatch(pool: Piscina<readonly T[], R[]>, batch: readonly T[]): Promise<R[]> {
    const outOfMemory = this.options.outOfMemory;
    try {
      return await pool.run(batch);
    } catch (error) {
      if (outOfMemory === undefined || !isOutOfMemory(error)) throw error;
      if (batch.length === 1) return [await outOfMemory(batch[0] as T)];
    }
    const results: R[] = [];
    for (const item of batch) {
      try {
        results.push(...(await pool.run([item])));
      } catch (error) {
        if (!isOutOfMemory(error)) throw error;
        results.push(await outOfMemory(item));
      }
    }
    return results;
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

/** Consecutive items, `size` at a time; each heavy one (`alone`) in a batch of its own, so that running out of memory names it. */
function inBatches<T>(items: readonly T[], size: number, alone?: (item: T) => boolean): T[][] {
  const batches: T[][] = [];
  let batch: T[] = [];
  for (const item of items) {
    if (alone?.(item)) {
      if (batch.length > 0) batches.push(batch);
      batches.push([item]);
      batch = [];
      continue;
    }
    batch.push(item);
    if (batch.length === size) {
      batches.push(batch);
      batch = [];
    }
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}
