// Keeping the cache on disk under its size limit: after a build, when the
// data file is over the limit, the least recently used entries are removed —
// never one the build that closes the cache read, tested or wrote — and the
// file is compacted.
//
// Recency is counted in builds: every close of a build's database is a
// generation (`GENERATION_KEY`), and every entry the build used gets a stamp,
// `[USE_PREFIX, kind, key] → generation`, in the same database (stamps sort
// after every kind, so they sit together in their own pages). An entry without
// a stamp counts as the oldest. Stamps are written once per close, in one
// transaction; a no-op build (nothing written, a handful read) and a check
// write none.
//
// lmdb never shrinks its file: removed entries free pages inside it for later
// writes. So trimming goes down to `TRIM_TARGET` of the limit in pages in use
// (`usedBytes`, from lmdb's own page counts), then copies the database with
// compaction (`mdb_env_copy2`, MDB_CP_COMPACT) into `COMPACT_DIR` and puts the
// copy in place once the database is closed: the file is then about the
// pages in use. A build that trims therefore pays for a copy of the cache
// (the next builds fill the freed quarter before the next trim).
//
// Trimming never changes what a build writes: every reader of the cache
// handles a miss by computing the value again (build-cache.ts).

import { mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { RootDatabase } from 'lmdb';
import { DATA_FILE } from './cache-files.js';

/** The first element of a use stamp's key; sorts after every `CacheKind`. */
export const USE_PREFIX = '~used';

/** The generation of the last close (a number). */
export const GENERATION_KEY = 'docsc:generation';

/** Where the compacted copy is made, inside the cache folder, before it replaces the data file. */
export const COMPACT_DIR = 'compacting';

/** Trimming goes down to this share of the limit, so that the next builds have room before the next trim. */
export const TRIM_TARGET = 0.75;

type StoredKey = [string, string];

export interface TrimOutcome {
  /** Entries removed (their stamps with them). */
  removed: number;
  /** Pages in use before and after, in bytes. */
  usedBefore: number;
  usedAfter: number;
  /** Whether a compacted copy is waiting in COMPACT_DIR (`replaceWithCompacted` after the close). */
  compacted: boolean;
}

interface LmdbPageCounts {
  pageSize: number;
  treeBranchPageCount: number;
  treeLeafPageCount: number;
  overflowPages: number;
  free?: { treeBranchPageCount: number; treeLeafPageCount: number; overflowPages: number };
}

/** Bytes of the database's pages in use: its tree's pages, the free list's own pages and the two meta pages. */
export function usedBytes(db: RootDatabase): number {
  const stats = db.getStats() as LmdbPageCounts;
  const pages = (s: Omit<LmdbPageCounts, 'pageSize' | 'free'> | undefined) =>
    s === undefined ? 0 : s.treeBranchPageCount + s.treeLeafPageCount + s.overflowPages;
  return stats.pageSize * (2 + pages(stats) + pages(stats.free));
}

export function stampKey(stored: StoredKey): [string, string, string] {
  return [USE_PREFIX, stored[0], stored[1]];
}

/** The generation this close records: one more than the last. */
export function nextGeneration(db: RootDatabase): number {
  const last = db.get(GENERATION_KEY);
  return typeof last === 'number' ? last + 1 : 1;
}

/**
 * Writes the generation and the stamps of the entries used since the cache was
 * opened, in one transaction, awaited until durable.
 */
export async function stampUse(db: RootDatabase, generation: number, used: Iterable<StoredKey>): Promise<void> {
  await db.transaction(() => {
    db.put(GENERATION_KEY, generation);
    for (const stored of used) db.put(stampKey(stored), generation);
  });
  await db.flushed;
}

/**
 * Removes the least recently used entries not in `keep` (ids `kind\0key` of
 * stored keys) until the pages in use are at most `targetBytes`, in a few
 * transactions (an entry's size is not known without reading it: each round
 * removes the share of the candidates that the excess is of the pages in use,
 * oldest first, and looks at the page counts again), then makes a compacted
 * copy in COMPACT_DIR.
 */
export async function trimDatabase(
  db: RootDatabase,
  dir: string,
  keep: ReadonlySet<string>,
  targetBytes: number,
  fileBytes: number,
): Promise<TrimOutcome> {
  const usedBefore = usedBytes(db);
  const stamps = new Map<string, number>();
  for (const { key, value } of db.getRange({ start: [USE_PREFIX], end: [USE_PREFIX, '\uffff'] })) {
    const [, kind, name] = key as [string, string, string];
    stamps.set(`${kind}\0${name}`, typeof value === 'number' ? value : 0);
  }
  const candidates: { stored: StoredKey; generation: number }[] = [];
  for (const key of db.getKeys({})) {
    if (!Array.isArray(key) || key.length !== 2 || key[0] === USE_PREFIX) continue;
    const stored = key as StoredKey;
    const id = `${stored[0]}\0${stored[1]}`;
    if (!keep.has(id)) candidates.push({ stored, generation: stamps.get(id) ?? 0 });
  }
  // Oldest first; the sort is stable, so equal generations go in key order.
  candidates.sort((a, b) => a.generation - b.generation);
  let removed = 0;
  let used = usedBefore;
  for (let round = 0; round < 8 && used > targetBytes && removed < candidates.length; round++) {
    const left = candidates.length - removed;
    const share = Math.min(1, ((used - targetBytes) / used) * 1.1);
    const batch = candidates.slice(removed, removed + Math.max(1, Math.ceil(left * share)));
    await db.transaction(() => {
      for (const { stored } of batch) {
        db.remove(stored);
        db.remove(stampKey(stored));
      }
    });
    await db.flushed;
    removed += batch.length;
    used = usedBytes(db);
  }
  // A copy that would not be smaller is not made (every entry was used by this build).
  if (used > fileBytes * 0.9) return { removed, usedBefore, usedAfter: used, compacted: false };
  const copy = join(dir, COMPACT_DIR);
  rmSync(copy, { recursive: true, force: true });
  mkdirSync(copy);
  await db.backup(copy, true);
  return { removed, usedBefore, usedAfter: used, compacted: true };
}

/** After the database is closed: the compacted copy becomes the data file. */
export function replaceWithCompacted(dir: string): void {
  renameSync(join(dir, COMPACT_DIR, DATA_FILE), join(dir, DATA_FILE));
  rmSync(join(dir, COMPACT_DIR), { recursive: true, force: true });
}

/** A copy left by a process killed while compacting: never trusted, deleted when the cache is opened. */
export function removeLeftoverCopy(dir: string): void {
  try {
    rmSync(join(dir, COMPACT_DIR), { recursive: true, force: true });
  } catch {
    // Left in place: it is never read, and the next trim replaces it.
  }
}
