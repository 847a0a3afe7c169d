// Pages the Markdown parser takes quadratic time on fail alone, at once: the
// scan before parsing (compiler/pages/find-quadratic-markdown.ts) reports
// each at its place as `page/too-complex`. `docsc check` and `docsc build`,
// run as users run them, report them, build every other page and exit with
// status 1. Before the scan, these pages took from 4 s (the paragraph of
// 40,000 lines) to 152 s (the `*`) each; the runs are killed after 2 minutes,
// far above the second they take, so that a regression fails instead of
// hanging. The Markdown page's fenced code holds the same characters, and is
// read: code is passed over.

import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { findQuadraticMarkdown } from '../compiler/pages/find-quadratic-markdown.js';
import { type Run, reportedErrors, runNode } from './support/run-node.js';

const projectRoot = fileURLToPath(new URL('../', import.meta.url));
const TIMEOUT_MS = 120_000;

const PAGES: Record<string, string> = {
  'first.mdx': 'Text of the first page.',
  'emphasis.mdx': `${'*'.repeat(20_000)}x${'*'.repeat(20_000)}`,
  'lists.mdx': '1. '.repeat(20_000),
  'quotes.mdx': `${'> '.repeat(20_000)}x`,
  'images.mdx': `${'!['.repeat(2_000)}x${'](y)'.repeat(2_000)}`,
  'brackets.mdx': `${'x[ '.repeat(100_000)}${'a* '.repeat(2_000)}`,
  'lines.mdx': `${'a\n'.repeat(40_000)}${'a* '.repeat(2_000)}`,
  'notebook.md': `# Output\n\n\`\`\`text\n${'**x** [a] '.repeat(20_000)}\n${'*a\n'.repeat(20_000)}\`\`\`\n\nAfter the output.`,
  'last.mdx': 'Text of the last page.',
};

function site(): { dir: string; root: string } {
  const dir = mkdtempSync(join(tmpdir(), 'docsc-complex-'));
  const root = join(dir, 'docs');
  mkdirSync(root);
  for (const [name, body] of Object.entries(PAGES)) writeFileSync(join(root, name), `---\ntitle: ${name}\n---\n\n${body}\n`);
  const config = {
    name: 'Complex',
    theme: 'mint',
    colors: { primary: '#000000' },
    navigation: { groups: [{ group: 'Pages', pages: Object.keys(PAGES).map((name) => name.replace(/\.mdx?$/, '')) }] },
  };
  writeFileSync(join(root, 'docs.json'), JSON.stringify(config));
  return { dir, root };
}

function docsc(args: string[], cwd: string): Promise<Run> {
  return runNode([join(projectRoot, 'dist/cli/main.js'), ...args], cwd, TIMEOUT_MS);
}

const EXPECTED = [
  'docs/brackets.mdx:5:300503 page/too-complex This paragraph reaches 168 `*`, `_`, `~` or `]` that can close emphasis or a link here, and 100,169 punctuation characters and lines: more than docsc parses (at most 16,777,216 for the two counts multiplied), so the page is not parsed and its body is an error block',
  'docs/emphasis.mdx:5:4096 page/too-complex This paragraph reaches 4,096 `*`, `_`, `~` or `]` that can close emphasis or a link here, and 4,097 punctuation characters and lines: more than docsc parses (at most 16,777,216 for the two counts multiplied), so the page is not parsed and its body is an error block',
  'docs/images.mdx:5:4002 page/too-complex Links are nested 2,000 deep (`[` in `[`): more than docsc parses (at most 32 deep), so the page is not parsed and its body is an error block',
  'docs/lines.mdx:40005:1247 page/too-complex This paragraph reaches 416 `*`, `_`, `~` or `]` that can close emphasis or a link here, and 40,417 punctuation characters and lines: more than docsc parses (at most 16,777,216 for the two counts multiplied), so the page is not parsed and its body is an error block',
  'docs/lists.mdx:5:301 page/too-complex 101 list items are opened on one line: more than docsc parses (at most 100), so the page is not parsed and its body is an error block',
  'docs/quotes.mdx:5:20001 page/too-complex 10,001 block quotes and list items are opened on one line: more than docsc parses (at most 10,000), so the page is not parsed and its body is an error block',
];

test('check and build report each page at its place, build the others, and exit normally', async () => {
  const { dir } = site();
  try {
    const checked = await docsc(['check', 'docs', '--no-cache', '--format', 'json'], dir);
    assert.is(checked.status, 1, checked.stderr);
    assert.equal(reportedErrors(checked), EXPECTED);

    const built = await docsc(['build', 'docs', '-o', 'out', '--no-cache', '--json'], dir);
    assert.is(built.status, 1, built.stderr);
    assert.equal(reportedErrors(built), EXPECTED);
    assert.match(readFileSync(join(dir, 'out/first/index.html'), 'utf8'), 'Text of the first page.');
    assert.match(readFileSync(join(dir, 'out/last/index.html'), 'utf8'), 'Text of the last page.');
    assert.match(readFileSync(join(dir, 'out/notebook/index.html'), 'utf8'), 'After the output.');
    assert.match(readFileSync(join(dir, 'out/emphasis/index.html'), 'utf8'), 'docsc-render-error');
    assert.ok(existsSync(join(dir, 'out/lists/index.html')));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/** A paragraph past the limit of delimiters: 2,100 `*` that can close, among 2,101 punctuation characters and lines. */
const PARAGRAPH = '*a'.repeat(4_200);

test('the scan: real shapes under the limits pass', () => {
  assert.is(findQuadraticMarkdown(`${'['.repeat(50_000)}\n`), undefined, '`[` alone is linear');
  assert.is(findQuadraticMarkdown(`${'> '.repeat(10_000)}## Deep\n`), undefined, 'render/too-deep refuses it, quickly');
  assert.is(findQuadraticMarkdown(`${'*a\n\n'.repeat(50_000)}`), undefined, 'blank lines end paragraphs');
  assert.is(findQuadraticMarkdown(`${'snake_case_name '.repeat(50_000)}*a*\n`), undefined, '`_` in words cannot close');
});

test('the scan passes over fenced code, its fences read as MDX reads them', () => {
  const fenced = (open: string, close: string, indent = '') => `${open}\n${indent}${PARAGRAPH}\n${close}\n\nText.\n`;
  assert.is(findQuadraticMarkdown(fenced('```', '```')), undefined);
  assert.is(findQuadraticMarkdown(fenced('- ```js', '  ```', '  ')), undefined);
  assert.is(findQuadraticMarkdown(fenced('<CodeGroup>\n    ```json', '  ```\n</CodeGroup>', '\t')), undefined, 'no indented code in MDX');
  assert.is(findQuadraticMarkdown(fenced('> ~~~~', '> ~~~~', '> ')), undefined);
  // A long JSON response example: 1,200 `]` among 11,000 lines of punctuation (a false refusal while code counted).
  const json = JSON.stringify(
    { data: Array.from({ length: 600 }, (_, id) => ({ id, tags: ['a', `c${id}`], nested: { values: [id, id + 1] } })) },
    null,
    2,
  );
  assert.is(findQuadraticMarkdown(`# Response\n\n\`\`\`json\n${json}\n\`\`\`\n`), undefined);
  // After each of these, what follows is text for the parser: the scan counts it.
  const counted = (before: string) => findQuadraticMarkdown(`${before}\n${PARAGRAPH}\n\`\`\`\n`)?.what ?? 'passed over';
  assert.match(counted('```a`b'), 'This paragraph', 'a backtick in the info string');
  assert.match(counted('> ```\n> code'), 'This paragraph', 'the block quote ends the fence');
  assert.match(counted('~~~\n```\n~~~'), 'This paragraph', 'only its own marker closes it');
});

test.run();
