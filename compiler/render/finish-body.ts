// The last walk over a rendered body: external links (`http:`, `https:`,
// `//host`) get `rel="noopener"` unless they set `rel`, and the body's plain
// text is collected for the search index — text and code, blocks separated,
// whitespace collapsed, cut at a word boundary before MAX_TEXT characters;
// raw HTML counts with the text its maker gave it (`data.searchText`: math).
// Iterative, so no nesting depth can overflow the stack.

import type { ElementContent, Root } from 'hast';

export const MAX_TEXT = 4000;

/** Elements whose start and end separate words. */
const BLOCKS = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'br',
  'button',
  'dd',
  'details',
  'div',
  'dl',
  'dt',
  'figcaption',
  'figure',
  'footer',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'li',
  'main',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'summary',
  'table',
  'td',
  'th',
  'tr',
  'ul',
]);
const SKIPPED = new Set(['script', 'style', 'template']);

/** Adds `rel` to external links (in place) and returns the body's text. */
export function finishBody(root: Root): string {
  const parts: string[] = [];
  let length = 0;
  const stack: (ElementContent | ' ')[] = [...root.children].reverse() as ElementContent[];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (node === ' ') {
      parts.push(' ');
      continue;
    }
    if (node.type === 'text') {
      if (length <= MAX_TEXT) {
        parts.push(node.value);
        length += node.value.length;
      }
      continue;
    }
    if (node.type !== 'element') {
      // Raw HTML a component made may say what it reads as (MathML: its TeX's words, components/latex.ts).
      const searchText = (node as { data?: { searchText?: unknown } }).data?.searchText;
      if (typeof searchText === 'string' && length <= MAX_TEXT) {
        parts.push(' ', searchText, ' ');
        length += searchText.length;
      }
      continue;
    }
    if (node.tagName === 'a' && node.properties.rel === undefined && isExternal(node.properties.href)) node.properties.rel = ['noopener'];
    if (SKIPPED.has(node.tagName)) continue;
    const block = BLOCKS.has(node.tagName);
    if (block) {
      parts.push(' ');
      stack.push(' ');
    }
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i] as ElementContent);
  }
  return cut(parts.join('').replace(/\s+/g, ' ').trim());
}

function isExternal(href: unknown): boolean {
  return typeof href === 'string' && (/^https?:/i.test(href) || href.startsWith('//'));
}

function cut(text: string): string {
  if (text.length <= MAX_TEXT) return text;
  const space = text.lastIndexOf(' ', MAX_TEXT);
  return text.slice(0, space > MAX_TEXT / 2 ? space : MAX_TEXT);
}
