// The build cache on disk: one lmdb database in the cache folder, entries
// under `[kind, key]`, values in msgpack (the contract is in build-cache.ts).
// Opening probes the database first (probe-cache.ts), then checks its
// identity record (cache-identity.ts); anything wrong clears it,
// with a diagnostic. The size limit is docsc's own (`maxSizeBytes`): closing
// a build's cache (`trim`) stamps the entries the build used and
// removes the least recently used others when the file is over the limit
// (trim-cache.ts). When a write fails, or a build writes more than the limit
// on top of what the cache held, the database is closed and wiped, and the
// rest of the build uses a MemoryBuildCache holding what was buffered: the
// build never fails because of its cache.

import { mkdirSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';
import { open, type RootDatabase } from 'lmdb';
import type { DiagnosticCode } from '../diagnostics/catalogue.js';
import { type Diagnostic, makeDiagnostic } from '../diagnostics/diagnostic.js';
import {
  type BuildCache,
  type CacheKind,
  type CacheStats,
  DEFAULT_MAX_CACHE_BYTES,
  type OpenBuildCacheOptions,
  type OpenedBuildCache,
} from './build-cache.js';
import { dataFileState, freeBytes, LMDB_OPTIONS, MIN_FREE_BYTES, removeSeal, STRUCTURES_KEY, wipeCacheFiles, writeSeal } from './cache-files.js';
import { type CacheIdentity, compareIdentity, currentIdentity, IDENTITY_KEY } from './cache-identity.js';
import { approximateBytes, entryId, MemoryBuildCache } from './memory-build-cache.js';
import { probeCache } from './probe-cache.js';
import { nextGeneration, removeLeftoverCopy, replaceWithCompacted, stampUse, TRIM_TARGET, trimDatabase } from './trim-cache.js';
import { sha256 } from './value-key.js';

type CacheCode = DiagnosticCode & `cache/${string}`;

export async function openLmdbBuildCache(options: OpenBuildCacheOptions & { dir: string }): Promise<OpenedBuildCache> {
  const dir = resolve(options.dir);
  const shown = displayPath(dir, options.root);
  const maxSizeBytes = options.maxSizeBytes ?? DEFAULT_MAX_CACHE_BYTES;
  const identity = currentIdentity(options.toolVersion);
  const warnings: Diagnostic[] = [];
  const warn = (code: CacheCode, args: Record<string, string> = {}) => warnings.push(cacheDiagnostic(code, shown, args));
  const inMemory = (reason: string): OpenedBuildCache => {
    warn('cache/unavailable', { reason });
    return { cache: new MemoryBuildCache(), warnings };
  };

  try {
    mkdirSync(dir, { recursive: true });
  } catch (error) {
    return inMemory(describeError(error));
  }
  const free = freeBytes(dir);
  if (free !== undefined && free < MIN_FREE_BYTES) return inMemory(lowSpaceReason(free));
  removeLeftoverCopy(dir);
  // A build may write up to the limit on top of what the cache holds (trimmed when it closes); past that it gives up.
  const hardLimit = Math.max(dataFileState(dir)?.size ?? 0, maxSizeBytes) + maxSizeBytes;
  const openDatabase = (at: string) => openLmdb(at, hardLimit);

  // Any doubt below wipes the database and opens an empty one; a wipe that fails leaves the build without cache.
  const startOver = (code: CacheCode, args: Record<string, string>): OpenedBuildCache | RootDatabase => {
    warn(code, args);
    try {
      wipeCacheFiles(dir);
      return openDatabase(dir);
    } catch (error) {
      return inMemory(describeError(error));
    }
  };

  const verdict = await probeCache(dir, options.probeTimeoutMs === undefined ? {} : { timeoutMs: options.probeTimeoutMs });
  let opened: OpenedBuildCache | RootDatabase;
  try {
    // From here until `close` the database may change: a build killed meanwhile leaves no seal.
    removeSeal(dir);
    opened = verdict.state === 'damaged' ? startOver('cache/damaged', { reason: verdict.reason }) : openDatabase(dir);
  } catch (error) {
    // lmdb refused the file it found (not an lmdb file, another lock format), or the seal could not be removed.
    opened = dataFileState(dir) === undefined ? inMemory(describeError(error)) : startOver('cache/damaged', { reason: describeError(error) });
  }
  if (!isDatabase(opened)) return opened;

  let db = opened;
  const problem = checkDatabase(db, identity);
  if (problem !== undefined) {
    await db.close();
    const reopened = startOver(problem.code, problem.args);
    if (!isDatabase(reopened)) return reopened;
    db = reopened;
  }
  const identityStored = problem === undefined && db.get(IDENTITY_KEY) !== undefined;
  const limits = { maxSizeBytes, hardLimit, trim: options.trim ?? false };
  return { cache: new LmdbBuildCache(db, dir, shown, identity, identityStored, limits), warnings };
}

function lowSpaceReason(free: number): string {
  return `its disk has only ${formatBytes(free)} free (docsc needs ${formatBytes(MIN_FREE_BYTES)} to write it safely)`;
}

function isDatabase(value: OpenedBuildCache | RootDatabase): value is RootDatabase {
  return !('cache' in value && 'warnings' in value);
}

function openLmdb(dir: string, hardLimit: number): RootDatabase {
  // `noSubdir: false`: lmdb would take a folder name with a dot (`my.cache`) for a file name. The map is at least
  // the size a build may reach (a larger limit than the default's needs more address space).
  return open({ ...LMDB_OPTIONS, mapSize: Math.max(LMDB_OPTIONS.mapSize, hardLimit), path: dir, noSubdir: false });
}

/** Why an opened database cannot be used as it is, or undefined when it can. */
function checkDatabase(db: RootDatabase, identity: CacheIdentity): { code: CacheCode; args: Record<string, string> } | undefined {
  let stored: unknown;
  let entries: number;
  try {
    stored = db.get(IDENTITY_KEY);
    // lmdb's shared structures are an entry of their own, not a value of docsc's.
    entries = (db.getStats() as { entryCount: number }).entryCount - (db.getBinary(STRUCTURES_KEY) === undefined ? 0 : 1);
  } catch (error) {
    return { code: 'cache/damaged', args: { reason: describeError(error) } };
  }
  if (stored === undefined) {
    return entries === 0 ? undefined : { code: 'cache/damaged', args: { reason: `it holds ${entries} entries but no identity record` } };
  }
  const mismatch = compareIdentity(stored, identity);
  if (mismatch !== undefined) return { code: mismatch.code, args: { was: mismatch.was, now: mismatch.now } };
  return undefined;
}

interface SizeLimits {
  /** Over this, closing a build's cache trims it. */
  maxSizeBytes: number;
  /** Past this, a flush gives the database up (`cache/full`). */
  hardLimit: number;
  /** Whether closing records what was used and trims (a build's cache), or neither (a check's). */
  trim: boolean;
}

interface PendingEntry {
  kind: CacheKind;
  key: string;
  value: unknown;
}

class LmdbBuildCache implements BuildCache {
  readonly stats: CacheStats = { hits: 0, misses: 0, writes: 0 };
  /** Values put since the last flush, by entry id. */
  private readonly pending = new Map<string, PendingEntry>();
  pendingBytes = 0;
  /** Set once the database is given up (then `db` is undefined): the rest of the build uses memory. */
  private memory: MemoryBuildCache | undefined;
  /** A database given up by `get`, which cannot wait: closed and wiped by the next flush. */
  private abandoned: RootDatabase | undefined;
  private warnings: Diagnostic[] = [];
  private closed = false;
  /** Entries read, found or written since the cache was opened (`entryId`s): stamped at close, never trimmed by it. */
  private readonly used = new Set<string>();

  constructor(
    private db: RootDatabase | undefined,
    readonly location: string,
    private readonly shown: string,
    private readonly identity: CacheIdentity,
    private identityStored: boolean,
    private readonly limits: SizeLimits,
  ) {}

  get<T>(kind: CacheKind, key: string): T | undefined {
    this.assertOpen();
    if (this.db === undefined) return this.memory?.get<T>(kind, key);
    const id = entryId(kind, key);
    const pending = this.pending.get(id);
    if (pending !== undefined) {
      this.stats.hits++;
      return pending.value as T;
    }
    let value: unknown;
    try {
      value = this.db.get(storedKey(kind, key));
    } catch (error) {
      return this.giveUp('cache/damaged', `reading an entry failed: ${describeError(error)}`).get<T>(kind, key);
    }
    if (value === undefined) this.stats.misses++;
    else {
      this.stats.hits++;
      this.used.add(id);
    }
    return value as T | undefined;
  }

  has(kind: CacheKind, key: string): boolean {
    this.assertOpen();
    if (this.db === undefined) return this.memory?.has(kind, key) ?? false;
    const id = entryId(kind, key);
    if (this.pending.has(id)) return true;
    try {
      const found = this.db.doesExist(storedKey(kind, key));
      if (found) this.used.add(id);
      return found;
    } catch (error) {
      return this.giveUp('cache/damaged', `reading an entry failed: ${describeError(error)}`).has(kind, key);
    }
  }

  async getMany<T>(kind: CacheKind, keys: readonly string[]): Promise<(T | undefined)[]> {
    this.assertOpen();
    if (this.db !== undefined) {
      try {
        await this.db.prefetch(keys.map((key) => storedKey(kind, key)));
      } catch {
        // prefetching is an optimisation; `get` reports real failures
      }
    }
    return keys.map((key) => this.get<T>(kind, key));
  }

  put(kind: CacheKind, key: string, value: unknown): void {
    this.assertOpen();
    if (value === undefined) throw new Error('the build cache cannot store undefined');
    if (this.db === undefined) {
      this.memory?.put(kind, key, value);
      return;
    }
    const id = entryId(kind, key);
    this.pending.set(id, { kind, key, value });
    this.used.add(id);
    this.pendingBytes += approximateBytes(value);
    this.stats.writes++;
  }

  async flush(): Promise<Diagnostic[]> {
    this.assertOpen();
    await this.closeAbandoned();
    if (this.db !== undefined && this.pending.size > 0) {
      const size = this.sizeBytes();
      const free = freeBytes(this.location);
      if (size >= this.limits.hardLimit) {
        const limit = formatBytes(this.limits.maxSizeBytes);
        this.giveUp('cache/full', `it is ${formatBytes(size)}: this build wrote more than its limit of ${limit} into it`);
      } else if (free !== undefined && free < MIN_FREE_BYTES) this.giveUp('cache/full', lowSpaceReason(free));
      else await this.write(this.db);
      await this.closeAbandoned();
    }
    const warnings = this.warnings;
    this.warnings = [];
    return warnings;
  }

  async close(): Promise<Diagnostic[]> {
    if (this.closed) return [];
    const warnings = await this.flush();
    this.closed = true;
    const db = this.db;
    this.db = undefined;
    if (db !== undefined) {
      try {
        const compacted = await this.stampAndTrim(db, warnings);
        await db.close();
        if (compacted) replaceWithCompacted(this.location);
        writeSeal(this.location);
      } catch (error) {
        warnings.push(cacheDiagnostic('cache/unavailable', this.shown, { reason: describeError(error) }));
      }
    }
    await this.memory?.close();
    return warnings;
  }

  /**
   * Records which entries this build used, then, for a build over the size
   * limit, removes the least recently used others (trim-cache.ts). Returns
   * whether a compacted copy is to replace the data file once it is closed.
   */
  private async stampAndTrim(db: RootDatabase, warnings: Diagnostic[]): Promise<boolean> {
    // A check's reads are not recorded: recency is counted in builds, and a check after a build reads what it read.
    if (!this.limits.trim) return false;
    const used: [CacheKind, string][] = [];
    for (const id of this.used) {
      const cut = id.indexOf('\0');
      used.push(storedKey(id.slice(0, cut) as CacheKind, id.slice(cut + 1)));
    }
    // A close that wrote nothing and read a handful of entries (a no-op build: its graph record and file memo) records
    // nothing: the transaction would be a good part of its time, and what it read stays as recent as the build that
    // wrote it.
    if (this.stats.writes > 0 || used.length > MAX_UNRECORDED_READS) await stampUse(db, nextGeneration(db), used);
    const { maxSizeBytes } = this.limits;
    const fileBytes = this.sizeBytes();
    if (!this.limits.trim || fileBytes <= maxSizeBytes) return false;
    const keep = new Set(used.map(([kind, key]) => `${kind}\0${key}`));
    const outcome = await trimDatabase(db, this.location, keep, maxSizeBytes * TRIM_TARGET, fileBytes);
    if (outcome.usedAfter > maxSizeBytes) {
      const args = { size: formatBytes(outcome.usedAfter), limit: formatBytes(maxSizeBytes) };
      warnings.push(cacheDiagnostic('cache/over-limit', this.shown, args));
    }
    return outcome.compacted;
  }

  sizeBytes(): number {
    return this.memory !== undefined ? 0 : (dataFileState(this.location)?.size ?? 0);
  }

  /**
   * One transaction for everything buffered (and the identity record, the
   * first time), awaited until durable. Its puts run in this thread, LZ4
   * included. Puts outside a transaction, which lmdb batches by itself and
   * compresses on libuv's threads, were measured on 2026-11-23 (3 alternated
   * cold builds of the bench corpus): no faster (both cores are busy then
   * anyway), and the peak RSS was 30-80 MB higher.
   */
  private async write(db: RootDatabase): Promise<void> {
    const entries = [...this.pending];
    try {
      await db.transaction(() => {
        if (!this.identityStored) db.put(IDENTITY_KEY, this.identity);
        for (const [, entry] of entries) db.put(storedKey(entry.kind, entry.key), entry.value);
      });
      await db.flushed;
      this.identityStored = true;
      // Keep what was put again while the transaction ran.
      for (const [id, entry] of entries) if (this.pending.get(id) === entry) this.pending.delete(id);
      this.pendingBytes = 0;
      for (const entry of this.pending.values()) this.pendingBytes += approximateBytes(entry.value);
    } catch (error) {
      this.giveUp(isFullError(error) ? 'cache/full' : 'cache/unavailable', describeError(error));
    }
  }

  /** Sets the database aside (closed and wiped by the next flush) and goes on in memory with what was buffered. */
  private giveUp(code: CacheCode, reason: string): MemoryBuildCache {
    if (this.memory !== undefined) return this.memory;
    this.abandoned = this.db;
    this.db = undefined;
    this.memory = new MemoryBuildCache(
      [...this.pending].map(([id, entry]) => [id, entry.value]),
      this.stats,
    );
    this.pending.clear();
    this.pendingBytes = 0;
    this.warnings.push(cacheDiagnostic(code, this.shown, { reason }));
    return this.memory;
  }

  private async closeAbandoned(): Promise<void> {
    const db = this.abandoned;
    if (db === undefined) return;
    this.abandoned = undefined;
    try {
      await db.close();
      wipeCacheFiles(this.location);
    } catch {
      // Left in place, without a seal: the next build probes it and checks its identity.
    }
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('the build cache is closed');
  }
}

/** lmdb keys are at most 1978 bytes: a longer key is stored as its SHA-256. */
function storedKey(kind: CacheKind, key: string): [CacheKind, string] {
  return key.length <= MAX_KEY_CHARS ? [kind, key] : [kind, `sha256:${sha256(key)}`];
}

/** Reads a close without writes may make and not record (stampAndTrim). */
const MAX_UNRECORDED_READS = 16;

/** Three bytes of UTF-8 per character at most, so this many characters always fit. */
const MAX_KEY_CHARS = 600;

function cacheDiagnostic(code: CacheCode, shown: string, args: Record<string, string>): Diagnostic {
  return makeDiagnostic(code, { file: shown }, { path: shown, ...args });
}

function displayPath(dir: string, root: string | undefined): string {
  const path = relative(resolve(root ?? '.'), dir)
    .split(sep)
    .join('/');
  return path === '' ? '.' : path;
}

function isFullError(error: unknown): boolean {
  const text = `${(error as NodeJS.ErrnoException)?.code ?? ''} ${error instanceof Error ? error.message : String(error)}`;
  return /MDB_MAP_FULL|ENOSPC|EDQUOT|EFBIG/.test(text);
}

const errnoText: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EEXIST: 'a file of that name is in the way',
  ENOTDIR: 'a file is in the way of the folder',
  EROFS: 'the file system is read-only',
  ENOSPC: 'the disk is full',
};

/** An error in a few words, without absolute paths. */
function describeError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException)?.code;
  if (typeof code === 'string' && errnoText[code] !== undefined) return errnoText[code];
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n', 1)[0]?.replace(/^Error: /, '') ?? message;
}

function formatBytes(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${(bytes / 1024 ** 3).toFixed(1)} GiB`;
  if (bytes >= 1024 ** 2) return `${(bytes / 1024 ** 2).toFixed(1)} MiB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${bytes} bytes`;
}
