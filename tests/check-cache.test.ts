// `docsc check` through the build's cache (compiler/build/cached-check.ts):
// every check fixture and real repository gives the same diagnostics cold,
// warm and without a cache, and a warm check summarizes no page; a check
// after a build reuses the build's summaries, and a build after a check the
// check's; a page edited between two checks is read and summarized again
// (alone) and its new diagnostics appear; a damaged, unusable or locked cache
// is a warning and a check without it; the command's output is byte-identical
// cold, warm and with --no-cache.

import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { build } from '../compiler/build/build.js';
import { checkWithCache } from '../compiler/build/cached-check.js';
import { acquireBuildLock } from '../compiler/cache/build-lock.js';
import { check } from '../compiler/check.js';
import { pagePathOfFile } from '../compiler/ir/page-urls.js';
import { formatDiagnosticLines } from './support/diagnostic-lines.js';

const TOOL = '0.1.0-check-cache-test';

function tempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `docsc-${prefix}-`));
}

/**
 * A copy of the build fixture whose files are an hour old: files written
 * within 2 s of a run are hashed again at the next (input-snapshot.ts's racy rule).
 */
function agedSiteCopy(dir: string): string {
  const root = join(dir, 'docs');
  cpSync('tests/fixtures/build/site', root, { recursive: true });
  const hourAgo = new Date(Date.now() - 3_600_000);
  for (const file of readdirSync(root, { recursive: true }) as string[]) utimesSync(join(root, file), hourAgo, hourAgo);
  return root;
}

const lines = (result: { diagnostics: Parameters<typeof formatDiagnosticLines>[0] }) => formatDiagnosticLines(result.diagnostics);
const isPage = (path: string) => pagePathOfFile(path) !== undefined;

const fixtures = ['tests/fixtures/check', 'tests/fixtures/real'].flatMap((parent) =>
  readdirSync(parent)
    .sort()
    .filter((name) => statSync(join(parent, name)).isDirectory())
    .map((name) => join(parent, name)),
);

test('every check fixture: the same diagnostics cold, warm and without a cache; a warm check summarizes no page', async () => {
  const cacheRoot = tempDir('check-cache');
  try {
    let warmPages = 0;
    for (const [n, root] of fixtures.entries()) {
      const cacheDir = join(cacheRoot, String(n));
      const plain = lines(await check({ root, threads: 1 }));
      const cold = await checkWithCache({ root, threads: 1, cacheDir, toolVersion: TOOL });
      const warm = await checkWithCache({ root, threads: 1, cacheDir, toolVersion: TOOL });
      assert.equal(lines(cold), plain, `${root}: cold`);
      assert.equal(lines(warm), plain, `${root}: warm`);
      assert.equal(warm.pageCount, cold.pageCount, `${root}: page count`);
      assert.equal(cold.cacheWarnings, [], `${root}: cache warnings`);
      assert.equal(warm.cacheWarnings, [], `${root}: cache warnings`);
      // A page with decoding problems (BOM, invalid UTF-8, NUL) is keyed apart and summarized again, as by the build.
      const undecodable = new Set(cold.diagnostics.filter((d) => /^file\/(bom|invalid-utf8|nul-byte)$/.test(d.code)).map((d) => d.file));
      assert.equal(
        warm.summarized.filter((path) => !undecodable.has(path)),
        [],
        `${root}: summarized when warm`,
      );
      warmPages += cold.summarized.length;
    }
    assert.ok(warmPages > 100, `the fixtures have ${warmPages} pages and snippets`);
  } finally {
    rmSync(cacheRoot, { recursive: true, force: true });
  }
});

test('every check fixture: a check whose record is out of date (docs.json edited) takes every page from the cache and reports what a check without one does', async () => {
  const dir = tempDir('check-cache-summaries');
  try {
    for (const [n, fixture] of [...fixtures, 'tests/fixtures/conformance/components-unknown-and-icons'].entries()) {
      const root = join(dir, String(n));
      cpSync(fixture, root, { recursive: true });
      const cacheDir = join(dir, `${n}.cache`);
      await checkWithCache({ root, threads: 1, cacheDir, toolVersion: TOOL });
      const config = ['docs.json', 'mint.json'].map((name) => join(root, name)).find((path) => statSync(path, { throwIfNoEntry: false }));
      if (config === undefined) continue;
      writeFileSync(config, `${readFileSync(config, 'utf8')}\n`);
      const again = await checkWithCache({ root, threads: 1, cacheDir, toolVersion: TOOL });
      assert.not.ok(again.replayed, `${fixture}: replayed`);
      assert.equal(lines(again), lines(await check({ root, threads: 1 })), fixture);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a check after a build takes its summaries from the build', async () => {
  const dir = tempDir('check-after-build');
  try {
    const root = 'tests/fixtures/build/site';
    const cacheDir = join(dir, 'cache');
    const built = await build({ root, outDir: join(dir, 'out'), cacheDir, toolVersion: TOOL, threads: 1 });
    assert.ok(built.ok);
    const warm = await checkWithCache({ root, threads: 1, cacheDir, toolVersion: TOOL });
    assert.equal(warm.summarized, []);
    assert.equal(warm.read.filter(isPage), []);
    assert.equal(lines(warm), lines(await check({ root, threads: 1 })));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a build after a check takes its summaries from the check, and keeps the snapshot memo it wrote', async () => {
  const dir = tempDir('build-after-check');
  try {
    const root = agedSiteCopy(dir);
    const cacheDir = join(dir, 'cache');
    const checked = await checkWithCache({ root, threads: 1, cacheDir, toolVersion: TOOL });
    assert.ok(checked.summarized.length > 0);
    const built = await build({ root, outDir: join(dir, 'out'), cacheDir, toolVersion: TOOL, threads: 1 });
    assert.ok(built.ok);
    assert.equal(built.recomputed.summaries, []);
    assert.ok(built.recomputed.bodies.length > 0, "bodies are the build's own work");
    // The build rewrote the memo with every file; a check after it reads no page.
    const again = await checkWithCache({ root, threads: 1, cacheDir, toolVersion: TOOL });
    assert.equal(again.read.filter(isPage), []);
    assert.equal(lines(again), lines(checked));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a page edited between two checks is summarized again, and its new diagnostics appear', async () => {
  const dir = tempDir('check-edit');
  try {
    const root = agedSiteCopy(dir);
    const cacheDir = join(dir, 'cache');
    const first = await checkWithCache({ root, threads: 1, cacheDir, toolVersion: TOOL });
    const page = first.summarized.find((path) => path.endsWith('.mdx') && !path.startsWith('snippets/')) as string;
    assert.ok(page);
    const file = join(root, page);
    writeFileSync(file, `${readFileSync(file, 'utf8')}\n\nA [broken link](/no-such-page-anywhere).\n`);
    const second = await checkWithCache({ root, threads: 1, cacheDir, toolVersion: TOOL });
    assert.equal(second.summarized, [page]);
    // The other pages' summaries are found by the snapshot memo (size and modification time): none is read.
    assert.equal(second.read.filter(isPage), [page]);
    const plain = lines(await check({ root, threads: 1 }));
    assert.equal(lines(second), plain);
    assert.ok(
      second.diagnostics.some((d) => d.file === page && d.message.includes('/no-such-page-anywhere')),
      'the broken link is reported',
    );
    assert.not.equal(lines(second), lines(first));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('remembered link checks follow what links lead to: a heading removed, a page added, a redirect, a page moved', async () => {
  const dir = tempDir('check-links');
  try {
    const root = join(dir, 'docs');
    mkdirSync(root);
    const write = (path: string, text: string) => writeFileSync(join(root, path), text);
    const config = (group: string, redirects = '[]') =>
      `{"name": "Links", "theme": "mint", "colors": {"primary": "#000000"}, "redirects": ${redirects},
        "navigation": {"groups": [{"group": "${group}", "pages": ["a", "b"]}]}}`;
    write('docs.json', config('Start'));
    write('a.mdx', '---\ntitle: A\n---\n\nSee [intro](/b#intro), [c](/c) and [old](/old).\n');
    write('b.mdx', '---\ntitle: B\n---\n\n## Intro\n\nText.\n');
    const cacheDir = join(dir, 'cache');
    const steps: [string, () => void][] = [
      ['first check', () => {}],
      ['a group renamed (nothing links elsewhere)', () => write('docs.json', config('Begin'))],
      ['the heading a link names removed', () => write('b.mdx', '---\ntitle: B\n---\n\nText.\n')],
      ['the page a broken link names added', () => write('c.mdx', '---\ntitle: C\n---\n\nC.\n')],
      ['a redirect from the old URL', () => write('docs.json', config('Begin', '[{"source": "/old", "destination": "/b"}]'))],
      [
        'a page moved to another folder',
        () => {
          mkdirSync(join(root, 'moved'));
          rmSync(join(root, 'c.mdx'));
          write('moved/c.mdx', '---\ntitle: C\n---\n\nC.\n');
        },
      ],
    ];
    const seen: string[] = [];
    for (const [step, change] of steps) {
      change();
      // Files written within 2 s of a run are hashed again (input-snapshot.ts's racy rule): no stale identity either way.
      const cached = await checkWithCache({ root, threads: 1, cacheDir, toolVersion: TOOL });
      const links = cached.diagnostics.filter((d) => d.code.startsWith('link/'));
      assert.equal(lines(cached), lines(await check({ root, threads: 1 })), step);
      seen.push(`${step}: ${links.length}`);
    }
    // Each step changes what is reported, except the rename: the link checks would be wrong if remembered across them.
    assert.equal(seen, [
      'first check: 2',
      'a group renamed (nothing links elsewhere): 2',
      'the heading a link names removed: 3',
      'the page a broken link names added: 2',
      'a redirect from the old URL: 1',
      'a page moved to another folder: 2',
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
test('a check replays its record while nothing it read or asked about changed, files the listing leaves out included', async () => {
  const dir = tempDir('check-record');
  try {
    const root = join(dir, 'docs');
    mkdirSync(join(root, '.specs'), { recursive: true });
    const write = (path: string, text: string) => writeFileSync(join(root, path), text);
    const spec = (path: string) =>
      JSON.stringify({
        openapi: '3.0.3',
        info: { title: 'T', version: '1' },
        servers: [{ url: 'https://api.example.com' }],
        paths: { [path]: { get: { responses: { 200: { description: 'OK' } } } } },
      });
    // Hidden folders are not listed: only the record's reads and `isFile` answers see these files change.
    write(
      'docs.json',
      '{"name": "R", "theme": "mint", "colors": {"primary": "#000000"}, "navigation": {"groups": [{"group": "G", "pages": ["a", "b"]}]}}',
    );
    write('a.mdx', '---\ntitle: A\nopenapi: ".specs/one.json GET /pets"\n---\n\nA.\n');
    write('b.mdx', '---\ntitle: B\nopenapi: ".specs/two.json GET /pets"\n---\n\nB.\n');
    write('.specs/one.json', spec('/pets'));
    const cacheDir = join(dir, 'cache');
    const steps: [string, () => void][] = [
      ['first check', () => {}],
      ['nothing changed', () => {}],
      ['a document read changed', () => write('.specs/one.json', spec('/cats'))],
      ['a document asked for and missing added', () => write('.specs/two.json', spec('/pets'))],
    ];
    const seen: string[] = [];
    for (const [step, change] of steps) {
      change();
      const cached = await checkWithCache({ root, threads: 1, cacheDir, toolVersion: TOOL });
      assert.equal(lines(cached), lines(await check({ root, threads: 1 })), step);
      seen.push(`${step}: ${cached.diagnostics.filter((d) => d.code.startsWith('openapi/')).length}`);
    }
    assert.equal(seen, ['first check: 1', 'nothing changed: 1', 'a document read changed: 2', 'a document asked for and missing added: 1']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a damaged, unusable or locked cache: a warning, and the same diagnostics as without a cache', async () => {
  const dir = tempDir('check-bad-cache');
  const root = 'tests/fixtures/check/openapi-warnings';
  try {
    const plain = lines(await check({ root, threads: 1 }));
    // Damaged: the database file cut short after a clean close.
    const damaged = join(dir, 'damaged');
    await checkWithCache({ root, threads: 1, cacheDir: damaged, toolVersion: TOOL });
    const data = join(damaged, 'data.mdb');
    writeFileSync(data, readFileSync(data).subarray(0, 100));
    const afterDamage = await checkWithCache({ root, threads: 1, cacheDir: damaged, toolVersion: TOOL });
    assert.equal(
      afterDamage.cacheWarnings.map((d) => d.code),
      ['cache/damaged'],
    );
    assert.equal(lines(afterDamage), plain);
    // Unusable: a file where the folder should be.
    const inTheWay = join(dir, 'a-file');
    writeFileSync(inTheWay, 'not a folder');
    const unusable = await checkWithCache({ root, threads: 1, cacheDir: inTheWay, toolVersion: TOOL });
    assert.equal(
      unusable.cacheWarnings.map((d) => d.code),
      ['cache/unavailable'],
    );
    assert.equal(lines(unusable), plain);
    // Locked: a build holds the folder.
    const locked = join(dir, 'locked');
    mkdirSync(locked);
    const lock = acquireBuildLock([locked], { command: 'docsc build' });
    try {
      const result = await checkWithCache({ root, threads: 1, cacheDir: locked, toolVersion: TOOL });
      assert.equal(
        result.cacheWarnings.map((d) => d.code),
        ['cache/unavailable'],
      );
      assert.match(result.cacheWarnings[0]?.message ?? '', 'docsc build (pid');
      assert.equal(lines(result), plain);
    } finally {
      lock.release();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('docsc check prints the same report cold, warm and with --no-cache; a damaged cache is a line on stderr', () => {
  const dir = tempDir('check-cli');
  try {
    const root = join(dir, 'docs');
    cpSync('tests/fixtures/check/openapi-warnings', root, { recursive: true });
    const run = (...args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'cli/main.ts', 'check', root, '--format', 'json', ...args], { encoding: 'utf8' });
    const cold = run();
    const warm = run();
    const none = run('--no-cache');
    assert.is(cold.status, 0, cold.stderr);
    assert.is(warm.stdout, cold.stdout);
    assert.is(none.stdout, cold.stdout);
    assert.not.match(warm.stderr, 'warning');
    assert.ok(statSync(join(root, '.docsc/cache/data.mdb')).size > 0, 'the default cache folder is used');
    writeFileSync(join(root, '.docsc/cache/data.mdb'), 'garbage');
    const damaged = run('--strict');
    assert.is(damaged.stdout, cold.stdout);
    assert.match(damaged.stderr, /^docsc check: warning: The build cache at `\.docsc\/cache` is damaged/);
    // --strict fails on the fixture's own warnings, not on the cache's.
    assert.is(run('--strict', '--no-cache').status, damaged.status);
    const usage = run('--no-cache', '--cache-dir', join(dir, 'c'));
    assert.is(usage.status, 2);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
