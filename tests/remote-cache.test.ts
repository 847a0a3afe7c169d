// The remote cache against a real Bazel HTTP cache server on loopback: nginx
// with WebDAV PUT (tests/support/nginx-cache-server.ts; .ci/run installs it).
// A build uploads (with credentials), a second build in a fresh folder with
// an empty local cache takes every page from the server and writes the same
// bytes as a clean build; corrupted and misplaced entries are refused; a
// server that is down, hangs or refuses uploads costs at most the timeout and
// one warning, never the build. Without nginx these tests fail under CI=true
// and are skipped elsewhere, with the reason.

import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cacheMaxSize, parseHeader, parseSize, remoteCacheOptions } from '../cli/cache-options.js';
import { type BuildOptions, type BuildResult, build } from '../compiler/build/build.js';
import { checkRemoteUrl, type RemoteCacheOptions } from '../compiler/cache/remote-cache.js';
import { decodeActionResult, decodeBlob, encodeActionResult, encodeBlob } from '../compiler/cache/remote-entry.js';
import { findNginx, type NginxCacheServer, startNginxCache } from './support/nginx-cache-server.js';
import { dumpOutput } from './support/output-tree.js';

const FIXTURE = 'tests/fixtures/build/site';
const projectRoot = fileURLToPath(new URL('../', import.meta.url));
const nginx = findNginx();
const server: { current?: NginxCacheServer } = {};
const scratch = mkdtempSync(join(tmpdir(), 'docsc-remote-'));
let copies = 0;

/** A fresh copy of the site fixture with its own output and (empty) cache folders: another runner. */
function runner(): { root: string; outDir: string; cacheDir: string } {
  const dir = join(scratch, `runner-${++copies}`);
  cpSync(FIXTURE, join(dir, 'docs'), { recursive: true });
  return { root: join(dir, 'docs'), outDir: join(dir, 'out'), cacheDir: join(dir, 'cache') };
}

function remote(extra: Partial<RemoteCacheOptions> = {}): RemoteCacheOptions {
  const cache = server.current as NginxCacheServer;
  return { url: cache.url, upload: false, header: { name: 'Authorization', value: `Bearer ${cache.token}` }, ...extra };
}

function buildAs(folders: ReturnType<typeof runner>, extra: Partial<BuildOptions> = {}): Promise<BuildResult> {
  return build({ ...folders, threads: 1, ...extra });
}

const codes = (result: BuildResult) => result.diagnostics.map((d) => d.code).filter((code) => code.startsWith('cache/'));

/** The bytes a clean build without any cache writes. */
let cleanSite: string | undefined;
async function clean(): Promise<string> {
  if (cleanSite === undefined) {
    const folders = runner();
    await buildAs(folders, { cacheDir: false });
    cleanSite = dumpOutput(folders.outDir, { full: true });
  }
  return cleanSite;
}

function emptyStore(): void {
  const store = (server.current as NginxCacheServer).store;
  for (const name of readdirSync(store)) rmSync(join(store, name), { recursive: true, force: true });
}

/** Empties the server's store, then fills it from one build that uploads. */
async function uploadedBy(): Promise<BuildResult> {
  emptyStore();
  const result = await buildAs(runner(), { remoteCache: remote({ upload: true }) });
  assert.equal(codes(result), [], 'the upload went through');
  return result;
}

const withNginx = 'path' in nginx ? test : test.skip;
if ('missing' in nginx) {
  if (process.env.CI === 'true') test('nginx, the remote cache tests’ server, can be started', () => assert.unreachable(nginx.missing));
  else console.log(`remote-cache tests skipped: ${nginx.missing}`);
}

test.before(async () => {
  if ('path' in nginx) server.current = await startNginxCache();
});

test.after(async () => {
  await server.current?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

withNginx('a runner with an empty cache takes every page from the server another runner uploaded to, and writes the same site', async () => {
  const first = await uploadedBy();
  assert.is(first.stats.compiled, 7);
  assert.ok((first.stats.remote?.uploaded ?? 0) >= 7, 'summaries and bodies uploaded');
  const files = readdirSync(join((server.current as NginxCacheServer).store, 'cas'));
  assert.ok(files.length >= 7, 'blobs stored on the server');

  const second = runner();
  const result = await buildAs(second, { remoteCache: remote() });
  assert.equal(codes(result), []);
  assert.equal(result.recomputed.bodies, [], 'no body compiled');
  assert.equal(result.recomputed.read, [], 'no page even read: every summary came from the server');
  assert.equal([result.stats.compiled, result.stats.fromCache, result.stats.fromRemote], [0, 7, 7]);
  assert.is(result.stats.remote?.uploaded, 0, 'read-only unless asked to upload');
  assert.ok((result.stats.remote?.bytesDown ?? 0) > 0);
  assert.is(dumpOutput(second.outDir, { full: true }), await clean());

  // What came from the server is in the local cache now: the next build needs no server.
  rmSync(second.outDir, { recursive: true });
  const again = await buildAs(second, { remoteCache: { url: 'http://127.0.0.1:9/', upload: false } });
  assert.equal([again.stats.compiled, again.stats.fromRemote], [0, 0]);
});

withNginx('the build summary counts the pages from the remote cache; the credentials never show', async () => {
  emptyStore();
  const token = (server.current as NginxCacheServer).token;
  // Both runners are `docsc build` processes: each reads docsc's code identity when it starts (a key's namespace),
  // as two CI runners do; runner A uploads (DOCSC_REMOTE_CACHE_UPLOAD), runner B finds its pages.
  const docscBuild = (folders: ReturnType<typeof runner>) =>
    new Promise<{ status: number | null; out: string }>((resolve) => {
      const args = [
        '--import',
        'tsx',
        join(projectRoot, 'cli/main.ts'),
        'build',
        folders.root,
        '-o',
        folders.outDir,
        '--cache-dir',
        folders.cacheDir,
      ];
      const env = {
        ...process.env,
        NO_COLOR: '1',
        DOCSC_REMOTE_CACHE: (server.current as NginxCacheServer).url,
        DOCSC_REMOTE_CACHE_HEADER: `Authorization: Bearer ${token}`,
        DOCSC_REMOTE_CACHE_UPLOAD: '1',
      };
      const child = spawn(process.execPath, args, { cwd: projectRoot, env });
      let out = '';
      child.stdout.on('data', (chunk) => {
        out += chunk;
      });
      child.stderr.on('data', (chunk) => {
        out += chunk;
      });
      child.on('close', (status) => resolve({ status, out }));
    });
  const first = await docscBuild(runner());
  assert.match(
    first.out,
    /Built 7 pages \(7 compiled, 0 from cache, 0 failed\).* · remote cache: 0 pages from it \(0 entries, [\d.]+ MB\), \d+ entries uploaded/,
  );
  const folders = runner();
  const run = await docscBuild(folders);
  assert.is(run.status, 1, run.out); // the fixture has an error (an unsafe URL), which the build reports
  assert.ok(
    /Built 7 pages \(0 compiled, 7 from cache, 0 failed\).* · remote cache: 7 pages from it \(\d+ entries, [\d.]+ MB\)/.test(run.out),
    run.out,
  );
  assert.not.match(first.out + run.out, token);
  assert.not.ok(dumpOutput(folders.outDir, { full: true }).includes(token), 'no output file holds the credentials');
});

withNginx('a corrupted or misplaced entry on the server is refused with one warning and built here; the site is the same', async () => {
  await uploadedBy();
  const store = (server.current as NginxCacheServer).store;
  // The bodies' action results (each names its blob): every one of them is fetched by the next runner.
  const bodies = readdirSync(join(store, 'ac')).flatMap((name) => {
    const digest = decodeActionResult(readFileSync(join(store, 'ac', name)), 'body');
    return digest === undefined ? [] : [{ action: join(store, 'ac', name), blob: join(store, 'cas', digest.hash) }];
  });
  assert.ok(bodies.length >= 4, `${bodies.length} bodies on the server`);
  const [flipped, misplaced, other, garbage] = bodies as [(typeof bodies)[0], (typeof bodies)[0], (typeof bodies)[0], (typeof bodies)[0]];
  // One blob's last byte changed (its name is no longer its hash); one action result naming the blob of another
  // entry (a sound blob, but not the entry asked for); one action result overwritten with garbage.
  const bytes = readFileSync(flipped.blob);
  bytes[bytes.length - 1] = (bytes[bytes.length - 1] as number) ^ 0xff;
  writeFileSync(flipped.blob, bytes);
  writeFileSync(misplaced.action, readFileSync(other.action));
  writeFileSync(garbage.action, 'not an action result');

  const folders = runner();
  const result = await buildAs(folders, { remoteCache: remote() });
  assert.equal(codes(result), ['cache/remote-corrupt'], 'one warning');
  assert.is(result.stats.remote?.corrupt, 3, 'each of the three refused');
  assert.ok(result.recomputed.bodies.length >= 3, 'what was refused was built here');
  assert.ok(result.stats.fromRemote > 0, 'the sound entries were used');
  assert.is(dumpOutput(folders.outDir, { full: true }), await clean());
});

withNginx('wrong credentials: uploads are refused with one warning, the build goes on', async () => {
  emptyStore();
  const folders = runner();
  const result = await buildAs(folders, { remoteCache: remote({ upload: true, header: { name: 'Authorization', value: 'Bearer wrong' } }) });
  assert.equal(codes(result), ['cache/remote-upload-failed']);
  assert.match(result.diagnostics.find((d) => d.code === 'cache/remote-upload-failed')?.message ?? '', /HTTP 401/);
  assert.not.match(JSON.stringify(result.diagnostics), 'wrong');
  assert.is(dumpOutput(folders.outDir, { full: true }), await clean());
});

test('a server that is down: one warning, a clean build', async () => {
  const port = await unusedPort();
  const folders = runner();
  const started = performance.now();
  const result = await buildAs(folders, { remoteCache: { url: `http://127.0.0.1:${port}`, upload: true, timeoutMs: 2000 } });
  const ms = performance.now() - started;
  assert.equal(codes(result), ['cache/remote-unavailable']);
  assert.match(result.diagnostics.find((d) => d.code === 'cache/remote-unavailable')?.message ?? '', /connection was refused/);
  assert.is(result.stats.compiled, 7);
  assert.is(dumpOutput(folders.outDir, { full: true }), await clean());
  assert.ok(ms < 20_000, `${ms} ms`);
});

test('a server that accepts connections and never answers costs one timeout, not one per request', async () => {
  const sockets = new Set<Socket>();
  const hanging: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
  const port = (hanging.address() as { port: number }).port;
  try {
    // The same build without a remote cache, for comparison (the site's compile is warm in this process by now).
    const baseline = runner();
    let started = performance.now();
    await buildAs(baseline, { cacheDir: false });
    const without = performance.now() - started;
    const folders = runner();
    started = performance.now();
    const result = await buildAs(folders, { remoteCache: { url: `http://127.0.0.1:${port}`, upload: true, timeoutMs: 1000 } });
    const withHang = performance.now() - started;
    assert.equal(codes(result), ['cache/remote-unavailable']);
    assert.match(result.diagnostics.find((d) => d.code === 'cache/remote-unavailable')?.message ?? '', /no answer within 1 s/);
    assert.is(result.stats.compiled, 7);
    // The summaries' lookups hang together and time out together; after that no request is made (without that,
    // each later phase — bodies, API bodies, uploads — would wait for its own timeout). Margin: the machine's noise.
    const margin = Math.max(2500, without);
    assert.ok(withHang - without < 1000 + margin, `the build took ${Math.round(withHang)} ms, ${Math.round(without)} ms without the remote cache`);
    assert.is(dumpOutput(folders.outDir, { full: true }), await clean());
  } finally {
    for (const socket of sockets) socket.destroy();
    hanging.close();
  }
});

test('entries: a blob is used only with its size, hash and envelope; action results are Bazel’s', () => {
  const { blob, digest } = encodeBlob('body', 'k1', { html: '<p>é</p>', panel: undefined });
  assert.equal(decodeBlob(blob, digest, 'body', 'k1'), { value: { html: '<p>é</p>', panel: undefined } });
  assert.ok('refused' in decodeBlob(blob, digest, 'body', 'k2'), 'another entry’s blob');
  assert.ok('refused' in decodeBlob(blob, digest, 'summary', 'k1'), 'another kind');
  assert.ok('refused' in decodeBlob(blob.subarray(1), digest, 'body', 'k1'), 'cut short');
  const flipped = Buffer.from(blob);
  flipped[20] = (flipped[20] as number) ^ 1;
  assert.ok('refused' in decodeBlob(flipped, digest, 'body', 'k1'), 'a changed byte');
  const action = encodeActionResult('body', digest);
  assert.equal(decodeActionResult(action, 'body'), digest);
  assert.is(decodeActionResult(action, 'summary'), undefined);
  for (const garbage of [Buffer.from('garbage'), Buffer.alloc(0), Buffer.from([0x12, 0xff, 0xff, 0xff, 0xff, 0x0f]), action.subarray(0, 20)])
    assert.is(decodeActionResult(garbage, 'body'), undefined);
});

test('options: URLs without credentials, headers from the environment only, sizes with units', () => {
  assert.is(checkRemoteUrl('https://cache.example.com/docs'), undefined);
  assert.match(checkRemoteUrl('https://user:secret@cache.example.com') ?? '', /DOCSC_REMOTE_CACHE_HEADER/);
  assert.match(checkRemoteUrl('ftp://cache.example.com') ?? '', /http/);
  assert.match(checkRemoteUrl('http://cache.example.com/?key=1') ?? '', /query/);
  assert.equal(parseHeader('Authorization: Bearer abc'), { name: 'Authorization', value: 'Bearer abc' });
  assert.is(parseHeader('Authorization Bearer'), undefined);
  assert.is(parseHeader('X: a\r\nInjected: b'), undefined);
  assert.equal(
    remoteCacheOptions({}, { DOCSC_REMOTE_CACHE: 'http://c:8080', DOCSC_REMOTE_CACHE_UPLOAD: 'true', DOCSC_REMOTE_CACHE_HEADER: 'X-Token: t' }),
    {
      url: 'http://c:8080',
      upload: true,
      header: { name: 'X-Token', value: 't' },
    },
  );
  assert.equal(remoteCacheOptions({ 'remote-cache': 'http://c', 'remote-cache-timeout': '2.5' }, {}), {
    url: 'http://c',
    upload: false,
    timeoutMs: 2500,
  });
  assert.is(remoteCacheOptions({ 'no-remote-cache': true }, { DOCSC_REMOTE_CACHE: 'http://c' }), undefined);
  assert.throws(() => remoteCacheOptions({ 'remote-cache-upload': true }, {}), /needs a remote cache/);
  try {
    remoteCacheOptions({ 'remote-cache': 'http://c' }, { DOCSC_REMOTE_CACHE_HEADER: 'secret-token-without-name' });
    assert.unreachable('a header that is not `Name: value` is refused');
  } catch (error) {
    assert.not.match((error as Error).message, 'secret-token');
  }
  assert.equal([parseSize('500MB'), parseSize('2GiB'), parseSize('1.5 kb'), parseSize('4096')], [500e6, 2 * 1024 ** 3, 1500, 4096]);
  assert.equal([parseSize('lots'), parseSize('0'), parseSize('5 parsecs')], [undefined, undefined, undefined]);
  assert.is(cacheMaxSize(undefined, { DOCSC_CACHE_MAX_SIZE: '1GB' }), 1e9);
  assert.is(cacheMaxSize('300MB', { DOCSC_CACHE_MAX_SIZE: '1GB' }), 300e6, 'the flag wins');
  assert.throws(() => cacheMaxSize('big', {}), /takes a size/);
});

function unusedPort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const port = (probe.address() as { port: number }).port;
      probe.close(() => resolve(port));
    });
  });
}

test.run();
