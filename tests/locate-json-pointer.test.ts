// The JSON pointer index gives, for every value and key of real OpenAPI
// documents (the JSON ones of @readme/oas-examples), the places the
// positioned tree of the JSON grammar gives, and below each a pointer that
// leads nowhere its nearest ancestor — with one index per document, so that
// later pointers use what earlier ones indexed. Locating the summaries of
// thousands of operations in a one-line document shaped like Microsoft
// Graph's scans each container once: a few times the text, where scanning
// from the start for each pointer read the text thousands of times.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { SourceFile } from '../compiler/source/source-file.js';
import { parseJson } from '../compiler/syntax/json-parser.js';
import type { JsonNode } from '../compiler/syntax/json-tree.js';
import { JsonPointerIndex, type TextRange } from '../compiler/syntax/locate-json-pointer.js';
import { exampleFiles, examplesRoot } from './support/oas-examples.js';

interface Expected {
  pointer: string[];
  value: TextRange;
  key?: TextRange;
}

function everyPlace(node: JsonNode, pointer: string[], into: Expected[], key?: TextRange): Expected[] {
  into.push({ pointer, value: { start: node.span.start, end: node.span.end }, ...(key ? { key } : {}) });
  if (node.kind === 'object')
    for (const m of node.members) everyPlace(m.value, [...pointer, m.key], into, { start: m.keySpan.start, end: m.keySpan.end });
  if (node.kind === 'array') for (const [i, item] of node.items.entries()) everyPlace(item, [...pointer, String(i)], into);
  return into;
}

test('every place of real documents, and below each a step that leads nowhere, where the positioned tree says', () => {
  const files = [...exampleFiles('3.0'), ...exampleFiles('3.1')].filter((f) => f.endsWith('.json'));
  let checked = 0;
  for (const file of files) {
    const text = readFileSync(join(examplesRoot, file), 'utf8');
    const index = new JsonPointerIndex(text);
    for (const { pointer, value, key } of everyPlace(parseJson(new SourceFile(file, text)).root, [], [])) {
      const where = `${file} ${pointer.join('/')}`;
      assert.equal(index.locate(pointer), key ? { value, key } : { value }, where);
      assert.equal(index.locateNearest(pointer), key ? { value, key, depth: pointer.length } : { value, depth: pointer.length }, where);
      assert.is(index.locate([...pointer, 'no such key', 'x']), undefined, where);
      assert.equal(index.locateNearest([...pointer, 'no such key', 'x']), { value, depth: pointer.length }, where);
      checked++;
    }
  }
  assert.ok(checked > 10_000, `${checked} places checked`);
});

test('duplicate keys: locate follows the first, locateNearest the last; escaped keys; array steps are canonical', () => {
  const text = '{"a": {"x": 1}, "a": {"b": [10, 20]}, "k\\/l": [true]}';
  const index = new JsonPointerIndex(text);
  const show = (range: { start: number; end: number } | undefined) => range && text.slice(range.start, range.end);
  assert.is(index.locate(['a', 'b']), undefined);
  assert.is(show(index.locate(['a', 'x'])?.value), '1');
  assert.equal([show(index.locateNearest(['a', 'b', '1']).value), index.locateNearest(['a', 'b', '1']).depth], ['20', 3]);
  assert.is(index.locateNearest(['a', 'b', '01']).depth, 2);
  assert.is(show(index.locate(['k/l', 0])?.value), 'true');
  assert.is(show(index.locate(['k/l'])?.key), '"k\\/l"');
  assert.equal(index.locateNearest([]), { value: { start: 0, end: text.length }, depth: 0 });
});

test('the summaries of 4,000 operations in a one-line document: each container scanned once', () => {
  const paths: Record<string, unknown> = {};
  for (let i = 0; i < 4_000; i++) {
    const operation = (verb: string) => ({
      summary: `${verb} the number of the resource`,
      parameters: [{ $ref: '#/components/parameters/top' }],
      responses: { 200: { $ref: '#/components/responses/count' }, default: { $ref: '#/components/responses/error' } },
    });
    paths[`/things/${i}/items/$count`] = { get: operation('Get'), delete: operation('Delete') };
  }
  const text = JSON.stringify({ openapi: '3.0.1', info: { title: 'Graph-like', version: '1' }, paths });
  const index = new JsonPointerIndex(text);
  for (const path of Object.keys(paths)) {
    for (const method of ['get', 'delete']) {
      const found = index.locate(['paths', path, method, 'summary']);
      const verb = method === 'get' ? 'Get' : 'Delete';
      assert.is(text.slice(found?.value.start, found?.value.end), `"${verb} the number of the resource"`);
      assert.is(text.slice(found?.key?.start, found?.key?.end), '"summary"');
    }
  }
  // Root, `paths`, each path item and each operation once: at most once per step of the pointers, four times the
  // text (one scan of the text per pointer, as before, was 8,000 times).
  assert.ok(index.scannedChars <= 4 * text.length, `${index.scannedChars} characters scanned for a text of ${text.length}`);
  assert.ok(index.scannedChars > text.length, 'the root and `paths` were scanned');
});

test('one pointer scans to its place, not the containers around it; a later pointer resumes where it stopped', () => {
  const big = Array.from({ length: 20_000 }, (_, i) => ({ id: i, name: `item ${i}` }));
  const text = JSON.stringify({ info: { title: 'T', version: '1' }, items: big, tail: { last: true } }, null, 1);
  const index = new JsonPointerIndex(text);
  const title = index.locate(['info', 'title']);
  assert.is(text.slice(title?.value.start, title?.value.end), '"T"');
  // `openapi-file` places one warning in a 13 MB document: indexing every container on the way whole read it all.
  assert.ok(index.scannedChars < 100, `${index.scannedChars} characters scanned for the first member's first member`);
  const item = index.locate(['items', '10']);
  assert.is(text.slice(item?.value.start, item?.value.end).replace(/\s+/g, ''), '{"id":10,"name":"item10"}');
  const scannedToItem = index.scannedChars;
  // The root's `items` member skipped once (most of the text), then its first 11 items: not the array whole again.
  assert.ok(scannedToItem < 1.05 * text.length, `${scannedToItem} characters scanned for items/10 in a text of ${text.length}`);
  assert.is(index.locate(['items', '20000']), undefined);
  assert.is(index.locateNearest(['tail', 'last', 'x']).depth, 2);
  assert.ok(index.scannedChars < 2.1 * text.length, `${index.scannedChars} characters: each container scanned once`);
});

test.run();
