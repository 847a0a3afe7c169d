// The search engine, loaded by the search dialog on first use. It fetches
// the build's index shards (_docsc/search/<n>.json, written by
// compiler/site/search-index.ts: pages, sorted terms, postings) and answers a
// query without building anything: each query term is looked up by binary
// search in every shard's terms, as a prefix (`instal` finds `install`,
// worth half an exact match); a page must match every term; pages are
// ranked by the sum of their weights (title > headings > section > text).
// A query term that starts no indexed term anywhere is taken for a typo: it
// matches the terms one edit away (two for long words; an edit is a letter
// added, dropped, changed, or two neighbours swapped), and, while it is the
// word being typed, the terms whose start is one edit away — each at a
// fifth of an exact match's weight. Works offline once the shards are cached.

import { isStopWord, searchTokens } from '../../../compiler/site/search-tokens.js';
import { sitePath } from '../site/site-path.js';

interface ShardPage {
  url: string;
  /** Version and language (`en/v2`), when the site has them. */
  scope?: string;
  title: string;
  section: string;
  headings: { id: string; text: string }[];
}

export interface Shard {
  pages: ShardPage[];
  terms: string[];
  postings: number[][];
}

export interface SearchResult {
  url: string;
  title: string;
  section: string;
}

/** Terms a query term may expand to, per shard, by prefix. */
const PREFIX_LIMIT = 64;
const RESULTS = 12;

let shards: Promise<Shard[]> | undefined;

function loadShards(count: number): Promise<Shard[]> {
  shards ??= Promise.all(
    Array.from({ length: count }, async (_, n): Promise<Shard> => {
      const response = await fetch(new URL(sitePath(`/_docsc/search/${n}.json`), location.href));
      if (!response.ok) return { pages: [], terms: [], postings: [] };
      const shard = (await response.json()) as Partial<Shard>;
      return { pages: shard.pages ?? [], terms: shard.terms ?? [], postings: shard.postings ?? [] };
    }),
  );
  return shards;
}

/** Query words shorter than this are never taken for typos (too many short terms are one edit away). */
const FUZZY_MIN = 4;
/** A near miss counts this much of an exact match. */
const FUZZY_FACTOR = 0.2;

function startsSome(terms: readonly string[], word: string): boolean {
  return (terms[lowerBound(terms, word)] ?? '').startsWith(word);
}

/**
 * Whether `term` is within one edit of `word` (two from 8 letters), or, while the word is still being typed, starts
 * with something one edit from it (`xylp` → `xylophone`).
 */
function isNear(word: string, term: string, typing: boolean): boolean {
  const limit = word.length >= 8 ? 2 : 1;
  if (Math.abs(term.length - word.length) <= limit && editDistance(word, term, limit) <= limit) return true;
  if (!typing || term.length <= word.length) return false;
  // The distances from the word to the term's starts of every length, up to one letter longer than the word.
  const last = lastRow(word, term.slice(0, word.length + 1), 1);
  if (last === undefined) return false;
  return Math.min(last[word.length - 1] as number, last[word.length] as number, last[word.length + 1] as number) <= 1;
}

/**
 * The optimal string alignment distance (edits, with a swap of neighbours as one), or `limit + 1` once it exceeds
 * `limit`. Not fastest-levenshtein (did-you-mean.ts's): it counts a swap as two edits, gives no distances to a term's
 * starts, and has no cut-off, which a comparison with every term of every shard needs.
 */
export function editDistance(a: string, b: string, limit: number): number {
  return lastRow(a, b, limit)?.[b.length] ?? limit + 1;
}

// The dynamic programme's rows, reused: typos are compared with every term of every shard.
let rows = [new Int32Array(32), new Int32Array(32), new Int32Array(32)];

/** The distances from all of `a` to each start of `b` (index j: `b`'s first j letters), or undefined once all exceed `limit`. */
function lastRow(a: string, b: string, limit: number): Int32Array | undefined {
  if ((rows[0] as Int32Array).length <= b.length) rows = [0, 1, 2].map(() => new Int32Array(b.length + 1));
  let [before, previous, row] = rows as [Int32Array, Int32Array, Int32Array];
  for (let j = 0; j <= b.length; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    row[0] = i;
    let smallest = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min((previous[j] as number) + 1, (row[j - 1] as number) + 1, (previous[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, (before[j - 2] as number) + 1);
      row[j] = value;
      if (value < smallest) smallest = value;
    }
    if (smallest > limit) return undefined;
    [before, previous, row] = [previous, row, before];
  }
  return previous;
}

/** The first index in sorted `terms` whose term is not less than `term`. */
function lowerBound(terms: readonly string[], term: string): number {
  let low = 0;
  let high = terms.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((terms[middle] as string) < term) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The best pages for a query; a result whose heading matches links to that heading. */
export async function search(query: string, shardCount: number, scope?: string): Promise<SearchResult[]> {
  return searchShards(await loadShards(shardCount), query, scope);
}

/** `search` over loaded shards (also what tests/support/measure-search.ts times). */
export function searchShards(shards: readonly Shard[], query: string, scope?: string): SearchResult[] {
  // Stop words are not indexed; the last word stays, as the start of a longer one.
  const typed = searchTokens(query, true);
  const words = [...new Set(typed.filter((word, index) => index === typed.length - 1 || !isStopWord(word)))];
  if (words.length === 0) return [];
  // Words no indexed term starts with, in any shard, are typos (decided over every shard, so that one shard's exact
  // match is never mixed with another's near misses).
  const typos = new Set(words.filter((word) => word.length >= FUZZY_MIN && !shards.some((shard) => startsSome(shard.terms, word))));
  const found: { page: ShardPage; score: number }[] = [];
  for (const shard of shards) {
    const scores = new Map<number, number>();
    const matched = new Map<number, number>();
    words.forEach((word, index) => {
      const best = new Map<number, number>();
      const add = (at: number, factor: number) => {
        const postings = shard.postings[at] ?? [];
        for (let i = 0; i < postings.length; i += 2) {
          const page = postings[i] as number;
          const score = (postings[i + 1] as number) * factor;
          if (score > (best.get(page) ?? 0)) best.set(page, score);
        }
      };
      if (typos.has(word)) {
        const typing = index === words.length - 1;
        for (let at = 0, n = 0; at < shard.terms.length && n < PREFIX_LIMIT; at++)
          if (isNear(word, shard.terms[at] as string, typing)) {
            add(at, FUZZY_FACTOR);
            n++;
          }
      }
      for (let at = lowerBound(shard.terms, word), n = 0; at < shard.terms.length && n < PREFIX_LIMIT; at++, n++) {
        const term = shard.terms[at] as string;
        if (!term.startsWith(word)) break;
        add(at, term === word ? 1 : 0.5);
      }
      for (const [page, score] of best) {
        if ((matched.get(page) ?? 0) !== index) continue;
        matched.set(page, index + 1);
        scores.set(page, (scores.get(page) ?? 0) + score);
      }
    });
    for (const [page, score] of scores) {
      const record = shard.pages[page];
      if (record && matched.get(page) === words.length) found.push({ page: record, score });
    }
  }
  // Pages of the reader's version and language first; the others only when there are none (a page copied across versions would show once per version).
  const own = scope ? found.filter(({ page }) => page.scope === scope) : found;
  const shown = own.length > 0 ? own : found;
  shown.sort((a, b) => b.score - a.score || (a.page.url < b.page.url ? -1 : 1));
  return shown.slice(0, RESULTS).map(({ page }) => {
    const heading = page.headings.find((h) => searchTokens(h.text).some((token) => words.some((word) => token.startsWith(word))));
    return {
      url: heading ? `${page.url}#${encodeURIComponent(heading.id)}` : page.url,
      title: heading && heading.text !== page.title ? `${page.title} › ${heading.text}` : page.title,
      section: page.section,
    };
  });
}
