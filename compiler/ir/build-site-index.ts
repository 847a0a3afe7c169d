// Builds the SiteIndex that link checking reads: every published page with
// its anchors, generated API pages (anchors unknown), static files, and the
// URLs docs.json redirects, and the symbolic links leading outside the root.

import type { RedirectSource } from '../config/read-redirects.js';
import type { PageSummary } from '../pages/summarize-page.js';
import type { ApiPage } from './api-pages.js';
import { isSnippet, pagePathOfFile, pageUrl } from './page-urls.js';
import { GENERATED_PAGE_ANCHORS, type PageAnchors, pageAnchors, type SiteIndex } from './site-index.js';

export function buildSiteIndex(
  summaries: readonly PageSummary[],
  apiPages: readonly ApiPage[],
  files: readonly string[],
  redirects: readonly RedirectSource[],
  /** Symbolic links leading outside the docs root (the host's `linksOutside`): not files, but named when linked to. */
  linksOutside: readonly string[] = [],
): SiteIndex {
  const pages = new Map<string, PageAnchors>();
  for (const summary of summaries) {
    if (isSnippet(summary.path)) continue;
    const url = pageUrl(pagePathOfFile(summary.path) as string);
    // A page with `openapi:` frontmatter gets generated sections whose anchors only the renderer knows.
    pages.set(url, summary.frontmatter.openapi ? GENERATED_PAGE_ANCHORS : pageAnchors(summary));
  }
  for (const page of apiPages) if (page.url !== undefined && !pages.has(page.url)) pages.set(page.url, GENERATED_PAGE_ANCHORS);
  const staticFiles = new Set(files.filter((file) => pagePathOfFile(file) === undefined));
  return {
    pages,
    staticFiles,
    isRedirected: (url) => redirects.some((r) => r.matches(url)),
    linkOutside: (path) => linksOutside.find((link) => path === link || path.startsWith(`${link}/`)),
  };
}
