// What a cache entry looks like on a remote cache server that speaks Bazel's
// HTTP cache protocol: an action result under `/ac/<key>` naming a blob under
// `/cas/<sha256>` (build-cache.ts states the contract; remote-build-cache.ts
// uses this).
//
// - The key (`actionKey`) is the SHA-256 of the entry's kind and local key
//   under a namespace: docsc's identity (version and code hash), the versions
//   of the packages it depends on as installed, Node's major version, the
//   cache layout and the options key — everything a value depends on besides
//   its own key, so that two runners never share a value made differently.
// - The action result is Bazel's `ActionResult` protobuf with one output file
//   (`docsc/<kind>`) whose digest is the blob's SHA-256 and size: a server
//   that checks action results (bazel-remote) accepts it.
// - The blob is gzip of a V8-serialized envelope `[REMOTE_FORMAT, kind, key,
//   value]` (V8's serializer keeps plain data exactly, `undefined` fields
//   included, and is hardened against hostile input: browsers read
//   other processes' messages with it). Reading checks the blob's size and
//   hash against the action result, bounds the decompressed size, and checks
//   that the envelope names the kind and key asked for: a corrupted, truncated
//   or misplaced entry is refused, never used.

import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deserialize, serialize } from 'node:v8';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { CacheKind } from './build-cache.js';
import { CACHE_LAYOUT_VERSION } from './cache-identity.js';
import { sha256 } from './value-key.js';

/** Bump when the envelope, the encoding or the action result changes. */
export const REMOTE_FORMAT = 'docsc-remote-1';

/** The largest value docsc reads from a remote cache, compressed or not (a page over 2 MB is refused anyway). */
export const MAX_ENTRY_BYTES = 64 * 1024 * 1024;

export interface BlobDigest {
  hash: string;
  size: number;
}

/** Everything remote values depend on besides their keys, as one hash. */
export function remoteNamespace(toolVersion: string): string {
  const node = process.versions.node.split('.')[0] ?? process.versions.node;
  const parts = { format: REMOTE_FORMAT, docsc: toolVersion, layout: CACHE_LAYOUT_VERSION, node, packages: installedPackages() };
  return sha256(JSON.stringify(parts));
}

export function actionKey(namespace: string, kind: CacheKind, key: string): string {
  return sha256(`${namespace}\0${kind}\0${key}`);
}

/** A value as a blob, with its digest. */
export function encodeBlob(kind: CacheKind, key: string, value: unknown): { blob: Buffer; digest: BlobDigest } {
  const blob = gzipSync(serialize([REMOTE_FORMAT, kind, key, value]));
  return { blob, digest: { hash: sha256(blob), size: blob.length } };
}

/** The value in a blob fetched for `digest`, or why it is refused. */
export function decodeBlob(blob: Buffer, digest: BlobDigest, kind: CacheKind, key: string): { value: unknown } | { refused: string } {
  if (blob.length !== digest.size) return { refused: `a blob of ${blob.length} bytes where ${digest.size} were announced` };
  if (sha256(blob) !== digest.hash) return { refused: 'a blob whose SHA-256 is not its name' };
  let envelope: unknown;
  try {
    envelope = deserialize(gunzipSync(blob, { maxOutputLength: MAX_ENTRY_BYTES }));
  } catch {
    return { refused: 'a blob that does not decode' };
  }
  if (!Array.isArray(envelope) || envelope.length !== 4 || envelope[0] !== REMOTE_FORMAT) return { refused: 'a blob of another format' };
  if (envelope[1] !== kind || envelope[2] !== key) return { refused: 'the blob of another entry' };
  if (envelope[3] === undefined) return { refused: 'an empty blob' };
  return { value: envelope[3] };
}

// Bazel's ActionResult, as much of it as docsc writes and reads (remote_execution.proto):
// ActionResult { repeated OutputFile output_files = 2; }
// OutputFile { string path = 1; Digest digest = 2; }
// Digest { string hash = 1; int64 size_bytes = 2; }

export function encodeActionResult(kind: CacheKind, digest: BlobDigest): Buffer {
  const digestBytes = Buffer.concat([field(1, Buffer.from(digest.hash)), varintField(2, digest.size)]);
  const outputFile = Buffer.concat([field(1, Buffer.from(outputPath(kind))), field(2, digestBytes)]);
  return field(2, outputFile);
}

/** The blob an action result names for `kind`, or undefined when it is not one docsc wrote. */
export function decodeActionResult(bytes: Buffer, kind: CacheKind): BlobDigest | undefined {
  for (const file of fieldsOf(bytes, 2)) {
    const path = fieldsOf(file, 1)[0]?.toString();
    const digest = fieldsOf(file, 2)[0];
    if (path !== outputPath(kind) || digest === undefined) continue;
    const hash = fieldsOf(digest, 1)[0]?.toString() ?? '';
    const size = varintsOf(digest, 2)[0];
    if (/^[0-9a-f]{64}$/.test(hash) && size !== undefined && size <= MAX_ENTRY_BYTES) return { hash, size };
  }
  return undefined;
}

function outputPath(kind: CacheKind): string {
  return `docsc/${kind}`;
}

function field(number: number, bytes: Buffer): Buffer {
  return Buffer.concat([varint((number << 3) | 2), varint(bytes.length), bytes]);
}

function varintField(number: number, value: number): Buffer {
  return Buffer.concat([varint(number << 3), varint(value)]);
}

function varint(value: number): Buffer {
  const bytes: number[] = [];
  let rest = value;
  while (rest >= 0x80) {
    bytes.push((rest % 0x80) | 0x80);
    rest = Math.floor(rest / 0x80);
  }
  bytes.push(rest);
  return Buffer.from(bytes);
}

interface Field {
  number: number;
  bytes?: Buffer;
  value?: number;
}

/** A message's fields; a malformed message has none (throws nothing). */
function fields(message: Buffer): Field[] {
  const found: Field[] = [];
  let at = 0;
  const readVarint = (): number | undefined => {
    let value = 0;
    for (let scale = 1; at < message.length && scale < 2 ** 56; scale *= 0x80) {
      const byte = message[at++] as number;
      value += (byte & 0x7f) * scale;
      if (byte < 0x80) return value;
    }
    return undefined;
  };
  while (at < message.length) {
    const tag = readVarint();
    if (tag === undefined) return [];
    const number = Math.floor(tag / 8);
    const wire = tag % 8;
    if (wire === 0) {
      const value = readVarint();
      if (value === undefined) return [];
      found.push({ number, value });
    } else if (wire === 2) {
      const length = readVarint();
      if (length === undefined || at + length > message.length) return [];
      found.push({ number, bytes: message.subarray(at, at + length) });
      at += length;
    } else if (wire === 1 || wire === 5) {
      at += wire === 1 ? 8 : 4;
      if (at > message.length) return [];
    } else return [];
  }
  return found;
}

function fieldsOf(message: Buffer, number: number): Buffer[] {
  return fields(message).flatMap((f) => (f.number === number && f.bytes !== undefined ? [f.bytes] : []));
}

function varintsOf(message: Buffer, number: number): number[] {
  return fields(message).flatMap((f) => (f.number === number && f.value !== undefined ? [f.value] : []));
}

let packagesFound: string | undefined;

/** docsc's dependencies with the versions installed (what renders a page besides docsc's own code), as one string. */
function installedPackages(): string {
  packagesFound ??= findInstalledPackages();
  return packagesFound;
}

function findInstalledPackages(): string {
  // docsc's package folder: two levels above this file in sources, three in dist/.
  let root = dirname(fileURLToPath(import.meta.url));
  let manifest = readJson(join(root, 'package.json'));
  for (let depth = 0; depth < 4 && manifest?.name !== 'docsc'; depth++) {
    root = dirname(root);
    manifest = readJson(join(root, 'package.json'));
  }
  if (manifest?.name !== 'docsc') return 'unknown';
  const versions = Object.keys(manifest.dependencies ?? {})
    .sort()
    .map((name) => `${name}@${installedVersion(root, name)}`);
  return versions.join(' ');
}

/** The version Node would load: the first `node_modules/<name>` from docsc's folder up. */
function installedVersion(from: string, name: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const version = (readJson(join(dir, 'node_modules', name, 'package.json')) as { version?: string } | undefined)?.version;
    if (version !== undefined) return version;
    if (dirname(dir) === dir) return 'missing';
  }
}

function readJson(path: string): { name?: string; version?: string; dependencies?: Record<string, string> } | undefined {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}
