// The parse floors: every page read and parsed by @mdx-js/mdx's parser alone
// (bare-parse.ts), in this thread, or split over N worker threads; with
// --html, each page also goes on to HTML (the floor the build is compared
// to, see bare-parse.ts); with --compile, each page is compiled by
// @mdx-js/mdx to JavaScript instead.
// With threads, the clock starts once every worker has loaded its modules,
// and the pages are dealt out in turn (page i to worker i mod N).
//   node --import tsx bench/floors/parse-pages.ts <docs-root> [--threads N] [--html | --compile]

import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { type FloorMode, parseFiles } from './bare-parse.js';
import { listPageFiles, startClock, type WorkCounts } from './floor-clock.js';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { threads: { type: 'string', default: '1' }, html: { type: 'boolean', default: false }, compile: { type: 'boolean', default: false } },
});
const root = positionals[0];
const threads = Number(values.threads);
const mode: FloorMode = values.compile ? 'compile' : values.html ? 'html' : 'parse';
if (root === undefined || !(Number.isInteger(threads) && threads >= 1) || (values.html && values.compile)) {
  process.stderr.write('usage: parse-pages.ts <docs-root> [--threads N] [--html | --compile]\n');
  process.exit(2);
}

if (threads === 1) {
  const stop = startClock();
  stop(parseFiles(listPageFiles(root), mode));
} else {
  const workers = await Promise.all(Array.from({ length: threads }, startWorker));
  const stop = startClock();
  const files = listPageFiles(root);
  const shares = workers.map((_, w) => files.filter((_, i) => i % threads === w));
  const counts = await Promise.all(workers.map((worker, w) => request(worker, shares[w] ?? [])));
  stop(counts.reduce(addCounts));
  await Promise.all(workers.map((worker) => worker.terminate()));
}

function addCounts(a: WorkCounts, b: WorkCounts): WorkCounts {
  const sum: WorkCounts = { files: a.files + b.files, bytes: a.bytes + b.bytes };
  if (a.htmlBytes !== undefined || b.htmlBytes !== undefined) sum.htmlBytes = (a.htmlBytes ?? 0) + (b.htmlBytes ?? 0);
  if (a.jsBytes !== undefined || b.jsBytes !== undefined) sum.jsBytes = (a.jsBytes ?? 0) + (b.jsBytes ?? 0);
  return sum;
}

/**
 * A worker running parse-worker.ts, once it says it is ready. On Node 20,
 * tsx's `--import tsx` hooks skip worker threads: the worker registers tsx
 * itself (as compiler/pages/summarize-pages.ts does), before the clock starts.
 */
function startWorker(): Promise<Worker> {
  const registerTsx = `import { register } from ${JSON.stringify(import.meta.resolve('tsx/esm/api'))}; register();`;
  const worker = new Worker(new URL('./parse-worker.ts', import.meta.url), {
    execArgv: ['--import', `data:text/javascript,${encodeURIComponent(registerTsx)}`],
    workerData: { mode },
  });
  return new Promise((resolve, reject) => {
    worker.once('message', () => resolve(worker));
    worker.once('error', reject);
  });
}

function request(worker: Worker, files: readonly string[]): Promise<WorkCounts> {
  return new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.postMessage(files);
  });
}
