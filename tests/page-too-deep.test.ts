// A page whose JavaScript nests thousands of levels deep fails alone: acorn,
// the parser MDX reads expressions with, would exhaust the stack on it, and
// V8 aborts the process when that happens while a regular expression is
// compiled ("FATAL ERROR: RegExpCompiler Allocation failed"), which acorn's
// handling of the overflow does. The nesting limit
// (compiler/pages/limit-expression-depth.ts) makes it a syntax error at its
// place: `docsc check` and `docsc build`, run as users run them, report it
// there, build every other page and exit with status 1. The page is made here
// (34 KB, 4,000 JSX elements in one another's attributes); each kind of
// nesting is in tests/fixtures/pages/too-deep.mdx.

import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { summarizePage } from '../compiler/pages/summarize-page.js';
import { type Run, reportedErrors, runNode } from './support/run-node.js';

const projectRoot = fileURLToPath(new URL('../', import.meta.url));

/** The text that aborted Node in the page summary, before the limit. */
const DEEP = `${'<A b={<B c={'.repeat(2000)}1${'} />}'.repeat(2000)} />`;

function site(): { dir: string; root: string } {
  const dir = mkdtempSync(join(tmpdir(), 'docsc-deep-'));
  const root = join(dir, 'docs');
  mkdirSync(root);
  const pages: Record<string, string> = {
    first: 'Text of the first page.',
    deep: `Before the nesting.\n\n${DEEP}\n`,
    last: 'Text of the last page.',
  };
  for (const [name, body] of Object.entries(pages)) writeFileSync(join(root, `${name}.mdx`), `---\ntitle: ${name}\n---\n\n${body}\n`);
  const config = {
    name: 'Deep',
    theme: 'mint',
    colors: { primary: '#000000' },
    navigation: { groups: [{ group: 'Pages', pages: Object.keys(pages) }] },
  };
  writeFileSync(join(root, 'docs.json'), JSON.stringify(config));
  return { dir, root };
}

function docsc(args: string[], cwd: string): Promise<Run> {
  return runNode([join(projectRoot, 'dist/cli/main.js'), ...args], cwd);
}

const EXPECTED = [
  'docs/deep.mdx:7:518 page/mdx-syntax Could not read the expression in braces as JavaScript (it nests more than 256 levels deep, more than docsc reads); in MDX `{` starts an expression, write `\\{` to show a brace as text',
];

test('the summary of the page reports the nesting where it passes the limit', () => {
  const result = summarizePage('deep.mdx', DEEP);
  assert.equal(
    result.diagnostics.map((d) => `${d.line}:${d.column} ${d.code}`),
    ['1:518 page/mdx-syntax'],
  );
});

test('check and build report the page, build the others, and exit normally', async () => {
  const { dir } = site();
  try {
    const checked = await docsc(['check', 'docs', '--no-cache', '--format', 'json'], dir);
    assert.is(checked.status, 1, checked.stderr);
    assert.not.match(checked.stderr, /FATAL|internal error/);
    assert.equal(reportedErrors(checked), EXPECTED);

    const built = await docsc(['build', 'docs', '-o', 'out', '--no-cache', '--json'], dir);
    assert.is(built.status, 1, built.stderr);
    assert.not.match(built.stderr, /FATAL|internal error/);
    assert.equal(reportedErrors(built), EXPECTED);
    assert.match(readFileSync(join(dir, 'out/first/index.html'), 'utf8'), 'Text of the first page.');
    assert.match(readFileSync(join(dir, 'out/last/index.html'), 'utf8'), 'Text of the last page.');
    assert.ok(existsSync(join(dir, 'out/deep/index.html')));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
