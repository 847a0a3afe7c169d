// MDX pages are parsed block by block, blocks other pages share taken from a
// memo (compiler/pages/parse-blocks.ts). The page's tree must be the whole
// parse's, positions and estree programs and all, for every sample page, for
// the same pages parsed again (from the memo), and for random pages made of
// blocks that end and do not end where a cut is tried; and a page the parser
// rejects must never get a tree from its blocks.

import { readFileSync } from 'node:fs';
import { createProcessor } from '@mdx-js/mdx';
import fc from 'fast-check';
import type { Root } from 'mdast';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { blockStarts, pagesSharingBlocks, parseInBlocks } from '../compiler/pages/parse-blocks.js';
import remarkGfmLean, { gfmNeeds, gfmNeedsKey } from '../compiler/pages/remark-gfm-lean.js';
import remarkParseFork from '../compiler/pages/remark-parse-fork.js';
import { samplePages } from './support/sample-pages.js';

const processors = new Map<string, ReturnType<typeof createProcessor>>();

/** The processor parse-page.ts uses for an MDX source. */
function processorFor(source: string): { key: string; processor: ReturnType<typeof createProcessor> } {
  const needs = gfmNeeds(source);
  const key = `test ${gfmNeedsKey(needs)}`;
  let processor = processors.get(key);
  if (processor === undefined) {
    processor = createProcessor({ format: 'mdx', remarkPlugins: [[remarkGfmLean, needs], remarkParseFork] });
    processors.set(key, processor);
  }
  return { key, processor };
}

/** The whole parse's tree as JSON, or `error`. */
function whole(source: string): string {
  try {
    return JSON.stringify(processorFor(source).processor.parse(source));
  } catch {
    return 'error';
  }
}

/** Each block's processor, as parse-page.ts picks it. */
function blockParser(text: string): { key: string; parse: (text: string) => Root } {
  const { key, processor } = processorFor(text);
  return { key, parse: (block) => processor.parse(block) };
}

/** The tree from the blocks as JSON, `error` when the page is left to a whole parse that fails, `whole` when it has no cut. */
function inBlocks(source: string, shared?: boolean): string {
  const tree = parseInBlocks(source, blockParser, shared);
  return tree === undefined ? 'whole' : JSON.stringify(tree);
}

const outcomes = { cut: 0, whole: 0 };
/** The memo's hint: shared, not shared, unknown. */
const hint = fc.constantFrom(true, false, undefined);

/** Whether the blocks gave the whole parse's tree (or left the page to it); `shared`: the memo's hint. */
function same(source: string, shared?: boolean): boolean {
  const blocks = inBlocks(source, shared);
  outcomes[blocks === 'whole' ? 'whole' : 'cut']++;
  return blocks === 'whole' || blocks === whole(source);
}

test('every sample MDX page: the whole parse’s tree, from its blocks and again from the memo, whatever the hint', () => {
  let cut = 0;
  for (const path of samplePages().filter((p) => p.endsWith('.mdx'))) {
    const text = readFileSync(path, 'utf8');
    const expected = whole(text);
    for (const [round, shared] of [undefined, undefined, undefined, true, true, false].entries()) {
      const blocks = inBlocks(text, shared);
      if (blocks === 'whole') continue;
      assert.ok(expected !== 'error', `${path}: a tree from blocks for a page the parser rejects`);
      assert.equal(blocks, expected, path);
      if (round === 0) cut++;
    }
  }
  assert.ok(cut > 10, `only ${cut} sample pages were cut`);
});

test('pages sharing blocks: half of the text or more in blocks another page has', () => {
  const block = '<Update label="v1">\n  Fixed\n</Update>\n\n';
  const pages = [
    { path: 'v1/changelog.mdx', text: `${block}<Update label="v2">\n  New\n</Update>\n` },
    { path: 'v2/changelog.mdx', text: `${block}<Update label="v3">\n  Newer\n</Update>\n` },
    { path: 'v3/changelog.mdx', text: `${block}<Update label="v4">\n  Newest, and a much longer entry than the first one\n</Update>\n` },
    { path: 'v1/changelog.md', text: `${block}<Update label="v2">\n  New\n</Update>\n` },
    { path: 'other.mdx', text: 'No cut here' },
  ];
  assert.equal(pagesSharingBlocks(pages), [true, true, false, false, false]);
});

test('a tree from the memo is a copy: changing one page’s tree changes no other', () => {
  const block = '<Update label="v1">\n  ## Fixed\n\n  - one {1 + 1}\n  - [two](/two)\n</Update>\n\n';
  const page = `import {a} from './a.js'\n\n${block}${block}<Note>\n  {a}\n</Note>\n`;
  const expected = whole(page);
  for (let round = 0; round < 4; round++) {
    const tree = parseInBlocks(page, blockParser, round >= 2 ? true : undefined);
    assert.ok(tree !== undefined);
    assert.equal(JSON.stringify(tree), expected);
    const first = tree.children[1];
    if (first?.position) first.position.start.line = 999;
    tree.children.length = 0;
  }
});

test('cuts: before a tag or a heading at the first column after a blank line, never inside fences or open elements, nor before ESM, nor with definitions', () => {
  const page = (body: string) => blockStarts(body).map((at) => body.slice(at, at + 4));
  assert.equal(page('<A>\nx\n</A>\n\n<B />\n\n<C>\n</C>\n'), ['<B /', '<C>\n']);
  assert.equal(page('<A>\nx\n</A>\n<B />\n'), []);
  assert.equal(page('```mdx\n<A>\n\n<B />\n```\n\n<C />\n'), ['<C /']);
  assert.equal(page('<Steps>\n<Step>\na\n</Step>\n\n<Step>\nb\n</Step>\n</Steps>\n\n<C />\n'), ['<C /']);
  assert.equal(page('<A\n  b="c"\n/>\n\n<C />\n'), ['<C /']);
  assert.equal(page('<A />\n\nexport const x = 1\n\n<B />\n\n<C />\n'), ['<B /', '<C /']);
  assert.equal(page('<A />\n\n<B />\n\nimport x from "y"\n\n<C />\n'), ['<C /']);
  assert.equal(page('<A />\n\n<B />\n\n[x]: /x\n'), []);
  assert.equal(page('<A />\r\n\r\n<B />\r\n'), ['<B /']);
  assert.equal(page('  <A />\n\n  <B />\n'), []);
  assert.equal(page('Text\n\n## Heading\n\n- list\n\n#hash\n\n<A>\n\n## Inside\n\n</A>\n'), ['## H', '#has', '<A>\n']);
  assert.equal(page('<A />\n\n<5 and <-\n\n< B\n'), []);
});

test('random pages of blocks: the whole parse’s tree, or the page left to it', () => {
  // Blocks that end before a blank line, and ones that run on across it (a fence, a tag, an expression, a list).
  const blocks = [
    '<Update label="a">\n  ## Heading\n\n  - one\n  - two\n</Update>',
    '<Update label="b">\n\n- loose\n\n- list\n\n</Update>',
    '<Note>Inline *text* and {1 + 1} and [a](/a).</Note>',
    '<Card title="x" href="/x" />',
    '<Card\n  title="y"\n  href="/y"\n/>',
    '<Tabs>\n<Tab title="a">\n\nText\n\n</Tab>\n</Tabs>',
    '<Steps>\n<Step title="one">\na\n</Step>',
    '~~~\n<B />\n~~~',
    '{/* comment */}',
    '# Title {1}',
    '## Heading\n\nText under it',
    '### Heading *with* [link](/l)',
    '#NotAHeading',
    'Setext\n===',
    'Paragraph\nlazy line',
    '- item\ncontinued lazily\n  - nested',
    '> quote\n> <Q />',
    '1. first\n2. second',
    '| a | b |\n| - | - |\n| 1 | 2 |',
    'www.example.com and me@example.com',
    'a[^n] and [ref]',
    '<div id="x">\n  text\n</div>',
    '\t<Indented />',
    '    four spaces',
    '<>fragment</>',
    '&amp; &#64;',
    '',
    ' ',
  ];
  // Pieces of blocks: a block parsed alone ends before they do.
  const pieces = ['</Steps>', '<A>', '</A>', '```js\nconst a = 1;', '```', '{\n  1 +', '  2\n}', '<B\n\n  c="d" />'];
  // Rarer: what stops cuts (definitions anywhere; cuts only after the last ESM).
  const rare = ['export const x = 1', 'import {y} from "./y.js"', 'export function f() {\n  return 1\n}', '[ref]: /ref', '[^n]: footnote'];
  const separators = ['\n\n', '\n', '\n \n', '\r\n\r\n', '\n\n\n', '\n\t\n'];
  const block = fc.oneof(
    { arbitrary: fc.constantFrom(...blocks), weight: 30 },
    { arbitrary: fc.constantFrom(...pieces), weight: 2 },
    { arbitrary: fc.constantFrom(...rare), weight: 1 },
  );
  fc.assert(
    fc.property(fc.array(fc.tuple(block, fc.constantFrom(...separators)), { maxLength: 14 }), hint, (parts, shared) => {
      const text = parts.map(([block, separator]) => block + separator).join('');
      return same(text, shared);
    }),
    { seed: 20261204, numRuns: 3000 },
  );
  // Many random pages are cut somewhere (the others have no cut, or a block that needs the whole page, or do not parse).
  assert.ok(outcomes.cut > 800, JSON.stringify(outcomes));
});

test('random pages of elements and Markdown at the first column, with Markdown inside the elements: the whole parse’s tree, or the page left to it', () => {
  const lines = [
    '- x',
    '  - y',
    '* z',
    '1. n',
    '2) m',
    '> q',
    '> - r',
    '```\ncode\n```',
    '```js\n<A>\n\n<B />',
    '~~~\n~~~',
    '{1}',
    '{\n\n1\n\n}',
    'text',
    'more *text* {2}',
    '  indented',
    '\tTabbed',
    '    four',
    '| a | b |',
    '| - | - |',
    '| 1 | 2 |',
    '***',
    '---',
    '# h',
    '===',
    '<D>text</D>',
    '  <E>',
    '  </E>',
    '  <G />',
    '',
    ' ',
    '\t',
    '&amp;',
    'www.x.org a@b.co',
    '- [ ] t',
    '  continued',
    'lazy',
    '<B />',
    '<Frame>\n![i](/i.png)\n</Frame>',
    '## h2',
    '### h3 {x}',
    '#',
  ];
  const element = fc.record({
    kind: fc.constantFrom('element', 'self-closing', 'markdown'),
    name: fc.constantFrom('Update', 'Note', 'Tabs', 'div'),
    body: fc.array(fc.constantFrom(...lines), { maxLength: 8 }),
    indent: fc.constantFrom('', '  '),
    opening: fc.constantFrom('\n', '\n\n'),
    after: fc.constantFrom('\n', '\n\n', '\n \n', '\n\n\n', '\n\t\n'),
  });
  fc.assert(
    fc.property(fc.array(element, { maxLength: 10 }), fc.boolean(), hint, (elements, crlf, shared) => {
      const text = elements
        .map(({ kind, name, body, indent, opening, after }) => {
          if (kind === 'self-closing') return `<${name} a="b" />${after}`;
          if (kind === 'markdown') return `${body.join('\n')}${after}`;
          return `<${name} label="v">${opening}${body.map((l) => indent + l).join('\n')}\n</${name}>${after}`;
        })
        .join('');
      return same(crlf ? text.replace(/\n/g, '\r\n') : text, shared);
    }),
    { seed: 20261205, numRuns: 2000 },
  );
});

test.run();
