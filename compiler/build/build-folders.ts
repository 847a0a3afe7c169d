// The folders a build of a docs root uses when not told otherwise — the
// output (`<root>/_site`) and the cache (`<root>/.docsc/cache`) — resolved:
// what names a repository's build server too (cli/build-server/).

import { join, resolve } from 'node:path';
import { DEFAULT_CACHE_DIR } from '../cache/build-cache.js';

export const DEFAULT_OUT_DIR = '_site';

export interface BuildFolders {
  root: string;
  outDir: string;
  /** False: the cache is kept in memory (`--no-cache`). */
  cacheDir: string | false;
}

export function buildFolders(root: string, outDir: string | undefined, cacheDir: string | false | undefined): BuildFolders {
  const absolute = resolve(root);
  return {
    root: absolute,
    outDir: resolve(outDir ?? join(absolute, DEFAULT_OUT_DIR)),
    cacheDir: cacheDir === false ? false : resolve(cacheDir ?? join(absolute, DEFAULT_CACHE_DIR)),
  };
}
