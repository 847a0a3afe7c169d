// The docs.json grammar: values and spans, recovery that reports every
// mistake at once, limits that keep hostile input bounded.

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { SourceFile } from '../compiler/source/source-file.js';
import { parseJson, parseJsonByGrammar } from '../compiler/syntax/json-parser.js';
import { toPlain } from '../compiler/syntax/json-tree.js';
import { parseStrictJson } from '../compiler/syntax/strict-json.js';

function parse(text: string) {
  const result = parseJson(new SourceFile('t.json', text));
  return { value: toPlain(result.root), problems: result.diagnostics.map((d) => `${d.line}:${d.column} ${d.code} ${d.message}`) };
}

test('valid JSON reads as JSON.parse reads it, with spans', () => {
  const text = '{"a": [1, -2.5e3, true, false, null, "x\\n\\u00e9"], "b": {}}';
  assert.equal(parse(text), { value: JSON.parse(text), problems: [] });
  const root = parseJson(new SourceFile('t.json', text)).root;
  assert.ok(root.kind === 'object');
  const a = root.kind === 'object' ? root.members[0] : undefined;
  assert.equal([a?.keySpan.start, a?.keySpan.end, a?.value.span.start], [1, 4, 6]);
});

test('every mistake is reported at once, and what can be read is kept', () => {
  const { value, problems } = parse('{"a": [1, 2,], \'b\': x, // c\n "d": "unterminated\n}');
  assert.equal(value, { a: [1, 2], b: 'x', d: 'unterminated' });
  assert.equal(problems, [
    '1:24 json/comment Comments are not allowed in JSON',
    '1:16 json/single-quoted Strings must use double quotes',
    '1:21 json/syntax Unquoted word `x`, expected a string in double quotes',
    '2:7 json/bad-string Invalid string: unterminated string',
    '1:12 json/trailing-comma Trailing comma before `]`',
  ]);
});

test('bad strings say why', () => {
  assert.equal(parse('["tab\there"]').problems, ['1:2 json/bad-string Invalid string: raw control character (write it as an escape such as `\\t`)']);
  assert.equal(parse('["\\q"]').problems, ['1:2 json/bad-string Invalid string: invalid escape sequence']);
});

test('missing commas, colons and closers', () => {
  assert.equal(parse('[1 2]').problems, ['1:4 json/syntax Unexpected `2`, expected `,` or `]`']);
  assert.equal(parse('{"a" 1}').problems, ['1:2 json/syntax Missing `:` after `"a"`, expected `:` between key and value']);
  assert.equal(parse('{"a": 1}}').problems, ['1:9 json/syntax Unexpected `}`, expected the end of the document']);
  assert.equal(parse('{"a": ').problems, [
    '1:7 json/syntax Unexpected end of file, expected a value (object, array, string, number, `true`, `false` or `null`)',
  ]);
  assert.equal(parse('').problems, ['1:1 json/syntax Empty document, expected a value (object, array, string, number, `true`, `false` or `null`)']);
});

test('duplicate keys: reported, and the last value kept as JSON.parse does', () => {
  const { value, problems } = parse('{"a": 1, "a": 2}');
  assert.equal(value, { a: 2 });
  assert.equal(problems, ['1:10 json/duplicate-key Duplicate key `a`; the earlier value is ignored']);
});

test('__proto__ is an ordinary key and pollutes nothing', () => {
  const { value } = parse('{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}}');
  assert.equal(Object.keys(value as object), ['__proto__', 'constructor']);
  assert.is(({} as Record<string, unknown>).polluted, undefined);
  assert.is(Object.getPrototypeOf(value), Object.prototype);
});

test('100,000 levels of nesting are refused without overflowing the stack', () => {
  const { problems } = parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`);
  assert.equal(problems, ['1:257 json/too-deep Nesting deeper than 256 levels; the file was not read further']);
});

// The strict scan (strict-json.ts) stands in for the grammar on strict JSON: the same tree, every span the same,
// and no diagnostic; anything the grammar would report something about is left to it.
function tree(result: ReturnType<typeof parseJson>): unknown {
  return JSON.parse(JSON.stringify(result, (key, value) => (key === 'file' ? undefined : value)));
}

test('strict JSON: the scan builds the tree the grammar builds, for every JSON fixture and edge cases', () => {
  const fixtures = (function list(dir: string): string[] {
    return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? list(join(dir, e.name)) : e.name.endsWith('.json') ? [join(dir, e.name)] : [],
    );
  })('tests/fixtures');
  const cases = [
    // Leading byte-order marks off (one fixture has two: openapi/parse-failed's example, which JSON.parse rejects).
    ...fixtures.map((path) => readFileSync(path, 'utf8').replace(/^\uFEFF+/, '')),
    '{}',
    '[]',
    ' \t\r\n{ "a" : [ ] , "b" : { } } \n',
    '"top"',
    '-0.5e-10',
    'true',
    'null',
    '{"k\\"ey": "v\\u00e9\\ud83d\\ude00\\\\", "n": [0, -1, 2.50, 1E+2]}',
    `{${Array.from({ length: 40 }, (_, n) => `"k${n}": ${n}`).join(', ')}}`,
  ];
  let scannedCount = 0;
  for (const text of cases) {
    const file = new SourceFile('t.json', text);
    const grammar = parseJsonByGrammar(file);
    const scanned = parseStrictJson(file);
    // What the grammar reads without a problem, the scan reads; the trees are the same.
    assert.is(scanned !== undefined, grammar.diagnostics.length === 0, text.slice(0, 80));
    if (scanned === undefined) continue;
    scannedCount++;
    assert.equal(tree({ root: scanned, diagnostics: [] }), tree(grammar), text.slice(0, 80));
  }
  assert.ok(scannedCount > 100, `${scannedCount} of ${cases.length} read by the scan`);
});

test('strict JSON: what the grammar reports on is left to it', () => {
  for (const text of [
    '{"a": 1, "a": 2}',
    `{${Array.from({ length: 20 }, (_, n) => `"k${n % 17}": ${n}`).join(', ')}}`,
    '[1, 2,]',
    '{"a": 1} // c',
    "{'a': 1}",
    '',
    `${'['.repeat(300)}${']'.repeat(300)}`,
  ]) {
    assert.is(parseStrictJson(new SourceFile('t.json', text)), undefined, text.slice(0, 40));
    assert.equal(tree(parseJson(new SourceFile('t.json', text))), tree(parseJsonByGrammar(new SourceFile('t.json', text))));
  }
});

test.run();
