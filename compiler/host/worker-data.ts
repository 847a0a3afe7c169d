// The data a pool's workers start with (`BatchPoolOptions.workerData`), for
// its worker module: the thread's in a worker thread (piscina starts its
// workers with the pool's `workerData`, and exports that same value), the one
// an isolated process was sent in a process of its own (isolated-process.ts).
// Read from node:worker_threads, not piscina: the page compiler, which imports
// this, also runs in the build's own thread, where loading piscina (14
// modules) bought nothing.

import { workerData as threadData } from 'node:worker_threads';

let processData: unknown;

/** Set by isolated-child.ts before it loads the worker module. */
export function setProcessWorkerData(data: unknown): void {
  processData = data;
}

export function poolWorkerData(): unknown {
  return processData ?? threadData;
}
