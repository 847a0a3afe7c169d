// Opening a repository's build cache for one command: which folder (default
// `<root>/.docsc/cache`, `--cache-dir`, none with `--no-cache`), the lock on it
// (and on the other folders the command writes: the build's output), and the
// database with the `cache/*` diagnostics saying why it was cleared or set
// aside. `docsc build` and `docsc check` both open their cache here, so they
// agree on the identity and options key a database is opened with: a check
// never clears the build's cache, nor a build the check's.
//
// A cache folder no command may use (the docs folder, one inside the output,
// one holding other files: output-guard.ts's checkCacheDir) is refused with
// BuildRefusedError before anything is touched.
//
// A folder another docsc holds is the caller's choice: the build refuses to
// start (BuildLockedError, as before), the check goes on with the cache in
// memory and a `cache/unavailable` warning — a cache never makes a check fail.
//
// The size limit (`--cache-max-size`) and the remote cache (`--remote-cache`)
// come in here too: a build's cache is trimmed when it closes, and with a
// remote cache the local one is wrapped in a RemoteBuildCache (loaded only
// then).

import { join, relative, resolve, sep } from 'node:path';
import { type Diagnostic, makeDiagnostic } from '../diagnostics/diagnostic.js';
import { BuildRefusedError, checkCacheDir } from '../output/output-guard.js';
import { toolIdentity } from '../version.js';
import { type BuildCache, DEFAULT_CACHE_DIR, openBuildCache } from './build-cache.js';
import { acquireBuildLock, BuildLockedError } from './build-lock.js';
import { MemoryBuildCache } from './memory-build-cache.js';
import type { RemoteCacheOptions } from './remote-cache.js';

export interface ProjectCacheOptions {
  /** The docs root, absolute. */
  root: string;
  /** The cache folder; default `<root>/.docsc/cache`; `false` keeps the cache in memory (`--no-cache`). */
  cacheDir?: string | false | undefined;
  /** Who holds the lock, for another process's message (`docsc build`). */
  command: string;
  /** Other folders the command writes, locked with the cache folder (the build's output). */
  alsoLock?: readonly string[];
  /** Another process holds a lock: `throw` BuildLockedError (the build), or go on with the cache in `memory` and a warning (the check). */
  whenLocked: 'throw' | 'memory';
  /** The version that keys the cache (default: docsc's own); tests change it. */
  toolVersion?: string | undefined;
  /** The size limit on disk (default DEFAULT_MAX_CACHE_BYTES). */
  maxSizeBytes?: number | undefined;
  /** Whether closing trims the cache to its limit (the build's). */
  trim?: boolean;
  /** A remote cache behind the local one (`--remote-cache`). */
  remote?: RemoteCacheOptions | undefined;
}

export interface ProjectCache {
  /** The cache folder, absolute; undefined with `--no-cache`. */
  cacheDir: string | undefined;
  cache: BuildCache;
  /** Why the cache was cleared or set aside (`cache/*`); empty on a normal open. */
  warnings: Diagnostic[];
  toolVersion: string;
  /** Flushes and closes the cache, then releases the locks; returns what closing reported (`cache/over-limit` …). */
  close(): Promise<Diagnostic[]>;
}

export async function openProjectCache(options: ProjectCacheOptions): Promise<ProjectCache> {
  const root = resolve(options.root);
  const cacheDir = options.cacheDir === false ? undefined : resolve(options.cacheDir ?? join(root, DEFAULT_CACHE_DIR));
  const toolVersion = options.toolVersion ?? toolIdentity();
  if (options.remote !== undefined) {
    // The HTTP client is loaded only with a remote cache.
    const { checkRemoteUrl } = await import('./remote-cache.js');
    const problem = checkRemoteUrl(options.remote.url);
    if (problem !== undefined) throw new BuildRefusedError(`Refusing to use ${options.remote.url} as the remote cache: ${problem}.`);
  }
  if (cacheDir !== undefined) {
    const allowed = checkCacheDir(cacheDir, root, options.alsoLock ?? []);
    if (!allowed.ok) throw new BuildRefusedError(`Refusing to use ${cacheDir} as the cache folder: ${allowed.reason}.`);
  }
  const folders = [...(options.alsoLock ?? []), ...(cacheDir === undefined ? [] : [cacheDir])];
  let lock: ReturnType<typeof acquireBuildLock>;
  try {
    lock = acquireBuildLock(folders, { command: options.command, root });
  } catch (error) {
    if (!(error instanceof BuildLockedError) || options.whenLocked === 'throw' || cacheDir === undefined) throw error;
    const shown = relative(root, cacheDir).split(sep).join('/') || '.';
    const reason = error.holder ? `${error.holder.command} (pid ${error.holder.pid}) is using it` : 'another docsc is starting to use it';
    return {
      cacheDir,
      cache: new MemoryBuildCache(),
      warnings: [makeDiagnostic('cache/unavailable', { file: shown }, { path: shown, reason })],
      toolVersion,
      close: async () => [],
    };
  }
  let opened: Awaited<ReturnType<typeof openBuildCache>>;
  try {
    opened = await openBuildCache({
      dir: cacheDir,
      toolVersion,
      root,
      trim: options.trim ?? false,
      ...(options.maxSizeBytes === undefined ? {} : { maxSizeBytes: options.maxSizeBytes }),
    });
    if (options.remote !== undefined) {
      const { RemoteBuildCache } = await import('./remote-build-cache.js');
      opened = { ...opened, cache: RemoteBuildCache.open(opened.cache, options.remote, toolVersion) };
    }
  } catch (error) {
    lock.release();
    throw error;
  }
  return {
    cacheDir,
    cache: opened.cache,
    warnings: opened.warnings,
    toolVersion,
    async close() {
      try {
        return await opened.cache.close();
      } finally {
        lock.release();
      }
    },
  };
}
