// What a build starts from: every file of the repository with its identity,
// the hash of its bytes. A file is read and hashed only when it changed
// since the last build: the snapshot memo (kept in the build cache) holds
// each file's hash with its size and modification time, and a file whose
// fingerprint is unchanged keeps its hash — unless it was modified within
// RACY_MS of the moment the memo was taken, when a later edit within the same
// clock tick could hide behind an equal fingerprint (git's "racily clean"
// rule), and it is hashed again. Files read here are kept by the host for the
// front end. The snapshot's key — tool version, options and every identity —
// is the whole build's key.

import { statSync } from 'node:fs';
import { join } from 'node:path';
import { bucketOf, contentHash, sha256 } from '../cache/value-key.js';
import type { ProjectHost } from '../host/project-host.js';

/** The cache entry (`file-hash` kind) of the snapshot memo: one per cache, one repository per cache folder being the norm. */
export const SNAPSHOT_MEMO_KEY = 'snapshot';

/** Files modified this close to the memo's time are hashed again. */
const RACY_MS = 2000;

export interface InputSnapshot {
  /** Project-relative path → content hash. */
  identities: Map<string, string>;
  key: string;
  /** The key's parts: per bucket of paths, its paths and identities (`[path, identity, …]`, in listing order) and their hash. */
  buckets: { parts: string[]; hash: string }[];
  /** The memo for the next build; `changed` when it differs from the one given. */
  memo: SnapshotMemo;
  changed: boolean;
}

/** Per file: `[size:mtime, hash]`, and when the memo was taken. */
export interface SnapshotMemo {
  at: number;
  files: Record<string, [string, string]>;
}

/**
 * A file's memo entry: its fingerprint (size and modification time) and hash,
 * the memo's hash when the fingerprint is unchanged and old enough to trust,
 * else the hash of its bytes; `differs` when that differs from the memo's entry,
 * `racy` when the entry was the same but too close to the memo's time to trust.
 * A file the memo lacks is read without a stat first: the read gives its
 * fingerprint, from the descriptor it read (a first check of crewAI's docs
 * made 24,803 stat calls fewer).
 */
function identify(
  host: ProjectHost,
  path: string,
  previous: SnapshotMemo | undefined,
  keep = true,
  hashed?: ReturnType<ProjectHost['identify']>,
): { entry: [string, string]; differs: boolean; racy: boolean } {
  const known = previous?.files[path];
  if (known === undefined) {
    const read = hashed ?? hashOf(host, path, keep);
    if (read.ok) return { entry: [read.fingerprint ?? fingerprintOf(fileStat(join(host.root, path))), read.hash], differs: true, racy: false };
    return { entry: [fingerprintOf(fileStat(join(host.root, path))), `unreadable:${read.failure}`], differs: true, racy: false };
  }
  const stat = fileStat(join(host.root, path));
  const fingerprint = fingerprintOf(stat);
  const same = known[0] === fingerprint && stat !== undefined;
  if (same && stat.mtimeMs < (previous?.at ?? 0) - RACY_MS) return { entry: known, differs: false, racy: false };
  const read = hashOf(host, path, keep);
  const hash = read.ok ? read.hash : `unreadable:${read.failure}`;
  return { entry: [fingerprint, hash], differs: known[1] !== hash || known[0] !== fingerprint, racy: same };
}

/** A file's hash (or why it could not be read), its bytes kept by a memoizing host when `keep`. */
function hashOf(host: ProjectHost, path: string, keep: boolean): ReturnType<ProjectHost['identify']> {
  if (!keep) return host.identify(path);
  const read = host.read(path);
  return read.ok ? { ok: true, hash: contentHash(read.bytes), fingerprint: read.fingerprint } : read;
}

function fingerprintOf(stat: { size: number; mtimeMs: number } | undefined): string {
  return stat ? `${stat.size}:${stat.mtimeMs}` : 'missing';
}

/** The identity of a path that leads outside the root (as `updateSnapshot` gives a failed read). */
const OUTSIDE_ROOT = 'unreadable:outside-root';

export function snapshotInputs(host: ProjectHost, salt: string, previous: SnapshotMemo | undefined): InputSnapshot {
  const { identities, memo, changed } = identifyInputs(host, previous);
  const buckets = bucketsOf(identities);
  return { identities, key: snapshotKey(buckets, salt), memo, changed, buckets };
}

/**
 * Every file's identity through the memo, without the snapshot's key: what changed since a build whose identities
 * the caller holds (the build server's session, build-session.ts).
 */
export function identifyInputs(host: ProjectHost, previous: SnapshotMemo | undefined): Pick<InputSnapshot, 'identities' | 'memo' | 'changed'> {
  const identities = new Map<string, string>();
  const memo: SnapshotMemo = { at: Date.now(), files: {} };
  let changed = previous === undefined;
  for (const path of host.listFiles()) {
    const { entry, differs, racy } = identify(host, path, previous);
    // A racy file hashed to the same entry still changes the memo: its new time is what lets the next
    // build trust the file. Left unstored, every later build would hash it again (a build just after a
    // checkout, then every no-op).
    if (differs || racy) changed = true;
    memo.files[path] = entry;
    identities.set(path, entry[1]);
  }
  // Links leading outside the root are not listed, yet one there changes what a build reports (a page, snippet or
  // image reached through it is named so, not missing): each is an input, with the identity a read of it has.
  for (const link of host.linksOutside()) {
    memo.files[link] = ['link', OUTSIDE_ROOT];
    identities.set(link, OUTSIDE_ROOT);
  }
  if (previous && Object.keys(previous.files).length !== identities.size) changed = true;
  return { identities, memo, changed };
}

/**
 * A snapshot's identities and key after some of its files changed (dev's patch
 * path): only those are read again. There is no memo: a patch does not store
 * one (the next process hashes the patched files again, their fingerprints
 * having changed).
 */
export function updateSnapshot(snapshot: PatchedSnapshot, host: ProjectHost, paths: readonly string[], salt: string): PatchedSnapshot {
  const identities = new Map(snapshot.identities);
  const buckets = [...snapshot.buckets];
  const changed = new Set<number>();
  for (const path of paths) {
    const read = host.read(path);
    const identity = read.ok ? contentHash(read.bytes) : `unreadable:${read.failure}`;
    identities.set(path, identity);
    const n = bucketOf(path, BUCKETS);
    const parts = changed.has(n) ? (buckets[n] as Bucket).parts : [...(buckets[n]?.parts ?? [])];
    const at = parts.indexOf(path);
    if (at % 2 === 0) parts[at + 1] = identity;
    else parts.push(path, identity);
    buckets[n] = { parts, hash: '' };
    changed.add(n);
  }
  for (const n of changed) (buckets[n] as Bucket).hash = bucketHash((buckets[n] as Bucket).parts);
  return { identities, key: snapshotKey(buckets, salt), buckets };
}

export type PatchedSnapshot = Pick<InputSnapshot, 'identities' | 'key' | 'buckets'>;

type Bucket = InputSnapshot['buckets'][number];

/**
 * The identities of some files only (`docsc check`: its pages and snippets),
 * through the same memo, and the memo to store: these files' entries updated,
 * the other files' entries kept when they would be trusted as they are (their
 * modification time before the old memo's time less RACY_MS, so also before
 * the new one's); an entry that would be hashed again anyway is dropped. The
 * memo's time becomes this run's start, so the rule above holds for every
 * entry. Files read to hash are kept by a memoizing host for the caller, but
 * those `keep` refuses are hashed without keeping their bytes
 * (`ProjectHost.identify`): a check keeps no page's bytes, most of which it
 * never needs again (copies, pages the cache knows). Reading crewAI's 24,803
 * pages (216 MB) into fresh memory cost 0.6-0.8 s more CPU, in page faults,
 * than into memory freed by the page before; reading again the 1,723
 * different ones to summarize costs less. The files the memo lacks and whose
 * bytes are not kept (a first check's pages) are hashed first, all together:
 * on two threads when there are many (`ProjectHost.identifyAll`).
 */
export async function snapshotSome(
  host: ProjectHost,
  paths: readonly string[],
  previous: SnapshotMemo | undefined,
  keep: (path: string) => boolean = () => true,
): Promise<{ identities: Map<string, string>; memo: SnapshotMemo; changed: boolean }> {
  const hashed = await host.identifyAll(paths.filter((path) => previous?.files[path] === undefined && !keep(path)));
  const identities = new Map<string, string>();
  const memo: SnapshotMemo = { at: Date.now(), files: {} };
  for (const [path, entry] of Object.entries(previous?.files ?? {})) {
    const mtime = Number(entry[0].slice(entry[0].indexOf(':') + 1));
    if (mtime < (previous?.at ?? 0) - RACY_MS) memo.files[path] = entry;
  }
  let changed = previous === undefined || Object.keys(memo.files).length < Object.keys(previous.files).length;
  for (const path of paths) {
    const { entry, differs } = identify(host, path, previous, keep(path), hashed.get(path));
    if (differs) changed = true;
    memo.files[path] = entry;
    identities.set(path, entry[1]);
  }
  return { identities, memo, changed };
}

/** Paths are hashed in this many buckets: a patch hashes again only its files' buckets, not 10,000 identities. */
const BUCKETS = 64;

/** The build's key: the salt and every file's identity, through the bucket hashes. */
function snapshotKey(buckets: readonly Bucket[], salt: string): string {
  return sha256(`${salt}\0${buckets.map((bucket) => bucket.hash).join('\0')}`).slice(0, 32);
}

/** The identities by bucket of their paths (FNV-1a), each in the map's order: the host's listing order. */
function bucketsOf(identities: ReadonlyMap<string, string>): Bucket[] {
  const parts = Array.from({ length: BUCKETS }, (): string[] => []);
  for (const [path, identity] of identities) parts[bucketOf(path, BUCKETS)]?.push(path, identity);
  return parts.map((part) => ({ parts: part, hash: bucketHash(part) }));
}

function bucketHash(parts: readonly string[]): string {
  // One string and one update: on 10,000 files, a call per file costs more than the hashing.
  return sha256(parts.join('\0')).slice(0, 32);
}

function fileStat(absolute: string): { size: number; mtimeMs: number } | undefined {
  try {
    return statSync(absolute);
  } catch {
    return undefined;
  }
}
