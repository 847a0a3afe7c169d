// Syntax highlighting of code fences at build time, with shiki: made on the
// first fence that names a language, with the JavaScript regex engine
// (synchronous, so the render stays a pure synchronous function, and no
// WebAssembly to instantiate per worker), and only the grammars pages use,
// each loaded on first use. The code is tokenized once per theme and the
// two are aligned; a token carries its light colour as `color` and its dark
// one as `--sdark`, so the stylesheet switches to dark mode without another
// render. shiki's per-line time limit is off: when it runs out (a grammar's
// regular expressions are compiled on first use, slowly on a busy machine)
// the rest of the line is left uncoloured, which would make the output
// depend on timing; the code is the docs author's, not untrusted input.
// Tokens in the default colours carry no style, and neighbours with the same
// style are merged, to keep bodies small.
//
// A language shiki does not know, or none, is plain text; a grammar that
// fails to load or to tokenize is plain text too — highlighting never fails a
// page. Results are remembered per thread by language and code (real sites
// repeat their install snippets on many pages).
//
// shiki ships as ES modules; they are loaded with `require` (Node ≥ 20.19
// loads ES modules synchronously), only when a page has a fence to colour.

import { createRequire } from 'node:module';
import type { ElementContent, Properties } from 'hast';
import type { HighlighterCore, LanguageRegistration, ThemedToken } from 'shiki/core';
import { h, text } from './hast-nodes.js';

const require = createRequire(import.meta.url);

const THEMES = { light: 'github-light', dark: 'github-dark' } as const;
/** Languages that mean "no highlighting". */
const PLAIN = new Set(['', 'text', 'txt', 'plain', 'plaintext', 'none', 'ansi', 'output', 'console-output']);
const MAX_REMEMBERED = 2000;
/** Longer code is shown plain: tokenizing megabytes would stall the build for little benefit. */
const MAX_CODE_LENGTH = 100_000;

interface Shiki {
  highlighter: HighlighterCore;
  /** Lower-case name or alias → the grammar module's id. */
  ids: Map<string, string>;
  loaded: Set<string>;
  failed: Set<string>;
  /** Where `@shikijs/langs/*` resolve from (shiki's own dependencies). */
  requireFromShiki: NodeJS.Require;
}

let shiki: Shiki | undefined;
const remembered = new Map<string, ElementContent[][]>();

/** A line of tokens as hast: spans with inline colours; an empty array for an empty line. */
export type HighlightedLine = ElementContent[];

/**
 * The code's lines (without the trailing newline) as token spans, or undefined when the language is
 * plain text or unknown. The returned nodes are shared: callers must not modify them.
 */
export function highlightLines(code: string, language: string | undefined): HighlightedLine[] | undefined {
  const id = language === undefined ? undefined : languageId(language);
  if (id === undefined || code.length > MAX_CODE_LENGTH) return undefined;
  const key = `${id}\u0000${code}`;
  const hit = remembered.get(key);
  if (hit !== undefined) return hit;
  const state = getShiki();
  if (!ensureLanguage(state, id)) return undefined;
  let light: ThemedToken[][];
  let dark: ThemedToken[][];
  try {
    light = state.highlighter.codeToTokensBase(code, { lang: id, theme: THEMES.light, tokenizeTimeLimit: 0 });
    dark = state.highlighter.codeToTokensBase(code, { lang: id, theme: THEMES.dark, tokenizeTimeLimit: 0 });
  } catch {
    return undefined;
  }
  const lines = light.map((line, i) => lineNodes(alignTokens(line, dark[i] ?? [])));
  if (remembered.size >= MAX_REMEMBERED) remembered.delete(remembered.keys().next().value as string);
  remembered.set(key, lines);
  return lines;
}

/** The grammar id for a fence's language (`js` → `javascript`), or undefined when shiki has none. */
function languageId(language: string): string | undefined {
  const name = language.trim().toLowerCase();
  if (PLAIN.has(name)) return undefined;
  return getShiki().ids.get(name);
}

function getShiki(): Shiki {
  if (shiki !== undefined) return shiki;
  const { createHighlighterCoreSync } = require('shiki/core') as typeof import('shiki/core');
  const { createJavaScriptRegexEngine } = require('shiki/engine/javascript') as typeof import('shiki/engine/javascript');
  const { bundledLanguagesInfo } = require('shiki/langs') as typeof import('shiki/langs');
  const requireFromShiki = createRequire(require.resolve('shiki'));
  const highlighter = createHighlighterCoreSync({
    themes: Object.values(THEMES).map((theme) => (requireFromShiki(`@shikijs/themes/${theme}`) as { default: never }).default),
    langs: [],
    engine: createJavaScriptRegexEngine({ forgiving: true }),
  });
  const ids = new Map<string, string>();
  for (const info of bundledLanguagesInfo) {
    ids.set(info.id.toLowerCase(), info.id);
    for (const alias of info.aliases ?? []) ids.set(alias.toLowerCase(), info.id);
  }
  shiki = { highlighter, ids, loaded: new Set(), failed: new Set(), requireFromShiki };
  return shiki;
}

function ensureLanguage(state: Shiki, id: string): boolean {
  if (state.loaded.has(id)) return true;
  if (state.failed.has(id)) return false;
  try {
    const grammar = (state.requireFromShiki(`@shikijs/langs/${id}`) as { default: LanguageRegistration[] }).default;
    state.highlighter.loadLanguageSync(grammar);
    state.loaded.add(id);
    return true;
  } catch {
    state.failed.add(id);
    return false;
  }
}

interface AlignedToken {
  content: string;
  light: ThemedToken;
  dark: ThemedToken;
}

/** The two themes' tokens of one line, cut where either theme cuts (both cover the same text). */
function alignTokens(light: readonly ThemedToken[], dark: readonly ThemedToken[]): AlignedToken[] {
  const aligned: AlignedToken[] = [];
  let i = 0;
  let j = 0;
  let usedLight = 0;
  let usedDark = 0;
  while (i < light.length && j < dark.length) {
    const a = light[i] as ThemedToken;
    const b = dark[j] as ThemedToken;
    const n = Math.min(a.content.length - usedLight, b.content.length - usedDark);
    if (n > 0) aligned.push({ content: a.content.slice(usedLight, usedLight + n), light: a, dark: b });
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
/** shiki's FontStyle bits. */
const ITALIC = 1;
const BOLD = 2;
const UNDERLINE = 4;

function styleOf(token: AlignedToken): string {
  const light = (token.light.color ?? DEFAULT_LIGHT).toLowerCase();
  const dark = (token.dark.color ?? DEFAULT_DARK).toLowerCase();
  const declarations = light === DEFAULT_LIGHT && dark === DEFAULT_DARK ? [] : [`color:${light}`, `--sdark:${dark}`];
  // Font styles are shown when both themes agree (github-light and github-dark do).
  const fontStyle = token.light.fontStyle === token.dark.fontStyle ? (token.light.fontStyle ?? 0) : 0;
  if (fontStyle > 0) {
    if (fontStyle & ITALIC) declarations.push('font-style:italic');
    if (fontStyle & BOLD) declarations.push('font-weight:bold');
    if (fontStyle & UNDERLINE) declarations.push('text-decoration:underline');
  }
  return declarations.join(';');
}

function lineNodes(tokens: readonly AlignedToken[]): ElementContent[] {
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
