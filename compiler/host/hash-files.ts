// Hashing many files on two threads. A first `docsc check` hashes every page
// before it summarizes one (crewAI's docs: 24,803 pages, 216 MB, 1.1 s of the
// main thread with the other core idle). When there are many, the main thread
// and a thread of its own (hash-files-worker.ts) take batches of the list in
// turn from a shared counter, so both end together whatever the files' sizes
// and however late the thread starts. Each file is read as `ProjectHost`
// reads a listed file (read-opened-file.ts: opened, placed by the kernel,
// refused outside the root), into a buffer reused from file to file; a file
// either thread cannot read that way is left to the host's path-by-path read.

import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { contentHash } from '../cache/value-key.js';
import type { ReadResult } from './project-host.js';
import { insideRoot, readOpenedFile, Scratch } from './read-opened-file.js';
import { workerModule } from './worker-module.js';

/** A file's hash and fingerprint, or why it cannot be read; undefined: the host must read it by path. */
export type HashedFile = { ok: true; hash: string; fingerprint: string | undefined } | Extract<ReadResult, { ok: false }> | undefined;

/** A file to hash: its absolute path and the size past which it is refused. */
export interface HashRequest {
  absolute: string;
  limit: number;
}

/** Below this many files, the main thread hashes them alone: starting a thread costs about what 1,000 files do. */
const PARALLEL_FROM = 2_000;

/** Whether `hashFiles` would hash this many files on two threads. */
export function hashesInParallel(count: number): boolean {
  return count >= PARALLEL_FROM && availableParallelism() > 1;
}

/** Files taken at a time from the shared counter. */
const BATCH = 64;

/** What the thread is given. */
export interface HashFilesData {
  requests: readonly HashRequest[];
  realRoot: string;
  /** One Int32: the index of the next batch's first file. */
  next: SharedArrayBuffer;
}

/** The thread's answer: for each file it hashed, its index then its result. */
export type HashFilesReply = (number | HashedFile)[];

/**
 * The files of `requests` hashed, in order (`realRoot`: the docs root, links resolved). `threadOnly`, for tests: the
 * thread hashes them all, the main thread only what it fails to.
 */
export async function hashFiles(requests: readonly HashRequest[], realRoot: string, threadOnly = false): Promise<HashedFile[]> {
  const results = new Array<HashedFile | null>(requests.length).fill(null);
  const next = new SharedArrayBuffer(4);
  const parallel = threadOnly || hashesInParallel(requests.length);
  const worker = parallel ? startThread({ requests, realRoot, next }) : undefined;
  if (!threadOnly)
    hashBatches(requests, realRoot, new Int32Array(next), (i, result) => {
      results[i] = result;
    });
  // Batches the thread claimed but did not hash (it failed) are hashed here.
  for (const [i, result] of (await worker) ?? []) results[i] = result;
  const scratch = new Scratch();
  return results.map((result, i) => (result === null ? hashOne(requests[i] as HashRequest, realRoot, scratch) : result));
}

/** Takes batches from `next` until the list is done (both threads run this). */
export function hashBatches(
  requests: readonly HashRequest[],
  realRoot: string,
  next: Int32Array,
  done: (i: number, result: HashedFile) => void,
): void {
  const scratch = new Scratch();
  for (;;) {
    const start = Atomics.add(next, 0, BATCH);
    if (start >= requests.length) return;
    const end = Math.min(start + BATCH, requests.length);
    for (let i = start; i < end; i++) done(i, hashOne(requests[i] as HashRequest, realRoot, scratch));
  }
}

function hashOne(request: HashRequest, realRoot: string, scratch: Scratch): HashedFile {
  const read = readOpenedFile(request.absolute, (real) => insideRoot(realRoot, real), request.limit, scratch);
  if (read === undefined || !read.ok) return read;
  return { ok: true, hash: contentHash(read.bytes), fingerprint: read.fingerprint };
}

/** The thread's results as `[index, result]`; none when it fails (its batches are then hashed by the caller). */
function startThread(data: HashFilesData): Promise<[number, HashedFile][]> {
  const module = workerModule(new URL('./hash-files-worker.js', import.meta.url));
  const worker = new Worker(module.filename, { execArgv: module.execArgv, workerData: data });
  return new Promise((resolve) => {
    worker.once('message', (reply: HashFilesReply) => {
      const pairs: [number, HashedFile][] = [];
      for (let k = 0; k < reply.length; k += 2) pairs.push([reply[k] as number, reply[k + 1] as HashedFile]);
      resolve(pairs);
    });
    worker.once('error', () => resolve([]));
    worker.once('exit', () => resolve([]));
  });
}
