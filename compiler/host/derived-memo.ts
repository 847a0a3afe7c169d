// Values the front end derives from file contents alone — an OpenAPI
// document's validation findings, places found in it, the findings of the
// configuration's schema validation — can be remembered across runs. The
// front end makes each key from a content hash (`contentKey`), so a
// remembered value is never stale. The build backs the memo with its cache,
// and so does `docsc check` (build/cached-check.ts); `check()` keeps one in
// memory, for the run (identical documents, copied across a site's versions,
// are validated once).

import { contentHash } from '../cache/value-key.js';
import type { SourceFile } from '../source/source-file.js';

export interface DerivedMemo {
  get<T>(key: string): T | undefined;
  put(key: string, value: unknown): void;
}

/** `kind`, the parts, and a hash of `content` (a file's: its text's, hashed once per file): one memo key. */
export function contentKey(kind: string, parts: readonly string[], content: string | SourceFile): string {
  return [kind, ...parts, typeof content === 'string' ? contentHash(content) : content.textHash].join('\0');
}

/** A memo for one run, in memory: values are shared, never changed (as the cache's in memory are). */
export function memoInMemory(): DerivedMemo {
  const values = new Map<string, unknown>();
  return {
    get: <T>(key: string) => values.get(key) as T | undefined,
    put: (key, value) => {
      values.set(key, value);
    },
  };
}
