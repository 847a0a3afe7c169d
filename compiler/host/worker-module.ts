// Where a worker thread's module is, for the pools (worker-pool.ts, piscina)
// and the output writer's thread (output/write-queue.ts): its own module, so
// that a build that starts no worker (a no-op) does not load piscina.

import { fileURLToPath } from 'node:url';

/**
 * The worker file: `.js` in dist/, `.ts` when running from sources under
 * tsx (the URL names it with `.js`; the caller's own extension decides). On
 * Node 20, tsx's `--import tsx` hooks skip worker threads, so a `.ts` worker
 * registers tsx itself through its API (resolved from here, not from the
 * working directory).
 */
export function workerModule(url: URL): { filename: string; execArgv: string[] } {
  const fromSources = import.meta.url.endsWith('.ts');
  const filename = fileURLToPath(url).replace(/\.js$/, fromSources ? '.ts' : '.js');
  if (!fromSources) return { filename, execArgv: [] };
  const registerTsx = `import { register } from ${JSON.stringify(import.meta.resolve('tsx/esm/api'))}; register();`;
  return { filename, execArgv: ['--import', `data:text/javascript,${encodeURIComponent(registerTsx)}`] };
}
