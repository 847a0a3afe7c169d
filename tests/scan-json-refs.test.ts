// scanJsonRefs and nestsDeeperThan let scan-document.ts skip its tree walk, so
// they must never miss what the walk would find: on real documents (the JSON
// ones of @readme/oas-examples) and on generated JSON values printed in
// every spacing, every string a `$ref` key holds anywhere in the parsed tree
// is among the targets, a `$ref` holding anything else makes the scan answer
// undefined, and the nesting is the tree's. Keys spelled with escapes send
// the caller to the walk.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { nestsDeeperThan, scanJsonRefs } from '../compiler/openapi/scan-json-refs.js';
import { exampleFiles, examplesRoot } from './support/oas-examples.js';

/** What the tree holds: `$ref` values (strings, and whether any is not one) and the most containers open at once. */
function fromTree(value: unknown): { targets: Set<string>; nonString: boolean; maxNesting: number } {
  const targets = new Set<string>();
  let nonString = false;
  const nesting = (node: unknown): number => {
    if (typeof node !== 'object' || node === null) return 0;
    const children = Array.isArray(node) ? node : Object.values(node);
    if (!Array.isArray(node) && Object.hasOwn(node, '$ref')) {
      const ref = (node as Record<string, unknown>).$ref;
      if (typeof ref === 'string') targets.add(ref);
      else nonString = true;
    }
    return 1 + Math.max(0, ...children.map(nesting));
  };
  const maxNesting = nesting(value);
  return { targets, nonString, maxNesting };
}

function assertSound(text: string, label: string): void {
  const value: unknown = JSON.parse(text);
  const tree = fromTree(value);
  for (const limit of [0, 1, tree.maxNesting - 1, tree.maxNesting, tree.maxNesting + 1]) {
    assert.is(nestsDeeperThan(value, limit), tree.maxNesting > limit, `${label}: nesting ${tree.maxNesting} against ${limit}`);
  }
  const targets = scanJsonRefs(text);
  if (tree.nonString) {
    assert.is(targets, undefined, `${label}: a $ref holding a non-string must send the caller to the walk`);
    return;
  }
  if (targets === undefined) return; // the walk decides: always safe
  for (const target of tree.targets) assert.ok(targets.has(target), `${label}: missed ${target}`);
}

test('every $ref of real documents is among the targets, with the nesting of the tree', () => {
  const files = [...exampleFiles('3.0'), ...exampleFiles('3.1')].filter((f) => f.endsWith('.json'));
  assert.ok(files.length > 20);
  let targets = 0;
  for (const file of files) {
    const text = readFileSync(join(examplesRoot, file), 'utf8');
    assertSound(text, file);
    targets += scanJsonRefs(text)?.size ?? 0;
  }
  assert.ok(targets > 100, `${targets} targets`);
});

test('generated JSON: never a $ref missed, whatever the spacing, the nesting and the strings around it', () => {
  const key = fc.oneof(fc.constantFrom('$ref', 'a', 'properties', '"$ref"', '$ref\\', 'x"$ref'), fc.string());
  const leaf = fc.oneof(fc.string(), fc.constantFrom('#/a', '"$ref"', '\\"$ref\\"', 'x\\'), fc.integer(), fc.boolean(), fc.constant(null));
  const value = fc.letrec((tie) => ({
    node: fc.oneof({ depthSize: 'small' }, leaf, tie('array'), tie('object')),
    array: fc.array(tie('node'), { maxLength: 4 }),
    object: fc.dictionary(key, tie('node'), { maxKeys: 4 }),
  })).node;
  fc.assert(
    fc.property(value, fc.constantFrom(undefined, 0, 1, 2, '\t', ' \n '), (v, space) => {
      const text = JSON.stringify({ root: v }, null, space as string | number | undefined);
      assertSound(text, text);
    }),
    { numRuns: 2000, seed: 20261122 },
  );
});

test('a $ref spelled with an escape, or holding a non-string, sends the caller to the walk', () => {
  assert.is(scanJsonRefs('{"a": {"\\u0024ref": "x.json#/y"}}'), undefined);
  assert.is(scanJsonRefs('{"a": {"$r\\u0065f": "x.json#/y"}}'), undefined);
  assert.is(scanJsonRefs('{"a": {"$ref": 5}}'), undefined);
  assert.is(scanJsonRefs('{"a": {"$ref" : {"b": 1}}}'), undefined);
  const plain = scanJsonRefs('{"a": {"$ref": "#/b"}, "b": ["$ref", "see \\"$ref\\""], "c": {"$ref":"#/d\\/e"}}');
  assert.equal([...(plain ?? [])], ['#/b', '#/d/e']);
});

test('nesting: stops at the limit, so a value thousands of levels deep is answered without overflowing the stack', () => {
  let deep: unknown = 1;
  for (let i = 0; i < 100_000; i++) deep = { a: [deep] };
  assert.ok(nestsDeeperThan(deep, 256));
  assert.not.ok(nestsDeeperThan({ a: [{}] }, 3));
  assert.ok(nestsDeeperThan({ a: [{}] }, 2));
  assert.not.ok(nestsDeeperThan('text', 0));
});

test.run();
