// The search index of a build, by shard (site/search-index.ts): each listed
// page's record is known by a key (layout-keys.ts `searchRecordKey`), and its
// entry — listing and weighted terms — is cached under that key. A shard's
// text is cached under the keys of its records, so a build writes a shard again
// only when one of its records changed, and then merges entries: only the
// changed records are tokenized. A page kept from an earlier build brings its
// record's key, not its record; its entry comes from the cache, or from
// `remake` (which reads its body) when the cache no longer has it.

import type { BuildCache } from '../cache/build-cache.js';
import { plainKey } from '../cache/value-key.js';
import { renderShardEntries, type SearchEntry, type SearchRecord, SHARDS, searchEntry, shardOf, shardPath } from '../site/search-index.js';

export class SearchShards {
  /** Record keys by search URL (`/guides/setup`). */
  private keys = new Map<string, string>();
  /** Entries made or read in this process, by record key. */
  private entries = new Map<string, SearchEntry>();

  /** A record laid out in this build. */
  add(record: SearchRecord, key: string, cache: BuildCache): void {
    this.keys.set(record.url, key);
    if (this.entries.has(key)) return;
    const entry = searchEntry(record);
    this.entries.set(key, entry);
    if (!cache.has('derived', entryKey(key))) cache.put('derived', entryKey(key), entry);
  }

  /** A page kept from an earlier build, by its record's key. */
  addKept(url: string, key: string): void {
    this.keys.set(url, key);
  }

  /**
   * The shard files (all, or those listed), from the cache when their records
   * are unchanged. `remake` makes a record whose entry is not found; undefined
   * from it (or no `remake`) gives undefined: the caller must build in full.
   */
  async render(
    cache: BuildCache,
    remake?: (url: string) => Promise<SearchRecord | undefined>,
    only?: ReadonlySet<number>,
  ): Promise<{ path: string; contents: string }[] | undefined> {
    const byShard = Array.from({ length: SHARDS }, (): [string, string][] => []);
    for (const [url, key] of this.keys) byShard[shardOf(url)]?.push([url, key]);
    const files: { path: string; contents: string }[] = [];
    for (const [n, records] of byShard.entries()) {
      if (only !== undefined && !only.has(n)) continue;
      records.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      const shardKey = `search-shard\0${plainKey(records)}`;
      let contents = cache.get<string>('derived', shardKey);
      if (contents === undefined) {
        const entries: SearchEntry[] = [];
        for (const [url, key] of records) {
          let entry = this.entries.get(key);
          if (entry === undefined) {
            // Kept for the next render of this shard in the process (a dev session's next edit).
            entry = cache.get<SearchEntry>('derived', entryKey(key));
            if (entry !== undefined) this.entries.set(key, entry);
          }
          if (entry === undefined) {
            const record = await remake?.(url);
            if (record === undefined) return undefined;
            this.add(record, key, cache);
            entry = this.entries.get(key) as SearchEntry;
          }
          entries.push(entry);
        }
        contents = renderShardEntries(entries);
        cache.put('derived', shardKey, contents);
      }
      files.push({ path: shardPath(n), contents });
    }
    return files;
  }
}

function entryKey(key: string): string {
  return `search-entry\0${key}`;
}
