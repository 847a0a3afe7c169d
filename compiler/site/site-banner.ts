// docs.json's `banner`: a line at the top of every page. Its content is
// "basic MDX" — links, bold, italic, code — read here by the Markdown
// parser (CommonMark), every piece escaped and every link through safeHref,
// so a banner cannot carry markup. A dismissible banner has an id
// (a hash of its content): the reader's dismissal is remembered in
// localStorage under it, and the head script hides it before the first
// paint; a new banner text shows again.

import { createHash } from 'node:crypto';
import type { PhrasingContent } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { toString as textOf } from 'mdast-util-to-string';
import { escapeHtml, safeHref } from './escape-html.js';

export interface BannerSettings {
  content: string;
  dismissible: boolean;
  type: 'info' | 'warning' | 'critical';
  color?: { light: string; dark: string };
}

/** The banner's id, for `<html data-banner>` (set only when it can be dismissed). */
export function bannerId(banner: BannerSettings): string {
  return createHash('sha256').update(banner.content).digest('hex').slice(0, 12);
}

export function renderBanner(banner: BannerSettings): string {
  const style = banner.color ? ` style="--docsc-banner-bg:${banner.color.light};--docsc-banner-bg-dark:${banner.color.dark}"` : '';
  const close = banner.dismissible
    ? '<button type="button" class="docsc-banner-close" aria-label="Dismiss the announcement"><span aria-hidden="true">×</span></button>'
    : '';
  return `<div class="docsc-banner" data-type="${banner.type}"${banner.color ? ' data-colored' : ''}${style} role="region" aria-label="Announcement"><p>${inlineMarkdown(banner.content)}</p>${close}</div>`;
}

/**
 * Inline Markdown as CommonMark reads it (nested marks, `**[a link](…)**`, character references such as `&nbsp;`):
 * links, bold, italic, code spans and hard breaks; HTML and anything else is text. Blocks are joined by a space.
 */
export function inlineMarkdown(text: string): string {
  return fromMarkdown(text)
    .children.map((block) => (block.type === 'paragraph' ? phrasing(block.children) : escapeHtml(textOf(block))))
    .join(' ');
}

function phrasing(nodes: readonly PhrasingContent[]): string {
  let html = '';
  for (const node of nodes) {
    if (node.type === 'strong') html += `<strong>${phrasing(node.children)}</strong>`;
    else if (node.type === 'emphasis') html += `<em>${phrasing(node.children)}</em>`;
    else if (node.type === 'inlineCode') html += `<code>${escapeHtml(node.value)}</code>`;
    else if (node.type === 'break') html += '<br>';
    else if (node.type === 'link') {
      const safe = safeHref(node.url);
      const external = safe !== undefined && /^[a-z]+:/i.test(safe);
      const label = phrasing(node.children);
      html += safe === undefined ? label : `<a href="${escapeHtml(safe)}"${external ? ' rel="noopener"' : ''}>${label}</a>`;
    } else html += escapeHtml(textOf(node));
  }
  return html;
}
