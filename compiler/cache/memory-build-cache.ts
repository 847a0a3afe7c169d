// The build cache in memory: `--no-cache`, and the fallback when the cache on
// disk cannot be used or fills up during a build. Same contract as the lmdb
// cache (build-cache.ts), but nothing outlives the process, so a build that
// uses it starts and ends clean.

import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { BuildCache, CacheKind, CacheStats } from './build-cache.js';

/** The id of an entry in memory (lmdb keys are `[kind, key]` arrays). */
export function entryId(kind: CacheKind, key: string): string {
  return `${kind}\0${key}`;
}

export class MemoryBuildCache implements BuildCache {
  readonly location = undefined;
  private readonly values = new Map<string, unknown>();

  /** A fallback starts with the values the cache it replaces had buffered, and counts on in its stats. */
  constructor(
    values: Iterable<[string, unknown]> = [],
    readonly stats: CacheStats = { hits: 0, misses: 0, writes: 0 },
  ) {
    for (const [id, value] of values) this.values.set(id, value);
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
    this.values.set(entryId(kind, key), value);
    this.stats.writes++;
  }

  async flush(): Promise<Diagnostic[]> {
    return [];
  }

  async close(): Promise<Diagnostic[]> {
    this.values.clear();
    return [];
  }

  sizeBytes(): number {
    return 0;
  }
}
