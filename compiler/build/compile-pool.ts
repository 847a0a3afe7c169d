// The build's pool of page compilers (compile-worker.ts), started once per
// build on first use; small jobs stay in this thread, where highlighted code
// blocks are looked up in the build cache.

import type { BuildCache } from '../cache/build-cache.js';
import { ISOLATED_PAGE_CHARS, type ProjectHost } from '../host/project-host.js';
import { BatchPool } from '../host/worker-pool.js';
import type { StoredHighlight } from '../render/highlight-code.js';
import type { CompileTask, CompileTaskResult } from './compile-worker.js';

export type CompilePool = Pick<BatchPool<CompileTask, CompileTaskResult>, 'run' | 'close'>;

let loading: Promise<typeof import('./compile-worker.js')> | undefined;

/**
 * The page compiler in this thread, loaded on first use: the MDX parser and
 * renderer are about 0.3 s of module loading that a build compiling no page
 * (a navigation edit) does not need. One promise for every caller: Node 20
 * can fail concurrent dynamic imports of shared modules (see build.ts).
 */
export function loadPageCompiler(): Promise<typeof import('./compile-worker.js')> {
  loading ??= import('./compile-worker.js');
  return loading;
}

export function createCompilePool(host: ProjectHost, threads: number | undefined, cache: BuildCache): CompilePool {
  const lookUp = (key: string) => cache.get<StoredHighlight | null>('derived', key);
  return new BatchPool<CompileTask, CompileTaskResult>({
    worker: new URL('./compile-worker.js', import.meta.url),
    inProcess: async (tasks) => (await loadPageCompiler()).compileBatch(tasks, host, lookUp),
    threads,
    workerData: { root: host.root },
    outOfMemory: async (task) => (await loadPageCompiler()).outOfMemoryResult(task),
    isolate: (task) => task.text.length >= ISOLATED_PAGE_CHARS,
  });
}
