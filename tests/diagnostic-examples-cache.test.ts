// Diagnostic examples of the build cache (tests/support/diagnostic-example.ts):
// a cache folder holding another program's database, a size limit smaller
// than an empty database, a no-op build over the limit, a file where the
// cache folder goes, a cache another docsc version wrote; and the remote
// cache: no server at its address, a server refusing uploads, a server
// answering with entries docsc did not write (a real HTTP server on
// loopback, its address shown as SHOWN_ORIGIN). Builds run in this process;
// `toolVersion` stands for the two docsc versions.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { open } from 'lmdb';
import { test } from 'uvu';
import { type BuildOptions, build } from '../compiler/build/build.js';
import { LMDB_OPTIONS } from '../compiler/cache/cache-files.js';
import { ExampleCase, SHOWN_ORIGIN, withShownOrigin } from './support/diagnostic-example.js';
import { loopbackServer } from './support/loopback-server.js';

/** The small site every case builds (tests/fixtures/diagnostic-examples/small-site/). */
const SITE = 'small-site';

/** How the server answers: what a case needs of it. */
let answer: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.writeHead(404).end();
const server = loopbackServer(test, (req, res) => answer(req, res));

/** Runs a `docsc build` (as docsc 1.0.0 unless `options` say otherwise), shown as `args`. */
type Run = (args: string, options?: Partial<BuildOptions>) => Promise<void>;

/** Runs `steps` on a copy of the small site, then records what the last build reported. */
async function cacheExample(name: string, steps: (example: ExampleCase, run: Run) => Promise<void>): Promise<void> {
  const example = new ExampleCase(name, SITE);
  let last: Awaited<ReturnType<typeof build>>['diagnostics'] = [];
  const run: Run = async (args, options = {}) => {
    example.command(args);
    last = (await build({ root: example.root, threads: 1, toolVersion: '1.0.0', ...options })).diagnostics;
  };
  try {
    await steps(example, run);
    example.record(withShownOrigin(last, server.origin));
  } finally {
    example.remove();
  }
}

test('cache/damaged: the cache folder holds a database docsc did not write', () =>
  cacheExample('cache-damaged', async (example, run) => {
    const db = open({ ...LMDB_OPTIONS, path: example.at('.docsc/cache') });
    await db.put('greeting', 'hello');
    await db.close();
    example.step('.docsc/cache/: an lmdb database another program wrote, one entry (`greeting`: `hello`)');
    await run('build');
  }));

test('cache/full: a size limit smaller than an empty database', () =>
  cacheExample('cache-full', async (_example, run) => {
    await run('build --cache-max-size 1KiB', { cacheMaxSize: 1024 });
  }));

test('cache/over-limit: a build that changes nothing, with a limit smaller than what it reads', () =>
  cacheExample('cache-over-limit', async (_example, run) => {
    await run('build');
    await run('build --cache-max-size 1KiB', { cacheMaxSize: 1024 });
  }));

test('cache/unavailable: a file where the cache folder goes', () =>
  cacheExample('cache-unavailable', async (example, run) => {
    example.write('.docsc', 'a file\n', 'a file (7 bytes), where the folder of the cache (.docsc/cache) goes');
    await run('build');
  }));

test('cache/version-changed: a cache another docsc version wrote', () =>
  cacheExample('cache-version-changed', async (_example, run) => {
    await run('build   (docsc 1.0.0)');
    await run('build   (docsc 1.1.0)', { toolVersion: '1.1.0' });
  }));

test('cache/remote-unavailable: no server at the remote cache address', () =>
  cacheExample('cache-remote-unavailable', async (_example, run) => {
    const url = 'http://127.0.0.1:9/';
    await run(`build --remote-cache ${url}`, { remoteCache: { url, upload: false } });
  }));

test('cache/remote-upload-failed: the server refuses uploads', () =>
  cacheExample('cache-remote-upload-failed', async (example, run) => {
    answer = (req, res) => res.writeHead(req.method === 'PUT' ? 403 : 404).end();
    example.step(`A server at ${SHOWN_ORIGIN} answers every GET with HTTP 404 and every PUT with HTTP 403.`);
    await run(`build --remote-cache ${SHOWN_ORIGIN} --remote-cache-upload`, { remoteCache: { url: server.origin, upload: true } });
  }));

test('cache/remote-corrupt: the server answers with entries docsc did not write', () =>
  cacheExample('cache-remote-corrupt', async (example, run) => {
    answer = (req, res) => (req.url?.startsWith('/ac/') ? res.writeHead(200).end('not an action result') : res.writeHead(404).end());
    example.step(`A server at ${SHOWN_ORIGIN} answers every GET of an action result (/ac/…) with HTTP 200 and the bytes \`not an action result\`.`);
    await run(`build --remote-cache ${SHOWN_ORIGIN}`, { remoteCache: { url: server.origin, upload: false } });
  }));

test.run();
