// The search index: one record per listed page (hidden and `noindex` pages are
// left out) with its title, where it sits (breadcrumbs) and its headings, and
// an inverted index of the terms of its title, section, headings and the
// start of its text. Written as JSON in SHARDS files by a hash of the URL
// (`_docsc/search/<n>.json`), so that editing one page rewrites one shard, not
// an index of every page. The browser (runtime/client/entries/search.ts)
// loads the shards and answers queries by binary search in each shard's
// sorted terms: no indexing happens in the browser. See ARCHITECTURE.md for
// why, with measurements.

import { searchTokens } from './search-tokens.js';
import type { Section } from './site-navigation.js';

export interface SearchRecord {
  url: string;
  title: string;
  section: string;
  headings: { id: string; text: string }[];
  text: string;
  /** The version and language the page is in (`en/v2`): search shows results from the reader's own first. */
  scope?: string;
}

/** A section's version and language labels, outermost first, joined by `/`; `` when it has none. */
export function searchScope(section: Section): string {
  return section.switchers
    .filter((s) => s.kind === 'version' || s.kind === 'language')
    .map((s) => s.links[s.current]?.label ?? '')
    .join('/');
}

export const SHARDS = 16;
export const SEARCH_INDEX_DIR = '_docsc/search';

/** Text indexed per page: enough to find a page by the words of its opening sections. */
const TEXT_LIMIT = 2000;

/** What a term found in a field is worth; a term counts once per field, the text's up to three times. */
const WEIGHTS = { title: 16, headings: 6, section: 3, text: 1 } as const;

/** The shard a page's record is in: FNV-1a of its URL. */
export function shardOf(url: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < url.length; i++) {
    hash ^= url.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % SHARDS;
}

export function shardPath(shard: number): string {
  return `${SEARCH_INDEX_DIR}/${shard}.json`;
}

/**
 * The records of one shard (the caller picks them by `shardOf`), as the shard
 * file's text: `pages` (url, title, section, headings), `terms` (sorted) and,
 * per term, `postings`: flat `[page index, weight, …]`.
 */
export function renderSearchShard(records: readonly SearchRecord[]): string {
  const sorted = [...records].sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
  const postings = new Map<string, number[]>();
  sorted.forEach((record, page) => {
    // The text first, each occurrence worth 1 up to 3; then each other field once.
    const weights = new Map<string, number>();
    for (const token of searchTokens(record.text.slice(0, TEXT_LIMIT))) {
      const weight = weights.get(token) ?? 0;
      if (weight < 3) weights.set(token, weight + WEIGHTS.text);
    }
    const once = (text: string, weight: number) => {
      for (const token of new Set(searchTokens(text))) weights.set(token, (weights.get(token) ?? 0) + weight);
    };
    once(record.title, WEIGHTS.title);
    once(record.section, WEIGHTS.section);
    once(record.headings.map((h) => h.text).join(' '), WEIGHTS.headings);
    for (const [term, weight] of weights) {
      const list = postings.get(term);
      if (list) list.push(page, weight);
      else postings.set(term, [page, weight]);
    }
  });
  const terms = [...postings.keys()].sort();
  const pages = sorted.map(({ url, title, section, headings, scope }) =>
    scope ? { url, title, section, headings, scope } : { url, title, section, headings },
  );
  return `${JSON.stringify({ version: 2, pages, terms, postings: terms.map((term) => postings.get(term)) })}\n`;
}

/** A site's records by shard, each shard's sorted by URL (the order `renderSearchShard` writes them in). */
export function recordsByShard(records: Iterable<SearchRecord>): SearchRecord[][] {
  const shards = Array.from({ length: SHARDS }, (): SearchRecord[] => []);
  for (const record of records) shards[shardOf(record.url)]?.push(record);
  for (const shard of shards) shard.sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
  return shards;
}

/** Every shard file of a site's records: path → text. */
export function renderSearchIndex(records: Iterable<SearchRecord>): Map<string, string> {
  return new Map(recordsByShard(records).map((shard, n) => [shardPath(n), renderSearchShard(shard)]));
}
