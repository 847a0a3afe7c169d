// How search splits text into terms, shared by the build (which writes the
// terms of every page into the index shards, search-index.ts) and the
// browser (which splits a query the same way, runtime/client/entries/search.ts):
// lowercase, diacritics removed, runs of letters and digits, two characters
// or more. Pure and dependency-free, so esbuild bundles it for the browser.

export function searchTokens(text: string): string[] {
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
  for (const token of tokens) if (token.length >= 2 && token.length <= 40) kept.push(token);
  return kept;
}
