// Syntax highlighting of code fences at build time, with shiki: made on the
// first fence that names a language, with the JavaScript regex engine
// (synchronous, so the render stays a pure synchronous function, and no
// WebAssembly to instantiate per worker), and only the grammars pages use,
// each loaded on first use. A token carries its light colour as `color` and
// its dark one as `--sdark`, so the stylesheet switches to dark mode without
// another render. github-light and github-dark have the same rules in the
// same order, only their colours differ, so the code is tokenized once, with
// a theme made of those rules whose every colour is a code for the rule's
// pair of colours (half the work of shiki's way, one tokenizing per theme,
// which remains as the fallback should the themes ever differ). shiki's per-line time limit is off: when it runs out (a grammar's
// regular expressions are compiled on first use, slowly on a busy machine)
// the rest of the line is left uncoloured, which would make the output
// depend on timing; the code is the docs author's, not untrusted input.
// Tokens in the default colours carry no style, and neighbours with the same
// style are merged, to keep bodies small. A colour that does not read on its
// theme's background (WCAG AA) is made to (`readableOn`).
//
// Each language a fence names has a highlighter of its own, which colours a
// block as a highlighter with every grammar that language can reach would:
// those it embeds, and those it embeds lazily (Markdown's and MDX's fences in
// forty languages). In one shared highlighter, a block's colours would depend
// on which languages earlier pages happened to load (shiki colours a lazily
// embedded language only once it is loaded, and loading one recompiles the
// grammars that embed it, which leaves the grammar states remembered below
// pointing at rules that no longer exist): the same page would come out
// differently from one build to the next, as the worker threads share out
// the pages. The highlighters share one regex engine, so a regular expression
// is compiled once a thread.
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
//
// A language shiki does not know, or none, is plain text; a grammar that
// fails to load or to tokenize is plain text too — highlighting never fails a
// page. Results are remembered per thread: whole blocks by language and
// code, and lines that start at the grammar's root by language and text
// (real sites repeat their install snippets and imports on many pages).
//
// shiki ships as ES modules; they are loaded with `require` (Node ≥ 20.19
// loads ES modules synchronously), only when a page has a fence to colour.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Element, ElementContent, Properties } from 'hast';
import type { GrammarState, HighlighterCore, LanguageRegistration, PatternScanner, RegexEngine, ThemedToken } from 'shiki/core';
import { h, text } from './hast-nodes.js';

const require = createRequire(import.meta.url);

const THEMES = { light: 'github-light', dark: 'github-dark' } as const;
/** Languages that mean "no highlighting". */
const PLAIN = new Set(['', 'text', 'txt', 'plain', 'plaintext', 'none', 'ansi', 'output', 'console-output']);
const MAX_REMEMBERED = 500;
/** Longer code is shown plain: tokenizing megabytes would stall the build for little benefit. */
const MAX_CODE_LENGTH = 100_000;
/** Longer lines (minified code) are left uncoloured, whatever the timing: the time limit is off. */
const MAX_LINE_LENGTH = 5_000;

interface Shiki {
  createHighlighter: typeof import('shiki/core').createHighlighterCoreSync;
  /** The themes every highlighter is made with: the paired theme, or the two themes when they differ. */
  themes: object[];
  engine: RegexEngine;
  /** The paired theme's colour codes → the two colours; undefined when the themes differ in their rules. */
  pairs: Map<string, { light: string; dark: string }> | undefined;
  /** Lower-case name or alias → the grammar module's id. */
  ids: Map<string, string>;
  /** Each language's highlighter (`languageHighlighter`); null when its grammar failed to load. */
  highlighters: Map<string, LanguageHighlighter | null>;
  /** What each language module holds (`moduleFacts`); null: shiki has no such module. */
  modules: Map<string, ModuleFacts | null | undefined>;
  /** Where `@shikijs/langs/*` resolve from (shiki's own dependencies). */
  requireFromShiki: NodeJS.Require;
}

let shiki: Shiki | undefined;
/** Blocks by language name and code; null when the block is plain text. */
const remembered = new Map<string, HighlightedLine[] | null>();

/** A line of tokens as hast: spans with inline colours; an empty array for an empty line. */
export type HighlightedLine = ElementContent[];

/**
 * A block's lines as a store keeps them: the JSON of, for each line, its pieces' style ('' for none) and
 * text in turn — one string, cheap to pass between threads and to store.
 */
export type StoredHighlight = string;

/**
 * Where highlighted blocks are kept beyond this thread (the build cache), by the fence's language (as
 * written, lower-cased) and code; null stands for plain text. A block found there starts no highlighter:
 * a page edited and compiled again loads shiki only for a block no build has seen.
 */
export interface HighlightStore {
  get(language: string, code: string): StoredHighlight | null | undefined;
  put(language: string, code: string, lines: StoredHighlight | null): void;
}

let store: HighlightStore | undefined;

/** Sets the store `highlightLines` reads and writes in this thread (undefined: none). */
export function useHighlightStore(next: HighlightStore | undefined): void {
  store = next;
}

/**
 * The code's lines (without the trailing newline) as token spans, or undefined when the language is
 * plain text or unknown. The returned nodes are shared: callers must not modify them.
 */
export function highlightLines(code: string, language: string | undefined): HighlightedLine[] | undefined {
  const name = language?.trim().toLowerCase();
  if (name === undefined || PLAIN.has(name) || code.length > MAX_CODE_LENGTH || unavailable) return undefined;
  const key = `${name}\u0000${code}`;
  let lines = remembered.get(key);
  if (lines !== undefined) return lines ?? undefined;
  const stored = store?.get(name, code);
  if (stored !== undefined) lines = stored === null ? null : (JSON.parse(stored) as string[][]).map(storedLineNodes);
  else {
    lines = tokenizedLines(code, name);
    // shiki could not be loaded here: nothing to remember beyond this process.
    if (unavailable) return undefined;
    store?.put(name, code, lines === null ? null : JSON.stringify(lines.map(storedLine)));
  }
  if (remembered.size >= MAX_REMEMBERED) remembered.delete(remembered.keys().next().value as string);
  remembered.set(key, lines);
  return lines ?? undefined;
}

/** The block highlighted by shiki, or null when shiki has no grammar for the language or its grammar fails. */
function tokenizedLines(code: string, name: string): HighlightedLine[] | null {
  const id = languageId(name);
  if (id === undefined) return null;
  const state = getShiki();
  let highlighter = languageHighlighter(state, id);
  try {
    while (highlighter !== undefined) {
      const sentinels = new Set<string>();
      takenSentinels = sentinels;
      let tokens: ColouredToken[][];
      try {
        tokens = colouredTokens(state, highlighter.highlighter, code, id);
      } finally {
        takenSentinels = undefined;
      }
      if (sentinels.size === 0) return tokens.map(lineNodes);
      highlighter = widerHighlighter(state, id, highlighter, sentinels);
    }
  } catch {
    // a grammar that fails to tokenize: plain text
  }
  return null;
}

/** The grammar id for a fence's language name (`js` → `javascript`), or undefined when shiki has none. */
function languageId(name: string): string | undefined {
  try {
    return getShiki().ids.get(name);
  } catch {
    // shiki could not be loaded (a Node older than 20.19 cannot `require` ES modules): code stays plain.
    unavailable = true;
    return undefined;
  }
}

let unavailable = false;

function getShiki(): Shiki {
  if (shiki !== undefined) return shiki;
  const { createHighlighterCoreSync } = require('shiki/core') as typeof import('shiki/core');
  const { createJavaScriptRegexEngine } = require('shiki/engine/javascript') as typeof import('shiki/engine/javascript');
  const { bundledLanguagesInfo } = require('shiki/langs') as typeof import('shiki/langs');
  const requireFromShiki = createRequire(require.resolve('shiki'));
  const [light, dark] = [THEMES.light, THEMES.dark].map(
    (theme) => (requireFromShiki(`@shikijs/themes/${theme}`) as { default: ThemeJson }).default,
  ) as [ThemeJson, ThemeJson];
  const paired = pairedTheme(light, dark);
  const ids = new Map<string, string>();
  for (const info of bundledLanguagesInfo) {
    ids.set(info.id.toLowerCase(), info.id);
    for (const alias of info.aliases ?? []) ids.set(alias.toLowerCase(), info.id);
  }
  shiki = {
    createHighlighter: createHighlighterCoreSync,
    themes: paired === undefined ? [light, dark] : [paired.theme],
    engine: watchingSentinels(createJavaScriptRegexEngine({ forgiving: true })),
    pairs: paired?.pairs,
    ids,
    highlighters: new Map(),
    modules: new Map(),
    requireFromShiki,
  };
  return shiki;
}

/** A language's highlighter, and the lazily embedded grammars it was made with. */
interface LanguageHighlighter {
  highlighter: HighlighterCore;
  /** The modules of lazily embedded languages it has; undefined when it has every grammar the language reaches. */
  lazy?: readonly string[];
  /** Where the grammars the language reaches are: a scope → the module that has it. */
  providers?: ReadonlyMap<string, string>;
}

let everyGrammar = false;

/**
 * Highlighters made from now on in this thread have every grammar their language reaches, none left out
 * for later: what the lean ones must colour as (tests/highlight-code.test.ts compares them).
 */
export function useEveryGrammar(yes: boolean): void {
  everyGrammar = yes;
}

/** The language's own highlighter (see the top of this file), made on first use; undefined when a grammar fails to load. */
function languageHighlighter(state: Shiki, id: string): LanguageHighlighter | undefined {
  let highlighter = state.highlighters.get(id);
  if (highlighter === undefined) {
    try {
      const providers = everyGrammar ? undefined : reachedScopes(state, id);
      highlighter =
        providers === undefined
          ? { highlighter: makeHighlighter(state, reachableGrammars(state, id)) }
          : { highlighter: makeHighlighter(state, leanGrammars(state, id, [], providers)), lazy: [], providers };
    } catch {
      highlighter = null;
    }
    state.highlighters.set(id, highlighter);
  }
  return highlighter ?? undefined;
}

function makeHighlighter(state: Shiki, langs: LanguageRegistration[]): HighlighterCore {
  // One highlighter a language is the design here, not a mistake to warn of.
  return state.createHighlighter({ themes: state.themes as never, langs, engine: state.engine, warnings: false });
}

/**
 * The language's next highlighter, with the modules of the grammars whose sentinels were taken; the
 * grammar states remembered for the language belonged to the last one. Throws when one fails to load.
 */
function widerHighlighter(state: Shiki, id: string, last: LanguageHighlighter, taken: ReadonlySet<string>): LanguageHighlighter {
  const { lazy, providers } = last;
  // Only a lean highlighter has sentinels; a sentinel is made only for a scope some module has.
  if (lazy === undefined || providers === undefined) throw new Error(`no sentinels in ${id}'s grammars`);
  const more = [...taken].map((scope) => providers.get(scope) as string).filter((module) => !lazy.includes(module));
  if (more.length === 0) throw new Error(`a sentinel of a loaded grammar was taken in ${id}`);
  const wider = [...lazy, ...new Set(more)].sort();
  const next: LanguageHighlighter = { highlighter: makeHighlighter(state, leanGrammars(state, id, wider, providers)), lazy: wider, providers };
  last.highlighter.dispose();
  state.highlighters.set(id, next);
  forgetStates(id);
  return next;
}

/**
 * The grammars of the language's module (the language and those it embeds) and, in turn, of every
 * language one of them embeds lazily; a lazily embedded language shiki does not ship is left out.
 * They are all loaded together, so none is marked as embedded lazily: shiki loads again every grammar
 * that embeds lazily the language it loads (Markdown's, forty times over, for seconds).
 */
function reachableGrammars(state: Shiki, id: string): LanguageRegistration[] {
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
function leanGrammars(state: Shiki, id: string, lazy: readonly string[], providers: ReadonlyMap<string, string>): LanguageRegistration[] {
  const grammars = new Map<string, LanguageRegistration>();
  for (const name of [id, ...lazy])
    for (const grammar of languageModule(state, name)) if (!grammars.has(grammar.name)) grammars.set(grammar.name, grammar);
  const present = new Set([...grammars.values()].map((grammar) => grammar.scopeName));
  const leftOut = (scope: string) => !present.has(scope) && providers.has(scope);
  return [...grammars.values()].map((grammar) => ({ ...withSentinels(grammar, leftOut), embeddedLangsLazy: [] }));
}

function languageModule(state: Shiki, name: string): LanguageRegistration[] {
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

/** The engine, its scanners reporting the sentinels they match to `takenSentinels`. */
function watchingSentinels(engine: RegexEngine): RegexEngine {
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
function reachedScopes(state: Shiki, id: string): Map<string, string> | undefined {
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
function moduleFacts(state: Shiki, name: string): ModuleFacts | null | undefined {
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

/** `moduleFacts` of shiki's module of a language, for the test that compares them with the module loaded. */
export function languageModuleFacts(name: string): ModuleFacts | null | undefined {
  return moduleFacts(getShiki(), name);
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

interface ThemeJson {
  name: string;
  tokenColors: { scope?: string | string[]; settings: { foreground?: string; fontStyle?: string } }[];
}

const PAIRED_THEME = 'docsc-github-pair';
/** The paired theme's default colour: the themes' default foregrounds. */
const PAIRED_DEFAULT = '#000000';

/** One theme with the rules both themes share, each colour a code for the rule's two colours; undefined when the rules differ. */
function pairedTheme(light: ThemeJson, dark: ThemeJson): { theme: object; pairs: Map<string, { light: string; dark: string }> } | undefined {
  if (light.tokenColors.length !== dark.tokenColors.length) return undefined;
  const pairs = new Map([[PAIRED_DEFAULT, { light: DEFAULT_LIGHT, dark: DEFAULT_DARK }]]);
  const tokenColors: ThemeJson['tokenColors'] = [];
  for (const [i, l] of light.tokenColors.entries()) {
    const d = dark.tokenColors[i];
    const same =
      d !== undefined &&
      JSON.stringify(l.scope) === JSON.stringify(d.scope) &&
      l.settings.fontStyle === d.settings.fontStyle &&
      (l.settings.foreground === undefined) === (d.settings.foreground === undefined);
    if (!same) return undefined;
    const settings: ThemeJson['tokenColors'][number]['settings'] = {};
    if (l.settings.fontStyle !== undefined) settings.fontStyle = l.settings.fontStyle;
    if (l.settings.foreground !== undefined && d.settings.foreground !== undefined) {
      const code = `#${(i + 1).toString(16).padStart(6, '0')}`;
      settings.foreground = code;
      pairs.set(code, {
        light: readableOn(l.settings.foreground.toLowerCase(), BACKGROUND_LIGHT),
        dark: readableOn(d.settings.foreground.toLowerCase(), BACKGROUND_DARK),
      });
    }
    tokenColors.push({ ...(l.scope === undefined ? {} : { scope: l.scope }), settings });
  }
  const theme = { name: PAIRED_THEME, type: 'light', colors: { 'editor.foreground': PAIRED_DEFAULT, 'editor.background': '#ffffff' }, tokenColors };
  return { theme, pairs };
}

/** A piece of a line with both its colours. */
interface ColouredToken {
  content: string;
  light: string;
  dark: string;
  fontStyle: number;
}

function colouredTokens(state: Shiki, highlighter: HighlighterCore, code: string, lang: string): ColouredToken[][] {
  const { pairs } = state;
  if (pairs !== undefined) {
    const fallback = { light: DEFAULT_LIGHT, dark: DEFAULT_DARK };
    return pairedLines(highlighter, code, lang).map((line) =>
      line.map((token) => {
        const pair = pairs.get((token.color ?? PAIRED_DEFAULT).toLowerCase()) ?? fallback;
        return { content: token.content, light: pair.light, dark: pair.dark, fontStyle: token.fontStyle ?? 0 };
      }),
    );
  }
  const light = highlighter.codeToTokensBase(code, { lang, theme: THEMES.light, ...TOKENIZE });
  const dark = highlighter.codeToTokensBase(code, { lang, theme: THEMES.dark, ...TOKENIZE });
  return light.map((line, i) => alignTokens(line, dark[i] ?? []));
}

const TOKENIZE = { tokenizeTimeLimit: 0, tokenizeMaxLineLength: MAX_LINE_LENGTH } as const;

interface RememberedLine {
  tokens: ThemedToken[];
  /** The grammar's state after the line; `root` when it is the state between top-level statements. */
  end: GrammarState | 'root';
}

const rememberedLines = new Map<string, RememberedLine>();
const MAX_REMEMBERED_LINES = 20_000;

/**
 * The paired theme's tokens, line by line. A line that starts in the grammar's root state (between
 * top-level statements, as most lines of docs snippets do) is tokenized once per thread and language:
 * `import { Client } from '@example/sdk';` on a thousand pages costs one tokenizing. A line that starts
 * inside a construct (a string or comment spanning lines) is tokenized with that state, as shiki would.
 */
function pairedLines(highlighter: HighlighterCore, code: string, lang: string): ThemedToken[][] {
  const lines = code.split('\n');
  if (code.includes('\r')) return highlighter.codeToTokensBase(code, { lang, theme: PAIRED_THEME, ...TOKENIZE });
  const result: ThemedToken[][] = [];
  let grammarState: GrammarState | undefined;
  let atRoot = true;
  for (const [i, line] of lines.entries()) {
    // The first line is apart: `\A` anchors (a shebang) match only there.
    const key: string | undefined = atRoot ? `${lang}\u0000${i === 0 ? 1 : 0}\u0000${line}` : undefined;
    const hit: RememberedLine | undefined = key === undefined ? undefined : rememberedLines.get(key);
    if (hit !== undefined) {
      result.push(hit.tokens);
      atRoot = hit.end === 'root';
      grammarState = hit.end === 'root' ? rootState(lang) : hit.end;
      continue;
    }
    const tokens = highlighter.codeToTokensBase(line, {
      lang,
      theme: PAIRED_THEME,
      ...TOKENIZE,
      ...(grammarState === undefined ? {} : { grammarState }),
    });
    const end = highlighter.getLastGrammarState(tokens);
    // Without a state to go on from, the block is tokenized whole, as shiki does.
    if (end === undefined) return highlighter.codeToTokensBase(code, { lang, theme: PAIRED_THEME, ...TOKENIZE });
    const endsAtRoot = isRoot(lang, end);
    result.push(tokens[0] ?? []);
    if (key !== undefined) {
      if (rememberedLines.size >= MAX_REMEMBERED_LINES) rememberedLines.clear();
      rememberedLines.set(key, { tokens: tokens[0] ?? [], end: endsAtRoot ? 'root' : end });
    }
    atRoot = endsAtRoot;
    grammarState = end;
  }
  return result;
}

/** Per language, a state at the grammar's root (all are equal: the root rule alone on the stack). */
const rootStates = new Map<string, GrammarState>();

/** Forgets the language's grammar states (and the lines remembered with them): its highlighter was replaced. */
function forgetStates(lang: string): void {
  rootStates.delete(lang);
  const prefix = `${lang}\u0000`;
  for (const key of rememberedLines.keys()) if (key.startsWith(prefix)) rememberedLines.delete(key);
}

function rootState(lang: string): GrammarState {
  return rootStates.get(lang) as GrammarState;
}

/** True when only the grammar's root rule is on the stack (remembering that state for the language). */
function isRoot(lang: string, end: GrammarState): boolean {
  const stack = end.getInternalStack() as { depth?: number } | undefined;
  if (stack?.depth !== 1) return false;
  if (!rootStates.has(lang)) rootStates.set(lang, end);
  return true;
}

/** The two themes' tokens of one line, cut where either theme cuts (both cover the same text). */
function alignTokens(light: readonly ThemedToken[], dark: readonly ThemedToken[]): ColouredToken[] {
  const aligned: ColouredToken[] = [];
  let i = 0;
  let j = 0;
  let usedLight = 0;
  let usedDark = 0;
  while (i < light.length && j < dark.length) {
    const a = light[i] as ThemedToken;
    const b = dark[j] as ThemedToken;
    const n = Math.min(a.content.length - usedLight, b.content.length - usedDark);
    if (n > 0)
      aligned.push({
        content: a.content.slice(usedLight, usedLight + n),
        light: readableOn((a.color ?? DEFAULT_LIGHT).toLowerCase(), BACKGROUND_LIGHT),
        dark: readableOn((b.color ?? DEFAULT_DARK).toLowerCase(), BACKGROUND_DARK),
        fontStyle: a.fontStyle === b.fontStyle ? (a.fontStyle ?? 0) : 0,
      });
    usedLight += n;
    usedDark += n;
    if (usedLight >= a.content.length) {
      i++;
      usedLight = 0;
    }
    if (usedDark >= b.content.length) {
      j++;
      usedDark = 0;
    }
  }
  return aligned;
}

/** github-light's and github-dark's foreground: tokens in them need no colour. */
const DEFAULT_LIGHT = '#24292e';
const DEFAULT_DARK = '#e1e4e8';
/** The themes' backgrounds, which code blocks have (runtime/components.css). */
const BACKGROUND_LIGHT = '#ffffff';
const BACKGROUND_DARK = '#24292e';

/**
 * A token colour that reads on `background` (WCAG AA, 4.5:1): as it is when it
 * does, else moved toward black or white, whichever the background is
 * further from, in steps of 5% until it does. github-dark's comments
 * (#6a737d on #24292e, 3.05:1) and github-light's #e36209 (3.49:1) need it,
 * and the few rules written for a background docsc does not draw
 * (`invalid.illegal`: near-white on white) become readable.
 */
function readableOn(colour: string, background: string): string {
  const known = readable.get(`${colour}${background}`);
  if (known !== undefined) return known;
  const rgb = channels(colour);
  const back = channels(background);
  let result = colour;
  if (rgb !== undefined && back !== undefined && contrast(rgb, back) < 4.5) {
    const target = luminance(back) > 0.18 ? 0 : 255;
    for (let step = 1; step <= 20; step++) {
      const mixed = rgb.map((c) => Math.round(c + (target - c) * (step / 20))) as [number, number, number];
      if (contrast(mixed, back) >= 4.5 || step === 20) {
        result = `#${mixed.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
        break;
      }
    }
  }
  readable.set(`${colour}${background}`, result);
  return result;
}

const readable = new Map<string, string>();

function channels(colour: string): [number, number, number] | undefined {
  const hex = /^#([0-9a-f]{6})(?:[0-9a-f]{2})?$/.exec(colour)?.[1];
  return hex === undefined ? undefined : ([0, 2, 4].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as [number, number, number]);
}

function luminance(rgb: readonly number[]): number {
  const [r, g, b] = rgb.map((c) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: readonly number[], b: readonly number[]): number {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}
/** shiki's FontStyle bits. */
const ITALIC = 1;
const BOLD = 2;
const UNDERLINE = 4;

function styleOf(token: ColouredToken): string {
  const declarations = token.light === DEFAULT_LIGHT && token.dark === DEFAULT_DARK ? [] : [`color:${token.light}`, `--sdark:${token.dark}`];
  if (token.fontStyle & ITALIC) declarations.push('font-style:italic');
  if (token.fontStyle & BOLD) declarations.push('font-weight:bold');
  if (token.fontStyle & UNDERLINE) declarations.push('text-decoration:underline');
  return declarations.join(';');
}

function lineNodes(tokens: readonly ColouredToken[]): ElementContent[] {
  const nodes: ElementContent[] = [];
  let pendingStyle: string | undefined;
  let pendingText = '';
  const flush = () => {
    if (pendingText === '') return;
    if (pendingStyle === '' || pendingStyle === undefined) nodes.push(text(pendingText));
    else nodes.push(h('span', { style: pendingStyle } as Properties, [text(pendingText)]));
    pendingText = '';
  };
  for (const token of tokens) {
    // Whitespace looks the same in any colour: it joins its neighbour.
    const style = /^\s*$/.test(token.content) && pendingStyle !== undefined ? pendingStyle : styleOf(token);
    if (style !== pendingStyle) {
      flush();
      pendingStyle = style;
    }
    pendingText += token.content;
  }
  flush();
  return nodes;
}

/** A line of `lineNodes` as a store keeps it. */
function storedLine(nodes: HighlightedLine): string[] {
  return nodes.flatMap((node) => {
    if (node.type === 'text') return ['', node.value];
    const [child] = (node as Element).children;
    return [String((node as Element).properties.style), child?.type === 'text' ? child.value : ''];
  });
}

/** A stored line as `lineNodes` made it. */
function storedLineNodes(line: readonly string[]): HighlightedLine {
  const nodes: ElementContent[] = [];
  for (let i = 0; i + 1 < line.length; i += 2) {
    const style = line[i] as string;
    const value = line[i + 1] as string;
    nodes.push(style === '' ? text(value) : h('span', { style } as Properties, [text(value)]));
  }
  return nodes;
}
