// What docs.json points into the site must be there: the favicon, the logos
// and the background image are files of the docs folder (`link/broken-image`),
// and the internal links it puts on every page — the navbar's links and
// button, the navigation's `href`s — lead to a page, a file or a redirect
// (`link/broken`; a folder of pages: `link/folder`), as a page's own links
// must (check-links.ts). External URLs
// are not fetched; unsafe ones are check-hrefs.ts's.

import type { Config } from '../config/read-config.js';
import { type Diagnostic, DiagnosticBag } from '../diagnostics/diagnostic.js';
import { type RootNode, walk } from '../ir/navigation.js';
import type { SiteIndex } from '../ir/site-index.js';
import type { Span } from '../source/source-file.js';
import { type JsonNode, type JsonString, member } from '../syntax/json-tree.js';
import { brokenTargetArgs, closestTarget, reportFolderLink, resolveLink } from './check-links.js';

/** Keys whose value is a file (a string, or `{light, dark}` of strings). */
const FILE_KEYS: readonly (readonly string[])[] = [['favicon'], ['logo'], ['background', 'image']];

export function checkConfigReferences(config: Config | undefined, navigation: RootNode, site: SiteIndex): Diagnostic[] {
  const bag = new DiagnosticBag();
  const root = config?.root;
  for (const path of FILE_KEYS) {
    for (const value of fileValues(at(root, path))) {
      const target = internalTarget(value.value);
      if (target === undefined || site.staticFiles.has(target) || site.isRedirected(target)) continue;
      const link = site.linkOutside(target);
      if (link !== undefined) bag.report('file/link-outside-root', value.span, { path: target, link });
      else bag.report('link/broken-image', value.span, brokenTargetArgs(value.value, target, closestTarget(target, site, true)));
    }
  }
  const hrefs: { value: string; span: Span }[] = [];
  const navbar = at(root, ['navbar']);
  const links = navbar?.kind === 'object' ? member(navbar, 'links')?.value : undefined;
  if (links?.kind === 'array') for (const link of links.items) pushString(hrefs, at(link, ['href']));
  pushString(hrefs, at(root, ['navbar', 'primary', 'href']));
  for (const node of walk(navigation)) if ('href' in node && node.href !== undefined) hrefs.push(node.href);
  for (const href of hrefs) {
    const target = internalTarget(href.value);
    if (target === undefined || site.pages.has(target) || site.staticFiles.has(target) || site.isRedirected(target)) continue;
    const folderPage = site.folders.get(target);
    if (folderPage !== undefined) reportFolderLink(href.value, target, folderPage, href.span, bag);
    else bag.report('link/broken', href.span, brokenTargetArgs(href.value, target, closestTarget(target, site, false)));
  }
  return bag.items;
}

/** The URL path a site-relative value leads to (`pageUrl` form), or undefined for a URL with a scheme or a host. */
function internalTarget(value: string): string | undefined {
  const trimmed = value.trim();
  if (trimmed === '' || trimmed.startsWith('#') || /^[a-zA-Z][a-zA-Z\d+.-]*:/.test(trimmed) || /^[/\\]{2}/.test(trimmed)) return undefined;
  return resolveLink(trimmed, '').url;
}

/** The node at `path` under an object, if every step is an object member. */
function at(node: JsonNode | undefined, path: readonly string[]): JsonNode | undefined {
  let current = node;
  for (const key of path) current = current?.kind === 'object' ? member(current, key)?.value : undefined;
  return current;
}

/** A file value's strings: itself, or a `{light, dark}` object's. */
function fileValues(node: JsonNode | undefined): JsonString[] {
  if (node?.kind === 'string') return [node];
  if (node?.kind !== 'object') return [];
  return ['light', 'dark'].flatMap((key) => {
    const value = member(node, key)?.value;
    return value?.kind === 'string' ? [value] : [];
  });
}

function pushString(list: { value: string; span: Span }[], node: JsonNode | undefined): void {
  if (node?.kind === 'string') list.push({ value: node.value, span: node.span });
}
