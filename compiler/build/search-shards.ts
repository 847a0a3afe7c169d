// The search index of a build, by shard (site/search-index.ts): each listed
// page's record is known by a key (layout-keys.ts `searchRecordKey`), and its
// entry — listing and weighted terms — is cached under that key. A shard is
// known by the keys of its records, written with that key into the output
// manifest: a build makes a shard again only when one of its records changed
// (else the file is kept), and then edits the earlier build's file when it
// lists the same pages (a navigation edit; on a thread of its own,
// shard-editor.ts), or merges entries: only the changed records are tokenized. A page kept from an earlier build brings its record's key,
// not its record; its entry comes from the cache, or from `remake` (which
// reads its body) when the cache no longer has it.
//
// A dev patch edits shards instead (`patch`): the shard as last written, read
// back from the output once (`preload`, while the session is idle) and kept,
// has the changed pages' entries replaced in place, without the other pages'
// entries (which a full build that kept the shard never read).

import type { BuildCache } from '../cache/build-cache.js';
import { plainKey } from '../cache/value-key.js';
import {
  parseShard,
  renderShardData,
  renderShardEntries,
  replaceShardEntries,
  type SearchEntry,
  type SearchRecord,
  SHARDS,
  type ShardData,
  searchEntry,
  shardOf,
  shardPath,
} from '../site/search-index.js';
import type { ShardEditor } from './shard-editor.js';

export class SearchShards {
  /** Per shard, record keys by search URL (`/guides/setup`). */
  private keys = Array.from({ length: SHARDS }, () => new Map<string, string>());
  /** Entries made or read in this process, by record key. */
  private entries = new Map<string, SearchEntry>();
  /** The key of each shard this object last rendered or found unchanged, by path. */
  private shardKeys = new Map<string, string>();
  /** Shards as last written, by path, with the key they were written with: what a patch edits. */
  private written = new Map<string, { key: string; data: ShardData }>();
  /** Shards already looked at by `request` for the next render, by number: changed ones with their edit under way, null when unchanged. A record added to one forgets it. */
  private requested = new Map<number, ChangedShard | null>();

  /** A record laid out in this build. */
  add(record: SearchRecord, key: string, cache: BuildCache): void {
    this.setRecord(record.url, key);
    if (this.entries.has(key)) return;
    const entry = searchEntry(record);
    this.entries.set(key, entry);
    if (!cache.has('derived', entryKey(key))) cache.put('derived', entryKey(key), entry);
  }

  /** A page kept from an earlier build, by its record's key. */
  addKept(url: string, key: string): void {
    this.setRecord(url, key);
  }

  /**
   * The shard files (all, or those listed) whose records changed: `unchanged`
   * says whether the output already holds a shard with that key (by default,
   * whether this object last rendered it with that key: a dev session's next
   * patch). A changed shard is the earlier build's file with the entries of
   * the pages laid out since replaced, when `editor` can make it (it lists
   * the same pages); else it is merged from every page's entry. `remake` makes a
   * record whose entry is not found; undefined from it (or no `remake`)
   * gives undefined: the caller must build in full.
   */
  async render(
    cache: BuildCache,
    options: {
      remake?: (url: string) => Promise<SearchRecord | undefined>;
      only?: ReadonlySet<number>;
      unchanged?: (path: string, key: string) => boolean;
      /** Edits the earlier build's shard files (shard-editor.ts). */
      editor?: ShardEditor;
    } = {},
  ): Promise<ShardFile[] | undefined> {
    const { remake, only } = options;
    const changed: ChangedShard[] = [];
    for (let n = 0; n < SHARDS; n++) {
      if (only !== undefined && !only.has(n)) continue;
      const shard = this.request(n, options);
      if (shard !== undefined) changed.push(shard);
    }
    this.requested.clear();
    // Every shard is asked for: this thread edits beside the editor's instead of waiting for it.
    options.editor?.workAlong();
    const files: ShardFile[] = [];
    for (const { path, key, records, edited } of changed) {
      const text = await edited;
      const contents = text ?? (await this.merged(records, cache, remake));
      if (contents === undefined) return undefined;
      this.shardKeys.set(path, key);
      files.push({ path, key, contents });
    }
    // After a full render the entries are let go (they are in the cache): a dev session's patches edit shards instead.
    if (only === undefined) this.entries.clear();
    return files;
  }

  /**
   * Looks at shard `n` for the next `render` (with the same options), once its
   * records are complete: no page of it is left to lay out. A changed shard
   * goes to the editor now, which edits it while the build lays out the
   * pages of other shards; undefined when the shard is unchanged.
   */
  request(n: number, options: { unchanged?: (path: string, key: string) => boolean; editor?: ShardEditor }): ChangedShard | undefined {
    const known = this.requested.get(n);
    if (known !== undefined) return known ?? undefined;
    const { editor, unchanged = (path, key) => this.shardKeys.get(path) === key } = options;
    const records = [...(this.keys[n] ?? [])];
    const path = shardPath(n);
    const key = shardKeyOf(records);
    if (unchanged(path, key)) {
      this.shardKeys.set(path, key);
      this.requested.set(n, null);
      return undefined;
    }
    // Sent to the editor first: it works on it while the others are laid out or merged here.
    const made = records.flatMap(([, recordKey]) => this.entries.get(recordKey) ?? []);
    const edited = editor?.edit(
      path,
      records.map(([url]) => url),
      made,
    );
    const shard: ChangedShard = edited === undefined ? { path, key, records } : { path, key, records, edited };
    this.requested.set(n, shard);
    return shard;
  }

  /** A shard rendered from every page's entry; undefined when one can be neither found nor made again. */
  private async merged(
    records: readonly [string, string][],
    cache: BuildCache,
    remake: ((url: string) => Promise<SearchRecord | undefined>) | undefined,
  ): Promise<string | undefined> {
    const entries: SearchEntry[] = [];
    for (const [url, recordKey] of records) {
      let entry = this.entries.get(recordKey);
      if (entry === undefined) {
        // Kept for the next render of this shard in the process (a dev session's next edit).
        entry = cache.get<SearchEntry>('derived', entryKey(recordKey));
        if (entry !== undefined) this.entries.set(recordKey, entry);
      }
      if (entry === undefined) {
        const record = await remake?.(url);
        if (record === undefined) return undefined;
        this.add(record, recordKey, cache);
        entry = this.entries.get(recordKey) as SearchEntry;
      }
      entries.push(entry);
    }
    return renderShardEntries(entries);
  }

  /**
   * Reads back the shards the output holds (`read`: the output's file at a
   * path when the manifest records it with that key, unchanged since), for
   * `patch`.
   */
  async preload(read: OutputReader): Promise<void> {
    for (const path of [...this.shardKeys.keys()]) {
      // One shard at a time: an edit arriving meanwhile waits for one, not all.
      await new Promise((resolve) => setImmediate(resolve));
      const key = this.shardKeys.get(path);
      if (key !== undefined) this.shardData(path, key, read);
    }
  }

  /**
   * A dev patch: `changed` pages were laid out again (same URLs); their
   * shards, edited in place, or rendered from entries when one cannot be read
   * back. Undefined: the caller must build in full.
   */
  async patch(changed: readonly { record: SearchRecord; key: string }[], cache: BuildCache, read: OutputReader): Promise<ShardFile[] | undefined> {
    const byShard = new Map<number, SearchEntry[]>();
    for (const { record, key } of changed) {
      const previous = this.recordsOf(record.url).get(record.url);
      if (previous === undefined) return undefined;
      this.add(record, key, cache);
      const entries = byShard.get(shardOf(record.url)) ?? [];
      if (previous !== key) entries.push(this.entries.get(key) as SearchEntry);
      byShard.set(shardOf(record.url), entries);
    }
    const files: ShardFile[] = [];
    const rendered = new Set<number>();
    for (const [n, entries] of byShard) {
      if (entries.length === 0) continue;
      const path = shardPath(n);
      const before = this.shardKeys.get(path);
      const data = before === undefined ? undefined : this.shardData(path, before, read);
      if (data === undefined || !replaceShardEntries(data, entries)) {
        this.written.delete(path);
        rendered.add(n);
        continue;
      }
      const key = this.shardKey(n);
      this.shardKeys.set(path, key);
      this.written.set(path, { key, data });
      files.push({ path, key, contents: renderShardData(data) });
    }
    if (rendered.size === 0) return files;
    const others = await this.render(cache, { only: rendered });
    return others && [...files, ...others];
  }

  /** The data of a shard the output holds with `key`, read back once. */
  private shardData(path: string, key: string, read: OutputReader): ShardData | undefined {
    const known = this.written.get(path);
    if (known?.key === key) return known.data;
    const text = read(path, key);
    const data = text === undefined ? undefined : parseShard(text);
    if (data !== undefined) this.written.set(path, { key, data });
    return data;
  }

  /** A shard's key: its records' URLs and keys, in URL order. */
  private shardKey(n: number): string {
    return shardKeyOf([...(this.keys[n] ?? [])]);
  }

  /** Sets a page's record key; a shard `request` looked at already is looked at again. */
  private setRecord(url: string, key: string): void {
    this.recordsOf(url).set(url, key);
    this.requested.delete(shardOf(url));
  }

  private recordsOf(url: string): Map<string, string> {
    return this.keys[shardOf(url)] as Map<string, string>;
  }
}

/** The output's file at `path`, when the manifest records it with `key` and it is unchanged since; else undefined. */
export type OutputReader = (path: string, key: string) => string | undefined;

function shardKeyOf(records: [string, string][]): string {
  records.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `search-shard\0${plainKey(records)}`;
}

/** A shard whose records changed, with its edit when the editor was asked. */
interface ChangedShard {
  path: string;
  key: string;
  records: [string, string][];
  edited?: Promise<string | undefined>;
}

/** A shard to write, with the key the output manifest records for it. */
export interface ShardFile {
  path: string;
  key: string;
  contents: string;
}

function entryKey(key: string): string {
  return `search-entry\0${key}`;
}
