// Every page (`.md`, `.mdx`) of the test fixtures and the bundled example:
// real inputs for the differential tests of the parser's fast paths
// (frontmatter-fast-path.test.ts, remark-gfm-lean.test.ts).

import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function pagesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name.startsWith('.') || name === '_site') return [];
    if (statSync(path).isDirectory()) return pagesUnder(path);
    return /\.mdx?$/.test(name) ? [path] : [];
  });
}

/** Paths relative to the project root (tests run from it). */
export function samplePages(): string[] {
  return [...pagesUnder('tests/fixtures'), ...pagesUnder('examples')];
}
