// Binary search over anything indexable: the output manifest's sorted lines
// (output/write-output.ts) and a search shard's sorted pages, terms and
// postings (site/search-index.ts).

/** The first index in [0, length) for which `before` is false (`before` is true, then false). */
export function lowerBound(length: number, before: (index: number) => boolean): number {
  let low = 0;
  let high = length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (before(mid)) low = mid + 1;
    else high = mid;
  }
  return low;
}
