// Writes the generated pages of the docs site (docs/) from the files they
// document, so that they cannot drift from them:
//
//   docs/configuration/     the docs.json reference   ← spec/docs.schema.json
//   docs/diagnostics/       every diagnostic code     ← spec/diagnostics/*.json + test baselines
//   docs/images/charts/     performance charts (SVG)  ← bench/results/*.json
//   docs/snippets/generated/  tables and figures      ← bench/results/*.json
//   docs/bench-results/     the result files cited, published with the site
//   docs/security.mdx, docs/architecture.mdx          ← SECURITY.md, ARCHITECTURE.md
//
//   npm run docs:generate            (node --import tsx docs/generate/generate-docs.ts)
//   npm run docs:generate -- --check writes nothing; exits 1 when a file is stale, missing or left over
//
// A generated folder holds generated files only: a file there that no
// generator wrote is stale (removed by a write, reported by --check).

import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchFigures } from './bench-figures.js';
import { configReference } from './config-reference.js';
import { diagnosticsReference } from './diagnostics-reference.js';
import type { GeneratedFile } from './generated-file.js';
import { repositoryPages } from './repository-pages.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Folders whose every file is generated. */
const GENERATED_FOLDERS = ['docs/configuration', 'docs/diagnostics', 'docs/images/charts', 'docs/snippets/generated', 'docs/bench-results'];

export function generateAll(root = ROOT): GeneratedFile[] {
  return [...configReference(root), ...diagnosticsReference(root), ...benchFigures(root), ...repositoryPages(root)];
}

/** Files that differ from what the generators write, are missing, or sit in a generated folder unasked. */
export function staleFiles(root = ROOT): string[] {
  const files = generateAll(root);
  const wanted = new Set(files.map((file) => file.path));
  const stale = files.filter((file) => !sameContents(join(root, file.path), file.contents)).map((file) => file.path);
  const leftOver = GENERATED_FOLDERS.flatMap((folder) => filesUnder(root, folder)).filter((path) => !wanted.has(path));
  return [...stale, ...leftOver].sort();
}

function sameContents(path: string, contents: string | Buffer): boolean {
  if (!existsSync(path)) return false;
  const bytes = readFileSync(path);
  return bytes.equals(typeof contents === 'string' ? Buffer.from(contents) : contents);
}

function filesUnder(root: string, folder: string): string[] {
  const dir = join(root, folder);
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(root, relative(root, path)) : [relative(root, path).split('\\').join('/')];
  });
}

function write(root: string): number {
  const files = generateAll(root);
  const wanted = new Set(files.map((file) => file.path));
  for (const path of GENERATED_FOLDERS.flatMap((folder) => filesUnder(root, folder))) if (!wanted.has(path)) rmSync(join(root, path));
  let written = 0;
  for (const file of files) {
    const path = join(root, file.path);
    if (sameContents(path, file.contents)) continue;
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, file.contents);
    written++;
  }
  return written;
}

function main(args: string[]): number {
  if (args.length === 0) {
    const written = write(ROOT);
    console.log(`docs: ${written} generated file${written === 1 ? '' : 's'} written.`);
    return 0;
  }
  if (args.length === 1 && args[0] === '--check') {
    const stale = staleFiles(ROOT);
    if (stale.length === 0) return 0;
    console.error(`The docs site's generated files are out of date (run \`npm run docs:generate\`):\n${stale.map((p) => `  ${p}`).join('\n')}`);
    return 1;
  }
  console.error('usage: node --import tsx docs/generate/generate-docs.ts [--check]');
  return 2;
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) process.exitCode = main(process.argv.slice(2));
