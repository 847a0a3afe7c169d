// `docsc cache`: what a cache folder holds — its size on disk and in use,
// what wrote it, and its entries by kind with their stored (compressed)
// bytes — and `docsc cache clear`, which deletes the database under the
// cache's lock. Reading opens the database read-only after the same probe a
// build makes (probe-cache.ts: a damaged file is reported, never mapped), so a
// report never changes the cache, and a build may run meanwhile.

import { open } from 'lmdb';
import { type CacheKind, DEFAULT_MAX_CACHE_BYTES } from './build-cache.js';
import { acquireBuildLock } from './build-lock.js';
import { dataFileState, LMDB_OPTIONS, wipeCacheFiles } from './cache-files.js';
import { IDENTITY_KEY } from './cache-identity.js';
import { probeCache } from './probe-cache.js';
import { GENERATION_KEY, removeLeftoverCopy, USE_PREFIX, usedBytes } from './trim-cache.js';

export interface CacheReport {
  /** The cache folder, absolute. */
  dir: string;
  /** The data file's size (0 when there is none) and the bytes of its pages in use. */
  fileBytes: number;
  usedBytes: number;
  limitBytes: number;
  /** The docsc that last opened it, and how many times a command closed it (its generations). */
  writtenBy?: string;
  closes: number;
  /** Entries by kind (use stamps apart), with their stored bytes. */
  kinds: { kind: CacheKind | 'use-stamp'; entries: number; bytes: number }[];
  /** Why it could not be read (the next build clears it). */
  damaged?: string;
}

export async function inspectCache(dir: string, limitBytes = DEFAULT_MAX_CACHE_BYTES): Promise<CacheReport> {
  const report: CacheReport = { dir, fileBytes: dataFileState(dir)?.size ?? 0, usedBytes: 0, limitBytes, closes: 0, kinds: [] };
  const verdict = await probeCache(dir);
  if (verdict.state === 'absent') return report;
  if (verdict.state === 'damaged') return { ...report, damaged: verdict.reason };
  const db = open({ ...LMDB_OPTIONS, path: dir, noSubdir: false, readOnly: true });
  try {
    report.usedBytes = usedBytes(db);
    const identity = db.get(IDENTITY_KEY) as { docsc?: string } | undefined;
    if (typeof identity?.docsc === 'string') report.writtenBy = identity.docsc;
    const generation = db.get(GENERATION_KEY);
    report.closes = typeof generation === 'number' ? generation : 0;
    const kinds = new Map<string, { entries: number; bytes: number }>();
    for (const key of db.getKeys({})) {
      if (!Array.isArray(key)) continue;
      const kind = key[0] === USE_PREFIX ? 'use-stamp' : String(key[0]);
      const counts = kinds.get(kind) ?? { entries: 0, bytes: 0 };
      counts.entries++;
      counts.bytes += db.getBinaryFast(key)?.length ?? 0;
      kinds.set(kind, counts);
    }
    report.kinds = [...kinds]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([kind, counts]) => ({ kind: kind as CacheKind | 'use-stamp', ...counts }));
  } catch (error) {
    report.damaged = error instanceof Error ? error.message : String(error);
  } finally {
    await db.close();
  }
  return report;
}

/** Deletes the cache's database (the folder and its lock file stay); throws BuildLockedError while a build uses it. */
export function clearCache(dir: string, root: string): { freedBytes: number } {
  const lock = acquireBuildLock([dir], { command: 'docsc cache clear', root });
  try {
    const freedBytes = dataFileState(dir)?.size ?? 0;
    wipeCacheFiles(dir);
    removeLeftoverCopy(dir);
    return { freedBytes };
  } finally {
    lock.release();
  }
}
