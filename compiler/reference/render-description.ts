// Markdown from OpenAPI documents (descriptions, summaries) is untrusted: it
// is parsed as plain CommonMark + GFM (never MDX: no code runs), turned into
// HTML without raw HTML, and sanitized with hast-util-sanitize's GitHub
// schema, which keeps only safe elements, attributes and URL schemes.
// Large documents repeat descriptions (GitHub's spec: 6,000 in its paths, far
// fewer distinct) and most are one plain sentence: results are remembered,
// and text with no Markdown syntax in it skips the parser.

import type { Root } from 'hast';
import { sanitize } from 'hast-util-sanitize';
import { toHtml } from 'hast-util-to-html';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';

const processor = unified().use(remarkParse).use(remarkGfm).use(remarkRehype);
const remembered = new Map<string, string>();
const MAX_REMEMBERED = 50_000;

/** Characters and words that may start Markdown syntax, an entity or an autolink. */
const MARKDOWN_SYNTAX = /[\\`*_[\]<>#|~!&(){}]|^\s*([-+=]|\d+[.)])|\n\s*\n|https?:|www\.|@|^ {4}|^\t| {2,}\n/m;

export function renderDescription(markdown: string): string {
  const known = remembered.get(markdown);
  if (known !== undefined) return known;
  const html = MARKDOWN_SYNTAX.test(markdown) ? parsed(markdown) : plain(markdown);
  if (remembered.size >= MAX_REMEMBERED) remembered.clear();
  remembered.set(markdown, html);
  return html;
}

function parsed(markdown: string): string {
  const hast = processor.runSync(processor.parse(markdown)) as Root;
  return toHtml(sanitize(hast));
}

/** What the parser makes of one paragraph of plain text: trimmed, trailing spaces of lines dropped, serialized alike. */
function plain(text: string): string {
  const trimmed = text.trim().replace(/[ \t]+\n/g, '\n');
  return trimmed === '' ? '' : toHtml({ type: 'element', tagName: 'p', properties: {}, children: [{ type: 'text', value: trimmed }] });
}
