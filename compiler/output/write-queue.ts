// Output files written on a thread of their own (write-worker.ts), so that the
// build lays out the next pages while the disk takes the last ones. Files are
// written in the order queued; the queue holds at most `MAX_QUEUED_BYTES`
// (`whenRoom` waits for the thread below that), and `close` waits for every
// write. A failed write is thrown by the next `whenRoom` or by `close`: the
// build fails as if the write had failed in place, its journal naming the file.
// `cancel` (a build that failed) lets the file being written finish and skips
// the rest: no write happens after it, and no temporary file is left.
//
// Small outputs never start the thread: the first `SYNC_WRITES` files of a
// writer are written in place, so a dev patch of one page pays nothing for it.

import { Worker } from 'node:worker_threads';
import { workerModule } from '../host/worker-pool.js';

/** What the thread is sent: one file to write to `temporary` and rename to `target`. */
export interface QueuedWrite {
  /** Output-relative, for messages. */
  path: string;
  temporary: string;
  target: string;
  contents?: string | Uint8Array;
  copyFrom?: string;
  /** What the write counts against the queue's bound. */
  bytes: number;
  /** Kill the process once this file is in place (fault injection). */
  killAfter?: boolean;
}

export interface WriteAck {
  bytes: number;
  error?: string;
}

/** What the thread starts with: a flag set to 1 when the queue is cancelled. */
export interface WriteWorkerData {
  cancelled: Int32Array;
}

/** Files written in place before the thread starts. */
export const SYNC_WRITES = 64;
/** The most bytes queued for the thread at once. */
const MAX_QUEUED_BYTES = 64 * 1024 ** 2;

export class WriteQueue {
  private worker: Worker | undefined;
  private queuedBytes = 0;
  private queued = 0;
  private failure: string | undefined;
  private exited = false;
  private wake: (() => void) | undefined;
  private cancelled = new Int32Array(new SharedArrayBuffer(4));

  enqueue(job: QueuedWrite): void {
    this.throwFailure();
    const worker = this.start();
    this.queued++;
    this.queuedBytes += job.bytes;
    worker.postMessage(job);
  }

  /** Resolves once the queue is under its bound (at once when it is). */
  async whenRoom(): Promise<void> {
    await this.until(() => this.queuedBytes <= MAX_QUEUED_BYTES);
  }

  /** Waits for every queued write, then stops the thread; throws a failed write (the rest are skipped). */
  async close(): Promise<void> {
    try {
      await this.until(() => this.queued === 0);
    } finally {
      await this.cancel();
    }
  }

  /** Skips the files not yet written (a build that failed) and stops the thread once the one being written is in place. */
  async cancel(): Promise<void> {
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

  private start(): Worker {
    if (this.worker) return this.worker;
    const module = workerModule(new URL('./write-worker.js', import.meta.url));
    const workerData: WriteWorkerData = { cancelled: this.cancelled };
    const worker = new Worker(module.filename, { execArgv: module.execArgv, workerData });
    worker.on('message', (ack: WriteAck) => {
      this.queued--;
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
