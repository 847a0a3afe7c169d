// The docs.json grammar: values and spans, recovery that reports every
// mistake at once, limits that keep hostile input bounded.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { SourceFile } from '../compiler/source/source-file.js';
import { parseJson } from '../compiler/syntax/json-parser.js';
import { toPlain } from '../compiler/syntax/json-tree.js';

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

test.run();
