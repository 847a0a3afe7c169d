// A key for a value made of plain data: the hash of its canonical JSON, with
// Maps as their entries and Sets as their sorted members (JSON.stringify
// would write both as `{}`, and two different values would share a key).
// `plainKey` is the same without that care, for values known to hold neither
// (a replacer costs a call per property: per page, it adds up).
// For keys of derived values that are computed rather than read: a page's
// layout inputs (page-layout.ts), a search entry (emit-site.ts). `bucketOf`
// spreads strings over buckets (search shards, the snapshot's key parts).

import { createHash } from 'node:crypto';

export function valueKey(...values: unknown[]): string {
  const hash = createHash('sha256');
  for (const value of values) hash.update(JSON.stringify(value, canonical) ?? 'undefined').update('\0');
  return hash.digest('hex').slice(0, 32);
}

export function plainKey(...values: unknown[]): string {
  const hash = createHash('sha256');
  for (const value of values) hash.update(JSON.stringify(value) ?? 'undefined').update('\0');
  return hash.digest('hex').slice(0, 32);
}

function canonical(_key: string, value: unknown): unknown {
  if (value instanceof Map) return { $map: [...value.entries()] };
  if (value instanceof Set) return { $set: [...value].sort() };
  return value;
}

/** FNV-1a of `text`, modulo `buckets`: stable across processes and versions (files are named after it). */
export function bucketOf(text: string, buckets: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % buckets;
}
