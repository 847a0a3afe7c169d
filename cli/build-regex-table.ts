// Writes the table of shiki's grammars' patterns converted to JavaScript
// regular expressions (compiler/render/regex-table.ts says why and how it
// is read): the last step of `npm run build:ts`, run from dist/. Every
// pattern of every grammar shiki ships, with the variants vscode-textmate
// hands the engine (`\z` rewritten, `\A` and `\G` resolved), is converted by
// oniguruma-to-es with the options shiki's engine gives it, and checked
// against shiki's own constructor: a single difference, and no table is
// written (highlighting then converts as it goes, as without a table).
// Written aside, then put in place.

import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { docscRoot, packageAbove } from '../compiler/host/package-above.js';
import { grammarPatterns } from '../compiler/render/grammar-patterns.js';
import {
  type Converter,
  engineFeatures,
  STAMP_FILE,
  scopeFile,
  shikiConverter,
  type TableEntry,
  type TableStamp,
  tableFolder,
} from '../compiler/render/regex-table.js';

/** The table's layout: a table of another is written again. */
const FORMAT = 2;

/** What shiki's engine passes oniguruma-to-es (@shikijs/engine-javascript's `defaultJavaScriptRegexConstructor`, target `auto`). */
const CONVERSION = {
  global: true,
  hasIndices: true,
  lazyCompileLength: 3e3,
  rules: { allowOrphanBackrefs: true, asciiWordBoundaries: true, captureGroup: true, recursionLimit: 5, singleline: true },
  target: 'auto',
} as const;

function main(): void {
  const started = performance.now();
  const root = docscRoot();
  const folder = tableFolder();
  if (root === undefined || folder === undefined) throw new Error('docsc package folder not found');
  const require = createRequire(join(root, 'package.json'));
  const requireFromShiki = createRequire(require.resolve('shiki'));
  const converter = shikiConverter(requireFromShiki);
  if (converter === undefined) throw new Error('oniguruma-to-es not found beside shiki');
  const { defaultJavaScriptRegexConstructor } = requireFromShiki('shiki/engine/javascript') as typeof import('shiki/engine/javascript');
  const { bundledLanguagesInfo } = requireFromShiki('shiki/langs') as typeof import('shiki/langs');

  const stamp: TableStamp = { converter: converter.version, engine: engineFeatures(), grammars: grammarsVersion(requireFromShiki), format: FORMAT };
  if (readStamp(folder) === JSON.stringify(stamp)) {
    console.log('shiki regex table: up to date');
    return;
  }
  // Each grammar once, by its scope: a language module's export holds the grammars it imports too.
  const grammars = new Map<string, object>();
  for (const info of bundledLanguagesInfo) {
    const module = requireFromShiki(`@shikijs/langs/${info.id}`) as { default: Array<{ scopeName: string }> };
    for (const grammar of module.default) if (!grammars.has(grammar.scopeName)) grammars.set(grammar.scopeName, grammar);
  }

  const staging = `${folder}.tmp-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  let patterns = 0;
  try {
    for (const [scope, grammar] of grammars) {
      const table: Record<string, TableEntry> = {};
      for (const source of grammarPatterns(grammar)) {
        if (Object.hasOwn(table, source)) continue;
        table[source] = converted(source, converter, defaultJavaScriptRegexConstructor);
        patterns++;
      }
      writeFileSync(join(staging, scopeFile(scope)), JSON.stringify(table));
    }
    writeFileSync(join(staging, STAMP_FILE), JSON.stringify(stamp));
  } catch (error) {
    // A conversion that differs from shiki's leaves no half-written table beside dist/'s (the package ships dist/).
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }
  rmSync(folder, { recursive: true, force: true });
  renameSync(staging, folder);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`shiki regex table: ${patterns} patterns of ${grammars.size} grammars converted in ${seconds} s`);
}

/** The table's stamp as written, or undefined. */
function readStamp(folder: string): string | undefined {
  try {
    return readFileSync(join(folder, STAMP_FILE), 'utf8');
  } catch {
    return undefined;
  }
}

/** The version of @shikijs/langs, whose grammars the table holds. */
function grammarsVersion(requireFromShiki: NodeJS.Require): string {
  return String(packageAbove(dirname(requireFromShiki.resolve('@shikijs/langs/json')), '@shikijs/langs')?.manifest.version);
}

/** The pattern converted, checked against shiki's constructor (which throws where the conversion does: null). */
function converted(source: string, converter: Converter, shikis: (pattern: string, options: { target: 'auto' }) => RegExp): TableEntry {
  let details: ReturnType<Converter['toRegExpDetails']> | undefined;
  try {
    details = converter.toRegExpDetails(source, CONVERSION);
  } catch {
    // refused: shiki's constructor must refuse it too
  }
  let expected: RegExp | undefined;
  try {
    expected = shikis(source, { target: 'auto' });
  } catch {
    // refused
  }
  if (details === undefined || expected === undefined) {
    if (details !== expected) throw new Error(`the conversion and shiki's engine disagree on ${JSON.stringify(source)}`);
    return null;
  }
  const entry: TableEntry = details.options === undefined ? [details.pattern, details.flags] : [details.pattern, details.flags, details.options];
  const made = entry[2] === undefined ? new RegExp(entry[0], entry[1]) : new converter.EmulatedRegExp(entry[0], entry[1], entry[2]);
  if (!sameRegex(made, expected)) throw new Error(`the table's regex differs from shiki's for ${JSON.stringify(source)}`);
  return entry;
}

/** Same class (by name), source, flags and (an EmulatedRegExp's) options. A lazily compiled one has an empty source until first used: compared after one. */
function sameRegex(a: RegExp, b: RegExp): boolean {
  // By name: the table's EmulatedRegExp is the converter's CommonJS build's, shiki's the ES module's (regex-table.ts).
  if (a.constructor.name !== b.constructor.name || a.flags !== b.flags) return false;
  const options = (re: RegExp) => JSON.stringify((re as { rawOptions?: unknown }).rawOptions ?? null);
  if (options(a) !== options(b)) return false;
  if ((a as { rawOptions?: { lazyCompile?: boolean } }).rawOptions?.lazyCompile) {
    a.exec('');
    b.exec('');
  }
  return a.source === b.source && a.toString() === b.toString();
}

main();
