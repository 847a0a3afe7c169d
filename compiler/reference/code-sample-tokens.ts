// The request samples docsc writes (request-samples.ts: cURL, JavaScript,
// Python, Go, Java, PHP) as coloured tokens, both in the build's request
// example (highlight-code-sample.ts) and in the browser, where the
// playground rewrites the samples as the reader types
// (runtime/client/playground/request-preview.ts): the same tokens, so the
// sample on the page does not change colours on the first edit, and no
// highlighter is shipped to the browser. The generators write a narrow,
// known shape — every string from an escaping function, no multi-line
// construct but cURL's single-quoted words — so a few rules per language
// (comments, strings, keywords, literals, calls, parameters) colour it as
// shiki's github-light and github-dark themes colour the same code
// (render/highlight-code.ts), in the inline style that highlighter writes
// (`color` and `--sdark`, which the stylesheet switches in dark mode). A
// string is one colour: shiki colours its escapes apart, which would double
// the markup of a JSON body in Go, Java or PHP. Any other text still comes
// out whole: the tokens' texts, put together, are the text, and each is set
// as text or escaped, never parsed as markup. Pure, no DOM and no Node;
// linear in the text (no rule fails after reading more than an identifier
// or a run of spaces, and none matches a string it cannot close: a quote
// with no partner runs to the end of its line).

import type { SampleLanguage } from './request-samples.js';

export type CodeTokenKind = 'keyword' | 'string' | 'constant' | 'function' | 'parameter' | 'comment' | 'plain';

export interface CodeToken {
  kind: CodeTokenKind;
  text: string;
}

/**
 * Each kind's light and dark colours as the build's highlighter writes them (github-light's and
 * github-dark's, made readable on the code blocks' backgrounds: tests/api-sample-highlight.test.ts holds
 * them to shiki's).
 */
export const TOKEN_STYLES: Record<Exclude<CodeTokenKind, 'plain'>, string> = {
  keyword: 'color:#d73a49;--sdark:#f97583',
  string: 'color:#032f62;--sdark:#9ecbff',
  constant: 'color:#005cc5;--sdark:#79b8ff',
  function: 'color:#6f42c1;--sdark:#b392f0',
  parameter: 'color:#c15308;--sdark:#ffab70',
  comment: 'color:#6a737d;--sdark:#8f969e',
};

/** Texts over this length are one plain token, as in highlight-json.ts. */
const MAX_LENGTH = 200_000;

/**
 * A rule: a sticky pattern, and the kind of the whole match or, when the pattern has groups, of each
 * group in turn (the groups cover the match).
 */
interface Rule {
  pattern: RegExp;
  kinds: readonly CodeTokenKind[];
}

const rule = (source: string, ...kinds: CodeTokenKind[]): Rule => ({ pattern: new RegExp(source, 'y'), kinds });
const words = (list: string) => `(?:${list.split(' ').join('|')})(?![\\w$])`;

const IDENT = '[A-Za-z_$][\\w$]*';
const NUMBER = rule('\\d+(?:\\.\\d+)?(?:[eE][+-]?\\d+)?', 'constant');
const LINE_COMMENT = rule('//[^\\n]*', 'comment');
/** Strings with backslash escapes; an unclosed one ends with its line. */
const DOUBLE_QUOTED = rule('"(?:[^"\\\\\\n]|\\\\.)*"?', 'string');
const SINGLE_QUOTED = rule("'(?:[^'\\\\\\n]|\\\\.)*'?", 'string');
const CALL = (kind: CodeTokenKind) => rule(`${IDENT}(?=\\s*\\()`, kind);
const WORD = rule(IDENT, 'plain');
/** Whitespace and the punctuation no rule starts with. */
const OTHER = /[\s(){}[\],;]+/y;

const RULES: Record<SampleLanguage, readonly Rule[]> = {
  curl: [
    rule('^curl(?!\\S)', 'function'),
    rule('--?[A-Za-z][\\w-]*', 'constant'),
    // Shell single quotes: no escapes inside; `'\''` is a quote, an escaped quote and a quote.
    rule("'[^']*'?", 'string'),
    rule('\\\\[^\\n]?', 'constant'),
    rule("[^\\s'\\\\]+", 'string'),
  ],
  javascript: [
    LINE_COMMENT,
    SINGLE_QUOTED,
    DOUBLE_QUOTED,
    rule(`(const)(\\s+)(${IDENT})`, 'keyword', 'plain', 'constant'),
    rule(`(${IDENT})(\\s*)(=>)`, 'parameter', 'plain', 'keyword'),
    rule(words('const let var new await async function return if else import from export typeof of in'), 'keyword'),
    rule(words('true false null undefined JSON'), 'constant'),
    CALL('function'),
    WORD,
    NUMBER,
    rule('=>|=', 'keyword'),
  ],
  python: [
    rule('#[^\\n]*', 'comment'),
    DOUBLE_QUOTED,
    SINGLE_QUOTED,
    rule(words('import from as def return if elif else for in not and or with class lambda pass'), 'keyword'),
    // Builtins (`print`, `open`) are coloured as constants, as github's themes colour them.
    rule(words('True False None print open'), 'constant'),
    rule(`(${IDENT})(=)(?!=)`, 'parameter', 'keyword'),
    WORD,
    NUMBER,
    rule('=', 'keyword'),
  ],
  go: [
    LINE_COMMENT,
    DOUBLE_QUOTED,
    rule('`[^`]*`?', 'string'),
    rule(`(package|func)(\\s+)(${IDENT})`, 'keyword', 'plain', 'function'),
    rule(words('package func import defer return if else var for range go string type struct const'), 'keyword'),
    rule(words('nil true false'), 'constant'),
    CALL('function'),
    WORD,
    NUMBER,
    rule(':=|=', 'keyword'),
  ],
  java: [
    LINE_COMMENT,
    DOUBLE_QUOTED,
    rule(words('new return if else import public private class static void throws byte int final'), 'keyword'),
    rule(words('null true false'), 'constant'),
    CALL('function'),
    WORD,
    NUMBER,
    rule('=', 'keyword'),
  ],
  php: [
    rule('(<\\?)(php)', 'keyword', 'constant'),
    rule('(?://|#)[^\\n]*', 'comment'),
    DOUBLE_QUOTED,
    SINGLE_QUOTED,
    rule(`\\$${IDENT}`, 'plain'),
    rule(words('if else elseif new return function foreach as'), 'keyword'),
    rule(words('true false null echo'), 'constant'),
    // Calls of PHP's functions and constants (`curl_init(`, `CURLOPT_URL`), coloured as github's themes colour them.
    CALL('constant'),
    rule('[A-Z][A-Z0-9_]*(?![\\w$])', 'constant'),
    WORD,
    NUMBER,
    rule('=>|=|\\.(?= )', 'keyword'),
  ],
};

/** The tokens of a sample in one of the languages docsc writes. */
export function codeSampleTokens(text: string, language: SampleLanguage): CodeToken[] {
  if (text.length > MAX_LENGTH) return [{ kind: 'plain', text }];
  const rules = RULES[language];
  const tokens: CodeToken[] = [];
  let plain = '';
  const push = (kind: CodeTokenKind, piece: string) => {
    if (piece === '') return;
    if (kind === 'plain') {
      plain += piece;
      return;
    }
    if (plain !== '') tokens.push({ kind: 'plain', text: plain });
    plain = '';
    tokens.push({ kind, text: piece });
  };
  let at = 0;
  while (at < text.length) {
    const match = firstMatch(rules, text, at);
    if (match === undefined) {
      // A run of what starts no token (spaces, punctuation) is plain, read at once.
      OTHER.lastIndex = at;
      const other = OTHER.exec(text)?.[0] || text.charAt(at);
      push('plain', other);
      at += other.length;
      continue;
    }
    const [found, kinds] = match;
    if (found.length === 1) push(kinds[0] as CodeTokenKind, found[0]);
    else for (let i = 1; i < found.length; i++) push(kinds[i - 1] as CodeTokenKind, found[i] ?? '');
    at += found[0].length;
  }
  if (plain !== '') tokens.push({ kind: 'plain', text: plain });
  return tokens;
}

/** The first rule that matches a non-empty text at `at`, with its match. */
function firstMatch(rules: readonly Rule[], text: string, at: number): [RegExpExecArray, readonly CodeTokenKind[]] | undefined {
  for (const { pattern, kinds } of rules) {
    pattern.lastIndex = at;
    const found = pattern.exec(text);
    if (found !== null && found[0] !== '') return [found, kinds];
  }
  return undefined;
}

/** The sample as HTML: coloured spans, every text escaped (as text: quotes need no escaping there, and samples are full of them). */
export function codeSampleHtml(text: string, language: SampleLanguage): string {
  return codeSampleTokens(text, language)
    .map((token) => (token.kind === 'plain' ? escapeText(token.text) : `<span style="${TOKEN_STYLES[token.kind]}">${escapeText(token.text)}</span>`))
    .join('');
}

const TEXT_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };
const escapeText = (text: string) => text.replace(/[&<>]/g, (c) => TEXT_ESCAPES[c] as string);
