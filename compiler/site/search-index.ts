// The search index: one record per listed page (hidden and `noindex` pages are
// left out) with its title, where it sits (breadcrumbs) and its headings, and
// an inverted index of the terms of its title, section, headings and the
// start of its text. Written as JSON in SHARDS files (`_docsc/search/<n>.json`)
// by a hash of the page's folder, so that editing one page rewrites one shard,
// and renaming a group (whose pages mostly share a folder) a few, not an index
// of every page. A page's part of a shard (`SearchEntry`: its listing and its
// weighted terms) is computed once per record and may be cached by the build;
// a shard is then a merge of entries. The browser
// (runtime/client/entries/search.ts) loads the shards and answers queries by
// binary search in each shard's sorted terms: no indexing happens in the
// browser. See ARCHITECTURE.md for why, with measurements.

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

/** The shard a page's record is in: FNV-1a of its URL's folder (`/guides/setup/cli` → `/guides/setup`). */
export function shardOf(url: string): number {
  const folder = url.slice(0, Math.max(0, url.lastIndexOf('/')));
  let hash = 0x811c9dc5;
  for (let i = 0; i < folder.length; i++) {
    hash ^= folder.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % SHARDS;
}

export function shardPath(shard: number): string {
  return `${SEARCH_INDEX_DIR}/${shard}.json`;
}

/** One page's part of a shard: its listing, and its terms with their weights (parallel arrays). */
export interface SearchEntry {
  page: { url: string; title: string; section: string; headings: { id: string; text: string }[]; scope?: string };
  terms: string[];
  weights: number[];
}

/** A record's entry: the text's terms first, each occurrence worth 1 up to 3; then each other field's terms once. */
export function searchEntry(record: SearchRecord): SearchEntry {
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
  const { url, title, section, headings, scope } = record;
  return {
    page: scope ? { url, title, section, headings, scope } : { url, title, section, headings },
    terms: [...weights.keys()],
    weights: [...weights.values()],
  };
}

/**
 * The records of one shard (the caller picks them by `shardOf`), as the shard
 * file's text: `pages` (url, title, section, headings), `terms` (sorted) and,
 * per term, `postings`: flat `[page index, weight, …]`.
 */
export function renderSearchShard(records: readonly SearchRecord[]): string {
  return renderShardEntries(records.map(searchEntry));
}

/** A shard's text from its pages' entries (in any order: pages are sorted by URL). */
export function renderShardEntries(entries: readonly SearchEntry[]): string {
  const sorted = [...entries].sort((a, b) => (a.page.url < b.page.url ? -1 : a.page.url > b.page.url ? 1 : 0));
  const postings = new Map<string, number[]>();
  sorted.forEach((entry, page) => {
    entry.terms.forEach((term, i) => {
      const weight = entry.weights[i] as number;
      const list = postings.get(term);
      if (list) list.push(page, weight);
      else postings.set(term, [page, weight]);
    });
  });
  const terms = [...postings.keys()].sort();
  return `${JSON.stringify({ version: 2, pages: sorted.map((entry) => entry.page), terms, postings: terms.map((term) => postings.get(term)) })}\n`;
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
