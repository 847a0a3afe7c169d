// What the floor scripts share: the page files of a docs root, and a clock
// around the floor's own work (drivers/clock.mjs, plain JavaScript for the
// timed drivers). A floor reports
// only its work, from listing the files to the last page done: process
// start-up and module loading are left out, so a floor is a lower bound. The
// sample goes to the file named by BENCH_WORK_FILE (bench/measure.ts reads
// it), or to stdout when run by hand.

import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

export { startClock } from '../drivers/clock.mjs';

export interface WorkCounts {
  files: number;
  bytes: number;
  /** Bytes of HTML produced, for floors and builds that make it. */
  htmlBytes?: number;
  /** Bytes of JavaScript produced, for the MDX compile floor. */
  jsBytes?: number;
}

export interface WorkSample extends WorkCounts {
  wallMs: number;
  userUs: number;
  systemUs: number;
}

/** Page and snippet files (`.mdx`, `.md`) under the root, absolute; skips hidden folders and node_modules, as check does. */
export function listPageFiles(root: string): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory() && !entry.name.startsWith('.') && entry.name !== 'node_modules') walk(join(dir, entry.name));
      else if (entry.isFile() && /\.mdx?$/.test(entry.name)) files.push(join(dir, entry.name));
    }
  };
  walk(resolve(root));
  return files.sort();
}

/** The directory argument of a floor script. */
export function rootArgument(usage: string): string {
  const root = process.argv[2];
  if (root === undefined) {
    process.stderr.write(`usage: ${usage}\n`);
    process.exit(2);
  }
  return root;
}
