// The site as internal links see it: every published URL with the anchors a
// `#fragment` may name there, and the static files a link may point to. Built
// once every page is summarized and every API page generated; read by
// passes/check-links.ts, and by the build for the folders' redirects. It
// knows nothing of files on disk.

import type { PageSummary } from '../pages/summarize-page.js';

export interface PageAnchors {
  /** Heading ids and element ids of the page. */
  ids: ReadonlySet<string>;
  /** False for generated API pages, whose anchors the renderer makes: links into them are not checked. */
  anchorsKnown: boolean;
}

export interface SiteIndex {
  /** By URL path as `pageUrl` gives it: no leading or trailing slash, `""` for the home page. */
  pages: ReadonlyMap<string, PageAnchors>;
  /** Project-relative paths of files served as they are (`images/logo.png`). */
  staticFiles: ReadonlySet<string>;
  /** Whether docs.json `redirects` sends this URL path elsewhere (a valid link target). */
  isRedirected(url: string): boolean;
  /** Folders that hold pages but are none, by URL path, with the page the build sends their readers to (folder-pages.ts). */
  folders: ReadonlyMap<string, string>;
  /** The symbolic link leading outside the docs root that a project-relative path is or goes through, if any. */
  linkOutside(path: string): string | undefined;
  /** Folders of API pages not known because their document could not be loaded, with that document (resolve-openapi.ts `unloaded`). */
  unloadedApi: ReadonlyMap<string, string>;
}

/** The anchors of a generated API page: unknown, so never reported. */
export const GENERATED_PAGE_ANCHORS: PageAnchors = { ids: new Set(), anchorsKnown: false };

/**
 * The anchors a summarized page offers: its heading ids and the `id`
 * attributes of its elements, gathered when first asked for (a build whose
 * link check is remembered asks for none: a summary's headings and ids are
 * parsed on first use, compile-pages.ts).
 */
export function pageAnchors(summary: PageSummary): PageAnchors {
  let ids: Set<string> | undefined;
  return {
    get ids() {
      ids ??= new Set([...summary.headings.map((h) => h.id), ...summary.elementIds, ...summary.componentIds]);
      return ids;
    },
    anchorsKnown: true,
  };
}
