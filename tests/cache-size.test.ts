// The local cache stays under its size limit: closing a build's cache over
// the limit removes the entries used least recently, never one that build
// used, and compacts the file; many navigation edits in a row keep it under
// the limit and write what a clean build writes. `docsc cache` reports the
// cache by kind and clears it.

import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { build } from '../compiler/build/build.js';
import { openBuildCache } from '../compiler/cache/build-cache.js';
import { DATA_FILE } from '../compiler/cache/cache-files.js';
import { inspectCache } from '../compiler/cache/inspect-cache.js';
import { dumpOutput } from './support/output-tree.js';

const base = mkdtempSync(join(tmpdir(), 'docsc-cache-size-'));
const projectRoot = fileURLToPath(new URL('../', import.meta.url));
const tsxLoader = import.meta.resolve('tsx');
let folders = 0;
const freshDir = () => join(base, `case-${++folders}`);
const fileSize = (dir: string) => statSync(join(dir, DATA_FILE)).size;

/** Incompressible text of about `bytes` (values over 1 kB are LZ4-compressed). */
function noise(seed: number, bytes: number): string {
  let text = '';
  let state = seed * 7919 + 1;
  while (text.length < bytes) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    text += state.toString(36);
  }
  return text.slice(0, bytes);
}

const open = (dir: string, maxSizeBytes: number) => openBuildCache({ dir, toolVersion: '0.1.0', root: base, trim: true, maxSizeBytes });

test('closing a cache over its limit removes the least recently used entries, never one this build used', async () => {
  const dir = freshDir();
  const limit = 600 * 1024;
  const names = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix}${i}`);
  // Build 1 writes `a`, build 2 writes `b` and reads the first ten of `a`, build 3 writes `c` (the cache goes over).
  let { cache } = await open(dir, limit);
  for (const key of names('a', 60)) cache.put('body', key, { html: noise(key.length + Number(key.slice(1)), 4000) });
  assert.equal(await cache.close(), []);
  ({ cache } = await open(dir, limit));
  for (const key of names('b', 60)) cache.put('body', key, { html: noise(100 + Number(key.slice(1)), 4000) });
  for (const key of names('a', 10)) assert.ok(cache.get('body', key));
  assert.equal(await cache.close(), []);
  ({ cache } = await open(dir, limit));
  for (const key of names('c', 60)) cache.put('body', key, { html: noise(200 + Number(key.slice(1)), 4000) });
  assert.ok(cache.get('body', 'b0'), 'read by this build');
  assert.equal(await cache.close(), []);

  assert.ok(fileSize(dir) <= limit, `${fileSize(dir)} bytes on disk, over the limit of ${limit}`);
  ({ cache } = await open(dir, limit));
  const kept = (keys: string[]) => keys.filter((key) => cache.has('body', key));
  assert.equal(kept(names('c', 60)), names('c', 60), 'what the last build wrote is kept');
  assert.ok(cache.has('body', 'b0'), 'what the last build read is kept');
  const oldA = kept(names('a', 60).slice(10));
  assert.ok(oldA.length < 50, 'something was removed');
  const recent = kept([...names('a', 10), ...names('b', 60)]);
  if (oldA.length > 0) assert.is(recent.length, 70, 'entries last used in build 1 go before those used in build 2');
  await cache.close();
});

test('entries this build used stay even when they alone are over the limit (`cache/over-limit`)', async () => {
  const dir = freshDir();
  const limit = 100 * 1024;
  const { cache } = await open(dir, limit);
  for (let i = 0; i < 60; i++) cache.put('body', `k${i}`, { html: noise(i, 4000) });
  const warnings = await cache.close();
  assert.equal(
    warnings.map((d) => d.code),
    ['cache/over-limit'],
  );
  assert.match(warnings[0]?.message ?? '', /holds [\d.]+ KiB that this build used, over its limit of 100\.0 KiB/);
  const again = await open(dir, limit);
  assert.ok(again.cache.has('body', 'k0') && again.cache.has('body', 'k59'));
  await again.cache.close();
});

test('many navigation edits in a row keep the cache under its limit, compile nothing again, and write what a clean build writes', async () => {
  const dir = freshDir();
  cpSync('tests/fixtures/build/site', join(dir, 'docs'), { recursive: true });
  const site = { root: join(dir, 'docs'), outDir: join(dir, 'out'), cacheDir: join(dir, 'cache') };
  // The limit sits a little above what one build needs, so that the navigation edits' new entries must be trimmed.
  await build({ ...site, threads: 1 });
  const limit = fileSize(site.cacheDir) + 48 * 1024;
  const sizes: number[] = [];
  for (let edit = 0; edit < 40; edit++) {
    const docs = readFileSync(join(site.root, 'docs.json'), 'utf8').replace(/"group": "Start[^"]*"/, `"group": "Start ${edit}"`);
    writeFileSync(join(site.root, 'docs.json'), docs);
    const result = await build({ ...site, threads: 1, cacheMaxSize: limit });
    assert.ok(result.ok);
    assert.equal(
      result.diagnostics.filter((d) => d.code.startsWith('cache/')),
      [],
    );
    if (edit > 0) assert.is(result.stats.compiled, 0, `edit ${edit}: a body was compiled again`);
    sizes.push(fileSize(site.cacheDir));
    assert.ok(fileSize(site.cacheDir) <= limit, `edit ${edit}: ${fileSize(site.cacheDir)} bytes, over ${limit}`);
  }
  assert.ok(
    sizes.some((size, i) => i > 0 && size < (sizes[i - 1] as number)),
    `the cache was trimmed at least once: ${sizes.join(' ')}`,
  );
  const clean = join(dir, 'clean');
  await build({ root: site.root, outDir: clean, cacheDir: false, threads: 1 });
  assert.is(dumpOutput(site.outDir, { full: true }), dumpOutput(clean, { full: true }));
});

test('docsc cache reports the size and entries by kind; docsc cache clear deletes it', async () => {
  const dir = freshDir();
  cpSync('tests/fixtures/build/site', join(dir, 'docs'), { recursive: true });
  const root = join(dir, 'docs');
  await build({ root, outDir: join(dir, 'out'), threads: 1 });
  const cacheDir = join(root, '.docsc', 'cache');
  const report = await inspectCache(cacheDir);
  const kinds: Record<string, number> = Object.fromEntries(report.kinds.map((k) => [k.kind, k.entries]));
  const count = (kind: string) => kinds[kind] ?? 0;
  assert.ok(
    count('summary') >= 5 && count('body') >= 4 && count('graph') === 1 && count('api-page') >= 2 && count('use-stamp') > 0,
    JSON.stringify(kinds),
  );
  assert.ok(report.fileBytes > 0 && report.usedBytes > 0 && report.usedBytes <= report.fileBytes);
  assert.is(report.closes, 1);

  const docsc = (...args: string[]) =>
    spawnSync(process.execPath, ['--import', tsxLoader, join(projectRoot, 'cli/main.ts'), 'cache', ...args], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    });
  const shown = docsc('docs', '--cache-max-size', '1GB');
  assert.is(shown.status, 0, shown.stderr);
  assert.match(shown.stdout, /Build cache at docs\/\.docsc\/cache/);
  assert.match(shown.stdout, /limit: +953\.7 MiB/);
  assert.match(shown.stdout, /\n {2}summary +\d+ +[\d.]+ (KiB|bytes)\n/);
  const cleared = docsc('clear', 'docs');
  assert.is(cleared.status, 0, cleared.stderr);
  assert.match(cleared.stdout, /Cleared the build cache at docs\/\.docsc\/cache \([\d.]+ KiB\)/);
  assert.not.ok(existsSync(join(cacheDir, DATA_FILE)));
  assert.match(docsc('docs').stdout, /no entries/);
});

test.after(() => rmSync(base, { recursive: true, force: true }));

test.run();
