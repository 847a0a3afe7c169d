// `docsc dev` from the command line, timed until it serves its first page:
// starts `node <cli> dev <root> -p <port> -o <out> --cache-dir <cache>` on a
// free port, asks for <path> (default `/`) every 20 ms, and stops the clock
// when the answer is a 200 HTML page (a redirect page, `<meta
// http-equiv="refresh">`, is followed as a browser would). The dev process's CPU time (all its
// threads) and peak RSS are read from /proc before it is killed, and reported
// as the run's work sample (drivers/clock.mjs's format, plus `maxRssKb`), so
// that bench/measure.ts describes `docsc dev`, not this driver. Prints
// `{url, status, title}` for the scenario to check. Linux only (/proc).
//   node bench/drivers/dev-first-page.mjs <cli> <docs-root> <out> <cache-dir> [path]

import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';

const [cli, root, out, cacheDir, path = '/'] = process.argv.slice(2);
if (cli === undefined || root === undefined || out === undefined || cacheDir === undefined) {
  process.stderr.write('usage: dev-first-page.mjs <cli> <docs-root> <out> <cache-dir> [path]\n');
  process.exit(2);
}
const LIMIT_MS = 20 * 60_000;

const port = await new Promise((resolve, reject) => {
  const server = createServer();
  server.once('error', reject);
  server.listen(0, '127.0.0.1', () => {
    const { port } = server.address();
    server.close(() => resolve(port));
  });
});
const origin = `http://127.0.0.1:${port}`;
let url = `${origin}${path}`;
let hops = 0;

const started = performance.now();
const dev = spawn(process.execPath, [cli, 'dev', root, '-p', String(port), '-o', out, '--cache-dir', cacheDir], {
  stdio: ['ignore', 'ignore', 'pipe'],
});
let stderr = '';
dev.stderr.on('data', (chunk) => {
  stderr = (stderr + chunk.toString()).slice(-8192);
});
let exited = false;
dev.on('exit', () => {
  exited = true;
});

let answer;
while (answer === undefined) {
  if (exited) fail(`docsc dev exited before serving ${url}:\n${stderr}`);
  if (performance.now() - started > LIMIT_MS) fail(`docsc dev served nothing at ${url} in ${LIMIT_MS / 1000} s`);
  try {
    const response = await fetch(url);
    const body = await response.text();
    if (response.status === 200 && (response.headers.get('content-type') ?? '').includes('text/html')) {
      const refresh = /<meta[^>]+http-equiv="refresh"[^>]+content="[^"]*url=([^"]+)"/i.exec(body)?.[1];
      if (refresh !== undefined && hops < 5) {
        url = new URL(refresh.replace(/&amp;/g, '&'), url).href;
        hops++;
        continue;
      }
      answer = { status: 200, body };
    }
  } catch {
    // Not listening yet.
  }
  if (answer === undefined) await new Promise((resolve) => setTimeout(resolve, 20));
}
const wallMs = performance.now() - started;
const usage = processUsage(dev.pid);
dev.kill('SIGKILL');

const title = /<title>([^<]*)<\/title>/.exec(answer.body)?.[1] ?? '';
const sample = { files: 1, bytes: answer.body.length, wallMs, ...usage };
if (process.env.BENCH_WORK_FILE) writeFileSync(process.env.BENCH_WORK_FILE, JSON.stringify(sample));
process.stdout.write(
  `${JSON.stringify({ url: url.slice(origin.length), status: answer.status, title, ...(process.env.BENCH_WORK_FILE ? {} : { sample }) })}\n`,
);

/** CPU time (user, system; every thread) and peak RSS of a live process, from /proc. */
function processUsage(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces), from field 3 on: utime and stime are fields 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const maxRssKb = Number(/^VmHWM:\s+(\d+) kB/m.exec(status)?.[1] ?? 0);
  return { userUs: (Number(fields[11]) / ticks) * 1e6, systemUs: (Number(fields[12]) / ticks) * 1e6, maxRssKb };
}

function fail(message) {
  dev.kill('SIGKILL');
  process.stderr.write(`${message}\n`);
  process.exit(1);
}
