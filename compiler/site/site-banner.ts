// docs.json's `banner`: a line at the top of every page. Its content is
// "basic MDX" — links, bold, italic, code — rendered here from the raw
// string by one tokenizer, every piece escaped and every link through
// safeHref, so a banner cannot carry markup. A dismissible banner has an id
// (a hash of its content): the reader's dismissal is remembered in
// localStorage under it, and the head script hides it before the first
// paint; a new banner text shows again.

import { createHash } from 'node:crypto';
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

const INLINE = /\[([^\]\n]+)\]\(([^)\s]+)\)|\*\*([^*\n]+)\*\*|__([^_\n]+)__|\*([^*\n]+)\*|_([^_\n]+)_|`([^`\n]+)`/g;

/** Links, bold, italic and code spans; everything else is text. */
export function inlineMarkdown(text: string): string {
  let html = '';
  let last = 0;
  for (const match of text.matchAll(INLINE)) {
    html += escapeHtml(text.slice(last, match.index));
    last = match.index + match[0].length;
    const [, label, href, bold, bold2, italic, italic2, code] = match;
    if (label !== undefined && href !== undefined) {
      const safe = safeHref(href);
      const external = safe !== undefined && /^[a-z]+:/i.test(safe);
      html += safe === undefined ? escapeHtml(label) : `<a href="${escapeHtml(safe)}"${external ? ' rel="noopener"' : ''}>${escapeHtml(label)}</a>`;
    } else if (bold !== undefined || bold2 !== undefined) html += `<strong>${escapeHtml(bold ?? bold2 ?? '')}</strong>`;
    else if (italic !== undefined || italic2 !== undefined) html += `<em>${escapeHtml(italic ?? italic2 ?? '')}</em>`;
    else if (code !== undefined) html += `<code>${escapeHtml(code)}</code>`;
  }
  return html + escapeHtml(text.slice(last));
}
