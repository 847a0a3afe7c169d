// `npm run mint-upgrade -- <mint.json or folder>...`: docsc's reading of a mint.json (compiler/config/
// upgrade-mint-json.ts) against Mintlify's own conversion, `upgradeToDocsConfig` from @mintlify/validation
// (pinned in validation/, installed on demand), on the same files. A folder stands for every *.json in it.
// Prints `same` or the first difference of each file (both as canonical JSON: keys sorted, undefined dropped) and
// exits 1 when any differs. `--write <folder>` also writes Mintlify's output as <name>.docs.json there: how the
// expected files of tests/fixtures/mint-json were made.

import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { upgradeMintConfig } from '../../compiler/config/upgrade-mint-json.js';
import { SourceFile } from '../../compiler/source/source-file.js';
import { parseJson } from '../../compiler/syntax/json-parser.js';
import { toPlain } from '../../compiler/syntax/json-tree.js';
import { ensurePackage } from './install-peer.js';

const args = process.argv.slice(2);
const writeAt = args.indexOf('--write');
const writeTo = writeAt === -1 ? undefined : args.splice(writeAt, 2)[1];
if (args.length === 0) {
  process.stderr.write('usage: npm run mint-upgrade -- [--write <folder>] <mint.json or folder>...\n');
  process.exit(2);
}

const folder = ensurePackage(join(import.meta.dirname, 'validation'), '@mintlify/validation/package.json', ['--ignore-scripts']);
const validation = await import(pathToFileURL(join(folder, 'dist', 'index.js')).href);

/** The value as JSON would write it, with object keys in sorted order. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== 'object') return value;
  const object = value as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(object)
      .sort()
      .filter((key) => object[key] !== undefined)
      .map((key) => [key, canonical(object[key])]),
  );
}

const files = args.flatMap((path) =>
  statSync(path).isDirectory()
    ? readdirSync(path)
        .filter((name) => name.endsWith('.json') && !name.endsWith('.docs.json'))
        .sort()
        .map((name) => join(path, name))
    : [path],
);
let differ = 0;
for (const file of files) {
  const text = readFileSync(file, 'utf8');
  let theirs: string;
  try {
    theirs = JSON.stringify(canonical(validation.upgradeToDocsConfig(JSON.parse(text))), null, 2);
  } catch (error) {
    process.stdout.write(`mintlify-fails ${file}: ${(error as Error).message}\n`);
    continue;
  }
  const root = parseJson(new SourceFile('mint.json', text)).root;
  if (root.kind !== 'object') {
    process.stdout.write(`not-an-object ${file}\n`);
    continue;
  }
  const ours = JSON.stringify(canonical(toPlain(upgradeMintConfig(root))), null, 2);
  if (writeTo !== undefined) {
    mkdirSync(writeTo, { recursive: true });
    writeFileSync(join(writeTo, `${basename(file, '.json')}.docs.json`), `${theirs}\n`);
  }
  if (theirs === ours) {
    process.stdout.write(`same ${file}\n`);
    continue;
  }
  differ++;
  const a = theirs.split('\n');
  const b = ours.split('\n');
  let line = 0;
  while (a[line] === b[line]) line++;
  const around = (lines: string[]) => lines.slice(Math.max(0, line - 4), line + 4).join('\n');
  process.stdout.write(`differs ${file} at line ${line + 1}\n--- Mintlify\n${around(a)}\n--- docsc\n${around(b)}\n`);
}
process.stdout.write(`${files.length - differ} of ${files.length} the same\n`);
process.exit(differ > 0 ? 1 : 0);
