// A key for a value made of plain data: the hash of its canonical JSON, with
// Maps as their entries and Sets as their sorted members (JSON.stringify
// would write both as `{}`, and two different values would share a key).
// `plainKey` is the same without that care, for values known to hold neither
// (a replacer costs a call per property: per page, it adds up).
// For keys of derived values that are computed rather than read: a page's
// layout inputs (page-layout.ts), a search entry (emit-site.ts). `bucketOf`
// spreads strings over buckets (search shards, the snapshot's key parts).
// `contentHash` is the identity of content itself (input files, bodies, output
// files): one definition, so that a file hashed in this thread and one hashed
// on the output writer's thread agree.

import { hash } from 'node:crypto';

/**
 * SHA-256 of `data`, in hex, in one call: a hash object and an update per
 * part cost more than the hashing for the short inputs keys are made of
 * (three keys a page, 10,000 pages a build).
 */
export function sha256(data: string | Uint8Array): string {
  return hash('sha256', data, 'hex');
}

/** The identity of some content: SHA-256 of its bytes (or text), 32 hex digits. Files, bodies and output files are known by it. */
export function contentHash(data: string | Uint8Array): string {
  return sha256(data).slice(0, 32);
}

export function valueKey(...values: unknown[]): string {
  let text = '';
  for (const value of values) text += `${JSON.stringify(value, canonical) ?? 'undefined'}\0`;
  return sha256(text).slice(0, 32);
}

export function plainKey(...values: unknown[]): string {
  return sha256(plainKeyText(...values)).slice(0, 32);
}

/** What `plainKey` hashes: each value's JSON, `\0` after each (a caller may add more before hashing once). */
export function plainKeyText(...values: unknown[]): string {
  let text = '';
  for (const value of values) text += `${JSON.stringify(value) ?? 'undefined'}\0`;
  return text;
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
