// An example body (a response's, a webhook's payload) as highlighted HTML,
// by its language (sample-tokens.ts `sampleLanguage`): JSON, form-urlencoded
// pairs, XML and HTML with the tokens the playground colours a server's
// answer with (highlight-json.ts, sample-tokens.ts), so an example and a
// live answer look alike; YAML, CSV and every other language shiki knows as
// code fences are coloured (render/highlight-code.ts, loaded on the first
// such example; one `span.line` per line, at most 20,000 characters:
// exampleText's cut); plain text, and a language no highlighter knows,
// escaped. The text is an untrusted document's: every piece of it reaches
// the page escaped, by escapeHtml or by the hast serializer.

import type { ElementContent } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { h, text as textNode } from '../render/hast-nodes.js';
import { highlightLines } from '../render/highlight-code.js';
import { escapeHtml } from '../site/escape-html.js';
import { tokensHtml } from './highlight-json.js';
import { sampleTokens } from './sample-tokens.js';

export function highlightSample(text: string, language: string): string {
  const tokens = sampleTokens(text, language);
  if (tokens !== undefined) return tokensHtml(tokens);
  // A last newline ends the last line, as in a code fence: it starts no empty line of its own.
  const code = text.endsWith('\n') ? text.slice(0, -1) : text;
  const lines = highlightLines(code, language);
  if (lines === undefined) return escapeHtml(text);
  const nodes: ElementContent[] = [];
  lines.forEach((line, i) => {
    if (i > 0) nodes.push(textNode('\n'));
    nodes.push(h('span', { className: ['line'] }, line));
  });
  if (code !== text) nodes.push(textNode('\n'));
  return toHtml({ type: 'root', children: nodes });
}
