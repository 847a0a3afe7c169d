// A broken link's did-you-mean (compiler/passes/check-links.ts) measures only
// the pages whose letters could be close enough (`LetterCounts`), its own
// folder's first: the suggestion must be the one `closestMatch` makes of every
// page, for random links and pages near them or not, over a small alphabet, in
// any case and past ASCII, with and without a limit on the length difference.

import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { closestMatch } from '../compiler/config/did-you-mean.js';
import { LetterCounts } from '../compiler/passes/check-links.js';

const letters = ['a', 'b', 'c', 'A', 'B', '/', '-', '1', 'é', 'İ', 'ß'];
const letter = fc.constantFrom(...letters);
const text = fc.array(letter, { minLength: 1, maxLength: 30 }).map((chars) => chars.join(''));
/** Edits of a text: at a place (a fraction of its length), a letter replaced, inserted or removed. */
const edits = fc.array(fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.constantFrom('replace', 'insert', 'remove'), letter), {
  maxLength: 8,
});

function edited(word: string, changes: [number, string, string][]): string {
  let result = word;
  for (const [where, how, what] of changes) {
    const at = Math.min(result.length, Math.floor(where * result.length));
    if (how === 'insert') result = result.slice(0, at) + what + result.slice(at);
    else if (how === 'replace') result = result.slice(0, at) + what + result.slice(at + 1);
    else result = result.slice(0, at) + result.slice(at + 1);
  }
  return result;
}

test('pages left out by their letters change no suggestion', () => {
  let suggested = 0;
  fc.assert(
    fc.property(text, fc.array(edits, { maxLength: 30 }), fc.array(text, { maxLength: 10 }), (word, near, far) => {
      const candidates = [...near.map((changes) => edited(word, changes)), ...far];
      const counts = new LetterCounts(candidates);
      const expected = closestMatch(word, candidates);
      if (expected !== undefined) suggested++;
      const limit = Math.max(1, Math.floor(word.length / 3));
      const limited = closestMatch(
        word,
        candidates.filter((c) => Math.abs(c.length - word.length) <= limit),
      );
      return counts.closest(word) === expected && counts.closest(word, limit) === limited;
    }),
    { seed: 20261204, numRuns: 3000 },
  );
  assert.ok(suggested > 1500, `only ${suggested} runs had a suggestion`);
});

test.run();
