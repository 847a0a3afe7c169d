// Frontmatter of plain `key: value` lines (strings, integers, lists of quoted
// strings) is read by hand
// (compiler/pages/parse-frontmatter.ts, `simplePairs`), everything else with
// the `yaml` package. Both ways must give the same frontmatter and the same
// diagnostics: each page below that is read by hand is read again with one
// more key whose value (a list) sends the block to `yaml` (an unknown key,
// which frontmatter ignores). The pages are every page of the test fixtures and the
// bundled example, and lines chosen at YAML's edges.

import { readFileSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseFrontmatter, simplePairs } from '../compiler/pages/parse-frontmatter.js';
import { SourceFile } from '../compiler/source/source-file.js';
import { samplePages } from './support/sample-pages.js';

const EDGES = [
  'title: yes',
  'title: no',
  'title: on',
  'title: Infinity',
  'title: .inf',
  'title: C#',
  'title: a#b',
  'title: a #comment',
  'title: (x)',
  'title: /path/x',
  'title: x: y',
  'title: x:',
  'title: x {y} [z], w',
  'title: $x',
  'title: 0x1F',
  'title: 1.10',
  'version: 1.10',
  'title: Null',
  'title: nULL',
  'title: TRUE',
  'title: tRue',
  'og:title: x',
  'og:image:alt: y',
  'a.b: c',
  'title: x  ',
  'title:  x',
  'title:',
  'title: ""',
  "title: ''",
  'title: "a" # c',
  'title: "a\\"b"',
  "title: 'it''s'",
  'title: "tab\\there"',
  'title: ~',
  'title: ~x',
  'title: <b>',
  'title: %x',
  'title: @x',
  'title: x  y',
  'title: what? now',
  'title: - x',
  'title: ?x',
  'title: *alias',
  'title: &anchor x',
  'title: !tag x',
  'title: |',
  'title: >',
  'title: [a, b]',
  'title: {a: b}',
  'hidden: true',
  'hidden: "true"',
  'hidden: yes',
  'mode: wide',
  'mode: "sideways"',
  'url: https://example.com/x',
  'url: not a url',
  'openapi: GET /users',
  "openapi: 'openapi.json POST /users'",
  'openapi: "GET"',
  'api: POST https://api.example.com/x',
  'title: a\ntitle: b',
  'title: first\n  continued',
  'title: "multi\n  line"',
  '# only a comment',
  '',
  '   ',
  'title: x\n\n# comment\ndescription: "y"',
  'Title: capital key',
  '1: numeric key',
  '"title": quoted key',
  'title : spaced key',
  ' title: indented',
  'boost: 3',
  'boost: 0',
  'boost: 007',
  'boost: -1',
  'boost: 123456789012345',
  'boost: 1234567890123456',
  'title: 2024',
  'hidden: 1',
  'mode: 2',
  'keywords: ["quickstart", "deploy", "get started"]',
  'keywords: ["a","b"]',
  'keywords: [ "a" ,  "b" ]',
  'keywords: []',
  'keywords: [ ]',
  'keywords: ["a",]',
  'keywords: ["a"] # c',
  'keywords: ["a\\"b"]',
  "keywords: ['a']",
  'keywords: [a, b]',
  'keywords: ["a", 2]',
  'keywords: ["a: b", "c # d", "e]f", "[g"]',
  'keywords: ["Inicio rápido", "快速开始"]',
  'title: ["x"]',
  'description: []',
  'openapi: ["GET /x"]',
  'tags: ["free", "metadata"]',
  'keywords: ["a"]\nkeywords: ["b"]',
];

/** Pages with frontmatter: the fixtures' and example's, and one per edge line. */
function samples(): { name: string; text: string }[] {
  const files = samplePages()
    .map((path) => ({ name: path, text: readFileSync(path, 'utf8') }))
    .filter(({ text }) => /^---[ \t]*\r?\n[\s\S]*?\n---[ \t]*\r?$/m.test(text) && text.startsWith('---'));
  return [...files, ...EDGES.map((line, i) => ({ name: `edge ${i}: ${JSON.stringify(line)}`, text: `---\n${line}\n---\n\nBody.\n` }))];
}

/** The page with a key `yaml` alone reads (a list of a number), just before the block's closing line. */
function throughYaml(text: string): string {
  const closing = /^---[ \t]*\r?$/gm;
  closing.lastIndex = text.indexOf('\n') + 1;
  const match = closing.exec(text);
  if (match === null) return text;
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  return `${text.slice(0, match.index)}zz-docsc-through-yaml: [1]${eol}${text.slice(match.index)}`;
}

test('frontmatter: read by hand or by yaml, every page gives the same frontmatter and diagnostics', () => {
  let byHand = 0;
  const all = samples();
  for (const { name, text } of all) {
    const block = /^---[ \t]*\r?\n([\s\S]*?)^---/m.exec(text)?.[1] ?? '';
    // The others are read by yaml either way.
    if (simplePairs(block) === undefined) continue;
    byHand++;
    const direct = parseFrontmatter(new SourceFile('page.mdx', text));
    const viaYaml = parseFrontmatter(new SourceFile('page.mdx', throughYaml(text)));
    assert.equal(direct.frontmatter, viaYaml.frontmatter, `${name}: frontmatter`);
    const shown = (d: (typeof direct.diagnostics)[number]) => `${d.code} ${d.line}:${d.column} ${d.message}`;
    assert.equal(direct.diagnostics.map(shown), viaYaml.diagnostics.map(shown), `${name}: diagnostics`);
  }
  // Both ways were taken, the hand-read one for most real pages.
  assert.ok(byHand > all.length / 2, `read by hand: ${byHand} of ${all.length}`);
  assert.ok(byHand < all.length, 'some pages go to yaml');
});

test.run();
