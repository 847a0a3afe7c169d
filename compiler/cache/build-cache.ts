// The build cache, and its contract in one place.
//
// **A cached value depends only on its key.** A key is the content hash of the
// inputs that produced the value; the docsc version, the cache layout, Node's
// version and lmdb's version are part of every key by being stored once per
// database (cache-identity.ts): a database written under any other of them is
// cleared before use. An option that changes a value is part of the value's
// own key (`renderOptionsKey`). A producer that reads anything not in its key
// (another file, the clock, an option left out of its key) breaks the
// contract.
//
// **Values are immutable plain data** — objects, arrays, strings, numbers,
// booleans, null — stored as msgpack. A key is written once and never
// changed; neither a value passed to `put` nor one returned by `get` may be
// mutated afterwards. A value includes the diagnostics its computation
// reported, so a hit replays them and a cached build reports exactly what a
// clean one does.
//
// **Paths in values are project-relative**, never absolute: a cache stays
// valid when the project moves or is restored on another machine.
//
// **Any doubt means a clean build, never a wrong one.** A damaged database
// (probe-cache.ts), one written by another docsc, Node or lmdb, or with other
// options, is cleared with a diagnostic saying why; one that fills up or
// cannot be written is cleared and the build goes on with the cache in
// memory. The cache never fails a build.
//
// **One build at a time.** The caller holds the build lock on the cache folder
// (build-lock.ts) from before `openBuildCache` until after `close`.
//
// Writes are buffered: `put` is visible to `get` at once, and `flush` writes
// everything buffered in one durable transaction. A cache in memory forgets
// page bodies (`body`, `api-page`) past a bound, so their readers handle a
// miss after a put by making the value again.
//
// **Every reader handles a miss**, so the cache may lose any entry between two
// builds: on disk it is bounded (`maxSizeBytes`, default DEFAULT_MAX_CACHE_BYTES):
// closing a build's cache over its limit removes the least recently used
// entries, never one this build read or wrote (trim-cache.ts). A build that
// trims writes the same site as a clean one.
//
// **A remote cache is untrusted** (`--remote-cache`, remote-build-cache.ts): a
// Bazel HTTP cache server behind the local cache for page summaries and page
// bodies, keyed by the same keys under a namespace of everything else a value
// depends on (docsc's identity, its packages' versions, Node's major version,
// the options key: remote-entry.ts). An entry is used only after its hash,
// size and envelope are verified; a failing server turns the remote cache off
// with one warning. `prefetch` fetches what the local cache lacks before the
// build's synchronous reads; what the build computes is uploaded only with
// `--remote-cache-upload`.

import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { MemoryBuildCache } from './memory-build-cache.js';
import type { RemoteCacheStats } from './remote-cache.js';

export type CacheKind = 'summary' | 'body' | 'derived' | 'api-page' | 'graph' | 'file-hash';

/** Where `docsc build` keeps its cache unless `--cache-dir` says otherwise. */
export const DEFAULT_CACHE_DIR = '.docsc/cache';

/**
 * The cache's size limit on disk unless `--cache-max-size` or DOCSC_CACHE_MAX_SIZE says otherwise: past it a build
 * trims it (trim-cache.ts). About fifteen cold builds of 10,000 pages.
 */
export const DEFAULT_MAX_CACHE_BYTES = 2 * 1024 ** 3;

export interface CacheStats {
  hits: number;
  misses: number;
  writes: number;
}

export interface BuildCache {
  get<T>(kind: CacheKind, key: string): T | undefined;
  /** Whether a value is stored under `key`, without reading it. */
  has(kind: CacheKind, key: string): boolean;
  /** Reads several values, faulting their pages in off the main thread first (lmdb's `getMany`). */
  getMany<T>(kind: CacheKind, keys: readonly string[]): Promise<(T | undefined)[]>;
  /** Buffers a value; `get` sees it at once, `flush` writes it. */
  put(kind: CacheKind, key: string, value: unknown): void;
  /** Writes the buffered values in one durable transaction; returns warnings if the cache had to be given up. */
  flush(): Promise<Diagnostic[]>;
  /** About how many bytes of values are buffered (strings counted by length; 0 in memory): long work flushes past a bound. */
  readonly pendingBytes: number;
  /** Flushes, closes and seals the database; the cache cannot be used afterwards. */
  close(): Promise<Diagnostic[]>;
  readonly stats: CacheStats;
  /** The cache folder, or undefined for a cache in memory. */
  readonly location: string | undefined;
  /** Bytes on disk, for the build summary (0 in memory). */
  sizeBytes(): number;
  /** With a remote cache only: fetches into this cache the entries of `keys` it lacks (remote-build-cache.ts). Never rejects. */
  prefetch?(kind: CacheKind, keys: readonly string[]): Promise<void>;
  /** With a remote cache only: whether the value under `key` came from it in this build. */
  fromRemote?(kind: CacheKind, key: string): boolean;
  /** With a remote cache only: what it did in this build. */
  readonly remoteStats?: RemoteCacheStats;
}

export interface OpenBuildCacheOptions {
  /** The cache folder (`--cache-dir`, default `.docsc/cache`); undefined (`--no-cache`) keeps the cache in memory. */
  dir: string | undefined;
  toolVersion: string;
  /** The project root; diagnostics name the cache folder relative to it (default: the current directory). */
  root?: string;
  /** Default `DEFAULT_MAX_CACHE_BYTES`. */
  maxSizeBytes?: number;
  /** Whether closing removes the least recently used entries when over `maxSizeBytes` (a build's cache; default false). */
  trim?: boolean;
  /** How long the probe of a doubtful database may take (default 15 s). */
  probeTimeoutMs?: number;
}

export interface OpenedBuildCache {
  cache: BuildCache;
  /** Why the cache was cleared or set aside (`cache/*` diagnostics); empty on a normal open. */
  warnings: Diagnostic[];
}

export async function openBuildCache(options: OpenBuildCacheOptions): Promise<OpenedBuildCache> {
  if (options.dir === undefined) return { cache: new MemoryBuildCache(), warnings: [] };
  // lmdb is a native module: loaded only when a cache on disk is wanted.
  const { openLmdbBuildCache } = await import('./lmdb-build-cache.js');
  return openLmdbBuildCache({ ...options, dir: options.dir });
}
