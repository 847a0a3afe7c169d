// shiki's grammars' regular expressions, already turned from Oniguruma's
// syntax into JavaScript's: a table written when docsc is built
// (cli/build-regex-table.ts, `npm run build:ts`), read by the highlighters'
// regex engine (highlight-code.ts) instead of converting each pattern again.
//
// shiki's JavaScript engine converts a pattern the first time a scanner
// needs it (oniguruma-to-es: parse, transform, generate), once per thread:
// each compile worker of a cold build converted 1,300-1,800 patterns for the
// Model Context Protocol's site, seconds of CPU per worker, before it
// coloured much code. The table holds, for each pattern of each grammar
// shiki ships (and the variants vscode-textmate makes of it: `\A` and `\G`
// resolved, `\z` rewritten), the pattern, flags and options the conversion
// gave; a pattern looked up there is made into the same RegExp (or
// EmulatedRegExp) without the conversion. A pattern that is not there (an
// end pattern whose back-references a match filled in, a sentinel) is
// converted as shiki would.
//
// The conversion depends on oniguruma-to-es's version, on the options
// shiki's engine gives it, and on the JavaScript engine it runs in — what it
// detects of the engine when it loads: the regex features that decide the
// target `auto` (flag groups, the `v` flag) and two bugs of the `v` flag it
// works around (`engineFeatures` runs the same probes). The table is stamped
// with the first and last, and a table whose stamp differs from this
// process's is not used. The generator checks the second: every entry must
// make the RegExp shiki's own constructor makes, or no table is written.
// Until 2026-12-05 the stamp held V8's version, whose `-node.N` suffix
// changes with every Node.js release: a docsc packed on one Node 20 and run
// on another converted every pattern again.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { docscRoot, packageAbove } from '../host/package-above.js';

/** A converted pattern: the JavaScript pattern, its flags and, for an EmulatedRegExp, its options; null when the conversion failed. */
export type TableEntry = [pattern: string, flags: string, options?: Record<string, unknown>] | null;

/** What a table was written for. */
export interface TableStamp {
  /** oniguruma-to-es's version. */
  converter: string;
  /** What the converter detects of the JavaScript engine the generator ran in (`engineFeatures`). */
  engine: string;
  /** @shikijs/langs's version and the table's layout: what the generator compares to know the table is up to date. */
  grammars: string;
  format: number;
}

/** The folder of the table, in the package's dist/ (one file per grammar scope, and the stamp). */
const TABLE_FOLDER = ['dist', 'shiki-regexes'] as const;
export const STAMP_FILE = 'stamp.json';

/** A grammar scope's file in the table's folder. */
export function scopeFile(scope: string): string {
  return `${encodeURIComponent(scope)}.json`;
}

/** The converter's pieces, from oniguruma-to-es as shiki's engine resolves it. */
export interface Converter {
  version: string;
  EmulatedRegExp: new (pattern: string, flags?: string, options?: object) => RegExp;
  /** The conversion itself (the table's generator uses it). */
  toRegExpDetails: (pattern: string, options: object) => { pattern: string; flags: string; options?: Record<string, unknown> };
}

/**
 * oniguruma-to-es as shiki's JavaScript engine resolves it, by its CommonJS build (one self-contained module, 9 ms
 * to load; the engine imports the ES module build of the same version, whose EmulatedRegExp behaves alike);
 * undefined when it cannot be found.
 */
export function shikiConverter(requireFromShiki: NodeJS.Require): Converter | undefined {
  try {
    const requireFromEngine = createRequire(requireFromShiki.resolve('@shikijs/engine-javascript'));
    const entry = requireFromEngine.resolve('oniguruma-to-es');
    const version = packageAbove(dirname(entry), 'oniguruma-to-es')?.manifest.version;
    if (typeof version !== 'string') return undefined;
    const { EmulatedRegExp, toRegExpDetails } = requireFromEngine(entry) as Omit<Converter, 'version'>;
    return { version, EmulatedRegExp, toRegExpDetails };
  } catch {
    return undefined;
  }
}

/**
 * Converted patterns, by their Oniguruma source, from the table's files of the grammar scopes loaded so far.
 * `regex(pattern)` is undefined for a pattern the table does not have.
 */
export class RegexTable {
  private entries = new Map<string, TableEntry>();
  private loaded = new Set<string>();

  constructor(
    private folder: string,
    private converter: Converter,
  ) {}

  /** Reads the files of these scopes (once each; a scope without one is skipped). */
  load(scopes: Iterable<string>): void {
    for (const scope of scopes) {
      if (this.loaded.has(scope)) continue;
      this.loaded.add(scope);
      let table: Record<string, TableEntry>;
      try {
        table = JSON.parse(readFileSync(join(this.folder, scopeFile(scope)), 'utf8')) as Record<string, TableEntry>;
      } catch {
        continue;
      }
      for (const [source, entry] of Object.entries(table)) this.entries.set(source, entry);
    }
  }

  /** The pattern's RegExp as the conversion makes it; undefined when the table lacks it. Throws for a pattern the conversion refused. */
  regex(pattern: string): RegExp | undefined {
    const entry = this.entries.get(pattern);
    if (entry === undefined) return undefined;
    if (entry === null) throw new Error('a pattern the JavaScript engine cannot convert');
    const [source, flags, options] = entry;
    return options === undefined ? new RegExp(source, flags) : new this.converter.EmulatedRegExp(source, flags, options);
  }
}

/**
 * The table written beside this docsc, when its stamp is this process's; undefined when there is none (a
 * checkout whose dist/ has not been built, another Node.js) — patterns are then converted as they come.
 */
export function openRegexTable(converter: Converter, folder = tableFolder()): RegexTable | undefined {
  if (folder === undefined) return undefined;
  let stamp: Partial<TableStamp>;
  try {
    stamp = JSON.parse(readFileSync(join(folder, STAMP_FILE), 'utf8')) as Partial<TableStamp>;
  } catch {
    return undefined;
  }
  if (stamp.converter !== converter.version || stamp.engine !== engineFeatures()) return undefined;
  return new RegexTable(folder, converter);
}

/**
 * What oniguruma-to-es (4.x, its `envFlags`) finds out about the JavaScript engine when it loads, by the same
 * probes: whether flag groups (`(?i:)`, ES2025) and the `v` flag (ES2024) are there, which make its target `auto`,
 * and whether the `v` flag takes a literal hyphen for a range or ignores a nested class's negation (bugs of some
 * engines it works around). Its conversions are the same wherever these are.
 */
export function engineFeatures(): string {
  const compiles = (pattern: string, flags?: string) => {
    try {
      new RegExp(pattern, flags);
      return true;
    } catch {
      return false;
    }
  };
  const unicodeSets = compiles('[[]]', 'v');
  const features = {
    flagGroups: compiles('(?i:)'),
    unicodeSets,
    bugFlagVLiteralHyphenIsRange: unicodeSets && !compiles(String.raw`[\d\-a]`, 'v'),
    // biome-ignore lint/complexity/useRegexLiterals: a literal with the `v` flag would not parse where the flag is missing.
    bugNestedClassIgnoresNegation: unicodeSets && new RegExp('[[^a]]', 'v').test('a'),
  };
  return Object.entries(features)
    .map(([name, value]) => `${name}=${value ? 1 : 0}`)
    .join(',');
}

/** Where the table of this docsc is (undefined when its package folder cannot be found). */
export function tableFolder(): string | undefined {
  const root = docscRoot();
  return root === undefined ? undefined : join(root, ...TABLE_FOLDER);
}
