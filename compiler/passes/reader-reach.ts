// Whether a reader can come to a page without typing its address: the
// navigation lists it, or a page of the site links to it. Asked only about
// the few pages whose API reference finds nothing (resolve-page-references.ts):
// every page's links are resolved once, at the first question.

import type { RootNode } from '../ir/navigation.js';
import { isSnippetSummary, pagePathOfFile, pageUrl } from '../ir/page-urls.js';
import type { PageSummary } from '../pages/summarize-page.js';
import { resolveLink } from './check-links.js';
import { navigatedPages } from './check-unreachable-pages.js';

/** `url`: a page's URL in `pageUrl` form. */
export function readerReach(root: RootNode, summaries: readonly PageSummary[]): (url: string) => boolean {
  let reached: Set<string> | undefined;
  return (url) => {
    reached ??= reachedUrls(root, summaries);
    return reached.has(url);
  };
}

function reachedUrls(root: RootNode, summaries: readonly PageSummary[]): Set<string> {
  const reached = new Set([...navigatedPages(root)].map(pageUrl));
  for (const summary of summaries) {
    const pagePath = pagePathOfFile(summary.path);
    if (pagePath === undefined) continue;
    const from = pageUrl(pagePath);
    // A snippet's relative links resolve from the page that imports it: only its root-relative ones are known here.
    const links = isSnippetSummary(summary) ? summary.links.filter((l) => l.href.startsWith('/')) : summary.links;
    for (const link of links) {
      if (link.image) continue;
      const target = resolveLink(link.href, from, summary.path).url;
      if (target !== from) reached.add(target);
    }
  }
  return reached;
}
