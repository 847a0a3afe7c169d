// A code fence as a page shows it: a `div.docsc-code-block` carrying the
// fence's meta as data attributes (language, title, wrap, lines, expandable,
// highlighted and focused lines; the stylesheet and the site runtime read
// them), a title bar when the fence has a title or an icon, and the code:
// one `span.line` per line — coloured by shiki (highlight-code.ts) when the
// language is known, plain otherwise — marked `docsc-line-highlight` or
// `docsc-line-focus` as the meta says. The copy button is added by the
// runtime, since it needs JavaScript to work.

import type { Element, ElementContent, Properties } from 'hast';
import { type CodeMeta, formatRanges } from './code-meta.js';
import { h, text } from './hast-nodes.js';
import { highlightLines } from './highlight-code.js';

export function codeBlock(code: string, language: string | undefined, meta: CodeMeta, icon: ElementContent | undefined): Element {
  const properties: Properties = { className: ['docsc-code-block'] };
  if (language !== undefined) properties.dataLanguage = language;
  if (meta.title !== undefined) properties.dataTitle = meta.title;
  if (meta.highlight.length > 0) properties.dataHighlight = formatRanges(meta.highlight);
  if (meta.focus.length > 0) properties.dataFocus = formatRanges(meta.focus);
  if (meta.wrap) properties.dataWrap = '';
  if (meta.lines) properties.dataLines = '';
  if (meta.expandable) properties.dataExpandable = '';
  const header: ElementContent[] = [];
  if (icon !== undefined) header.push(icon);
  if (meta.title !== undefined && meta.title !== '') header.push(h('span', { className: ['docsc-code-title'] }, [text(meta.title)]));
  const pre = h('pre', { className: ['docsc-code'], tabIndex: 0 }, [
    h('code', language === undefined ? {} : { className: [`language-${language}`] }, codeLines(code, language, meta)),
  ]);
  return h('div', properties, [...(header.length === 0 ? [] : [h('div', { className: ['docsc-code-header'] }, header)]), pre]) as Element;
}

function codeLines(code: string, language: string | undefined, meta: CodeMeta): ElementContent[] {
  if (code === '') return [];
  const highlight = new Set(meta.highlight);
  const focus = new Set(meta.focus);
  const coloured = highlightLines(code, language);
  const lines = coloured ?? code.split('\n').map((line) => (line === '' ? [] : [text(line)]));
  const nodes: ElementContent[] = [];
  lines.forEach((line, i) => {
    const className = ['line'];
    if (highlight.has(i + 1)) className.push('docsc-line-highlight');
    if (focus.has(i + 1)) className.push('docsc-line-focus');
    if (i > 0) nodes.push(text('\n'));
    nodes.push(h('span', { className }, line));
  });
  return nodes;
}
