// How search splits text into terms, shared by the build (which writes the
// terms of every page into the index shards, search-index.ts) and the
// browser (which splits a query the same way, runtime/client/entries/search.ts):
// lowercase, diacritics removed, runs of letters and digits, two characters
// or more, English stop words left out (they match every page: their
// postings would be the largest part of the index and rank nothing). Pure
// and dependency-free, so esbuild bundles it for the browser.

const STOP_WORDS = new Set(
  'a an and are as at be by for from has have in is it its of on or that the this to was were will with you your can do not if into than then there these they we which'.split(
    ' ',
  ),
);

export function isStopWord(token: string): boolean {
  return STOP_WORDS.has(token);
}

/** The terms of a text; `keepStopWords` for a query, whose last word may be the start of a longer one (`in` → `install`). */
export function searchTokens(text: string, keepStopWords = false): string[] {
  // ASCII text (most of it) takes the fast path; the result is the same.
  const tokens = /[^\u0000-\u007f]/.test(text)
    ? text
        .normalize('NFKD')
        .replace(/\p{M}/gu, '')
        .toLowerCase()
        .match(/[\p{L}\p{N}]+/gu)
    : text.toLowerCase().match(/[a-z0-9]+/g);
  if (tokens === null) return [];
  const kept: string[] = [];
  for (const token of tokens) if (token.length >= 2 && token.length <= 40 && (keepStopWords || !STOP_WORDS.has(token))) kept.push(token);
  return kept;
}
