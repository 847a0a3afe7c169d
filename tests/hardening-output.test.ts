// Output and cache under faults: `-o` at folders the build must not write
// to; output and cache on a full disk and on a read-only file system (real
// 1 MB tmpfs mounts when the test runs as root and may mount, as in CI's
// container; otherwise those tests say they were skipped); a cache path that
// is a file, a cache data file replaced by a folder; and, opt-in
// (DOCSC_KILL_POINTS=20), builds killed with SIGKILL after 1…N writes, each
// followed by a build whose output is byte-identical to a clean build's.

import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { BuildRefusedError, type BuildResult, build } from '../compiler/build/build.js';
import { dumpOutput } from './support/output-tree.js';

interface Site {
  dir: string;
  root: string;
}

function site(): Site {
  const dir = mkdtempSync(join(tmpdir(), 'docsc-output-hard-'));
  const root = join(dir, 'docs');
  cpSync('tests/fixtures/build/site', root, { recursive: true });
  return { dir, root };
}

async function refusal(root: string, outDir: string): Promise<string> {
  const error = await build({ root, outDir, cacheDir: false, threads: 1 }).catch((e: unknown) => e);
  assert.instance(error, BuildRefusedError, `-o ${outDir}`);
  return (error as Error).message;
}

function cleanBuild(s: Site, name: string): Promise<BuildResult> {
  return build({ root: s.root, outDir: join(s.dir, name), cacheDir: false, threads: 1 });
}

// ---------------------------------------------------------------------------
// Where -o may point

test('-o at a folder of someone else’s files (/etc, a user folder) or at a file is refused; nothing is written', async () => {
  const s = site();
  try {
    assert.match(await refusal(s.root, '/etc'), 'no record of a docsc build');
    const mine = join(s.dir, 'documents');
    mkdirSync(mine);
    writeFileSync(join(mine, 'index.html'), 'my own page');
    assert.match(await refusal(s.root, mine), 'no record of a docsc build');
    assert.equal(readdirSync(mine), ['index.html']);
    const file = join(s.dir, 'a-file');
    writeFileSync(file, 'x');
    assert.match(await refusal(s.root, file), 'it is a file');
    // The docs folder through a symbolic link, and a folder above it.
    symlinkSync(s.root, join(s.dir, 'link-to-docs'));
    assert.match(await refusal(s.root, join(s.dir, 'link-to-docs')), 'docs folder');
    assert.match(await refusal(s.root, s.dir), 'contains the docs folder');
  } finally {
    rmSync(s.dir, { recursive: true, force: true });
  }
});

test('--cache-dir at the docs folder, a folder of pages, inside the output or around it, or a folder of other files is refused; nothing is written', async () => {
  const s = site();
  const out = join(s.dir, 'out');
  const cacheRefusal = async (cacheDir: string): Promise<string> => {
    const error = await build({ root: s.root, outDir: out, cacheDir, threads: 1 }).catch((e: unknown) => e);
    assert.instance(error, BuildRefusedError, `--cache-dir ${cacheDir}`);
    return (error as Error).message;
  };
  try {
    const before = dumpOutput(s.root);
    assert.match(await cacheRefusal(s.root), 'is or contains the docs folder');
    assert.match(await cacheRefusal(s.dir), 'is or contains the docs folder');
    // A folder of pages: the build skips its cache folder, so these pages would have left the site without a word.
    assert.match(await cacheRefusal(join(s.root, 'guides')), 'holds other files than a docsc cache');
    assert.match(await cacheRefusal(join(out, 'cache')), 'inside the output folder, which is published');
    assert.match(await cacheRefusal(s.dir.concat('/')), 'is or contains the docs folder');
    const mine = join(s.dir, 'mine');
    mkdirSync(mine);
    writeFileSync(join(mine, 'notes.txt'), 'mine');
    assert.match(await cacheRefusal(mine), 'holds other files than a docsc cache');
    assert.equal(readdirSync(mine), ['notes.txt']);
    assert.equal(dumpOutput(s.root), before, 'the docs folder is untouched');
    assert.not.ok(readdirSync(s.dir).includes('out'), 'no output written');
    // Beside the output, new or a cache already: accepted, twice (the second time it holds the cache's own files, and
    // a lock's draft a killed build left, and a .gitignore).
    mkdirSync(join(s.dir, 'cache'));
    writeFileSync(join(s.dir, 'cache', '.docsc-lock.4242-0a1b2c3d'), '');
    writeFileSync(join(s.dir, 'cache', '.gitignore'), '*\n');
    for (let i = 0; i < 2; i++) {
      const built = await build({ root: s.root, outDir: out, cacheDir: join(s.dir, 'cache'), threads: 1 });
      assert.ok(built.ok);
    }
    // The output inside the cache folder: refused too, the two are kept apart.
    const error = await build({ root: s.root, outDir: join(s.dir, 'cache', 'site'), cacheDir: join(s.dir, 'cache'), threads: 1 }).catch(
      (e: unknown) => e,
    );
    assert.instance(error, BuildRefusedError);
    assert.match((error as Error).message, 'the output folder is inside it');
  } finally {
    rmSync(s.dir, { recursive: true, force: true });
  }
});

test('-o at a new folder, an empty one, one with only harmless entries, or an earlier output is accepted', async () => {
  const s = site();
  try {
    const empty = join(s.dir, 'empty');
    mkdirSync(empty);
    const harmless = join(s.dir, 'harmless');
    mkdirSync(harmless);
    writeFileSync(join(harmless, '.DS_Store'), '');
    for (const out of [join(s.dir, 'new/deeper'), empty, harmless]) {
      const result = await build({ root: s.root, outDir: out, cacheDir: false, threads: 1 });
      assert.ok(result.ok, out);
    }
    // An earlier output with the user's own files beside docsc's is still docsc's.
    writeFileSync(join(empty, 'CNAME'), 'docs.example.com');
    assert.ok((await build({ root: s.root, outDir: empty, cacheDir: false, threads: 1 })).ok);
  } finally {
    rmSync(s.dir, { recursive: true, force: true });
  }
});

// ---------------------------------------------------------------------------
// Cache files that are not what they should be

test('a cache path that is a file, or whose data file is a folder: a warning and a correct build', async () => {
  const s = site();
  try {
    const clean = await cleanBuild(s, 'clean');
    assert.ok(clean.ok);
    const asFile = join(s.dir, 'cache-file');
    writeFileSync(asFile, 'not a folder');
    const first = await build({ root: s.root, outDir: join(s.dir, 'out1'), cacheDir: asFile, threads: 1 });
    assert.ok(first.ok);
    assert.ok(
      first.diagnostics.some((d) => d.code.startsWith('cache/')),
      'the cache problem is said',
    );
    assert.equal(dumpOutput(join(s.dir, 'out1')), dumpOutput(join(s.dir, 'clean')));

    const cache = join(s.dir, 'cache');
    await build({ root: s.root, outDir: join(s.dir, 'out2'), cacheDir: cache, threads: 1 });
    for (const name of readdirSync(cache).filter((n) => !n.startsWith('.docsc-lock'))) {
      rmSync(join(cache, name), { recursive: true, force: true });
      mkdirSync(join(cache, name));
    }
    rmSync(join(s.dir, 'out2'), { recursive: true });
    const second = await build({ root: s.root, outDir: join(s.dir, 'out2'), cacheDir: cache, threads: 1 });
    assert.ok(second.ok);
    assert.equal(dumpOutput(join(s.dir, 'out2')), dumpOutput(join(s.dir, 'clean')));
  } finally {
    rmSync(s.dir, { recursive: true, force: true });
  }
});

// ---------------------------------------------------------------------------
// Full and read-only file systems (real tmpfs mounts)

function mount(dir: string, options: string): boolean {
  mkdirSync(dir, { recursive: true });
  if (process.getuid?.() !== 0) return false;
  return spawnSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', dir]).status === 0;
}

function unmount(dir: string): void {
  spawnSync('umount', ['-l', dir]);
}

/** Fills a mounted tmpfs until `leave` bytes are free. */
function fill(dir: string, leave: number): void {
  const stat = spawnSync('df', ['-B1', '--output=avail', dir], { encoding: 'utf8' });
  const avail = Number(stat.stdout.trim().split('\n').pop());
  if (avail > leave) writeFileSync(join(dir, 'filler'), Buffer.alloc(avail - leave));
}

test('output on a full disk: the build fails saying so, records no complete output, and a build after space is freed equals a clean one', async () => {
  const s = site();
  const out = join(s.dir, 'out');
  if (!mount(out, 'size=1m')) {
    console.log('  (skipped: cannot mount a tmpfs here)');
    rmSync(s.dir, { recursive: true, force: true });
    return;
  }
  try {
    await cleanBuild(s, 'clean');
    fill(out, 40 * 1024);
    // A filler file is not docsc's: mark the folder as an earlier output so that -o is accepted.
    writeFileSync(join(out, '.docsc-output.json'), '{}');
    const full = await build({ root: s.root, outDir: out, cacheDir: false, threads: 1 }).catch((e: unknown) => e);
    const said = full instanceof Error ? full.message : JSON.stringify((full as BuildResult).diagnostics);
    assert.ok(full instanceof Error || !(full as BuildResult).ok, 'the build does not claim success');
    assert.match(said, /ENOSPC|no space|disk is full/i);
    rmSync(join(out, 'filler'));
    const again = await build({ root: s.root, outDir: out, cacheDir: false, threads: 1 });
    assert.ok(again.ok);
    assert.equal(dumpOutput(out), dumpOutput(join(s.dir, 'clean')));
  } finally {
    unmount(out);
    rmSync(s.dir, { recursive: true, force: true });
  }
});

test('cache on a full disk or a read-only file system: a warning, and the output of a clean build', async () => {
  const s = site();
  const full = join(s.dir, 'cache-full');
  const readOnly = join(s.dir, 'cache-ro');
  if (!mount(full, 'size=1m') || !mount(readOnly, 'ro,size=1m')) {
    console.log('  (skipped: cannot mount a tmpfs here)');
    unmount(full);
    rmSync(s.dir, { recursive: true, force: true });
    return;
  }
  try {
    await cleanBuild(s, 'clean');
    fill(full, 8 * 1024);
    for (const [cacheDir, name] of [
      [join(full, 'cache'), 'out-full'],
      [join(readOnly, 'cache'), 'out-ro'],
    ] as const) {
      const result = await build({ root: s.root, outDir: join(s.dir, name), cacheDir, threads: 1 });
      assert.ok(result.ok, name);
      assert.ok(
        result.diagnostics.some((d) => d.code.startsWith('cache/')),
        `${name}: ${result.diagnostics.map((d) => d.code).join(', ')}`,
      );
      assert.equal(dumpOutput(join(s.dir, name)), dumpOutput(join(s.dir, 'clean')), name);
    }
  } finally {
    unmount(full);
    unmount(readOnly);
    rmSync(s.dir, { recursive: true, force: true });
  }
});

test('output on a read-only file system: refused with the reason, nothing half-written', async () => {
  const s = site();
  const out = join(s.dir, 'out-ro');
  if (!mount(out, 'ro,size=1m')) {
    console.log('  (skipped: cannot mount a tmpfs here)');
    rmSync(s.dir, { recursive: true, force: true });
    return;
  }
  try {
    const result = await build({ root: s.root, outDir: out, cacheDir: false, threads: 1 }).catch((e: unknown) => e);
    const said = result instanceof Error ? result.message : JSON.stringify((result as BuildResult).diagnostics);
    assert.ok(result instanceof Error || !(result as BuildResult).ok);
    assert.match(said, /EROFS|read-only/i);
  } finally {
    unmount(out);
    rmSync(s.dir, { recursive: true, force: true });
  }
});

// ---------------------------------------------------------------------------
// Killed at N points (opt-in: DOCSC_KILL_POINTS=20)

const KILL_POINTS = Number(process.env.DOCSC_KILL_POINTS ?? 0);
if (KILL_POINTS > 0) {
  test(`a build killed after each of ${KILL_POINTS} numbers of writes is repaired by the next build`, () => {
    const s = site();
    // A snapshot of docsc's own source: the working tree may change while this long test runs.
    const tree = join(s.dir, 'docsc');
    for (const part of ['cli', 'compiler', 'runtime', 'spec', 'package.json', 'tsconfig.json']) cpSync(part, join(tree, part), { recursive: true });
    symlinkSync(resolve('node_modules'), join(tree, 'node_modules'));
    const cli = (args: string[], env: Record<string, string> = {}) =>
      spawnSync(process.execPath, ['--import', 'tsx', join(tree, 'cli/main.ts'), ...args], { encoding: 'utf8', env: { ...process.env, ...env } });
    // The fixture has deliberate errors (an unsafe link), so a complete build exits 1: what matters is that it completes.
    const completed = (run: ReturnType<typeof cli>) => run.signal === null && (run.status === 0 || run.status === 1);
    try {
      const clean = join(s.dir, 'clean');
      const out = join(s.dir, 'out');
      const cache = join(s.dir, 'cache');
      for (let point = 1; point <= KILL_POINTS; point++) {
        // Spread the points over the whole write (about 30 files for this site); a fresh output each
        // time, else the build after a repair is up to date and writes nothing.
        rmSync(out, { recursive: true, force: true });
        const after = 1 + Math.floor(((point - 1) * 37) % 31);
        const killed = cli(['build', s.root, '-o', out, '--cache-dir', cache], { DOCSC_FAULT_KILL_AFTER_WRITES: String(after) });
        assert.ok(killed.signal === 'SIGKILL' || completed(killed), `point ${point}: ${killed.stderr}`);
        assert.ok(completed(cli(['build', s.root, '-o', out, '--cache-dir', cache])), `rebuild after point ${point}`);
        rmSync(clean, { recursive: true, force: true });
        assert.ok(completed(cli(['build', s.root, '-o', clean, '--no-cache'])));
        assert.equal(dumpOutput(out, { full: true }), dumpOutput(clean, { full: true }), `after killing at ${after} writes`);
      }
    } finally {
      rmSync(s.dir, { recursive: true, force: true });
    }
  });
}

test.run();
