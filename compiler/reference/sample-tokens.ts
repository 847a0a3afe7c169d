// The language of a request or response body by its media type, and the
// small highlighters that colour the common ones both in the build's
// examples (highlight-sample.ts) and in the playground's answer, in the
// browser (runtime/client/playground/show-answer.ts): JSON
// (highlight-json.ts), form-urlencoded pairs, and XML or HTML markup. Each
// gives tokens whose texts, put together, are the text, unchanged: they are
// coloured with `docsc-j-<kind>` spans whose text is escaped, or set as
// text, never parsed as markup. Pure, no DOM and no Node; linear in the
// text: one scan, each tag or comment read once.

import { type JsonTokenKind, jsonTokens } from './highlight-json.js';

export type SampleTokenKind = JsonTokenKind | 'comment';

export interface SampleToken {
  kind: SampleTokenKind;
  text: string;
}

/** Texts over this length are one plain token, as in highlight-json.ts. */
const MAX_LENGTH = 200_000;

/** A highlighting language (shiki's names) for a media type: `json`, `xml`, `html`, `yaml`, `form-urlencoded`, `csv`…; `text` when none fits. */
export function sampleLanguage(mediaType: string): string {
  const essence = (mediaType.split(';')[0] ?? '').trim().toLowerCase();
  if (/json/.test(essence)) return 'json';
  if (essence === 'text/html') return 'html';
  if (/[/+]xml$/.test(essence)) return 'xml';
  if (/[/+](x-)?yaml$/.test(essence)) return 'yaml';
  if (essence === 'application/x-www-form-urlencoded') return 'form-urlencoded';
  return MEDIA_LANGUAGES[essence] ?? 'text';
}

const MEDIA_LANGUAGES: Record<string, string> = {
  'text/csv': 'csv',
  'application/graphql': 'graphql',
  'text/javascript': 'javascript',
  'application/javascript': 'javascript',
  'text/css': 'css',
  'text/markdown': 'markdown',
  'application/sql': 'sql',
  'application/toml': 'toml',
};

/** The tokens of a text in one of the languages above these highlighters colour; undefined for the others. */
export function sampleTokens(text: string, language: string): SampleToken[] | undefined {
  if (language === 'json') return jsonTokens(text);
  if (language === 'form-urlencoded') return formTokens(text);
  if (language === 'xml' || language === 'html') return markupTokens(text);
  return undefined;
}

/** `name=Rex&age=3`: names as keys, values as strings, `=` and `&` plain. */
export function formTokens(text: string): SampleToken[] {
  if (text.length > MAX_LENGTH) return [{ kind: 'plain', text }];
  const tokens: SampleToken[] = [];
  text.split('&').forEach((pair, i) => {
    if (i > 0) tokens.push({ kind: 'plain', text: '&' });
    const equals = pair.indexOf('=');
    const name = equals === -1 ? pair : pair.slice(0, equals);
    if (name !== '') tokens.push({ kind: 'key', text: name });
    if (equals === -1) return;
    tokens.push({ kind: 'plain', text: '=' });
    if (equals + 1 < pair.length) tokens.push({ kind: 'string', text: pair.slice(equals + 1) });
  });
  return tokens;
}

/**
 * XML and HTML: tag names as keys, attribute names as literals, their values as strings, comments as
 * comments; text and CDATA plain. An unclosed tag or comment runs to the end of the text.
 */
export function markupTokens(text: string): SampleToken[] {
  if (text.length > MAX_LENGTH) return [{ kind: 'plain', text }];
  const tokens: SampleToken[] = [];
  let done = 0;
  let at = text.indexOf('<');
  while (at !== -1) {
    let end: number;
    let kind: 'comment' | 'tag' | undefined;
    if (text.startsWith('<!--', at)) {
      end = closing(text, '-->', at + 4);
      kind = 'comment';
    } else if (text.startsWith('<![CDATA[', at)) end = closing(text, ']]>', at + 9);
    else if (/[A-Za-z_/?!]/.test(text.charAt(at + 1))) {
      end = closing(text, '>', at + 1);
      kind = 'tag';
    } else end = at + 1;
    if (kind !== undefined) {
      if (at > done) tokens.push({ kind: 'plain', text: text.slice(done, at) });
      if (kind === 'comment') tokens.push({ kind, text: text.slice(at, end) });
      else tokens.push(...tagTokens(text.slice(at, end)));
      done = end;
    }
    at = text.indexOf('<', end);
  }
  if (done < text.length) tokens.push({ kind: 'plain', text: text.slice(done) });
  return tokens;
}

/** Where the construct that `close` ends, searched from `from`, ends; the text's end when it is not closed. */
function closing(text: string, close: string, from: number): number {
  const found = text.indexOf(close, from);
  return found === -1 ? text.length : found + close.length;
}

const ATTRIBUTE = /([^\s=/>"'?]+)(\s*=\s*)?("[^"]*"|'[^']*'|[^\s>"']+)?/g;

/** One tag, `<a href="x">` or `</a>` or `<?xml …?>`: its name, then its attributes and values. */
function tagTokens(tag: string): SampleToken[] {
  const name = /^<[/?!]?[^\s/>?]*/.exec(tag)?.[0] ?? '<';
  const tokens: SampleToken[] = [{ kind: 'key', text: name }];
  let done = name.length;
  for (const match of tag.slice(name.length).matchAll(ATTRIBUTE)) {
    const at = name.length + (match.index as number);
    if (at > done) tokens.push({ kind: 'plain', text: tag.slice(done, at) });
    tokens.push({ kind: 'literal', text: match[1] as string });
    if (match[2] !== undefined) tokens.push({ kind: 'plain', text: match[2] });
    if (match[3] !== undefined) tokens.push({ kind: 'string', text: match[3] });
    done = at + match[0].length;
  }
  if (done < tag.length) tokens.push({ kind: 'plain', text: tag.slice(done) });
  return tokens;
}
