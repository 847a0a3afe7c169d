// What a build says of its progress: the phases in order, the pages it
// compiles counted up to their number (none when the cache has them all), and
// how the CLI shows it — a bar with counts on a terminal, a line per phase
// with its time elsewhere; and the pages a check summarizes, counted alike.

import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { progressReporter } from '../cli/progress.js';
import { type BuildProgress, build } from '../compiler/build/build.js';
import { checkWithCache } from '../compiler/build/cached-check.js';
import { check } from '../compiler/check.js';

function site(pages: number): { dir: string; root: string } {
  const dir = mkdtempSync(join(tmpdir(), 'docsc-progress-'));
  const root = join(dir, 'docs');
  cpSync('tests/fixtures/build/site', root, { recursive: true });
  // Enough pages for the workers (a job under 100 pages stays in this thread) and for several batches.
  for (let i = 0; i < pages; i++) writeFileSync(join(root, `extra-${i}.mdx`), `---\ntitle: Extra ${i}\n---\n\nPage ${i} with \`code\`.\n`);
  return { dir, root };
}

/** The phases in the order first seen, and the `compile` reports. */
function summarize(reports: BuildProgress[]): { phases: string[]; compile: BuildProgress[] } {
  const phases: string[] = [];
  for (const r of reports) if (phases.at(-1) !== r.phase) phases.push(r.phase);
  return { phases, compile: reports.filter((r) => r.phase === 'compile') };
}

test('a cold build counts the pages it compiles batch by batch up to their number; a rebuild compiles none and says so', async () => {
  const { dir, root } = site(300);
  try {
    const options = { root, outDir: join(dir, 'out'), cacheDir: join(dir, 'cache'), threads: 2 };
    const cold: BuildProgress[] = [];
    assert.ok((await build({ ...options, onProgress: (p) => cold.push({ ...p }) })).ok);
    const { phases, compile } = summarize(cold);
    assert.equal(phases, ['read', 'analyze', 'compile', 'check', 'pages', 'write']);
    const total = compile[0]?.total ?? 0;
    assert.ok(total >= 300, `total ${total}`);
    assert.ok(compile.length > 2, `${compile.length} reports: batch by batch, not once`);
    assert.ok(
      compile.every((r, i) => r.total === total && r.done > 0 && r.done <= total && (i === 0 || r.done > (compile[i - 1] as BuildProgress).done)),
      JSON.stringify(compile),
    );
    assert.is(compile.at(-1)?.done, total);

    writeFileSync(join(root, 'docs.json'), readFileSync(join(root, 'docs.json'), 'utf8').replace('"Start"', '"Begin"'));
    const again: BuildProgress[] = [];
    assert.ok((await build({ ...options, onProgress: (p) => again.push({ ...p }) })).ok);
    assert.equal(summarize(again).phases, ['read', 'analyze', 'pages', 'write']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('check counts the pages it summarizes batch by batch, with or without the cache; none when the cache has them all', async () => {
  const { dir, root } = site(300);
  try {
    const plain: [number, number][] = [];
    await check({ root, threads: 2, onSummarized: (done, total) => plain.push([done, total]) });
    const total = plain[0]?.[1] ?? 0;
    assert.ok(total >= 300 && plain.length > 2, JSON.stringify(plain));
    assert.equal(plain.at(-1), [total, total]);
    const cached: [number, number][] = [];
    await checkWithCache({ root, threads: 2, cacheDir: join(dir, 'cache'), onSummarized: (done, all) => cached.push([done, all]) });
    const cachedTotal = cached[0]?.[1] ?? 0;
    assert.ok(cachedTotal >= 300 && cached.length > 2, JSON.stringify(cached));
    assert.equal(cached.at(-1), [cachedTotal, cachedTotal]);
    const again: [number, number][] = [];
    await checkWithCache({ root, threads: 2, cacheDir: join(dir, 'cache'), onSummarized: (done, all) => again.push([done, all]) });
    assert.equal(again, [], 'every summary from the cache');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/** A stream that records what is written, a terminal or not. */
function stream(isTTY: boolean): NodeJS.WriteStream & { text: string } {
  const fake = {
    isTTY,
    text: '',
    write(chunk: string): boolean {
      fake.text += chunk;
      return true;
    },
  };
  return fake as unknown as NodeJS.WriteStream & { text: string };
}

test('on a terminal: a bar with counts, rewritten in place; elsewhere: one line per phase with its time', () => {
  const ci = process.env.CI;
  delete process.env.CI;
  try {
    const reports: BuildProgress[] = [
      { phase: 'read', done: 0, total: 0 },
      { phase: 'compile', done: 64, total: 256 },
      { phase: 'compile', done: 256, total: 256 },
      { phase: 'pages', done: 0, total: 256 },
    ];
    const terminal = stream(true);
    const shown = progressReporter(terminal);
    for (const r of reports) shown.report(r);
    shown.done();
    assert.match(terminal.text, `\r\u001b[2KCompiling pages… [██████░░░░░░░░░░░░░░░░░░] 64/256`);
    assert.match(terminal.text, `\r\u001b[2KCompiling pages… [████████████████████████] 256/256`);
    assert.ok(terminal.text.endsWith('\r\u001b[2K'), 'the line is cleared at the end');

    const log = stream(false);
    const plain = progressReporter(log);
    for (const r of reports) plain.report(r);
    plain.done();
    const lines = log.text.split('\n').filter((line) => line !== '');
    assert.is(lines.length, 3, log.text);
    assert.match(lines[0] as string, /^Reading files… {2}\d+ ms$/);
    assert.match(lines[1] as string, /^Compiling pages \(256\)… {2}\d+ ms$/);
    assert.match(lines[2] as string, /^Laying out pages \(256\)… {2}\d+ ms$/);
  } finally {
    if (ci !== undefined) process.env.CI = ci;
  }
});

test.run();
