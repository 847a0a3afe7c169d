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

import { bucketOf } from '../cache/value-key.js';
import { lowerBound } from '../lower-bound.js';
import { cutText } from '../source/cut-text.js';
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
  /** `textTerms(text)`, when the compile worker made it with the body (the page's text is its body's). */
  textTerms?: TextTerms;
  /** Frontmatter or group `boost`: every weight of the page's terms is multiplied by it (so its matches rank higher or lower). */
  boost?: number;
}

/** A text's terms (one string, separated by spaces) and, in parallel, their weights: the first part of a search entry. */
export interface TextTerms {
  terms: string;
  weights: number[];
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

/** Text indexed per page: enough to find a page by the words of its opening sections (a body's text is kept to this length). */
export const SEARCH_TEXT_LIMIT = 2000;

/** What a term found in a field is worth; a term counts once per field, the text's up to three times. */
const WEIGHTS = { title: 16, headings: 6, section: 3, text: 1 } as const;

/** The shard a page's record is in: FNV-1a of its URL's folder (`/guides/setup/cli` → `/guides/setup`). */
export function shardOf(url: string): number {
  return bucketOf(url.slice(0, Math.max(0, url.lastIndexOf('/'))), SHARDS);
}

export function shardPath(shard: number): string {
  return `${SEARCH_INDEX_DIR}/${shard}.json`;
}

/**
 * One page's part of a shard: its listing, and its terms with their weights
 * (in parallel). The terms are one string, separated by spaces (a term is
 * letters and digits): a build holds every page's entry until the shards are
 * written, and 150 strings per page come to some 60 MB on 10,000 pages (an
 * estimate from V8's object sizes, not a measurement).
 */
export interface SearchEntry {
  page: { url: string; title: string; section: string; headings: { id: string; text: string }[]; scope?: string };
  terms: string;
  weights: number[];
}

/**
 * The terms of the start of a page's text, each occurrence worth 1 up to 3:
 * what the compile workers make with each body, so that laying a page out
 * again (a navigation edit) does not tokenize its text again.
 */
export function textTerms(text: string): TextTerms {
  const weights = new Map<string, number>();
  for (const token of searchTokens(cutText(text, SEARCH_TEXT_LIMIT))) {
    const weight = weights.get(token) ?? 0;
    if (weight < 3) weights.set(token, weight + WEIGHTS.text);
  }
  return { terms: [...weights.keys()].join(' '), weights: [...weights.values()] };
}

/** A record's entry: its listing, and its terms with their weights (`weighTerms`). */
export function searchEntry(record: SearchRecord): SearchEntry {
  const { url, title, section, headings, scope } = record;
  const { terms, weights } = weightedTerms(record);
  return {
    page: scope ? { url, title, section, headings, scope } : { url, title, section, headings },
    terms,
    weights,
  };
}

/**
 * A record's terms and weights, made once for the records that share their
 * text's terms (the copies of a page across versions, whose bodies are read
 * once: compile-pages.ts) and their title, section, headings and boost:
 * crewAI's 24,800 pages took 2.7 s to weigh their terms one by one, and each
 * held a string and an array of its own until the shards were written.
 */
function weightedTerms(record: SearchRecord): { terms: string; weights: number[] } {
  if (record.textTerms === undefined) return weighTerms(record, textTerms(record.text));
  let weighed = weighedTerms.get(record.textTerms);
  if (weighed === undefined) {
    weighed = new Map();
    weighedTerms.set(record.textTerms, weighed);
  }
  const key = JSON.stringify([record.title, record.section, record.boost ?? null, ...record.headings.map((h) => h.text)]);
  let found = weighed.get(key);
  if (found === undefined) {
    found = weighTerms(record, record.textTerms);
    weighed.set(key, found);
  }
  return found;
}

const weighedTerms = new WeakMap<TextTerms, Map<string, { terms: string; weights: number[] }>>();

/**
 * The text's terms first (`textTerms`), then each other field's terms once; a
 * field's term already among the text's adds to its weight. The text's terms
 * are hundreds a page and the fields' a dozen: the text's string and weights
 * are taken as they are, and only the fields' terms looked for among them (a
 * map of every term cost 60-90 µs a page, a tenth of laying out a navigation
 * edit's thousand pages).
 */
function weighTerms(record: SearchRecord, text: TextTerms): { terms: string; weights: number[] } {
  const fields = new Map<string, number>();
  const once = (text: string, weight: number) => {
    for (const token of new Set(searchTokens(text))) fields.set(token, (fields.get(token) ?? 0) + weight);
  };
  once(record.title, WEIGHTS.title);
  once(record.section, WEIGHTS.section);
  once(record.headings.map((h) => h.text).join(' '), WEIGHTS.headings);
  let terms = text.terms;
  const weights = [...text.weights];
  if (fields.size > 0 && terms !== '') {
    terms.split(' ').forEach((term, i) => {
      const weight = fields.get(term);
      if (weight === undefined) return;
      weights[i] = (weights[i] as number) + weight;
      fields.delete(term);
    });
  }
  if (fields.size > 0) {
    const added = [...fields.keys()].join(' ');
    terms = terms === '' ? added : `${terms} ${added}`;
    weights.push(...fields.values());
  }
  if (record.boost !== undefined) {
    const boost = record.boost;
    weights.forEach((weight, i) => {
      weights[i] = Math.round(weight * boost * 100) / 100;
    });
  }
  return { terms, weights };
}

/**
 * The records of one shard (the caller picks them by `shardOf`), as the shard
 * file's text: `pages` (url, title, section, headings), `terms` (sorted) and,
 * per term, `postings`: flat `[page index, weight, …]`.
 */
export function renderSearchShard(records: readonly SearchRecord[]): string {
  return renderShardEntries(records.map(searchEntry));
}

/** A shard file's contents: pages by URL, sorted terms and, per term, flat `[page index, weight, …]` postings. */
export interface ShardData {
  version: 2;
  pages: SearchEntry['page'][];
  terms: string[];
  postings: number[][];
}

/** A shard's text from its pages' entries (in any order: pages are sorted by URL). */
export function renderShardEntries(entries: readonly SearchEntry[]): string {
  const sorted = [...entries].sort((a, b) => (a.page.url < b.page.url ? -1 : a.page.url > b.page.url ? 1 : 0));
  const postings = new Map<string, number[]>();
  sorted.forEach((entry, page) => {
    termsOf(entry).forEach((term, i) => {
      const weight = entry.weights[i] as number;
      const list = postings.get(term);
      if (list) list.push(page, weight);
      else postings.set(term, [page, weight]);
    });
  });
  const terms = [...postings.keys()].sort();
  return renderShardData({
    version: 2,
    pages: sorted.map((entry) => entry.page),
    terms,
    postings: terms.map((term) => postings.get(term) as number[]),
  });
}

export function renderShardData(shard: ShardData): string {
  return `${JSON.stringify(shard)}\n`;
}

/** A shard file's text read back (one docsc wrote: the caller checks its hash); undefined when it is not one. */
export function parseShard(text: string): ShardData | undefined {
  try {
    const value = JSON.parse(text) as Partial<ShardData>;
    const ok = value.version === 2 && Array.isArray(value.pages) && Array.isArray(value.terms) && Array.isArray(value.postings);
    return ok && value.terms?.length === value.postings?.length ? (value as ShardData) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Replaces, in place, the entries of pages the shard already lists (same
 * URLs): their listings, and their postings in every term's list. The result
 * is what `renderShardEntries` makes of the shard's entries with these
 * replaced. False, with the shard untouched, when it does not list one of them.
 */
export function replaceShardEntries(shard: ShardData, entries: readonly SearchEntry[]): boolean {
  const pages = entries.map((entry) => lowerBound(shard.pages.length, (i) => (shard.pages[i] as SearchEntry['page']).url < entry.page.url));
  if (entries.some((entry, n) => shard.pages[pages[n] as number]?.url !== entry.page.url)) return false;
  if (entries.length >= BATCH_REPLACE) replaceAll(shard, pages, entries);
  else for (const [n, entry] of entries.entries()) replaceAt(shard, pages[n] as number, entry);
  return true;
}

/**
 * From this many pages, one pass over every list beats a bisection per page
 * and list (a shard of 700 pages and 850 terms: 0.5 ms a page by bisection;
 * the pass, a few milliseconds).
 */
const BATCH_REPLACE = 8;

/** Many pages' entries replaced: their postings out of every list in one pass, then the new ones merged in, list by list. */
function replaceAll(shard: ShardData, pages: readonly number[], entries: readonly SearchEntry[]): void {
  const replaced = new Uint8Array(shard.pages.length);
  for (const page of pages) replaced[page] = 1;
  // Each term's new postings, in page order (entries taken in page order).
  const added = new Map<string, number[]>();
  const byPage = pages.map((page, n) => [page, n] as const).sort((a, b) => a[0] - b[0]);
  for (const [page, n] of byPage) {
    const entry = entries[n] as SearchEntry;
    shard.pages[page] = entry.page;
    termsOf(entry).forEach((term, i) => {
      const list = added.get(term);
      if (list === undefined) added.set(term, [page, entry.weights[i] as number]);
      else list.push(page, entry.weights[i] as number);
    });
  }
  const merged: [string, number[]][] = [];
  shard.terms.forEach((term, t) => {
    const list = withoutReplaced(shard.postings[t] as number[], replaced);
    const more = added.get(term);
    added.delete(term);
    const all = more === undefined ? list : mergePostings(list, more);
    if (all.length > 0) merged.push([term, all]);
  });
  // Terms the shard did not have go in between the others.
  if (added.size > 0) merged.push(...added);
  if (added.size > 0) merged.sort((a, b) => (a[0] < b[0] ? -1 : 1));
  shard.terms = merged.map(([term]) => term);
  shard.postings = merged.map(([, list]) => list);
}

/** A postings list without the replaced pages' pairs (the list itself when it has none). */
function withoutReplaced(list: number[], replaced: Uint8Array): number[] {
  for (let i = 0; i < list.length; i += 2) {
    if (replaced[list[i] as number] !== 1) continue;
    const kept: number[] = [];
    for (let j = 0; j < list.length; j += 2) if (replaced[list[j] as number] !== 1) kept.push(list[j] as number, list[j + 1] as number);
    return kept;
  }
  return list;
}

/** Two postings lists in page order, with no page in both, as one. */
function mergePostings(a: readonly number[], b: readonly number[]): number[] {
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (j >= b.length || (i < a.length && (a[i] as number) < (b[j] as number))) {
      out.push(a[i] as number, a[i + 1] as number);
      i += 2;
    } else {
      out.push(b[j] as number, b[j + 1] as number);
      j += 2;
    }
  }
  return out;
}

/** One page's entry replaced: its old postings go (found by bisection: a list is in page order), its new ones go in. */
function replaceAt(shard: ShardData, page: number, entry: SearchEntry): void {
  shard.pages[page] = entry.page;
  for (let t = shard.terms.length - 1; t >= 0; t--) {
    const list = shard.postings[t] as number[];
    const at = 2 * lowerBound(list.length / 2, (i) => (list[2 * i] as number) < page);
    if (list[at] !== page) continue;
    list.splice(at, 2);
    if (list.length === 0) {
      shard.terms.splice(t, 1);
      shard.postings.splice(t, 1);
    }
  }
  termsOf(entry).forEach((term, i) => {
    const weight = entry.weights[i] as number;
    const t = lowerBound(shard.terms.length, (j) => (shard.terms[j] as string) < term);
    if (shard.terms[t] !== term) {
      shard.terms.splice(t, 0, term);
      shard.postings.splice(t, 0, [page, weight]);
      return;
    }
    const list = shard.postings[t] as number[];
    list.splice(2 * lowerBound(list.length / 2, (j) => (list[2 * j] as number) < page), 0, page, weight);
  });
}

function termsOf(entry: SearchEntry): string[] {
  return entry.terms === '' ? [] : entry.terms.split(' ');
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
