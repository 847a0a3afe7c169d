// Text shortened for a page, a search entry or a message is never cut inside
// a character (compiler/source/cut-text.ts): an emoji at the limit is kept
// whole or left out, never halved into a lone surrogate that UTF-8 output
// shows as U+FFFD.

import { tmpdir } from 'node:os';
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compileBatch } from '../compiler/build/compile-worker.js';
import { ProjectHost } from '../compiler/host/project-host.js';
import { exampleText } from '../compiler/reference/media-examples.js';
import { describeDescription } from '../compiler/reference/plain-description.js';
import { SEARCH_TEXT_LIMIT } from '../compiler/site/search-index.js';
import { cutText } from '../compiler/source/cut-text.js';

/** A lone surrogate: half of a pair, without its other half. */
const LONE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

test('cutText: a prefix of the text, at most that long, one unit shorter only to keep a pair whole', () => {
  fc.assert(
    fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), fc.nat(100), (text, length) => {
      const cut = cutText(text, length);
      assert.ok(text.startsWith(cut));
      assert.ok(cut.length <= length);
      assert.ok(cut.length >= Math.min(text.length, length) - 1);
      if (!LONE.test(text)) assert.not.ok(LONE.test(cut), JSON.stringify(cut));
      if (cut.length < Math.min(text.length, length)) assert.is(text.slice(length - 1, length + 1).length, 2);
    }),
    { seed: 20261123, numRuns: 3000 },
  );
  assert.is(cutText('ab😀c', 3), 'ab');
  assert.is(cutText('ab😀c', 4), 'ab😀');
  assert.is(cutText('abc', 10), 'abc');
});

test('an API description cut under the title keeps its emoji whole or leaves it out', () => {
  for (const before of [297, 298, 299]) {
    const plain = describeDescription(`${'a'.repeat(before)}😀 and more words after it`).plain ?? '';
    assert.ok(plain.endsWith('…'), plain.slice(-5));
    assert.not.ok(LONE.test(plain), `${before}: ${JSON.stringify(plain.slice(-4))}`);
  }
});

test('an example cut at its limit, and the page text kept for search, keep characters whole', () => {
  const example = exampleText(`${'x'.repeat(19_999)}😀😀`);
  assert.not.ok(LONE.test(example));
  assert.ok(example.endsWith('\n…'));
  // The emoji straddles the limit of the text a body keeps for search.
  const page = `${'word '.repeat(SEARCH_TEXT_LIMIT / 5 - 1)}abcd😀 more\n`;
  const [compiled] = compileBatch([{ path: 'page.mdx', text: page, summary: false, body: true }], new ProjectHost(tmpdir()));
  const text = compiled?.body?.text ?? '';
  assert.ok(text.length >= SEARCH_TEXT_LIMIT - 1, `${text.length}`);
  assert.not.ok(LONE.test(text), JSON.stringify(text.slice(-3)));
});

test.run();
