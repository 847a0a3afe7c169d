// An example shown on an API page is printed only as far as the page shows it
// (`boundedJson`): the text must be JSON.stringify's, indented by two, up to
// the limit and past it (property tests with a fixed seed, so a failure
// replays), and what JSON.stringify refuses is refused the same way.

import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { boundedJson, exampleText } from '../compiler/reference/media-examples.js';
import { cutText } from '../compiler/source/cut-text.js';

/** JSON values, and what JSON leaves out or turns into null inside them (undefined, functions, NaN, -0, dates). */
const value = fc.letrec((tie) => ({
  leaf: fc.oneof(
    fc.jsonValue({ maxDepth: 1 }),
    fc.constantFrom(undefined, () => 1, Number.NaN, Number.POSITIVE_INFINITY, -0, new Date(0), 'line\nbreak "quoted" \u2028'),
  ),
  node: fc.oneof({ maxDepth: 4 }, tie('leaf'), fc.array(tie('node'), { maxLength: 5 }), fc.dictionary(fc.string(), tie('node'), { maxKeys: 5 })),
})).node;

test('boundedJson: JSON.stringify(value, null, 2), stopped once past the limit', () => {
  fc.assert(
    fc.property(value, fc.nat(400), (v, limit) => {
      const full = JSON.stringify(v, null, 2);
      const bounded = boundedJson(v, limit);
      if (full === undefined || full.length <= limit) assert.is(bounded, full);
      else {
        assert.ok(bounded !== undefined && bounded.length > limit, 'printed past the limit');
        assert.is(bounded.slice(0, limit), full.slice(0, limit));
      }
      assert.is(exampleText(v, limit), exampleTextByStringify(v, limit));
    }),
    { seed: 20261122, numRuns: 2000 },
  );
});

test('boundedJson: refuses cycles and BigInts as JSON.stringify does; stops early on a huge value', () => {
  const cycle: Record<string, unknown> = { a: 1 };
  cycle.self = cycle;
  assert.throws(() => boundedJson(cycle, 1_000), /circular/);
  assert.is(exampleText(cycle), '[object Object]');
  assert.throws(() => boundedJson({ n: 1n }, 1_000), /BigInt/);
  // A shared (not circular) value is printed each time it appears.
  const shared = { x: 1 };
  assert.is(boundedJson([shared, shared], 1_000), JSON.stringify([shared, shared], null, 2));
  // A million-element array: printed only as far as needed.
  const huge = Array.from({ length: 1_000_000 }, (_, i) => ({ id: i, name: `item ${i}` }));
  const text = exampleText(huge);
  assert.is(text, `${(JSON.stringify(huge, null, 2) as string).slice(0, 20_000)}\n…`);
});

/** exampleText as it was: the whole value printed, then cut (never inside a character: cut-text.ts). */
function exampleTextByStringify(value: unknown, limit: number): string {
  let text: string;
  if (typeof value === 'string') text = value;
  else {
    try {
      text = JSON.stringify(value, null, 2) ?? String(value);
    } catch {
      text = String(value);
    }
  }
  return text.length > limit ? `${cutText(text, limit)}\n…` : text;
}

test.run();
