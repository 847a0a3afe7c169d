// The parts of a page's article and side column that are functions of the
// page alone: breadcrumbs, the title block (method badge, tag, deprecated
// mark, description, the OpenAPI download link), previous/next links, the
// table of contents, "Last modified" and the side panel.

import { escapeHtml, safeHref } from './escape-html.js';
import type { PageDocument, TocEntry } from './page-document.js';
import type { PagePlacement } from './site-navigation.js';

export function methodBadge(method: string | undefined): string {
  return method !== undefined ? `<span class="docsc-method" data-method="${escapeHtml(method.toLowerCase())}">${escapeHtml(method)}</span> ` : '';
}

export function renderBreadcrumbs(crumbs: readonly string[]): string {
  return `<nav class="docsc-breadcrumbs" aria-label="Breadcrumb"><ol>${crumbs.map((c) => `<li>${escapeHtml(c)}</li>`).join('')}</ol></nav>`;
}

/**
 * Whether the page is a canvas of its own markup, as Mintlify lays out `custom` (no sidebar) and `frame` (with it)
 * pages: no eyebrow, title, description or page actions above it (a frame page writes its own heading).
 */
export function isCanvas(page: Pick<PageDocument, 'mode'>): boolean {
  return page.mode === 'custom' || page.mode === 'frame';
}

export function renderTitle(page: PageDocument): string {
  if (!page.showTitle || isCanvas(page)) return '';
  const tag = page.tag !== undefined ? ` <span class="docsc-tag">${escapeHtml(page.tag)}</span>` : '';
  const deprecated = page.deprecated ? ' <span class="docsc-deprecated">Deprecated</span>' : '';
  const title = `<h1 class="docsc-title">${methodBadge(page.method)}${escapeHtml(page.title)}${tag}${deprecated}</h1>`;
  const description = page.description && !page.descriptionInBody ? `<p class="docsc-description">${escapeHtml(page.description)}</p>` : '';
  const href = page.download === undefined ? undefined : safeHref(page.download);
  const download =
    href === undefined ? '' : `<p class="docsc-spec-download"><a href="${escapeHtml(href)}" download>Download the OpenAPI document</a></p>`;
  return title + description + download;
}

export function renderPager(placement: PagePlacement): string {
  if (!placement.previous && !placement.next) return '';
  const previous = placement.previous
    ? `<a class="docsc-previous" rel="prev" href="${escapeHtml(placement.previous.href)}"><small>Previous</small><span>${escapeHtml(placement.previous.label)}</span></a>`
    : '';
  const next = placement.next
    ? `<a class="docsc-next" rel="next" href="${escapeHtml(placement.next.href)}"><small>Next</small><span>${escapeHtml(placement.next.label)}</span></a>`
    : '';
  return `<nav class="docsc-pager" aria-label="Previous and next">${previous}${next}</nav>`;
}

/** The headings the table of contents lists: `##` and `###`. */
export function tocEntries(toc: readonly TocEntry[]): TocEntry[] {
  return toc.filter((h) => h.depth === 2 || h.depth === 3);
}

/** The table of contents, with the contextual menu at its head when `contextual.display` is `toc`; '' without headings. */
export function renderToc(toc: readonly TocEntry[], actions: string): string {
  const entries = tocEntries(toc);
  if (entries.length === 0) return '';
  const items = entries.map((h) => `<li data-depth="${h.depth}"><a href="#${escapeHtml(encodeURIComponent(h.id))}">${escapeHtml(h.text)}</a></li>`);
  return `<aside class="docsc-toc" aria-labelledby="docsc-toc-title">${actions}<p id="docsc-toc-title">On this page</p><ul>${items.join('')}</ul></aside>`;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** "Last modified on November 21, 2026" (UTC, so the same commit gives the same bytes anywhere), with a `<time datetime>`. */
export function renderLastModified(seconds: number | undefined): string {
  if (seconds === undefined || !Number.isFinite(seconds)) return '';
  const date = new Date(seconds * 1000);
  const iso = date.toISOString().replace(/\.\d{3}Z$/, 'Z');
  const words = `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
  return `<p class="docsc-last-modified">Last modified on <time datetime="${iso}">${words}</time></p>`;
}

/** `<Panel>` content in the side column (on narrow screens it follows the page, where the table of contents is hidden). */
export function renderSidePanel(panel: string): string {
  return `<aside class="docsc-side-panel" aria-label="Side panel">${panel}</aside>`;
}
