// Markdown from OpenAPI documents (descriptions, summaries) is untrusted: it
// is rendered by micromark as CommonMark + GFM (never MDX: no code runs) with
// micromark's safe defaults — raw HTML is written out as text, and link and
// image URLs with a scheme other than http(s), mailto, irc(s) and xmpp are
// dropped — so no script, event handler or `javascript:` URL can come
// through. micromark writes HTML straight from its tokens (no syntax trees),
// about four times faster than parse → mdast → hast → sanitize, which
// matters for GitHub's spec (5,400 distinct descriptions).
// Large documents repeat descriptions and most are one plain sentence:
// results are remembered, text with no Markdown syntax in it skips the
// parser, and the costly autolink-literal extension runs only on text that
// holds something it could link (`http`, `www.`, `@`).

import { micromark, type Options } from 'micromark';
import { gfmAutolinkLiteral, gfmAutolinkLiteralHtml } from 'micromark-extension-gfm-autolink-literal';
import { gfmFootnote, gfmFootnoteHtml } from 'micromark-extension-gfm-footnote';
import { gfmStrikethrough, gfmStrikethroughHtml } from 'micromark-extension-gfm-strikethrough';
import { gfmTable, gfmTableHtml } from 'micromark-extension-gfm-table';
import { gfmTaskListItem, gfmTaskListItemHtml } from 'micromark-extension-gfm-task-list-item';

const GFM = [gfmFootnote(), gfmStrikethrough(), gfmTable(), gfmTaskListItem()];
const GFM_HTML = [gfmFootnoteHtml(), gfmStrikethroughHtml(), gfmTableHtml(), gfmTaskListItemHtml()];
const WITH_AUTOLINKS: Options = { extensions: [gfmAutolinkLiteral(), ...GFM], htmlExtensions: [gfmAutolinkLiteralHtml(), ...GFM_HTML] };
const WITHOUT_AUTOLINKS: Options = { extensions: GFM, htmlExtensions: GFM_HTML };
const AUTOLINK_TRIGGER = /https?:|www\.|@/i;
const remembered = new Map<string, string>();
const MAX_REMEMBERED = 50_000;

/**
 * Characters and words that may start Markdown syntax, an entity or an
 * autolink. Parentheses, braces and `!` are not among them: they mean
 * something only after `]` or before `[`, which are.
 */
const MARKDOWN_SYNTAX = /[\\`*_[\]<>#|~&]|^\s*([-+=]|\d+[.)])|\n\s*\n|https?:|www\.|@|^ {4}|^\t| {2,}\n/m;
/** Text whose only syntax is single-backtick code spans, each on one line. */
const CODE_SPANS = /^[^`]*(?:`[^`\n]+`[^`]*)*$/;

export function renderDescription(markdown: string): string {
  const known = remembered.get(markdown);
  if (known !== undefined) return known;
  let html: string;
  if (!MARKDOWN_SYNTAX.test(markdown)) html = plain(markdown);
  else if (!markdown.includes('\0') && CODE_SPANS.test(markdown) && !MARKDOWN_SYNTAX.test(markdown.replace(/`[^`\n]+`/g, 'x')))
    html = withCodeSpans(markdown);
  else html = parsed(markdown);
  if (remembered.size >= MAX_REMEMBERED) remembered.clear();
  remembered.set(markdown, html);
  return html;
}

export function parsed(markdown: string): string {
  return micromark(markdown, AUTOLINK_TRIGGER.test(markdown) ? WITH_AUTOLINKS : WITHOUT_AUTOLINKS);
}

/** One paragraph of text and code spans, as micromark writes it (the spans' content encoded, one space each side stripped when both are there). */
function withCodeSpans(text: string): string {
  const paragraph = plain(text.replace(/`[^`\n]+`/g, (span) => `\0${encodeURIComponent(span)}\0`));
  if (paragraph === '' || !paragraph.startsWith('<p>')) return parsed(text);
  return paragraph.replace(/\0([^\0]*)\0/g, (_, escaped: string) => {
    let code = decodeURIComponent(escaped).slice(1, -1);
    if (code.length > 2 && code.startsWith(' ') && code.endsWith(' ') && code.trim() !== '') code = code.slice(1, -1);
    return `<code>${code.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')}</code>`;
  });
}

/** What micromark makes of one paragraph of plain text: trimmed, trailing spaces of lines dropped, `"` encoded, a final line ending kept. */
function plain(text: string): string {
  const trimmed = text.trim().replace(/[ \t]+\n/g, '\n');
  if (trimmed === '') return text.includes('\n') ? parsed(text) : '';
  if (/^[ \t]*\r?\n/.test(text) || text.includes('\r')) return parsed(text);
  return `<p>${trimmed.replace(/"/g, '&quot;')}</p>${/\n[ \t]*$/.test(text) ? '\n' : ''}`;
}
