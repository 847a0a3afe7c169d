// `x-docs.href` / `x-mint.href` may send a navigation entry to a page of the
// site (`/guides/x`) instead of a generated API page. Such a path must lead
// to a page, a static file or a redirect, like any internal link; the pages it
// reaches count as reached by the navigation.

import { type Diagnostic, DiagnosticBag } from '../diagnostics/diagnostic.js';
import { type ApiPage, apiPageHref } from '../ir/api-pages.js';
import type { SiteIndex } from '../ir/site-index.js';
import { resolveLink } from './check-links.js';

/** Root-relative hrefs of the API entries the navigation lists or generates, with where they are written. */
export function apiHrefs(pages: readonly ApiPage[]): { href: string; url: string; page: ApiPage }[] {
  return pages.flatMap((page) => {
    if (page.origin === 'page') return [];
    const href = apiPageHref(page);
    return href?.startsWith('/') ? [{ href, url: resolveLink(href, '').url, page }] : [];
  });
}

export function checkApiHrefs(pages: readonly ApiPage[], site: SiteIndex): Diagnostic[] {
  const bag = new DiagnosticBag();
  for (const { href, url, page } of apiHrefs(pages)) {
    if (site.pages.has(url) || site.staticFiles.has(url) || site.isRedirected(url)) continue;
    const item = page.item.type === 'operation' ? page.item.operation : page.item.webhook;
    const raw = page.document.value;
    const holder = item.pointer.reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], raw) as Record<string, unknown>;
    const extension = Object.hasOwn(holder, 'x-docs') ? 'x-docs' : 'x-mint';
    bag.report('link/broken', page.document.locate([...item.pointer, extension, 'href']), { href, resolved: '', suggestion: '' });
  }
  return bag.items;
}
