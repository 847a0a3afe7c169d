// Link checking reads every page's links against the whole site index: about
// 0.2 s on 11,000 pages, with the same result whenever the pages' texts, the
// site's URLs and files and the redirects are the same — as after a
// navigation edit that publishes no page elsewhere. Its diagnostics are
// remembered under this key of those inputs (check.ts).

import { plainKey } from '../cache/value-key.js';
import type { RedirectSource } from '../config/read-redirects.js';
import type { ApiPage } from '../ir/api-pages.js';
import type { PageSummary } from '../pages/summarize-page.js';

/** Bumped when what `checkLinks` reports, or how, changes for the same inputs. */
const LINK_CHECK_FORMAT = 4;

/**
 * What `checkLinks(summaries, buildSiteIndex(summaries, apiPages, files, redirects, linksOutside))`
 * is a function of: each page's text (its content hash, `identities`), the API
 * pages' URLs, the repository's files, the redirects' sources, the links leading outside the root and the folders'
 * pages (which page a folder leads to follows the navigation's order), and the base path. Undefined when a page's content hash is
 * unknown (the result is not remembered then).
 */
export function linkCheckKey(
  summaries: readonly PageSummary[],
  identities: ReadonlyMap<string, string>,
  apiPages: readonly ApiPage[],
  files: readonly string[],
  redirects: readonly RedirectSource[],
  linksOutside: readonly string[],
  folders: ReadonlyMap<string, string>,
  /** The site's base path: images written with it in front are read without it. */
  basePath: string,
): string | undefined {
  const pages: string[] = [];
  for (const summary of summaries) {
    const identity = identities.get(summary.path);
    if (identity === undefined || identity.startsWith('unreadable:')) return undefined;
    pages.push(summary.path, identity);
  }
  const apiUrls = apiPages.flatMap((page) => (page.url === undefined ? [] : [page.url]));
  return `links\0${plainKey(
    LINK_CHECK_FORMAT,
    pages,
    apiUrls,
    files,
    redirects.map((r) => r.source),
    linksOutside,
    [...folders],
    basePath,
  )}`;
}
