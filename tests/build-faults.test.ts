// Fault tests of `docsc build`, each with real processes: a build killed with
// SIGKILL in the middle of writing its output (and one killed at a random
// moment) is followed by a build whose output is byte-identical to a clean
// build's (killed by a write made in place, and by one made on the writer's
// thread); a write failing on that thread fails the build and names the file;
// a page folder replaced by a link to outside the output is never written
// through;
// a damaged cache means a warning and a clean build; two builds on one output
// folder do not interleave.

import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { build } from '../compiler/build/build.js';
import { BuildLockedError } from '../compiler/cache/build-lock.js';
import { dumpOutput, listFiles } from './support/output-tree.js';

const CLI = resolve('dist/cli/main.js');
const PAGES = 300;

/** A repository of PAGES pages in three groups: enough for a build to take a while. */
function largeSite(dir: string): string {
  const root = join(dir, 'docs');
  mkdirSync(join(root, 'guides'), { recursive: true });
  const groups = [0, 1, 2].map((g) => ({
    group: `Group ${g}`,
    pages: Array.from({ length: PAGES / 3 }, (_, i) => `guides/page-${g * (PAGES / 3) + i}`),
  }));
  writeFileSync(
    join(root, 'docs.json'),
    JSON.stringify({ name: 'Large', theme: 'mint', colors: { primary: '#123456' }, navigation: { groups } }, null, 2),
  );
  for (let i = 0; i < PAGES; i++) {
    const body = Array.from(
      { length: 20 },
      (_, p) => `Paragraph ${p} of page ${i}, with **bold** text and a [link](/guides/page-${(i + 1) % PAGES}).`,
    ).join('\n\n');
    writeFileSync(join(root, `guides/page-${i}.mdx`), `---\ntitle: Page ${i}\n---\n\n## Section {#section}\n\n${body}\n`);
  }
  return root;
}

/** A large site (`largeSite`) in a folder of its own, removed after `run`, with the paths of its output and cache. */
async function inLargeSite(
  prefix: string,
  run: (site: { dir: string; root: string; out: string; cacheDir: string }) => Promise<void>,
): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), `docsc-${prefix}-`));
  try {
    await run({ dir, root: largeSite(dir), out: join(dir, 'out'), cacheDir: join(dir, 'cache') });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function rewriteSiteName(root: string, name: string, from = 'Large'): void {
  const file = join(root, 'docs.json');
  writeFileSync(file, readFileSync(file, 'utf8').replace(`"name": ${JSON.stringify(from)}`, `"name": ${JSON.stringify(name)}`));
}

function runCli(args: string[], env: Record<string, string> = {}) {
  return spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', env: { ...process.env, ...env } });
}

function startCli(args: string[]): ChildProcess {
  return spawn(process.execPath, [CLI, ...args], { stdio: 'ignore' });
}

function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((done) => child.once('exit', (code) => done(code)));
}

test('a build killed with SIGKILL while writing is repaired by the next build', async () => {
  await inLargeSite('kill', async ({ dir, root, out }) => {
    const clean = join(dir, 'clean');
    assert.equal(runCli(['build', root, '-o', clean, '--no-cache']).status, 0);
    // Killed by a write made in place (the 40th), and by one made on the writer's thread (the 200th: write-queue.ts).
    for (const [n, name] of [
      [40, 'Renamed'],
      [200, 'Large'],
    ] as const) {
      // A complete build, then the site renamed: every page's layout changes, so the killed build has all to rewrite.
      assert.equal(runCli(['build', root, '-o', out, '--cache-dir', join(dir, 'cache')]).status, 0);
      rewriteSiteName(root, name, name === 'Large' ? 'Renamed' : 'Large');
      const killed = runCli(['build', root, '-o', out, '--cache-dir', join(dir, 'cache')], { DOCSC_FAULT_KILL_AFTER_WRITES: String(n) });
      assert.equal(killed.signal, 'SIGKILL', `killed after write ${n}`);
    }
    assert.equal(runCli(['build', root, '-o', out, '--cache-dir', join(dir, 'cache')]).status, 0);
    assert.equal(dumpOutput(out, { full: true }), dumpOutput(clean, { full: true }));
  });
});

test("a rebuild that lays every page out again writes none whose bytes are unchanged, on the writer's thread too", async () => {
  await inLargeSite('unchanged', async ({ root, out, cacheDir }) => {
    await build({ root, outDir: out, cacheDir, threads: 1 });
    const before = dumpOutput(out);
    // Another tool version: nothing is taken from the cache or kept, and every page comes out the same (only the manifest's keys change).
    const again = await build({ root, outDir: out, cacheDir, threads: 1, toolVersion: '99.0.0-unchanged' });
    assert.ok(again.recomputed.laidOut.length >= PAGES);
    assert.equal(again.recomputed.written, []);
    assert.ok(again.stats.unchanged > PAGES);
    assert.equal(dumpOutput(out), before);
  });
});

test("a write that fails on the writer's thread fails the build, naming the file; the next build equals a clean one", async () => {
  await inLargeSite('write-fails', async ({ dir, root, out, cacheDir }) => {
    await build({ root, outDir: out, cacheDir, threads: 1 });
    rewriteSiteName(root, 'Renamed');
    // Far past the writes made in place: the page's file is a folder with something in it, which no rename replaces.
    const blocked = join(out, 'guides/page-250/index.html');
    rmSync(blocked);
    mkdirSync(blocked);
    writeFileSync(join(blocked, 'keep.txt'), 'not docsc’s');
    const failed = await build({ root, outDir: out, cacheDir, threads: 1 }).catch((error: unknown) => error);
    assert.instance(failed, Error);
    assert.match((failed as Error).message, /could not write guides\/page-250\/index\.html: .*(EISDIR|ENOTEMPTY|EEXIST)/);
    assert.equal(
      listFiles(out).filter((path) => path.includes('.docsc-tmp-')),
      [],
      'no temporary file is left',
    );
    rmSync(blocked, { recursive: true });
    await build({ root, outDir: out, cacheDir, threads: 1 });
    const clean = join(dir, 'clean');
    await build({ root, outDir: clean, cacheDir: false, threads: 1 });
    assert.equal(dumpOutput(out, { full: true }), dumpOutput(clean, { full: true }));
  });
});

test('after an interrupted build, the inputs of the last complete build are not taken as up to date', async () => {
  await inLargeSite('kill', async ({ dir, root, out }) => {
    const cache = join(dir, 'cache');
    assert.equal(runCli(['build', root, '-o', out, '--cache-dir', cache]).status, 0);
    rewriteSiteName(root, 'Renamed');
    assert.equal(runCli(['build', root, '-o', out, '--cache-dir', cache], { DOCSC_FAULT_KILL_AFTER_WRITES: '40' }).signal, 'SIGKILL');
    rewriteSiteName(root, 'Large', 'Renamed');
    const again = runCli(['build', root, '-o', out, '--cache-dir', cache, '--json']);
    assert.equal(again.status, 0);
    assert.equal((JSON.parse(again.stdout) as { upToDate: boolean }).upToDate, false);
    const clean = join(dir, 'clean');
    assert.equal(runCli(['build', root, '-o', clean, '--no-cache']).status, 0);
    assert.equal(dumpOutput(out, { full: true }), dumpOutput(clean, { full: true }));
  });
});

test('a build killed at a random moment is repaired by the next build', async () => {
  await inLargeSite('kill', async ({ dir, root, out }) => {
    const child = startCli(['build', root, '-o', out, '--cache-dir', join(dir, 'cache')]);
    await new Promise((wait) => setTimeout(wait, 300 + Math.random() * 900));
    child.kill('SIGKILL');
    await exited(child);
    assert.equal(runCli(['build', root, '-o', out, '--cache-dir', join(dir, 'cache')]).status, 0);
    const clean = join(dir, 'clean');
    assert.equal(runCli(['build', root, '-o', clean, '--no-cache']).status, 0);
    assert.equal(dumpOutput(out, { full: true }), dumpOutput(clean, { full: true }));
  });
});

test('a page folder of the output replaced by a link to outside it is never written through, in place or on the thread', async () => {
  await inLargeSite('write-link', async ({ dir, root, out, cacheDir }) => {
    const outside = join(dir, 'outside');
    mkdirSync(outside);
    // guides/page-1 is among the first files written (in place); guides/page-250 far past them (on the writer's thread).
    for (const [page, name] of [
      ['guides/page-1', 'Renamed'],
      ['guides/page-250', 'Large'],
    ] as const) {
      await build({ root, outDir: out, cacheDir, threads: 1 });
      rewriteSiteName(root, name, name === 'Large' ? 'Renamed' : 'Large');
      rmSync(join(out, page), { recursive: true });
      symlinkSync(outside, join(out, page));
      const failed = await build({ root, outDir: out, cacheDir, threads: 1 }).catch((error: unknown) => error);
      assert.instance(failed, Error, page);
      assert.match((failed as Error).message, /leads outside the output folder/, page);
      assert.equal(readdirSync(outside), [], `nothing written through the link at ${page}`);
      rmSync(join(out, page));
    }
  });
});

test('a truncated cache is cleared with a warning, and the build is right', async () => {
  await inLargeSite('cache', async ({ dir, root }) => {
    const cache = join(dir, 'cache');
    await build({ root, outDir: join(dir, 'out'), cacheDir: cache, threads: 1 });
    truncateSync(join(cache, 'data.mdb'), 4096);
    rmSync(join(dir, 'out'), { recursive: true });
    const result = await build({ root, outDir: join(dir, 'out'), cacheDir: cache, threads: 1 });
    assert.ok(result.diagnostics.some((d) => d.code === 'cache/damaged'));
    assert.equal(result.recomputed.bodies.length, PAGES);
    await build({ root, outDir: join(dir, 'clean'), cacheDir: false, threads: 1 });
    assert.equal(dumpOutput(join(dir, 'out'), { full: true }), dumpOutput(join(dir, 'clean'), { full: true }));
  });
});

test('two builds on one output folder do not interleave', async () => {
  await inLargeSite('lock', async ({ root, out }) => {
    const first = startCli(['build', root, '-o', out, '--no-cache']);
    const lock = join(out, '.docsc-lock');
    for (let i = 0; i < 200 && !existsSync(lock); i++) await new Promise((wait) => setTimeout(wait, 10));
    assert.ok(existsSync(lock), 'the first build holds the lock');
    const error = await build({ root, outDir: out, cacheDir: false, threads: 1 }).catch((e: unknown) => e);
    assert.instance(error, BuildLockedError);
    assert.match((error as Error).message, /Another docsc build \(pid \d+/);
    assert.equal(await exited(first), 0);
    const second = await build({ root, outDir: out, cacheDir: false, threads: 1 });
    assert.ok(second.ok);
  });
});

test.run();
