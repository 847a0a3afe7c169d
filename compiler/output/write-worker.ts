// The output writer's thread (write-queue.ts): makes each file's folder
// (checking, as write-output.ts does, that it does not lead outside the output
// through a symbolic link), hashes a file sent without its hash (and leaves it
// alone when the earlier build's file had that hash and is still there),
// writes the file to its temporary name and renames it into place, in the
// order sent, and says so after each batch (once cancelled, or once a write
// failed, it skips the rest). A rename over an existing file makes ext4 start
// writing the new file's data back at once (auto_da_alloc), and a new folder
// costs about as much: 0.3–1 ms a page on the bench machine, which this
// thread waits for instead of the build; hashing a page is another 0.1–0.2 ms.

import { copyFileSync, existsSync, mkdirSync, realpathSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { contentHash } from '../cache/value-key.js';
import { isInside } from './output-guard.js';
import type { QueuedWrite, WriteAck, WriteWorkerData } from './write-queue.js';

const port = parentPort;
if (port === null) throw new Error('write-worker.ts runs as a worker thread');
const { cancelled, root, killAfter } = workerData as WriteWorkerData;
const checkedDirs = new Set<string>();
/** A write failed: the build fails, and nothing more is written. */
let failed = false;
let writes = 0;

port.on('message', (jobs: QueuedWrite[]) => {
  const ack: WriteAck = { count: jobs.length, bytes: 0, results: [] };
  for (const job of jobs) {
    ack.bytes += job.bytes;
    // Cancelled (the build failed), or a write failed: the files still queued are acknowledged unwritten.
    if (failed || Atomics.load(cancelled, 0) === 1) continue;
    try {
      // A page is encoded as UTF-8 once, for its hash and its file (hashing the string and writing it had encoded it twice).
      const contents = job.hash === undefined && typeof job.contents === 'string' ? Buffer.from(job.contents) : job.contents;
      const hash = job.hash ?? contentHash(contents as string | Uint8Array);
      if (job.previous === hash && existsSync(job.target)) {
        ack.results.push([job.path, hash, false]);
        continue;
      }
      ensureDir(job.dir);
      if (contents !== undefined) writeFileSync(job.temporary, contents);
      else copyFileSync(job.copyFrom as string, job.temporary);
      renameSync(job.temporary, job.target);
      ack.results.push([job.path, hash, true]);
      // Fault injection (write-output.ts): the n-th write of the build is the last.
      if (++writes === killAfter) process.kill(process.pid, 'SIGKILL');
    } catch (error) {
      rmSync(job.temporary, { force: true });
      failed = true;
      ack.error = `could not write ${job.path}: ${error instanceof Error ? error.message : String(error)}`;
    }
  }
  port.postMessage(ack);
});

/** Makes `dir`, once, and checks that it leads inside the output (by the native realpath: Node's own lstats each segment, 20-30 ms for a navigation edit's thousand folders). */
function ensureDir(dir: string): void {
  if (checkedDirs.has(dir)) return;
  mkdirSync(dir, { recursive: true });
  const real = realpathSync.native(dir);
  if (real !== root && !isInside(real, root)) throw new Error(`refusing to write into ${dir}: it leads outside the output folder`);
  checkedDirs.add(dir);
}
