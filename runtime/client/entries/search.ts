// The search engine, loaded by the search dialog on first use. It fetches
// the build's index shards (_docsc/search/<n>.json, written by
// compiler/site/search-index.ts: pages, sorted terms, postings) and answers a
// query without building anything: each query term is looked up by binary
// search in every shard's terms, as a prefix (`instal` finds `install`,
// worth half an exact match); a page must match every term; pages are
// ranked by the sum of their weights (title > headings > section > text).
// Works offline once the shards are cached.

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
  const found: { page: ShardPage; score: number }[] = [];
  for (const shard of shards) {
    const scores = new Map<number, number>();
    const matched = new Map<number, number>();
    words.forEach((word, index) => {
      const best = new Map<number, number>();
      for (let at = lowerBound(shard.terms, word), n = 0; at < shard.terms.length && n < PREFIX_LIMIT; at++, n++) {
        const term = shard.terms[at] as string;
        if (!term.startsWith(word)) break;
        const factor = term === word ? 1 : 0.5;
        const postings = shard.postings[at] ?? [];
        for (let i = 0; i < postings.length; i += 2) {
          const page = postings[i] as number;
          const score = (postings[i + 1] as number) * factor;
          if (score > (best.get(page) ?? 0)) best.set(page, score);
        }
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
