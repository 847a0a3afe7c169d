// The search index's shard files: a dev patch edits a shard read back from the
// output (`replaceShardEntries`), and so does a build whose shard lists the
// same pages as the earlier build's (a navigation edit), instead of merging
// every page's entry again; the edited shard must be exactly what merging
// gives (property tests with a fixed seed, so a failure replays).

import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  parseShard,
  renderShardData,
  renderShardEntries,
  replaceShardEntries,
  type SearchEntry,
  searchEntry,
  textTerms,
} from '../compiler/site/search-index.js';
import { searchTokens } from '../compiler/site/search-tokens.js';

const word = fc.constantFrom('api', 'build', 'cache', 'deploy', 'edge', 'file', 'graph', 'hook', 'index', 'json', 'key', 'zeta', 'é');
const text = fc.array(word, { maxLength: 12 }).map((words) => words.join(' '));
const record = (url: string) =>
  fc.record({ title: text, section: text, text, headings: fc.array(fc.record({ id: word, text }), { maxLength: 3 }) }).map((r) => ({ url, ...r }));
// Up to 24 pages, so that a batch (half of the replaced) may reach replaceShardEntries's one-pass path (8 or more).
const urls = fc.uniqueArray(fc.stringMatching(/^\/[a-c]{1,2}(\/[a-c]{1,2})?$/), { minLength: 1, maxLength: 24 });

test('search shard: replacing pages’ entries in a shard read back gives what merging all entries gives', () => {
  fc.assert(
    fc.property(
      urls.chain((list) =>
        fc.tuple(
          fc.tuple(...list.map(record)),
          fc.uniqueArray(fc.nat(list.length - 1), { minLength: 1, maxLength: list.length }),
          fc.tuple(...list.map(record)),
        ),
      ),
      ([records, replaced, replacements]) => {
        const entries: SearchEntry[] = records.map(searchEntry);
        const shard = parseShard(renderShardEntries(entries));
        assert.ok(shard);
        // Some one at a time (dev patches, one after another), the rest at once (a build).
        const half = Math.ceil(replaced.length / 2);
        const batch: SearchEntry[] = [];
        replaced.forEach((index, n) => {
          const entry = searchEntry(replacements[index] as (typeof replacements)[number]);
          entries[index] = entry;
          if (n < half) assert.ok(replaceShardEntries(shard, [entry]));
          else batch.push(entry);
        });
        assert.ok(replaceShardEntries(shard, batch));
        assert.is(renderShardData(shard), renderShardEntries(entries));
      },
    ),
    { seed: 20261121, numRuns: 300 },
  );
});

// Replacements with words the shard may not have yet (new terms go in between the others).
const newWord = fc.constantFrom('api', 'cache', 'alpha', 'hooks', 'kappa', 'zz', 'ä');
const newText = fc.array(newWord, { maxLength: 12 }).map((words) => words.join(' '));
const newRecord = (url: string) =>
  fc
    .record({ title: newText, section: newText, text: newText, headings: fc.array(fc.record({ id: word, text: newText }), { maxLength: 3 }) })
    .map((r) => ({ url, ...r }));

test('search shard: many pages replaced at once (one pass over the lists) give what merging gives', () => {
  fc.assert(
    fc.property(
      fc
        .uniqueArray(fc.stringMatching(/^\/[a-c]{1,2}(\/[a-c]{1,2})?$/), { minLength: 8, maxLength: 30 })
        .chain((list) => fc.tuple(fc.tuple(...list.map(record)), fc.tuple(...list.map(newRecord)), fc.nat(list.length - 8))),
      ([records, replacements, kept]) => {
        const entries: SearchEntry[] = records.map(searchEntry);
        const shard = parseShard(renderShardEntries(entries));
        assert.ok(shard);
        // All but `kept` of the pages (at least 8), in reverse order.
        const batch: SearchEntry[] = [];
        for (let index = records.length - 1; index >= kept; index--) {
          const entry = searchEntry(replacements[index] as (typeof replacements)[number]);
          entries[index] = entry;
          batch.push(entry);
        }
        assert.ok(replaceShardEntries(shard, batch));
        assert.is(renderShardData(shard), renderShardEntries(entries));
      },
    ),
    { seed: 20261122, numRuns: 200 },
  );
});

test('search shard: a page the shard does not list is not replaced, and a file that is not a shard is not read', () => {
  const shard = parseShard(renderShardEntries([searchEntry({ url: '/a', title: 'A', section: '', text: 'alpha', headings: [] })]));
  assert.ok(shard);
  const before = renderShardData(shard);
  const listed = searchEntry({ url: '/a', title: 'A again', section: '', text: 'alpha', headings: [] });
  const unlisted = searchEntry({ url: '/b', title: 'B', section: '', text: 'beta', headings: [] });
  assert.not.ok(replaceShardEntries(shard, [unlisted]));
  // One page it does not list: none is replaced.
  assert.not.ok(replaceShardEntries(shard, [listed, unlisted]));
  assert.is(renderShardData(shard), before);
  for (const bad of ['', '{', '[]', '{"version":1,"pages":[],"terms":[],"postings":[]}', '{"version":2,"pages":[],"terms":["a"],"postings":[]}']) {
    assert.is(parseShard(bad), undefined, bad);
  }
});

// The entry's definition, term by term through one map: the text's terms in order, then each field's new ones,
// a field's term among the text's adding to its weight (title 16, section 3, headings 6).
function entryByMap(r: { url: string; title: string; section: string; text: string; headings: { id: string; text: string }[] }): SearchEntry {
  const { terms, weights: textWeights } = textTerms(r.text);
  const weights = new Map<string, number>();
  if (terms !== '') {
    terms.split(' ').forEach((term, i) => {
      weights.set(term, textWeights[i] as number);
    });
  }
  const once = (text: string, weight: number) => {
    for (const token of new Set(searchTokens(text))) weights.set(token, (weights.get(token) ?? 0) + weight);
  };
  once(r.title, 16);
  once(r.section, 3);
  once(r.headings.map((h) => h.text).join(' '), 6);
  return {
    page: { url: r.url, title: r.title, section: r.section, headings: r.headings },
    terms: [...weights.keys()].join(' '),
    weights: [...weights.values()],
  };
}

test('search entry: the text terms taken as they are, the fields’ terms added, is the entry one map of every term gives', () => {
  fc.assert(
    fc.property(record('/a'), (r) => {
      assert.equal(searchEntry(r), entryByMap(r));
      assert.equal(searchEntry({ ...r, textTerms: textTerms(r.text) }), entryByMap(r));
    }),
    { seed: 7, numRuns: 500 },
  );
});

test('search entry: records sharing their text’s terms (copies of a page) are each weighed by their own fields', () => {
  fc.assert(
    fc.property(record('/a'), record('/b'), (first, second) => {
      const shared = textTerms(first.text);
      const copy = { ...second, text: first.text, textTerms: shared };
      assert.equal(searchEntry({ ...first, textTerms: shared }), entryByMap(first));
      assert.equal(searchEntry(copy), entryByMap(copy));
      // Another URL, the same fields: the same terms and weights, under its own listing.
      assert.equal(searchEntry({ ...copy, url: '/c' }), entryByMap({ ...copy, url: '/c' }));
    }),
    { seed: 11, numRuns: 300 },
  );
});

test.run();
