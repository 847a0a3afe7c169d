// The files of a cache folder — lmdb's `data.mdb` and `lock.mdb`, and docsc's
// seal — and the options lmdb opens them with. The seal records the size and modification time docsc left
// `data.mdb` with when it last closed the cache cleanly; it is deleted when a
// build opens the cache, so a build that was killed leaves none. A data file
// that still matches its seal was written by docsc and by nothing since: it
// can be opened without a probe (see probe-cache.ts). Wiping deletes these
// files only, never the build lock (`.docsc-lock`) beside them.

import { readFileSync, rmSync, statfsSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const DATA_FILE = 'data.mdb';
export const LMDB_LOCK_FILE = 'lock.mdb';
export const SEAL_FILE = 'seal.json';

/**
 * Where lmdb keeps the msgpack record structures of every value, once for the
 * database (lmdb's shared structures): without them each value carries its
 * own, and decoding them was most of the cost of reading 11,000 page
 * summaries (measured: 0.5 s of a 1 s read).
 */
export const STRUCTURES_KEY = Symbol.for('docsc-structures');

/**
 * The database's memory map, fixed at twice the default size limit
 * (DEFAULT_MAX_CACHE_BYTES, which docsc enforces itself). It is address space,
 * not memory: without a write map the file grows only as it is written. lmdb
 * otherwise starts with a 128 KB map and maps the file again each time it
 * outgrows it, and the pages of the earlier maps stay resident: a cold build
 * of 11,483 pages ended with 247 MB of its 135 MB file resident (smaps), 127
 * MB with one map.
 */
const MAP_BYTES = 4 * 1024 ** 3;

/**
 * How the database is opened, here and in the probe's child process. Values
 * are msgpack (lmdb's default encoding); those over 1000 bytes (page bodies)
 * are LZ4-compressed, which must be the same on every open, as must the
 * shared structures' key (the probe's child sets it: a symbol is not JSON).
 * (Uncompressed values were tried: a flush runs in the build's main thread,
 * and lmdb's LZ4 cost the bench corpus's cold build about 8 s of CPU and 3-6 s
 * of wall time, alternated. But the 293 MB file, against 137 MB, left more of
 * its pages resident: the cold build's peak RSS reached 998 MiB in the bench
 * (`bench/results/2026-11-22-full-partial-2309.json`), against 809 MiB, too
 * close to the 1 GiB target to keep.)
 */
export const LMDB_OPTIONS = {
  compression: true,
  sharedStructuresKey: STRUCTURES_KEY,
  maxSharedStructures: 512,
  shouldShareStructure: sharesStructure,
  mapSize: MAP_BYTES,
} as const;

/**
 * Only objects of a few keys share their structure: a record keyed by paths (the snapshot memo, the check record's
 * inputs: 25,000 keys for crewAI's docs) made a shared structure of its own, and lmdb writes all the shared
 * structures again each time one is added (decoding them first): 2.2 MB of them, 1-2 s of CPU in a first check's
 * flush; the same puts with this limit, simulated, 0.35 s against 2.0-2.4 s. Such an object carries its keys in
 * its own value instead, as it must anyway.
 */
function sharesStructure(keys: readonly string[]): boolean {
  return keys.length <= MAX_SHARED_KEYS;
}

/** More keys than any object docsc stores with fixed keys (a summary, a diagnostic, frontmatter) has. */
const MAX_SHARED_KEYS = 64;

/**
 * The least free space on the cache's disk for docsc to write the database.
 * lmdb maps its files into memory: when their disk fills up under it, the
 * process dies with SIGSEGV or SIGBUS instead of an error (measured on a full
 * 1 MB tmpfs, with and without lmdb's write map). So the cache is not opened,
 * and is given up before a flush, when less than this is free.
 */
export const MIN_FREE_BYTES = 64 * 1024 * 1024;

/** Free bytes on the disk holding `dir` for this user, or undefined when unknown. */
export function freeBytes(dir: string): number | undefined {
  try {
    const stats = statfsSync(dir);
    return stats.bavail * stats.bsize;
  } catch {
    return undefined;
  }
}

export interface DataFileState {
  size: number;
  /** Nanoseconds, as a decimal string: exact, unlike `mtimeMs`. */
  mtimeNs: string;
}

/** The data file's size and modification time, or undefined when there is none. */
export function dataFileState(dir: string): DataFileState | undefined {
  try {
    const stat = statSync(join(dir, DATA_FILE), { bigint: true });
    return stat.isFile() ? { size: Number(stat.size), mtimeNs: String(stat.mtimeNs) } : undefined;
  } catch {
    return undefined;
  }
}

export function readSeal(dir: string): DataFileState | undefined {
  try {
    const seal = JSON.parse(readFileSync(join(dir, SEAL_FILE), 'utf8')) as Partial<DataFileState>;
    return typeof seal.size === 'number' && typeof seal.mtimeNs === 'string' ? { size: seal.size, mtimeNs: seal.mtimeNs } : undefined;
  } catch {
    return undefined;
  }
}

/** Records the data file as docsc left it; called after the database is closed. */
export function writeSeal(dir: string): void {
  const state = dataFileState(dir);
  if (state !== undefined) writeFileSync(join(dir, SEAL_FILE), `${JSON.stringify(state)}\n`);
}

export function removeSeal(dir: string): void {
  rmSync(join(dir, SEAL_FILE), { force: true });
}

/** Deletes the database and its seal; the folder and any build lock in it stay. */
export function wipeCacheFiles(dir: string): void {
  for (const name of [SEAL_FILE, DATA_FILE, LMDB_LOCK_FILE]) rmSync(join(dir, name), { force: true });
}
