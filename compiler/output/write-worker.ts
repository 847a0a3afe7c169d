// The output writer's thread (write-queue.ts): writes each file it is sent to
// its temporary name and renames it into place, in the order sent, and says
// so after each (once cancelled, it skips the rest). A rename over an existing file makes ext4 start writing the
// new file's data back at once (auto_da_alloc): about 0.5–1 ms a page on the
// bench machine, which this thread waits for instead of the build.

import { copyFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import type { QueuedWrite, WriteAck, WriteWorkerData } from './write-queue.js';

const port = parentPort;
if (port === null) throw new Error('write-worker.ts runs as a worker thread');
const { cancelled } = workerData as WriteWorkerData;

port.on('message', (job: QueuedWrite) => {
  const ack: WriteAck = { bytes: job.bytes };
  // Cancelled (the build failed): the files still queued are acknowledged unwritten.
  if (Atomics.load(cancelled, 0) === 1) {
    port.postMessage(ack);
    return;
  }
  try {
    if (job.contents !== undefined) writeFileSync(job.temporary, job.contents);
    else copyFileSync(job.copyFrom as string, job.temporary);
    renameSync(job.temporary, job.target);
    // Fault injection (write-output.ts): the n-th write of the build is the last.
    if (job.killAfter) process.kill(process.pid, 'SIGKILL');
  } catch (error) {
    rmSync(job.temporary, { force: true });
    ack.error = `could not write ${job.path}: ${error instanceof Error ? error.message : String(error)}`;
  }
  port.postMessage(ack);
});
