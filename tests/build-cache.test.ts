// The build cache keeps what a build stored across processes, and any doubt
// about it means a clean build: another docsc, Node or option set, a
// truncated or overwritten database (probed in a child process, so this one
// never crashes), a full cache. The build lock keeps two builds apart and
// takes over locks left by killed builds.

import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync, writeSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { open } from 'lmdb';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type BuildCache, openBuildCache } from '../compiler/cache/build-cache.js';
import { acquireBuildLock, BuildLockedError, LOCK_FILE_NAME } from '../compiler/cache/build-lock.js';
import { DATA_FILE, LMDB_OPTIONS, SEAL_FILE } from '../compiler/cache/cache-files.js';
import { IDENTITY_KEY } from '../compiler/cache/cache-identity.js';
import { MemoryBuildCache } from '../compiler/cache/memory-build-cache.js';
import { probeCache } from '../compiler/cache/probe-cache.js';
import type { Diagnostic } from '../compiler/diagnostics/diagnostic.js';

const base = mkdtempSync(join(tmpdir(), 'docsc-cache-'));
let folders = 0;
const freshDir = () => join(base, `case-${++folders}`);
const opts = (dir: string | undefined, extra: { toolVersion?: string; maxSizeBytes?: number; trim?: boolean } = {}) => ({
  dir,
  toolVersion: extra.toolVersion ?? '0.1.0',
  root: base,
  ...(extra.maxSizeBytes === undefined ? {} : { maxSizeBytes: extra.maxSizeBytes }),
  ...(extra.trim === undefined ? {} : { trim: extra.trim }),
});
const codes = (warnings: Diagnostic[]) => warnings.map((d) => d.code);
const summary = (i: number) => ({ title: `Page ${i}`, headings: [{ id: `h-${i}`, text: `Heading ${i}` }], links: ['/a', `/b/${i}`] });

/** A cache with `count` summaries, flushed and closed (sealed). */
async function filledCache(dir: string, count = 200): Promise<void> {
  const { cache, warnings } = await openBuildCache(opts(dir));
  assert.equal(warnings, []);
  for (let i = 0; i < count; i++) cache.put('summary', `k${i}`, summary(i));
  assert.equal(await cache.close(), []);
}

/** Opens, and checks the cache starts empty but works: a write, a close, a reopen that hits. */
async function assertStartsClean(dir: string, open: Awaited<ReturnType<typeof openBuildCache>>): Promise<void> {
  const { cache } = open;
  assert.is(cache.location, dir);
  assert.is(cache.get('summary', 'k1'), undefined);
  cache.put('summary', 'k1', summary(1));
  await cache.close();
  const again = await openBuildCache(opts(dir));
  assert.equal(again.warnings, []);
  assert.equal(again.cache.get('summary', 'k1'), summary(1));
  await again.cache.close();
}

test('values survive a close and a reopen; the reopen trusts the seal', async () => {
  const dir = freshDir();
  const first = await openBuildCache(opts(dir));
  assert.equal(first.warnings, []);
  const cache: BuildCache = first.cache;
  assert.is(cache.location, dir);
  cache.put('summary', 'a.mdx#1', summary(1));
  cache.put('body', 'a.mdx#1', { html: '<h1>A</h1>'.repeat(500), diagnostics: [{ code: 'page/undefined-name', file: 'a.mdx' }] });
  assert.equal(cache.get('summary', 'a.mdx#1'), summary(1), 'a buffered value is visible at once');
  assert.ok(cache.pendingBytes > 5000, `what is buffered is counted (${cache.pendingBytes}), for long work to flush past a bound`);
  assert.equal(await cache.flush(), []);
  assert.is(cache.pendingBytes, 0);
  assert.equal(cache.get('summary', 'a.mdx#1'), summary(1), 'and after the flush, from the database');
  cache.put('graph', 'nav', { pages: ['a'] });
  assert.equal(await cache.close(), [], 'close flushes what is still buffered');
  assert.ok(existsSync(join(dir, SEAL_FILE)));

  assert.equal(await probeCache(dir).then((v) => v.state === 'sound' && v.by), 'seal');
  const second = await openBuildCache(opts(dir));
  assert.equal(second.warnings, []);
  assert.not.ok(existsSync(join(dir, SEAL_FILE)), 'an open cache has no seal: a killed build leaves none');
  const body = second.cache.get<{ html: string; diagnostics: unknown[] }>('body', 'a.mdx#1');
  assert.is(body?.html.length, 5000);
  assert.equal(body?.diagnostics, [{ code: 'page/undefined-name', file: 'a.mdx' }], 'a hit replays the diagnostics it stored');
  assert.equal(second.cache.get('graph', 'nav'), { pages: ['a'] });
  assert.is(second.cache.get('summary', 'nope'), undefined);
  assert.is(second.cache.get('body', 'a.mdx#1-other-hash'), undefined);
  assert.equal(second.cache.stats, { hits: 2, misses: 2, writes: 0 });
  assert.ok(second.cache.sizeBytes() > 0);
  assert.equal(await second.cache.getMany('summary', ['a.mdx#1', 'b.mdx#1']), [summary(1), undefined]);
  await second.cache.close();
  assert.throws(() => second.cache.get('summary', 'x'), /closed/);
});

test('keys longer than lmdb allows are stored by their hash', async () => {
  const dir = freshDir();
  const long = `pages/${'deep/'.repeat(800)}page.mdx#abc`;
  const first = await openBuildCache(opts(dir));
  first.cache.put('summary', long, summary(1));
  first.cache.put('summary', `${long}2`, summary(2));
  assert.equal(await first.cache.close(), []);
  const second = await openBuildCache(opts(dir));
  assert.equal(second.cache.get('summary', long), summary(1));
  assert.equal(second.cache.get('summary', `${long}2`), summary(2));
  await second.cache.close();
});

test('--no-cache keeps the cache in memory, with the same contract', async () => {
  const { cache, warnings } = await openBuildCache(opts(undefined));
  assert.equal(warnings, []);
  assert.is(cache.location, undefined);
  assert.is(cache.get('summary', 'k'), undefined);
  cache.put('summary', 'k', summary(1));
  assert.equal(cache.get('summary', 'k'), summary(1));
  assert.equal(await cache.getMany('summary', ['k', 'j']), [summary(1), undefined]);
  assert.equal(cache.stats, { hits: 2, misses: 2, writes: 1 });
  assert.is(cache.sizeBytes(), 0);
  assert.throws(() => cache.put('summary', 'u', undefined));
  assert.equal(await cache.close(), []);
});

test('a cache in memory forgets the oldest page bodies past its bound, and nothing else', () => {
  const cache = new MemoryBuildCache([], undefined, 10_000);
  const body = (i: number) => ({ html: `<p>${i}</p>`.repeat(400), text: '' });
  cache.put('summary', 's', summary(1));
  for (let i = 0; i < 8; i++) cache.put(i % 2 === 0 ? 'body' : 'api-page', `b${i}`, body(i));
  cache.put('derived', 'd', 'x'.repeat(20_000));
  cache.put('body', 'big', { html: 'y'.repeat(50_000) });
  assert.equal(cache.get('summary', 's'), summary(1));
  assert.is(cache.get<string>('derived', 'd')?.length, 20_000, 'other kinds are never forgotten');
  assert.is(cache.get<{ html: string }>('body', 'big')?.html.length, 50_000, 'the newest body stays, even alone over the bound');
  assert.is(cache.get('body', 'b0'), undefined, 'older bodies went first');
  assert.is(cache.get('api-page', 'b7'), undefined);
  cache.put('body', 'b0', body(0));
  assert.equal(cache.get('body', 'b0'), body(0), 'a forgotten body can be put again');
  assert.is(cache.get('body', 'big'), undefined);
});

test('another docsc version clears the cache, saying why', async () => {
  const dir = freshDir();
  await filledCache(dir);
  const opened = await openBuildCache(opts(dir, { toolVersion: '0.2.0' }));
  assert.equal(codes(opened.warnings), ['cache/version-changed']);
  assert.is(
    opened.warnings[0]?.message,
    `The build cache at \`case-${folders}\` was written by docsc 0.1.0, this is docsc 0.2.0; it was cleared and this build starts clean`,
  );
  assert.is(opened.warnings[0]?.file, `case-${folders}`);
  assert.is(opened.cache.get('summary', 'k1'), undefined);
  await opened.cache.close();
});

test('another Node.js clears the cache (written as by a killed build: no seal, so the probe scans it first)', async () => {
  const dir = freshDir();
  await filledCache(dir);
  const raw = open({ ...LMDB_OPTIONS, path: dir });
  await raw.put(IDENTITY_KEY, { ...raw.get(IDENTITY_KEY), node: '18', abi: '108' });
  await raw.close();
  rmSync(join(dir, SEAL_FILE));
  const verdict = await probeCache(dir);
  assert.is(verdict.state === 'sound' && verdict.by, 'scan', 'without a seal, the scan finds the database sound');
  const opened = await openBuildCache(opts(dir));
  assert.equal(codes(opened.warnings), ['cache/version-changed']);
  assert.match(opened.warnings[0]?.message ?? '', /written by Node\.js 18 \(module ABI 108\), this is Node\.js \d+ \(module ABI \d+\)/);
  await assertStartsClean(dir, opened);
});

test('entries without an identity record are not trusted', async () => {
  const dir = freshDir();
  const raw = open({ ...LMDB_OPTIONS, path: dir });
  await raw.put(['summary', 'k1'], summary(1));
  await raw.close();
  const opened = await openBuildCache(opts(dir));
  assert.equal(codes(opened.warnings), ['cache/damaged']);
  assert.match(opened.warnings[0]?.message ?? '', /holds 1 entries but no identity record/);
  await assertStartsClean(dir, opened);
});

test('a truncated database is detected by its seal and wiped, never opened', async () => {
  for (const size of [4096, 100]) {
    const dir = freshDir();
    await filledCache(dir, 2000);
    const before = statSync(join(dir, DATA_FILE)).size;
    truncateSync(join(dir, DATA_FILE), size);
    const opened = await openBuildCache(opts(dir));
    assert.equal(codes(opened.warnings), ['cache/damaged']);
    assert.is(
      opened.warnings[0]?.message,
      `The build cache at \`case-${folders}\` is damaged (data.mdb is ${size} bytes, docsc left it at ${before}); it was cleared and this build starts clean`,
    );
    await assertStartsClean(dir, opened);
  }
});

test('a truncated database without a seal crashes only the probe child', async () => {
  for (const size of [4096, 100]) {
    const dir = freshDir();
    await filledCache(dir, 2000);
    rmSync(join(dir, SEAL_FILE));
    truncateSync(join(dir, DATA_FILE), size);
    const opened = await openBuildCache(opts(dir));
    assert.equal(codes(opened.warnings), ['cache/damaged']);
    assert.match(opened.warnings[0]?.message ?? '', /is damaged \(SIG(SEGV|BUS) while reading it\)/);
    await assertStartsClean(dir, opened);
  }
});

test('garbage written into the database is detected and wiped', async () => {
  const dir = freshDir();
  await filledCache(dir, 5000);
  const fd = openSync(join(dir, DATA_FILE), 'r+');
  const garbage = Buffer.alloc(4096 * 40);
  for (let i = 0; i < garbage.length; i++) garbage[i] = (i * 7919 + 13) & 0xff;
  writeSync(fd, garbage, 0, garbage.length, 4096 * 30);
  // the seal still matches the size; the modification time gives the change away
  const opened = await openBuildCache(opts(dir));
  assert.equal(codes(opened.warnings), ['cache/damaged']);
  assert.match(opened.warnings[0]?.message ?? '', /is damaged \((SIG\w+ while reading it|its header counts 5001 entries but \d+ could be read|.+)\)/);
  await assertStartsClean(dir, opened);

  const whole = freshDir();
  await filledCache(whole);
  writeFileSync(join(whole, DATA_FILE), garbage);
  const again = await openBuildCache(opts(whole));
  assert.equal(codes(again.warnings), ['cache/damaged']);
  await assertStartsClean(whole, again);
});

test('a cache over its size limit is opened as it is, and trimmed when a build closes it (tests/cache-size.test.ts)', async () => {
  const dir = freshDir();
  await filledCache(dir, 2000);
  assert.ok(statSync(join(dir, DATA_FILE)).size > 64 * 1024);
  const opened = await openBuildCache(opts(dir, { maxSizeBytes: 64 * 1024, trim: true }));
  assert.equal(opened.warnings, []);
  assert.equal(opened.cache.get('summary', 'k1'), summary(1));
  assert.equal(await opened.cache.close(), []);
  assert.ok(statSync(join(dir, DATA_FILE)).size <= 64 * 1024, 'trimmed and compacted');
  const again = await openBuildCache(opts(dir));
  assert.equal(again.cache.get('summary', 'k1'), summary(1), 'what the build used is kept');
  assert.is(again.cache.get('summary', 'k2'), undefined, 'what it did not use went first');
  await again.cache.close();
});

test('a cache that fills up during a build is wiped, and the build goes on in memory', async () => {
  const dir = freshDir();
  const { cache } = await openBuildCache(opts(dir, { maxSizeBytes: 1 }));
  cache.put('summary', 'k1', summary(1));
  const warnings = await cache.flush();
  assert.equal(codes(warnings), ['cache/full']);
  assert.not.ok(existsSync(join(dir, DATA_FILE)), 'the database is deleted');
  assert.equal(cache.get('summary', 'k1'), summary(1), 'what was buffered stays readable');
  cache.put('summary', 'k2', summary(2));
  assert.equal(cache.get('summary', 'k2'), summary(2));
  assert.is(cache.sizeBytes(), 0);
  assert.equal(cache.stats, { hits: 2, misses: 0, writes: 2 });
  assert.equal(await cache.close(), []);
  const next = await openBuildCache(opts(dir));
  assert.equal(next.warnings, [], 'the next build starts with an empty cache');
  assert.is(next.cache.get('summary', 'k1'), undefined);
  await next.cache.close();
});

test('a cache folder that cannot be created means a build without cache', async () => {
  const file = join(base, 'a-file');
  writeFileSync(file, 'not a folder');
  const opened = await openBuildCache(opts(file));
  assert.equal(codes(opened.warnings), ['cache/unavailable']);
  assert.is(opened.warnings[0]?.message, 'Cannot use the build cache at `a-file`: a file of that name is in the way; this build runs without it');
  assert.is(opened.cache.location, undefined);
  opened.cache.put('summary', 'k', 1);
  assert.is(opened.cache.get('summary', 'k'), 1);
});

// The build lock.

const lockFile = (dir: string) => join(dir, LOCK_FILE_NAME);

/** A child process that takes the lock and keeps it until killed. */
async function holdLockInChild(dir: string): Promise<ChildProcess> {
  const program = `import { acquireBuildLock } from './compiler/cache/build-lock.ts';
acquireBuildLock([${JSON.stringify(dir)}], { command: 'docsc build' });
console.log('locked');
setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', program], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => chunk.toString().includes('locked') && resolve());
    child.on('exit', (code) => reject(new Error(`the lock holder exited with ${code}`)));
  });
  return child;
}

test('a lock is a file naming its holder, removed on release', () => {
  const out = join(base, 'out-1');
  const lock = acquireBuildLock([out, join(base, 'cache-1')], { command: 'docsc build', root: base });
  assert.equal(lock.paths, [join(base, 'cache-1'), out]);
  const holder = JSON.parse(readFileSync(lockFile(out), 'utf8'));
  assert.is(holder.pid, process.pid);
  assert.is(holder.hostname, hostname());
  assert.is(holder.command, 'docsc build');
  assert.throws(
    () => acquireBuildLock([out], { root: base }),
    (error: Error) => error instanceof BuildLockedError,
  );
  lock.release();
  assert.not.ok(existsSync(lockFile(out)));
  assert.not.ok(existsSync(lockFile(join(base, 'cache-1'))));
  lock.release();
  acquireBuildLock([out]).release();
});

test('a lock held by a live build stops the second one with a clear message; a killed build’s lock is taken over', async () => {
  const out = join(base, 'out-2');
  const cacheDir = join(base, 'cache-2');
  const child = await holdLockInChild(out);
  try {
    let caught: unknown;
    try {
      acquireBuildLock([cacheDir, out], { root: base });
    } catch (error) {
      caught = error;
    }
    assert.ok(caught instanceof BuildLockedError);
    const error = caught as BuildLockedError;
    assert.match(
      error.message,
      new RegExp(`^Another docsc build \\(pid ${child.pid}, started \\d+ s ago\\) is using out-2/\\. Wait for it to finish, or stop it\\.$`),
    );
    assert.is(error.holder?.command, 'docsc build');
    assert.not.ok(existsSync(lockFile(cacheDir)), 'all or nothing: the cache folder is not left locked');
  } finally {
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
  }
  assert.ok(existsSync(lockFile(out)), 'a kill -9 leaves the lock file');
  const lock = acquireBuildLock([out, cacheDir]);
  assert.is(JSON.parse(readFileSync(lockFile(out), 'utf8')).pid, process.pid);
  lock.release();
});

test('stale locks are taken over: an exited pid, our own pid; another host’s lock is not', () => {
  const out = join(base, 'out-3');
  const exited = spawnSync(process.execPath, ['-e', '']).pid;
  const write = (holder: object) => writeFileSync(lockFile(out), JSON.stringify(holder));
  const stale = { pid: exited, hostname: hostname(), startedAt: new Date().toISOString(), command: 'docsc build', token: 'old' };
  acquireBuildLock([out]).release();
  write(stale);
  acquireBuildLock([out]).release();
  write({ ...stale, pid: process.pid });
  acquireBuildLock([out]).release();
  write({ ...stale, pid: 1, startedAt: new Date(Date.now() - 3 * 3600_000).toISOString(), hostname: 'build-box-7' });
  assert.throws(
    () => acquireBuildLock([out], { root: base }),
    (error: Error) =>
      error.message ===
      'Another docsc build (pid 1 on build-box-7, started 3 h ago) is using out-3/. If no build is running there, delete out-3/.docsc-lock.',
  );
  rmSync(lockFile(out));
});

test('process exit releases the lock', () => {
  const out = join(base, 'out-4');
  const program = `import { acquireBuildLock } from './compiler/cache/build-lock.ts';
acquireBuildLock([${JSON.stringify(out)}]);`;
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', program], { stdio: 'inherit' });
  assert.is(run.status, 0);
  assert.ok(existsSync(out));
  assert.not.ok(existsSync(lockFile(out)));
});

test.after(() => rmSync(base, { recursive: true, force: true }));

test.run();
