// Measures the site search at scale, by hand (not a test):
//   node --import tsx tests/support/measure-search.ts [pages]
// Generates `pages` search records shaped like the build's (title, section,
// four headings, 2,000 characters of text from a Zipf-like 20,000-word
// vocabulary), renders the index shards as the build does
// (compiler/site/search-index.ts), and reports their bytes (raw and gzip),
// the build's time to render them, the browser's time to parse them, and the
// time per query (CPU time throughout) of the browser's engine (runtime/client/entries/search.ts),
// also for queries with a typo (every term of every shard is compared).
// For comparison it also indexes the same records with MiniSearch in memory,
// which is what building the index in the browser would cost.

import { gzipSync } from 'node:zlib';
import MiniSearch from 'minisearch';
import { renderSearchIndex, type SearchRecord } from '../../compiler/site/search-index.js';
import { type Shard, searchShards } from '../../runtime/client/entries/search.js';

const pages = Number(process.argv[2] ?? 10_000);
let seed = 42;
const random = () => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed / 2 ** 31;
};
const vocabulary = Array.from({ length: 20_000 }, (_, i) => {
  let word = '';
  for (let n = i + 1; n > 0; n = Math.floor(n / 20)) word += 'aeioubcdfghklmnprstv'[n % 20];
  return word.length < 3 ? `${word}xq` : word;
});
const word = () => vocabulary[Math.floor(vocabulary.length * random() ** 3)] as string;
const sentence = (n: number) => Array.from({ length: n }, word).join(' ');

const records: SearchRecord[] = Array.from({ length: pages }, (_, i) => ({
  url: `/section-${i % 40}/page-${i}`,
  title: sentence(3),
  section: `Group ${i % 40} / Sub ${i % 7}`,
  headings: Array.from({ length: 4 }, (_, h) => ({ id: `h-${h}`, text: sentence(3) })),
  text: sentence(400).slice(0, 2000),
}));
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
// CPU time of this thread, not wall time: the figures hold on a busy machine.
const now = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

let start = now();
const files = renderSearchIndex(records);
const renderMs = now() - start;
const texts = [...files.values()];
const raw = texts.reduce((sum, text) => sum + Buffer.byteLength(text), 0);
const gzip = texts.reduce((sum, text) => sum + gzipSync(text).length, 0);
start = now();
const shards = texts.map((text) => JSON.parse(text) as Shard);
const parseMs = now() - start;
const queries = Array.from({ length: 200 }, () => (random() < 0.5 ? word() : `${word()} ${word().slice(0, 3)}`));
start = now();
let hits = 0;
for (const query of queries) hits += searchShards(shards, query).length;
const queryMs = (now() - start) / queries.length;
// Typos: a word of 4 letters with one letter changed to one the vocabulary lacks (`z`), so that no indexed term starts
// with it and the engine compares it with every term of every shard.
const typos = Array.from({ length: 50 }, () => {
  let typed = word();
  while (typed.length < 4) typed = word();
  const at = Math.floor(random() * typed.length);
  return `${typed.slice(0, at)}z${typed.slice(at + 1)}`;
});
start = now();
let typoHits = 0;
for (const query of typos) typoHits += searchShards(shards, query).length;
const typoMs = (now() - start) / typos.length;
console.log(`docsc: ${pages} pages → shards ${mb(raw)} raw, ${mb(gzip)} gzip; rendered in (CPU) ${renderMs.toFixed(0)} ms;`);
console.log(`       parsed in ${parseMs.toFixed(0)} ms; ${queryMs.toFixed(2)} ms per query (${queries.length} queries, ${hits} results shown)`);
console.log(`       ${typoMs.toFixed(2)} ms per query with a typo (${typos.length} queries, ${typoHits} results shown)`);

start = now();
const mini = new MiniSearch<SearchRecord>({
  idField: 'url',
  fields: ['title', 'section', 'headings', 'text'],
  extractField: (page, field) => (field === 'headings' ? page.headings.map((h) => h.text).join(' ') : String(page[field as keyof SearchRecord])),
  searchOptions: { prefix: true },
});
mini.addAll(records);
const miniMs = now() - start;
const serialized = JSON.stringify(mini);
console.log(
  `MiniSearch: indexing the same records took ${miniMs.toFixed(0)} ms; its serialized index is ${mb(Buffer.byteLength(serialized))} raw, ${mb(gzipSync(serialized).length)} gzip`,
);
