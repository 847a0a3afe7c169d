// What the commands that take a docs folder share before their work: parse
// the arguments (a usage error exits 2), `--help` (exits 0), and the folder
// must exist (else exit 2).

import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { usage } from './usage.js';

/** The parsed options and the docs root, or the exit status to return at once. */
export function readCommand<T extends { dir: string }>(
  name: string,
  args: string[],
  parse: (args: string[]) => T | 'help',
): { options: T; root: string } | number {
  let parsed: T | 'help';
  try {
    parsed = parse(args);
  } catch (error) {
    process.stderr.write(`docsc ${name}: ${(error as Error).message}\n`);
    return 2;
  }
  if (parsed === 'help') {
    process.stdout.write(usage);
    return 0;
  }
  const root = resolve(parsed.dir);
  if (!isDirectory(root)) {
    process.stderr.write(`docsc ${name}: \`${parsed.dir}\` is not a folder; give the docs root (the folder holding docs.json)\n`);
    return 2;
  }
  return { options: parsed, root };
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
