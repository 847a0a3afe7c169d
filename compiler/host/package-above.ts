// The nearest package.json at or above a folder with a given name: docsc's
// own folder (sources and dist/ sit at different depths), and the version of
// a package whose `exports` leave its package.json out (lmdb, oniguruma-to-es).

import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface FoundPackage {
  root: string;
  manifest: Record<string, unknown>;
}

export function packageAbove(dir: string, name: string): FoundPackage | undefined {
  for (let at = dir; ; at = dirname(at)) {
    try {
      const manifest = JSON.parse(readFileSync(join(at, 'package.json'), 'utf8')) as Record<string, unknown>;
      if (manifest.name === name) return { root: at, manifest };
    } catch {
      // no package.json here: look further up
    }
    if (dirname(at) === at) return undefined;
  }
}

/** docsc's own package folder (where its dist/ is): the nearest above this module with docsc's package.json. */
export function docscRoot(): string | undefined {
  return packageAbove(dirname(fileURLToPath(import.meta.url)), 'docsc')?.root;
}
