// JSON text as coloured tokens — keys, strings, numbers, literals and
// punctuation — for response examples at build time and the playground's
// response body in the browser (runtime/client/playground/show-answer.ts,
// which builds elements with textContent from the same tokens). Pure, no
// DOM and no Node; linear in the text. Text that is not JSON still comes
// out whole, as plain tokens: highlighting never changes what is shown.

import { escapeHtml } from '../site/escape-html.js';

export type JsonTokenKind = 'key' | 'string' | 'number' | 'literal' | 'plain';

export interface JsonToken {
  kind: JsonTokenKind;
  text: string;
}

/** Texts over this length are one plain token: colouring megabytes is not worth it. */
const MAX_LENGTH = 200_000;

const TOKEN = /"(?:[^"\\\n]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|\btrue\b|\bfalse\b|\bnull\b/g;

export function jsonTokens(text: string): JsonToken[] {
  if (text.length > MAX_LENGTH) return [{ kind: 'plain', text }];
  const tokens: JsonToken[] = [];
  let last = 0;
  for (const match of text.matchAll(TOKEN)) {
    const at = match.index as number;
    if (at > last) tokens.push({ kind: 'plain', text: text.slice(last, at) });
    const value = match[0];
    let kind: JsonTokenKind;
    if (value.startsWith('"')) kind = /^\s*:/.test(text.slice(at + value.length, at + value.length + 8)) ? 'key' : 'string';
    else if (value === 'true' || value === 'false' || value === 'null') kind = 'literal';
    else kind = 'number';
    tokens.push({ kind, text: value });
    last = at + value.length;
  }
  if (last < text.length) tokens.push({ kind: 'plain', text: text.slice(last) });
  return tokens;
}

/** The text's tokens as HTML. */
export function highlightJson(text: string): string {
  return tokensHtml(jsonTokens(text));
}

/** Tokens (these or sample-tokens.ts's) as HTML: spans with `docsc-j-<kind>` classes, every text escaped. */
export function tokensHtml(tokens: readonly { kind: string; text: string }[]): string {
  return tokens
    .map((token) => (token.kind === 'plain' ? escapeHtml(token.text) : `<span class="docsc-j-${token.kind}">${escapeHtml(token.text)}</span>`))
    .join('');
}
