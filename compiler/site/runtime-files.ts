// Files docsc ships in runtime/ (the stylesheet, the dev client), found by
// walking up from this module, which sits at a different depth in sources
// and in dist/.

import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export function runtimeFile(name: string): string {
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    const candidate = join(dir, 'runtime', name);
    if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) throw new Error(`docsc is installed without runtime/${name}`);
  }
}
