// A page too large to compile in the memory Node gives a thread fails alone:
// `docsc build` and `docsc check`, run with a small heap
// (`--max-old-space-size`), report `page/out-of-memory` at that page and build
// or check every other page. Two ways in: a page past ISOLATED_PAGE_CHARS in a
// small site, which goes to a process of its own rather than the command's
// thread (where running out of memory would end the process); and a smaller
// page in a large site, whose batch's worker dies and whose batch is run
// again one page at a time in a process (host/worker-pool.ts). What ran out of memory is
// not cached: the next build tries the page again.

import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ISOLATED_PAGE_CHARS } from '../compiler/host/project-host.js';
import { type Run, runNode } from './support/run-node.js';

const projectRoot = fileURLToPath(new URL('../', import.meta.url));
/**
 * Far less than a page of a few hundred kilobytes of table needs (0.3-1 GB), enough for the others (a small page:
 * 10 MB; the site builds with 40 MB). Small on purpose: the batch's page runs out in a worker thread, which V8
 * may abort the process for when the allocation at the limit outgrows Node's 16 MB of headroom
 * (compiler/host/isolated-process.ts); the earlier the heap runs out, the smaller the parser's arrays then
 * (128 MB until 2026-11-23, when the large page, then in a worker thread too, once aborted the build in CI).
 */
const HEAP_MB = 64;

/** A table with formatting in every cell, about `chars` long: the densest Markdown there is for the parser. */
function tablePage(title: string, chars: number): string {
  let text = `---\ntitle: ${title}\n---\n\n| a | b | c | d |\n| - | - | - | - |\n`;
  while (text.length < chars) text += '| `x` **y** | [l](#a) | z _w_ | 1 2 3 |\n';
  return text;
}

function site(pages: Record<string, string>): { dir: string; root: string } {
  const dir = mkdtempSync(join(tmpdir(), 'docsc-oom-'));
  const root = join(dir, 'docs');
  mkdirSync(root);
  for (const [name, text] of Object.entries(pages)) writeFileSync(join(root, `${name}.mdx`), text);
  const config = {
    name: 'Big',
    theme: 'mint',
    colors: { primary: '#000000' },
    navigation: { groups: [{ group: 'Pages', pages: Object.keys(pages) }] },
  };
  writeFileSync(join(root, 'docs.json'), JSON.stringify(config));
  return { dir, root };
}

function smallPage(n: number): string {
  return `---\ntitle: Page ${n}\n---\n\nText of page ${n}.\n`;
}

/** The compiled bin (`npm test` builds it first) with a small heap for every thread. */
function docsc(args: string[], cwd: string): Promise<Run> {
  return runNode([`--max-old-space-size=${HEAP_MB}`, join(projectRoot, 'dist/cli/main.js'), ...args], cwd);
}

/** The errors of a `--json` report; a run that printed none fails with its status and stderr. */
function codesAt(run: Run): string[] {
  assert.ok(run.stdout.trim() !== '', `no report (status ${run.status}), stderr:\n${run.stderr}`);
  const report = JSON.parse(run.stdout) as { diagnostics: { code: string; file: string; severity: string }[] };
  return report.diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.file}: ${d.code}`);
}

test('a small site: the large page fails with page/out-of-memory, the others are built; check reports it too', async () => {
  const { dir } = site({ first: smallPage(1), big: tablePage('Big', ISOLATED_PAGE_CHARS + 50_000), last: smallPage(2) });
  try {
    const built = await docsc(['build', 'docs', '-o', 'out', '--no-cache', '--json'], dir);
    assert.is(built.status, 1, built.stderr);
    assert.not.match(built.stderr, /internal error/);
    assert.equal(codesAt(built), ['docs/big.mdx: page/out-of-memory']);
    assert.ok(existsSync(join(dir, 'out/first/index.html')) && existsSync(join(dir, 'out/last/index.html')));
    const big = readFileSync(join(dir, 'out/big/index.html'), 'utf8');
    assert.match(big, 'This page is too large to compile.');
    // Its frontmatter still titles it, in the navigation of the other pages too.
    assert.match(big, '<title>Big');
    assert.match(readFileSync(join(dir, 'out/first/index.html'), 'utf8'), '>Big<');

    // Running out of memory depends on the machine, not on the page alone: it is not cached, the next build tries again.
    const cached = join(dir, 'cache');
    await docsc(['build', 'docs', '-o', 'out', '--cache-dir', cached, '--json'], dir);
    const again = await docsc(['build', 'docs', '-o', 'out', '--cache-dir', cached, '--json'], dir);
    assert.equal(codesAt(again), ['docs/big.mdx: page/out-of-memory']);
    const stats = (JSON.parse(again.stdout) as { stats: { compiled: number; fromCache: number } }).stats;
    assert.equal([stats.compiled, stats.fromCache], [1, 2]);

    const checked = await docsc(['check', 'docs', '--no-cache', '--format', 'json'], dir);
    assert.is(checked.status, 1, checked.stderr);
    assert.equal(codesAt(checked), ['docs/big.mdx: page/out-of-memory']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a large site: the batch whose worker ran out of memory is run again page by page, and only the culprit fails', async () => {
  const pages: Record<string, string> = {};
  for (let n = 0; n < 130; n++) pages[`page-${n}`] = smallPage(n);
  // Under ISOLATED_PAGE_CHARS: batched with its neighbours, yet more than the heap holds.
  pages['page-60'] = tablePage('Dense', ISOLATED_PAGE_CHARS - 10_000);
  const { dir } = site(pages);
  try {
    const built = await docsc(['build', 'docs', '-o', 'out', '--no-cache', '--json'], dir);
    assert.is(built.status, 1, built.stderr);
    assert.equal(codesAt(built), ['docs/page-60.mdx: page/out-of-memory']);
    for (const n of [0, 59, 61, 129]) assert.ok(existsSync(join(dir, `out/page-${n}/index.html`)), `page-${n}`);
    assert.match(readFileSync(join(dir, 'out/page-61/index.html'), 'utf8'), 'Text of page 61.');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
