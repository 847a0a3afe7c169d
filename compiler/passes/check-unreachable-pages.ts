// Pages that no navigation entry reaches are still built and reachable by URL,
// which is sometimes intended (`hidden: true` says so) and often an oversight.

import { type Diagnostic, DiagnosticBag } from '../diagnostics/diagnostic.js';
import { type RootNode, walk } from '../ir/navigation.js';
import { pageUrl } from '../ir/page-urls.js';

export interface PageFacts {
  path: string;
  file: string;
  hidden: boolean;
}

/** `reachedUrls`: URLs the navigation links to by other means (an API entry's `x-docs.href`, or its generated page's URL). */
export function checkUnreachablePages(root: RootNode, pages: readonly PageFacts[], reachedUrls: ReadonlySet<string>): Diagnostic[] {
  const bag = new DiagnosticBag();
  const reached = navigatedPages(root);
  for (const page of pages) {
    if (!page.hidden && !reached.has(page.path) && !reachedUrls.has(pageUrl(page.path)))
      bag.report('nav/unreachable-page', { file: page.file }, { page: page.path });
  }
  return bag.items;
}

/** The page paths (`guides/setup`) the navigation's entries and group roots lead to. */
export function navigatedPages(root: RootNode): Set<string> {
  const reached = new Set<string>();
  for (const node of walk(root)) {
    if (node.kind === 'page' && node.path !== undefined) reached.add(node.path);
    if (node.kind === 'group' && node.root) reached.add(node.root.path.replace(/^\/+/, '').replace(/\.mdx?$/, ''));
  }
  return reached;
}
