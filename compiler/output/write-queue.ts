// Output files written on a thread of their own (write-worker.ts), so that the
// build lays out the next pages while the disk takes the last ones. Files are
// written in the order queued; the queue holds at most `MAX_QUEUED_BYTES`
// (`whenRoom` waits for the thread below that), and `close` waits for every
// write. A failed write is thrown by the next `whenRoom` or by `close`: the
// build fails as if the write had failed in place, its journal naming the file.
// `cancel` (a build that failed) lets the file being written finish and skips
// the rest: no write happens after it, and no temporary file is left.
//
// A file sent without its hash is hashed on the thread, which skips writing it
// when the earlier build's file had that hash and is still there; each batch's
// acknowledgement gives every file's hash and whether it was written.
//
// Small outputs never start the thread: a writer's first `SYNC_WRITES` files
// to hash or write are done in place, so a dev patch of one page pays nothing
// for it.

import { Worker } from 'node:worker_threads';
import { workerModule } from '../host/worker-module.js';

/** What the thread is sent (in batches): one file to write to `temporary` and rename to `target`, in `dir`. */
export interface QueuedWrite {
  /** Output-relative, for messages. */
  path: string;
  dir: string;
  temporary: string;
  target: string;
  contents?: string | Uint8Array;
  copyFrom?: string;
  /** The bytes' hash; absent, the thread hashes `contents`. */
  hash?: string;
  /** The earlier build's hash of the file, when trusted: a file hashed here with it is not written again. */
  previous?: string;
  /** What the write counts against the queue's bound. */
  bytes: number;
  /** `contents`' memory goes to the thread (OutputFile's `transfer`). */
  transfer?: true;
}

/** A file done: its path, its hash, and whether it was written (else it was already there). */
export type WriteResult = [path: string, hash: string, written: boolean];

/** A batch done: its files and bytes, and the first write that failed (the rest of the batch is skipped). */
export interface WriteAck {
  count: number;
  bytes: number;
  results: WriteResult[];
  error?: string;
}

/**
 * What the thread starts with: a flag set to 1 when the queue is cancelled,
 * the output folder's realpath, and, for fault injection, the number of its
 * own writes after which it kills the process.
 */
export interface WriteWorkerData {
  cancelled: Int32Array;
  root: string;
  killAfter?: number;
}

/** Files hashed or written in place before the thread starts. */
export const SYNC_WRITES = 64;
/** The most bytes queued for the thread at once. */
const MAX_QUEUED_BYTES = 16 * 1024 ** 2;
/** Files sent in one message (a message per file costs about 40 µs of this thread's time). */
const BATCH = 16;

export class WriteQueue {
  private worker: Worker | undefined;
  private batch: QueuedWrite[] = [];
  private queuedBytes = 0;
  private queued = 0;
  private failure: string | undefined;
  private exited = false;
  private wake: (() => void) | undefined;
  private cancelled = new Int32Array(new SharedArrayBuffer(4));

  private killAfter: number | undefined;

  /** `root`: the output folder's realpath, which no file's folder may lead out of; `done`: told each file's result, in order. */
  constructor(
    private root: string,
    private done: (results: readonly WriteResult[]) => void,
  ) {}

  /** Whether the thread has been given files (from then on every file goes to it, in order). */
  get started(): boolean {
    return this.worker !== undefined || this.batch.length > 0;
  }

  /** Fault injection: the thread kills the process after its n-th write (set before the first file is queued). */
  killAfterWrites(n: number): void {
    this.killAfter = n;
  }

  enqueue(job: QueuedWrite): void {
    this.throwFailure();
    this.queued++;
    this.queuedBytes += job.bytes;
    this.batch.push(job);
    if (this.batch.length >= BATCH) this.send();
  }

  /** Resolves once the queue is under its bound (at once when it is). */
  async whenRoom(): Promise<void> {
    this.send();
    await this.until(() => this.queuedBytes <= MAX_QUEUED_BYTES);
  }

  /** Waits for every queued write, then stops the thread; throws a failed write (the rest are skipped). */
  async close(): Promise<void> {
    try {
      this.send();
      await this.until(() => this.queued === 0);
    } finally {
      await this.cancel();
    }
  }

  /** Skips the files not yet written (a build that failed) and stops the thread once the one being written is in place. */
  async cancel(): Promise<void> {
    // Files not sent yet are dropped here; those sent are skipped by the thread.
    for (const job of this.batch) {
      this.queued--;
      this.queuedBytes -= job.bytes;
    }
    this.batch = [];
    const worker = this.worker;
    if (worker === undefined) return;
    Atomics.store(this.cancelled, 0, 1);
    while (this.queued > 0 && !this.exited) await this.woken();
    this.worker = undefined;
    await worker.terminate();
  }

  private async until(done: () => boolean): Promise<void> {
    while (!done() && this.failure === undefined) await this.woken();
    this.throwFailure();
  }

  private woken(): Promise<void> {
    return new Promise<void>((resolve) => (this.wake = resolve));
  }

  private throwFailure(): void {
    if (this.failure !== undefined) throw new Error(this.failure);
  }

  private send(): void {
    if (this.batch.length === 0) return;
    // Pages' bytes are handed over, not cloned into the message and out of it again (crewAI's 24,800 pages are 1.4 GB):
    // posting cost the build's thread 3.9 s, 2.5 s since (CPU profiles of cold builds, on a busy machine).
    const handed = new Set<ArrayBufferLike>();
    for (const job of this.batch) if (job.transfer && job.contents instanceof Uint8Array) handed.add(job.contents.buffer);
    this.start().postMessage(this.batch, [...handed] as ArrayBuffer[]);
    this.batch = [];
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const module = workerModule(new URL('./write-worker.js', import.meta.url));
    const workerData: WriteWorkerData = { cancelled: this.cancelled, root: this.root };
    if (this.killAfter !== undefined) workerData.killAfter = this.killAfter;
    const worker = new Worker(module.filename, { execArgv: module.execArgv, workerData });
    worker.on('message', (ack: WriteAck) => {
      this.done(ack.results);
      this.queued -= ack.count;
      this.queuedBytes -= ack.bytes;
      this.failure ??= ack.error;
      this.wake?.();
    });
    worker.on('error', (error: unknown) => {
      this.failure ??= `the output writer's thread failed: ${error instanceof Error ? error.message : String(error)}`;
      this.wake?.();
    });
    worker.on('exit', () => {
      this.exited = true;
      if (this.queued > 0) this.failure ??= "the output writer's thread stopped before its last write";
      this.wake?.();
    });
    this.worker = worker;
    return worker;
  }
}
