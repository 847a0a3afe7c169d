// The build's pool of page compilers (compile-worker.ts), started once per
// build on first use; small jobs stay in this thread.

import type { ProjectHost } from '../host/project-host.js';
import { BatchPool } from '../host/worker-pool.js';
import { type CompileTask, type CompileTaskResult, compileBatch } from './compile-worker.js';

export type CompilePool = Pick<BatchPool<CompileTask, CompileTaskResult>, 'run' | 'close'>;

export function createCompilePool(host: ProjectHost, threads: number | undefined): CompilePool {
  return new BatchPool<CompileTask, CompileTaskResult>({
    worker: new URL('./compile-worker.js', import.meta.url),
    inProcess: (tasks) => compileBatch(tasks, host),
    threads,
    workerData: { root: host.root },
  });
}
