// What a cache database was written by: the one record stored beside the
// entries (under a string key; entry keys are arrays, so they cannot clash).
// A cache whose record differs from this process's in anything is cleared
// before use: docsc's version (every compiler change may change a value), the
// cache layout (keys, encoding, compression), Node's major version and module
// ABI, and lmdb's version. Options that change a value are not here: they are
// part of that value's key (`renderOptionsKey` in the page and API bodies'
// keys), so a cache serves builds with different options side by side.

import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { packageAbove } from '../host/package-above.js';

/** Bump when the key or value layout, the encoding or the compression changes. */
export const CACHE_LAYOUT_VERSION = 2;

export const IDENTITY_KEY = 'docsc:identity';

export interface CacheIdentity {
  layout: number;
  docsc: string;
  node: string;
  abi: string;
  lmdb: string;
}

export function currentIdentity(toolVersion: string): CacheIdentity {
  return {
    layout: CACHE_LAYOUT_VERSION,
    docsc: toolVersion,
    node: process.versions.node.split('.')[0] ?? process.versions.node,
    abi: process.versions.modules,
    lmdb: lmdbVersion(),
  };
}

export interface IdentityMismatch {
  code: 'cache/version-changed';
  was: string;
  now: string;
}

/** Why a stored identity does not match, or undefined when it does. */
export function compareIdentity(stored: unknown, current: CacheIdentity): IdentityMismatch | undefined {
  const was = (stored ?? {}) as Partial<CacheIdentity>;
  const describe: [keyof CacheIdentity, (id: Partial<CacheIdentity>) => string][] = [
    ['docsc', (id) => `docsc ${id.docsc}`],
    ['layout', (id) => `cache layout ${id.layout}`],
    ['node', (id) => `Node.js ${id.node} (module ABI ${id.abi})`],
    ['abi', (id) => `Node.js ${id.node} (module ABI ${id.abi})`],
    ['lmdb', (id) => `lmdb ${id.lmdb}`],
  ];
  for (const [field, text] of describe) {
    if (was[field] !== current[field]) return { code: 'cache/version-changed', was: text(was), now: text(current) };
  }
  return undefined;
}

let lmdbVersionFound: string | undefined;

function lmdbVersion(): string {
  lmdbVersionFound ??= findLmdbVersion();
  return lmdbVersionFound;
}

/** lmdb's package version; its exports leave out package.json, so it is found above the entry point. */
function findLmdbVersion(): string {
  const version = packageAbove(dirname(createRequire(import.meta.url).resolve('lmdb')), 'lmdb')?.manifest.version;
  return typeof version === 'string' && version !== '' ? version : 'unknown';
}
