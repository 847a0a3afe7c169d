// A build's output folder as one text, for baselines and byte-for-byte
// comparisons: every file in path order, text files in full, others as size
// and hash, and docsc's own stylesheet (every site carries it; its tests are
// elsewhere) by name only.

import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

const TEXT = /\.(html|xml|json|txt)$|(^|\/)_redirects$/;

export function listFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, entry.name);
      if (entry.isDirectory()) walk(path);
      else out.push(relative(dir, path).split(sep).join('/'));
    }
  };
  walk(dir);
  return out.sort();
}

/** `full`: every byte of every file, the manifest included (for identity checks). */
export function dumpOutput(dir: string, options: { full?: boolean } = {}): string {
  return listFiles(dir)
    .filter((path) => options.full || path !== '.docsc-output.json')
    .map((path) => {
      const bytes = readFileSync(join(dir, path));
      if (!options.full && path === '_docsc/site.css') return `=== ${path} (docsc's stylesheet)`;
      if (!options.full && !TEXT.test(path)) {
        return `=== ${path} (${bytes.length} bytes, sha256 ${createHash('sha256').update(bytes).digest('hex').slice(0, 16)})`;
      }
      return `=== ${path}\n${bytes.toString('utf8')}`;
    })
    .join('\n');
}
