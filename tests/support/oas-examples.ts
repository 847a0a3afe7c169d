// The OpenAPI documents shipped by the npm package @readme/oas-examples, a
// corpus of real-world shapes (2.0, 3.0, 3.1; JSON and YAML).

import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const examplesRoot = 'node_modules/@readme/oas-examples';

/** Paths (relative to examplesRoot) of every spec under `dir`, e.g. `3.1`, sorted. */
export function exampleFiles(dir: string): string[] {
  return readdirSync(join(examplesRoot, dir))
    .sort()
    .flatMap((name) => {
      const path = `${dir}/${name}`;
      if (statSync(join(examplesRoot, path)).isDirectory()) return exampleFiles(path);
      return /\.(json|ya?ml)$/.test(name) ? [path] : [];
    });
}
