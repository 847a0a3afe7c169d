// The build cache in memory: `--no-cache`, and the fallback when the cache on
// disk cannot be used or fills up during a build. Same contract as the lmdb
// cache (build-cache.ts), but nothing outlives the process, so a build that
// uses it starts and ends clean; and page bodies past MAX_BODY_BYTES are
// forgotten, oldest first (a miss makes a body again), so that a 22,000-page
// API reference does not keep every page in memory.

import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { BuildCache, CacheKind, CacheStats } from './build-cache.js';

/** The id of an entry in memory (lmdb keys are `[kind, key]` arrays). */
export function entryId(kind: CacheKind, key: string): string {
  return `${kind}\0${key}`;
}

/** Bodies (MDX and API pages) kept in memory, in approximate bytes. */
const MAX_BODY_BYTES = 512 * 1024 ** 2;
const FORGETTABLE = new Set<CacheKind>(['body', 'api-page']);

/** A value's size for the bounds on memory: its own strings by length (a body's html and text), anything else a few bytes. */
export function approximateBytes(value: unknown): number {
  if (typeof value === 'string') return value.length;
  if (typeof value !== 'object' || value === null) return 8;
  let bytes = 64;
  for (const field of Object.values(value)) bytes += typeof field === 'string' ? field.length : 16;
  return bytes;
}

export class MemoryBuildCache implements BuildCache {
  readonly location = undefined;
  readonly pendingBytes = 0;
  private readonly values = new Map<string, unknown>();
  /** Bodies kept, oldest first, with their sizes. */
  private readonly bodies = new Map<string, number>();
  private bodyBytes = 0;

  /** A fallback starts with the values the cache it replaces had buffered, and counts on in its stats. */
  constructor(
    values: Iterable<[string, unknown]> = [],
    readonly stats: CacheStats = { hits: 0, misses: 0, writes: 0 },
    private readonly maxBodyBytes = MAX_BODY_BYTES,
  ) {
    for (const [id, value] of values) this.store(id, value);
  }

  get<T>(kind: CacheKind, key: string): T | undefined {
    const value = this.values.get(entryId(kind, key));
    if (value === undefined) this.stats.misses++;
    else this.stats.hits++;
    return value as T | undefined;
  }

  has(kind: CacheKind, key: string): boolean {
    return this.values.has(entryId(kind, key));
  }

  async getMany<T>(kind: CacheKind, keys: readonly string[]): Promise<(T | undefined)[]> {
    return keys.map((key) => this.get<T>(kind, key));
  }

  put(kind: CacheKind, key: string, value: unknown): void {
    if (value === undefined) throw new Error('the build cache cannot store undefined');
    this.store(entryId(kind, key), value);
    this.stats.writes++;
  }

  private store(id: string, value: unknown): void {
    this.values.set(id, value);
    if (!FORGETTABLE.has(id.slice(0, id.indexOf('\0')) as CacheKind)) return;
    this.bodyBytes -= this.bodies.get(id) ?? 0;
    this.bodies.delete(id);
    const bytes = approximateBytes(value);
    this.bodies.set(id, bytes);
    this.bodyBytes += bytes;
    for (const [oldest, size] of this.bodies) {
      if (this.bodyBytes <= this.maxBodyBytes || oldest === id) break;
      this.bodies.delete(oldest);
      this.values.delete(oldest);
      this.bodyBytes -= size;
    }
  }

  async flush(): Promise<Diagnostic[]> {
    return [];
  }

  async close(): Promise<Diagnostic[]> {
    this.values.clear();
    this.bodies.clear();
    this.bodyBytes = 0;
    return [];
  }

  sizeBytes(): number {
    return 0;
  }
}
