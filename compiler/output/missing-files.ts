// Which of an output folder's files are gone, found on a thread of its own
// (missing-files-worker.ts): a navigation edit keeps about 11,000 pages of an
// earlier build, and checking each one's file with `existsSync` when it is
// kept cost the build's thread 100-160 ms (profiled by hand). The build starts
// the check before it plans and navigates its pages, and keeps files with the
// answer (write-output.ts `checkKept`).

import { Worker } from 'node:worker_threads';
import { workerModule } from '../host/worker-module.js';

/** The `paths` (relative to `root`, already checked safe) that are not there; rejects when the thread fails. */
export function missingFiles(root: string, paths: readonly string[]): Promise<Set<string>> {
  const module = workerModule(new URL('./missing-files-worker.js', import.meta.url));
  const worker = new Worker(module.filename, { execArgv: module.execArgv, workerData: { root, paths } });
  return new Promise((resolve, reject) => {
    worker.once('message', (missing: string[]) => resolve(new Set(missing)));
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the check of kept files stopped (exit code ${code})`)));
  });
}
