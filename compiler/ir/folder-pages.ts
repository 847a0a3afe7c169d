// Folders that hold pages but have no page of their own: `/api-playground`
// when `api-playground/overview.mdx` and its siblings are pages and there is
// no `api-playground/index.mdx`. Real repositories link to such folders
// (Mintlify's link checker accepts any existing folder), so the build
// publishes a redirect from each to its first page in navigation order (else
// its first page by URL), and link checking accepts a link to one with a
// warning (`link/folder`). The home page is such a folder when there is no
// `index` page: `/` then leads to the navigation's first page, as on Mintlify.

import type { ApiPage } from './api-pages.js';
import { type RootNode, walk } from './navigation.js';
import { pageUrl } from './page-urls.js';

/**
 * The URLs of the navigation's pages in the order a reader meets them: page
 * entries, group root pages, API entries and the API pages an element
 * generates (after its own entries).
 */
export function navigationOrder(root: RootNode | undefined, apiPages: readonly ApiPage[]): string[] {
  if (root === undefined) return [];
  const listed = new Map<unknown, string>();
  const generated = new Map<unknown, string[]>();
  for (const page of apiPages) {
    if (page.url === undefined || page.hidden) continue;
    if (page.listedBy !== undefined) listed.set(page.listedBy, page.url);
    else if (page.generatedBy !== undefined) generated.set(page.generatedBy, [...(generated.get(page.generatedBy) ?? []), page.url]);
  }
  const order: string[] = [];
  const pending: { node: unknown; urls: string[] }[] = [];
  for (const node of walk(root)) {
    if (node.kind === 'page' && node.path !== undefined) order.push(pageUrl(node.path));
    else if (node.kind === 'group' && node.root !== undefined) order.push(pageUrl(node.root.path.replace(/^\/+/, '').replace(/\.mdx?$/, '')));
    else {
      const url = listed.get(node);
      if (url !== undefined) order.push(url);
    }
    const urls = generated.get(node);
    if (urls !== undefined) pending.push({ node, urls });
  }
  // Generated pages follow everything the navigation lists: where their groups go among an element's entries is the layout's business.
  for (const { urls } of pending) order.push(...urls);
  return order;
}

/**
 * Each folder of the published pages (a proper prefix of a page URL, `''` included) that `occupied` does not claim
 * (a page, a file or a redirect is there), with the page it leads to: the first in `order` below it, else the first
 * below it by URL.
 */
export function folderPages(pageUrls: Iterable<string>, order: readonly string[], occupied: (url: string) => boolean): Map<string, string> {
  const folders = new Map<string, string>();
  const undecided = new Set<string>();
  const seen = new Set<string>();
  const sorted = [...pageUrls].sort();
  for (const url of sorted) for (const folder of foldersNotIn(url, seen)) if (!occupied(folder)) undecided.add(folder);
  const published = new Set(sorted);
  // A folder met before was decided then, or was never undecided.
  const met = new Set<string>();
  for (const url of [...order.filter((url) => published.has(url)), ...sorted]) {
    if (undecided.size === 0) break;
    for (const folder of foldersNotIn(url, met)) {
      if (!undecided.has(folder)) continue;
      undecided.delete(folder);
      folders.set(folder, url);
    }
  }
  return folders;
}

/**
 * The folders of `url` (`a/b/c` → `''`, `a`, `a/b`) that `seen` lacks, added to it, outermost first. `seen` holds
 * every folder above each it holds, so the walk up from the innermost stops at the first it has: each folder is
 * looked at about once per site, not once per page below it (crewAI's 24,803 pages: the site index's folders
 * 139 ms of the check's main thread, profiled).
 */
function foldersNotIn(url: string, seen: Set<string>): string[] {
  if (url === '') return [];
  const found: string[] = [];
  for (let end = url.lastIndexOf('/'); ; end = url.lastIndexOf('/', end - 1)) {
    const folder = end < 0 ? '' : url.slice(0, end);
    if (seen.has(folder)) break;
    seen.add(folder);
    found.push(folder);
    if (end < 0) break;
  }
  return found.reverse();
}
