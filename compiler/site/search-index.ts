// The search index: one record per listed page (hidden and `noindex` pages are
// left out) with its title, where it sits (breadcrumbs), its headings and the
// start of its text. Written as JSON in SHARDS files by a hash of the URL
// (`_docsc/search/<n>.json`), so that editing one page rewrites one shard, not
// an index of every page; the site runtime loads the shards and searches them.

export interface SearchRecord {
  url: string;
  title: string;
  section: string;
  headings: { id: string; text: string }[];
  text: string;
}

export const SHARDS = 16;
export const SEARCH_INDEX_DIR = '_docsc/search';

/** Text kept per page: enough to find a page by its opening paragraphs. */
const TEXT_LIMIT = 2000;

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

/** The records of one shard (the caller picks them by `shardOf`), as the shard file's text. */
export function renderSearchShard(records: readonly SearchRecord[]): string {
  const sorted = [...records].sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
  return `${JSON.stringify({ version: 1, pages: sorted.map((r) => ({ ...r, text: r.text.slice(0, TEXT_LIMIT) })) })}\n`;
}

/** Every shard file of a site's records: path → text. */
export function renderSearchIndex(records: Iterable<SearchRecord>): Map<string, string> {
  const shards = Array.from({ length: SHARDS }, (): SearchRecord[] => []);
  for (const record of records) shards[shardOf(record.url)]?.push(record);
  return new Map(shards.map((shard, n) => [shardPath(n), renderSearchShard(shard)]));
}
