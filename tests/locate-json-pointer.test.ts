// The JSON pointer scanner finds, for every value and key of real OpenAPI
// documents (the JSON ones of @readme/oas-examples), exactly the span the
// positioned tree of the JSON grammar gives, and nothing for pointers that
// lead nowhere; for those, `locateNearestJsonPointer` gives the nearest
// ancestor the tree gives (of duplicate keys, the last).

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { SourceFile } from '../compiler/source/source-file.js';
import { parseJson } from '../compiler/syntax/json-parser.js';
import type { JsonNode } from '../compiler/syntax/json-tree.js';
import { locateJsonPointer, locateNearestJsonPointer } from '../compiler/syntax/locate-json-pointer.js';
import { exampleFiles, examplesRoot } from './support/oas-examples.js';

interface Expected {
  pointer: string[];
  value: [number, number];
  key?: [number, number];
}

function everyPlace(node: JsonNode, pointer: string[], into: Expected[], key?: [number, number]): Expected[] {
  into.push({ pointer, value: [node.span.start, node.span.end], ...(key ? { key } : {}) });
  if (node.kind === 'object') for (const m of node.members) everyPlace(m.value, [...pointer, m.key], into, [m.keySpan.start, m.keySpan.end]);
  if (node.kind === 'array') for (const [i, item] of node.items.entries()) everyPlace(item, [...pointer, String(i)], into);
  return into;
}

test('every value and key of real documents is where the positioned tree says', () => {
  const files = [...exampleFiles('3.0'), ...exampleFiles('3.1')].filter((f) => f.endsWith('.json'));
  let checked = 0;
  for (const file of files) {
    const text = readFileSync(join(examplesRoot, file), 'utf8');
    const places = everyPlace(parseJson(new SourceFile(file, text)).root, [], []);
    for (const expected of places) {
      const found = locateJsonPointer(text, expected.pointer);
      const actual = {
        pointer: expected.pointer,
        value: [found?.value.start, found?.value.end],
        ...(found?.key ? { key: [found.key.start, found.key.end] } : {}),
      };
      assert.equal(actual, expected, `${file} ${expected.pointer.join('/')}`);
      checked++;
    }
  }
  assert.ok(checked > 10_000, `${checked} places checked`);
});

test('nearest: every place of real documents, and below it a step that leads nowhere, as the positioned tree says', () => {
  const files = [...exampleFiles('3.0'), ...exampleFiles('3.1')].filter((f) => f.endsWith('.json')).slice(0, 12);
  for (const file of files) {
    const text = readFileSync(join(examplesRoot, file), 'utf8');
    for (const expected of everyPlace(parseJson(new SourceFile(file, text)).root, [], [])) {
      const whole = locateNearestJsonPointer(text, expected.pointer);
      assert.equal(
        { value: [whole.value.start, whole.value.end], ...(whole.key ? { key: [whole.key.start, whole.key.end] } : {}), depth: whole.depth },
        { value: expected.value, ...(expected.key ? { key: expected.key } : {}), depth: expected.pointer.length },
        `${file} ${expected.pointer.join('/')}`,
      );
      const below = locateNearestJsonPointer(text, [...expected.pointer, 'no such key', 'x']);
      assert.equal([below.value.start, below.value.end, below.key, below.depth], [...expected.value, undefined, expected.pointer.length]);
    }
  }
});

test('nearest: duplicate keys resolve to the last, as JSON.parse and the positioned tree keep it', () => {
  const text = '{"a": {"x": 1}, "a": {"b": [10, 20]}}';
  assert.is(locateJsonPointer(text, ['a', 'b']), undefined);
  const found = locateNearestJsonPointer(text, ['a', 'b', '1']);
  assert.equal([text.slice(found.value.start, found.value.end), found.depth], ['20', 3]);
  const missing = locateNearestJsonPointer(text, ['a', 'c']);
  assert.equal([text.slice(missing.value.start, missing.value.end), missing.key, missing.depth], ['{"b": [10, 20]}', undefined, 1]);
  // Array steps are canonical indexes only, as in the tree.
  assert.equal(locateNearestJsonPointer(text, ['a', 'b', '01']).depth, 2);
});

test('escaped keys, nested arrays, and pointers that lead nowhere', () => {
  const text = '{ "a\\/b": [1, {"c": "x\\"y"}], "k": {} }';
  assert.equal(locateJsonPointer(text, ['a/b', '1', 'c'])?.value, { start: 20, end: 26 });
  assert.equal(text.slice(locateJsonPointer(text, ['a/b'])?.key?.start, locateJsonPointer(text, ['a/b'])?.key?.end), '"a\\/b"');
  for (const missing of [['nope'], ['a/b', '5'], ['a/b', '0', 'x'], ['k', 'z'], ['a/b', '-1']])
    assert.is(locateJsonPointer(text, missing), undefined);
});

test.run();
