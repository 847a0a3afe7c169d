// Builds the SiteIndex that link checking reads: every published page with
// its anchors, generated API pages (anchors unknown), static files and the
// files the build makes (llms.txt, sitemap.xml, changelog feeds), the
// URLs docs.json redirects, the folders that hold pages but are none (with
// the page each leads to, in `order`: the navigation's), the symbolic
// links leading outside the root, and the folders of API pages whose
// document could not be loaded.

import { anyRedirectMatches, type RedirectSource } from '../config/read-redirects.js';
import type { PageSummary } from '../pages/summarize-page.js';
import type { ApiPage } from './api-pages.js';
import { folderPages } from './folder-pages.js';
import { isSnippetSummary, pagePathOfFile, pageUrl } from './page-urls.js';
import { GENERATED_PAGE_ANCHORS, type PageAnchors, pageAnchors, type SiteIndex } from './site-index.js';

/** The files every build publishes beside the pages (site/llms-txt.ts, emit-site.ts): links to them lead somewhere. */
const SITE_FILES = ['llms.txt', 'sitemap.xml'];

function feedOf(path: string): string {
  const url = pageUrl(pagePathOfFile(path) as string);
  return url === '' ? 'rss.xml' : `${url}/rss.xml`;
}

export function buildSiteIndex(
  summaries: readonly PageSummary[],
  apiPages: readonly ApiPage[],
  files: readonly string[],
  redirects: readonly RedirectSource[],
  /** Symbolic links leading outside the docs root (the host's `linksOutside`): not files, but named when linked to. */
  linksOutside: readonly string[] = [],
  /** Page URLs in navigation order (folder-pages.ts `navigationOrder`): which page a folder leads to. */
  order: readonly string[] = [],
  /** Folders of API pages whose document could not be loaded (resolve-openapi.ts `unloaded`). */
  unloadedApi: ReadonlyMap<string, string> = new Map(),
): SiteIndex {
  const pages = new Map<string, PageAnchors>();
  for (const summary of summaries) {
    if (isSnippetSummary(summary)) continue;
    const url = pageUrl(pagePathOfFile(summary.path) as string);
    // A page with `openapi:` frontmatter gets generated sections whose anchors only the renderer knows (unless the value names
    // no operation: the page is then ordinary).
    const operation = summary.frontmatter.openapi !== undefined && summary.frontmatter.openapi.reference.kind !== 'invalid';
    pages.set(url, operation ? GENERATED_PAGE_ANCHORS : pageAnchors(summary));
  }
  for (const page of apiPages) if (page.url !== undefined && !pages.has(page.url)) pages.set(page.url, GENERATED_PAGE_ANCHORS);
  const staticFiles = new Set(files.filter((file) => pagePathOfFile(file) === undefined));
  for (const file of SITE_FILES) staticFiles.add(file);
  // A changelog with `rss: true` publishes its feed beside it (site/rss-feed.ts).
  for (const summary of summaries) if (summary.frontmatter.rss === true && !isSnippetSummary(summary)) staticFiles.add(feedOf(summary.path));
  const isRedirected = anyRedirectMatches(redirects);
  return {
    pages,
    staticFiles,
    isRedirected,
    folders: folderPages(pages.keys(), order, (url) => pages.has(url) || staticFiles.has(url) || isRedirected(url)),
    linkOutside: (path) => linksOutside.find((link) => path === link || path.startsWith(`${link}/`)),
    unloadedApi,
  };
}
