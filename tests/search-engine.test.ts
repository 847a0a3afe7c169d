// The browser's search engine (runtime/client/entries/search.ts) over shards
// made here: prefixes, every word required, and typos — a word that starts no
// indexed term anywhere matches the terms an edit or two away.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { editDistance, type Shard, searchShards } from '../runtime/client/entries/search.js';

/** A shard of pages, each listed with its terms (weight 10 each). */
function shard(pages: Record<string, string[]>): Shard {
  const urls = Object.keys(pages);
  const terms = [...new Set(Object.values(pages).flat())].sort();
  return {
    pages: urls.map((url) => ({ url, title: url.slice(1), section: '', headings: [] })),
    terms,
    postings: terms.map((term) => urls.flatMap((url, page) => ((pages[url] as string[]).includes(term) ? [page, 10] : []))),
  };
}

const urls = (shards: Shard[], query: string) => searchShards(shards, query).map((result) => result.url);

const shards = [
  shard({ '/quickstart': ['quickstart', 'xylophone', 'toolkit'], '/install': ['install', 'installation', 'toolkit'] }),
  shard({ '/billing': ['billing', 'invoice', 'invoices'], '/webhooks': ['webhook', 'webhooks', 'signature'] }),
];

test('a typo finds the page: an edit away, two from 8 letters, a swap of neighbours as one', () => {
  assert.equal(urls(shards, 'xylophnoe'), ['/quickstart']);
  assert.equal(urls(shards, 'xylphone'), ['/quickstart']);
  assert.equal(urls(shards, 'invoise'), ['/billing']);
  assert.equal(urls(shards, 'signatrue toolkit'), [], 'every word is still required');
  assert.equal(urls(shards, 'quikstart toolkit'), ['/quickstart']);
  assert.equal(urls(shards, 'wbehook'), ['/webhooks']);
  assert.equal(urls(shards, 'qqqqqq'), []);
});

test('the word being typed matches terms whose start is an edit away', () => {
  assert.equal(urls(shards, 'xylp'), ['/quickstart']);
  assert.equal(urls(shards, 'toolkit instl'), ['/install']);
});

test('no typo is assumed when some shard has a term starting with the word, or the word is short', () => {
  // `install` is indexed: `instal` is its start, not a typo for anything else.
  assert.equal(urls(shards, 'instal'), ['/install']);
  // `bill` starts `billing`; three letters are never taken for a typo.
  assert.equal(urls(shards, 'bill'), ['/billing']);
  assert.equal(urls(shards, 'tol'), []);
});

test("an exact match in one shard keeps another shard's near misses out", () => {
  const split = [shard({ '/exact': ['deploy'] }), shard({ '/near': ['deplay'] })];
  assert.equal(urls(split, 'deploy'), ['/exact']);
  assert.equal(urls(split, 'deplyo'), ['/exact'], '`deplyo` is a swap from `deploy`, two edits from `deplay`');
  assert.equal(urls(split, 'deplby').sort(), ['/exact', '/near'], 'one edit from each');
});

test('edit distance: insertions, deletions, substitutions and swaps, cut off past the limit', () => {
  assert.is(editDistance('kitten', 'sitting', 5), 3);
  assert.is(editDistance('abcd', 'abdc', 2), 1);
  assert.is(editDistance('abcd', 'abcd', 1), 0);
  assert.is(editDistance('abcd', 'xabcd', 1), 1);
  assert.is(editDistance('abcdef', 'uvwxyz', 1), 2);
});

test.run();
