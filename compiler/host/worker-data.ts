// The data a pool's workers start with (`BatchPoolOptions.workerData`), for
// its worker module: piscina's in a worker thread, the one an isolated
// process was sent in a process of its own (isolated-process.ts).

import { workerData as threadData } from 'piscina';

let processData: unknown;

/** Set by isolated-child.ts before it loads the worker module. */
export function setProcessWorkerData(data: unknown): void {
  processData = data;
}

export function poolWorkerData(): unknown {
  return processData ?? threadData;
}
