// The sets of grammars a language's highlighter is made with
// (highlight-code.ts makes the highlighters): every grammar the language
// reaches (`reachableGrammars`), or its own and those of the lazily embedded
// languages a block has needed so far, the others stood for by sentinels
// (`leanGrammars`); and what shiki's language modules hold, read from their
// text without loading them (`moduleFacts`).
//
// Lazily embedded grammars are loaded when a block needs one, not before: a
// grammar left out is stood for by a sentinel, a pattern that matches
// wherever it is tried (one character, or the end of the line), in each
// place that includes the grammar. At each step the tokenizer takes the first
// pattern, in order, that matches where it stands; the grammar's patterns
// could only have been taken where the sentinel in their place is. So a
// block whose tokenizing takes no sentinel (the engine's scanners report the
// ones taken) is coloured as with every grammar loaded, and one that takes
// some is tokenized again by a highlighter that has the grammars they stood
// for (with sentinels for theirs), until none is taken. That holds as long
// as no grammar reached only lazily injects itself into others' scopes, which
// tests/highlight-code.test.ts checks of shiki's grammars. The 74 grammars
// MDX reaches were 75 MB of memory in each thread that coloured an MDX
// block; a page's MDX blocks need a few.

import { readFileSync } from 'node:fs';
import type { LanguageRegistration, PatternScanner, RegexEngine } from 'shiki/core';

/** Where grammars come from: shiki's language modules, and what was read of them. */
export interface GrammarSource {
  /** What each language module holds (`moduleFacts`); null: shiki has no such module. */
  modules: Map<string, ModuleFacts | null | undefined>;
  /** Where `@shikijs/langs/*` resolve from (shiki's own dependencies). */
  requireFromShiki: NodeJS.Require;
}

/**
 * The grammars of the language's module (the language and those it embeds) and, in turn, of every
 * language one of them embeds lazily; a lazily embedded language shiki does not ship is left out.
 * They are all loaded together, so none is marked as embedded lazily: shiki loads again every grammar
 * that embeds lazily the language it loads (Markdown's, forty times over, for seconds).
 */
export function reachableGrammars(state: GrammarSource, id: string): LanguageRegistration[] {
  const grammars = new Map<string, LanguageRegistration>();
  const visited = new Set<string>();
  const visit = (name: string, required: boolean) => {
    if (visited.has(name)) return;
    visited.add(name);
    let module: LanguageRegistration[];
    try {
      module = languageModule(state, name);
    } catch (error) {
      if (required) throw error;
      return;
    }
    for (const grammar of module) {
      if (grammars.has(grammar.name)) continue;
      const lazy = grammar.embeddedLangsLazy ?? [];
      grammars.set(grammar.name, lazy.length === 0 ? grammar : { ...grammar, embeddedLangsLazy: [] });
      for (const name of lazy) visit(name, false);
    }
  };
  visit(id, true);
  return [...grammars.values()];
}

/**
 * The grammars of the language's module and of the `lazy` modules, each include of a grammar the language
 * reaches and these leave out replaced by a sentinel.
 */
export function leanGrammars(
  state: GrammarSource,
  id: string,
  lazy: readonly string[],
  providers: ReadonlyMap<string, string>,
): LanguageRegistration[] {
  const grammars = new Map<string, LanguageRegistration>();
  for (const name of [id, ...lazy])
    for (const grammar of languageModule(state, name)) if (!grammars.has(grammar.name)) grammars.set(grammar.name, grammar);
  const present = new Set([...grammars.values()].map((grammar) => grammar.scopeName));
  const leftOut = (scope: string) => !present.has(scope) && providers.has(scope);
  return [...grammars.values()].map((grammar) => ({ ...withSentinels(grammar, leftOut), embeddedLangsLazy: [] }));
}

function languageModule(state: GrammarSource, name: string): LanguageRegistration[] {
  return (state.requireFromShiki(`@shikijs/langs/${name}`) as { default: LanguageRegistration[] }).default;
}

/** A grammar (or a part of one) with every include of a left-out scope replaced by its sentinel; unchanged parts are shared. */
function withSentinels<T>(value: T, leftOut: (scope: string) => boolean): T {
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    value.forEach((item: unknown, i) => {
      const next = withSentinels(item, leftOut);
      if (next === item) return;
      copy ??= [...value];
      copy[i] = next;
    });
    return (copy ?? value) as T;
  }
  if (value === null || typeof value !== 'object') return value;
  const include = (value as { include?: unknown }).include;
  if (typeof include === 'string' && !include.startsWith('#') && !include.startsWith('$')) {
    const scope = include.split('#')[0] as string;
    if (leftOut(scope)) return { match: sentinelPattern(scope) } as T;
  }
  let copy: Record<string, unknown> | undefined;
  for (const [key, item] of Object.entries(value)) {
    const next = withSentinels(item, leftOut);
    if (next === item) continue;
    copy ??= { ...(value as Record<string, unknown>) };
    copy[key] = next;
  }
  return (copy ?? value) as T;
}

/** Sentinel patterns (unique by their never-matching tail) → the scope each stands for. */
const sentinelScopes = new Map<string, string>();
const sentinelPatterns = new Map<string, string>();

/**
 * The sentinel of a scope: it matches one character, or nothing at the end of the line, so it matches
 * wherever the tokenizer tries it; `(?!)` never matches, and the number after it tells sentinels apart.
 */
function sentinelPattern(scope: string): string {
  let pattern = sentinelPatterns.get(scope);
  if (pattern === undefined) {
    pattern = `[\\s\\S]|$|(?!)${sentinelPatterns.size}`;
    sentinelPatterns.set(scope, pattern);
    sentinelScopes.set(pattern, scope);
  }
  return pattern;
}

/** The scopes whose sentinels the tokenizing under way took; undefined between blocks. */
let takenSentinels: Set<string> | undefined;

/** Sets where the engines' scanners report the sentinels they take: a block's set while it is tokenized, else undefined. */
export function reportSentinelsTo(taken: Set<string> | undefined): void {
  takenSentinels = taken;
}

/** The engine, its scanners reporting the sentinels they match to `takenSentinels`. */
export function watchingSentinels(engine: RegexEngine): RegexEngine {
  return {
    createString: (text) => engine.createString(text),
    createScanner(patterns): PatternScanner {
      const scanner = engine.createScanner(patterns);
      const scopes = patterns.map((pattern) => (typeof pattern === 'string' ? sentinelScopes.get(pattern) : undefined));
      if (scopes.every((scope) => scope === undefined)) return scanner;
      return {
        findNextMatchSync(text, start, options) {
          const match = scanner.findNextMatchSync(text, start, options);
          const scope = match === null ? undefined : scopes[match.index];
          if (scope !== undefined) takenSentinels?.add(scope);
          return match;
        },
        dispose: () => scanner.dispose?.(),
      };
    },
  };
}

/** What a language module of shiki holds, read from its text: its grammar's scope, the modules it imports, the languages it embeds lazily. */
export interface ModuleFacts {
  scope: string;
  imports: string[];
  lazy: string[];
}

/**
 * Every scope a language reaches, through the modules it imports and the languages it embeds lazily, in
 * turn → the first module (in that order) whose grammar has it; undefined when the language embeds none
 * lazily, or when a module does not read as expected (its highlighter then has every grammar).
 */
export function reachedScopes(state: GrammarSource, id: string): Map<string, string> | undefined {
  const providers = new Map<string, string>();
  const queue = [id];
  const seen = new Set<string>();
  let lazily = false;
  for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
    if (seen.has(name)) continue;
    seen.add(name);
    const facts = moduleFacts(state, name);
    if (facts === undefined) return undefined;
    // A module shiki does not ship: its language is left out, as `reachableGrammars` leaves it.
    if (facts === null) continue;
    if (!providers.has(facts.scope)) providers.set(facts.scope, name);
    if (facts.lazy.length > 0) lazily = true;
    queue.push(...facts.imports, ...facts.lazy);
  }
  return lazily ? providers : undefined;
}

const SCOPE_KEY = Buffer.from('\\"scopeName\\":\\"');
const LAZY_KEY = Buffer.from('\\"embeddedLangsLazy\\":[');
const GRAMMAR_START = Buffer.from('const lang = ');

/**
 * A language module's facts, read from its file as shiki ships it (its imports, then its grammar as the
 * text of `JSON.parse("…")`, with one `scopeName` and at most one `embeddedLangsLazy`; or an alias, which
 * re-exports another module), without loading it; null when there is no such module, undefined when the
 * file is not of that form. Reading the 74 modules MDX reaches takes about 20 ms; loading them, 30 MB.
 */
export function moduleFacts(state: GrammarSource, name: string): ModuleFacts | null | undefined {
  if (state.modules.has(name)) return state.modules.get(name);
  let facts: ModuleFacts | null | undefined;
  let text: Buffer | undefined;
  try {
    text = readFileSync(state.requireFromShiki.resolve(`@shikijs/langs/${name}`));
  } catch {
    facts = null;
  }
  if (text !== undefined) {
    const alias = /^export \{ default \} from '\.\/([\w.+-]+)\.mjs'$/m.exec(text.subarray(0, 300).toString('latin1'))?.[1];
    facts = alias === undefined ? readModule(text) : (moduleFacts(state, alias) ?? undefined);
  }
  state.modules.set(name, facts);
  return facts;
}

function readModule(text: Buffer): ModuleFacts | undefined {
  const grammarAt = text.indexOf(GRAMMAR_START);
  const scopeAt = text.indexOf(SCOPE_KEY);
  const lazyAt = text.indexOf(LAZY_KEY);
  if (grammarAt < 0 || scopeAt < 0 || text.lastIndexOf(SCOPE_KEY) !== scopeAt || text.lastIndexOf(LAZY_KEY) !== lazyAt) return undefined;
  const scope = text.subarray(scopeAt + SCOPE_KEY.length, text.indexOf('\\"', scopeAt + SCOPE_KEY.length)).toString('latin1');
  const imports = [
    ...text
      .subarray(0, grammarAt)
      .toString('latin1')
      .matchAll(/^import \w+ from '\.\/([\w.+-]+)\.mjs'$/gm),
  ].map((m) => m[1] as string);
  let lazy: string[] = [];
  if (lazyAt >= 0) {
    try {
      lazy = JSON.parse(
        text
          .subarray(lazyAt + LAZY_KEY.length - 1, text.indexOf(']', lazyAt) + 1)
          .toString('latin1')
          .replaceAll('\\"', '"'),
      ) as string[];
    } catch {
      return undefined;
    }
  }
  if (scope === '' || /[\\"]/.test(scope) || !lazy.every((name) => typeof name === 'string')) return undefined;
  return { scope, imports, lazy };
}
