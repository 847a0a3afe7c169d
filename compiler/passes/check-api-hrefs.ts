// `x-docs.href` / `x-mint.href` on an operation. In Mintlify today it is where
// the generated page is published (api-page-paths.ts `hrefPagePath`); docsc
// does so too, unless the href names a page, static file or redirect of the
// site (`siteTargets`, read before API pages are placed) or an external URL:
// then the seed's reading holds, and the navigation entry links there with no
// page generated. Such a path must lead somewhere, like any internal link (an
// href no page can be published at, with a `#` or `?`, may lead nowhere); the
// pages it reaches count as reached by the navigation.

import { anyRedirectMatches, type RedirectSource } from '../config/read-redirects.js';
import { type Diagnostic, DiagnosticBag } from '../diagnostics/diagnostic.js';
import { type ApiPage, apiPageHref } from '../ir/api-pages.js';
import { pagePathOfFile } from '../ir/page-urls.js';
import type { SiteIndex } from '../ir/site-index.js';
import { resolveLink } from './check-links.js';
import type { PublishedPage } from './check-published-urls.js';

/** Whether a URL (`guides/x`) is a page file's, a static file's or a redirect's: what an href may link to instead of publishing a page. */
export function siteTargets(
  pages: readonly PublishedPage[],
  files: readonly string[],
  redirects: readonly RedirectSource[],
): (url: string) => boolean {
  const urls = new Set(pages.map((p) => p.url));
  const staticFiles = new Set(files.filter((file) => pagePathOfFile(file) === undefined));
  const isRedirected = anyRedirectMatches(redirects);
  return (url) => urls.has(url) || staticFiles.has(url) || isRedirected(url);
}

/** Root-relative hrefs of the API entries that link instead of having a page, with where they are written. */
export function apiHrefs(pages: readonly ApiPage[]): { href: string; url: string; page: ApiPage }[] {
  return pages.flatMap((page) => {
    if (page.origin === 'page' || page.url !== undefined) return [];
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
