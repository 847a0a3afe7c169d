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
// grammar left out is stood for by a sentinel, and a block whose tokenizing
// takes one is tokenized again by a highlighter with the grammars taken
// (grammar-sets.ts).
//
// A language shiki does not know, or none, is plain text; a grammar that
// fails to load or to tokenize is plain text too — highlighting never fails a
// page. Results are remembered per thread: whole blocks by language and
// code, and lines that start at the grammar's root by language and text
// (real sites repeat their install snippets and imports on many pages).
//
// shiki ships as ES modules; they are loaded with `require` (Node ≥ 20.19
// loads ES modules synchronously), only when a page has a fence to colour.

import { createRequire } from 'node:module';
import type { Element, ElementContent, Properties } from 'hast';
import type { GrammarState, HighlighterCore, LanguageRegistration, RegexEngine, ThemedToken } from 'shiki/core';
import {
  type GrammarSource,
  leanGrammars,
  type ModuleFacts,
  moduleFacts,
  reachableGrammars,
  reachedScopes,
  reportSentinelsTo,
  watchingSentinels,
} from './grammar-sets.js';
import { h, text } from './hast-nodes.js';
import {
  alignTokens,
  type ColouredToken,
  DEFAULT_DARK,
  DEFAULT_LIGHT,
  PAIRED_DEFAULT,
  PAIRED_THEME,
  pairedTheme,
  type ThemeJson,
} from './paired-theme.js';
import { openRegexTable, type RegexTable, shikiConverter } from './regex-table.js';

const require = createRequire(import.meta.url);

const THEMES = { light: 'github-light', dark: 'github-dark' } as const;
/** Languages that mean "no highlighting". */
const PLAIN = new Set(['', 'text', 'txt', 'plain', 'plaintext', 'none', 'ansi', 'output', 'console-output']);
const MAX_REMEMBERED = 500;
/** Longer code is shown plain: tokenizing megabytes would stall the build for little benefit. */
const MAX_CODE_LENGTH = 100_000;
/** Longer lines (minified code) are left uncoloured, whatever the timing: the time limit is off. */
const MAX_LINE_LENGTH = 5_000;

interface Shiki extends GrammarSource {
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
  /** The grammars' patterns already converted (regex-table.ts); undefined when this docsc has no usable table. */
  regexes: RegexTable | undefined;
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
      reportSentinelsTo(sentinels);
      let tokens: ColouredToken[][];
      try {
        tokens = colouredTokens(state, highlighter.highlighter, code, id);
      } finally {
        reportSentinelsTo(undefined);
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
  const { createJavaScriptRegexEngine, defaultJavaScriptRegexConstructor } =
    require('shiki/engine/javascript') as typeof import('shiki/engine/javascript');
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
  const converter = shikiConverter(requireFromShiki);
  const regexes = converter === undefined ? undefined : openRegexTable(converter);
  // The table's RegExp, or the conversion shiki's engine makes by default (its target: `auto`).
  const regexConstructor =
    regexes === undefined ? undefined : (pattern: string) => regexes.regex(pattern) ?? defaultJavaScriptRegexConstructor(pattern, { target: 'auto' });
  shiki = {
    createHighlighter: createHighlighterCoreSync,
    themes: paired === undefined ? [light, dark] : [paired.theme],
    engine: watchingSentinels(createJavaScriptRegexEngine({ forgiving: true, ...(regexConstructor === undefined ? {} : { regexConstructor }) })),
    regexes,
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
  state.regexes?.load(langs.map((grammar) => grammar.scopeName));
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

/** `moduleFacts` of shiki's module of a language, for the test that compares them with the module loaded. */
export function languageModuleFacts(name: string): ModuleFacts | null | undefined {
  return moduleFacts(getShiki(), name);
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
