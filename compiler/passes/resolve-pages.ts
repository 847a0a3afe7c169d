// Resolves page entries (and group `root` pages) to page files: each must name
// an existing `.mdx`/`.md` file inside the docs root, written relative to the
// root without its extension, and not a snippet; a page listed twice in one
// version, language or product is reported, and so is one reached through a
// symbolic link leading outside the root. Sets `PageNode.path`.

import { closestMatch } from '../config/did-you-mean.js';
import { type Diagnostic, DiagnosticBag } from '../diagnostics/diagnostic.js';
import { type ContainerNode, type PageNode, type RootNode, walk } from '../ir/navigation.js';
import { isSnippet, PAGE_EXTENSIONS, writtenPagePath } from '../ir/page-urls.js';
import type { Span } from '../source/source-file.js';

export interface PageFileIndex {
  /** Page path without extension → the file (`guides/setup` → `guides/setup.mdx`). */
  files: ReadonlyMap<string, string>;
  /** Lexical normalization inside the docs root (the host's); undefined when it leaves it. */
  normalize(path: string): string | undefined;
  /** The symbolic link leading outside the root that a path is or goes through, if any (the host's `linkOutside`). */
  linkOutside?(path: string): string | undefined;
}

export function resolvePages(root: RootNode, index: PageFileIndex): Diagnostic[] {
  const bag = new DiagnosticBag();
  const firstListing = new Map<string, Span>();
  for (const node of walk(root)) {
    if (node.kind === 'page') {
      resolvePage(node, index, bag);
      if (node.path === undefined) continue;
      const key = `${alternativeOf(node)}\0${node.path}`;
      const first = firstListing.get(key);
      if (first) bag.report('nav/duplicate-page', node.span, { page: node.written }, { notes: [{ message: 'first listed here', at: first }] });
      else firstListing.set(key, node.span);
    } else if (node.kind === 'group' && node.root) {
      resolvePath(node.root.path, node.root.span, index, bag);
    }
  }
  return bag.items;
}

/**
 * Versions, languages and products are alternatives a reader sees one at a
 * time: the same page under two versions is not a duplicate. The key of the
 * alternative a node belongs to is the chain of those ancestors.
 */
function alternativeOf(node: PageNode): string {
  const chain: string[] = [];
  for (let at: ContainerNode | undefined = node.parent; at !== undefined; at = at.parent) {
    if (at.kind === 'version' || at.kind === 'language' || at.kind === 'product') chain.push(`${at.span.file.path}:${at.span.start}`);
  }
  return chain.join('/');
}

function resolvePage(node: PageNode, index: PageFileIndex, bag: DiagnosticBag): void {
  const path = resolvePath(node.written, node.span, index, bag);
  if (path !== undefined) node.path = path;
}

/** The page path for what was written, reporting why when there is none. */
function resolvePath(written: string, span: Span, index: PageFileIndex, bag: DiagnosticBag): string | undefined {
  const trimmed = written.trim();
  const path = writtenPagePath(written);
  if (trimmed.startsWith('/')) bag.report('nav/page-leading-slash', span, { page: written });
  if (PAGE_EXTENSIONS.some((e) => trimmed.endsWith(e))) bag.report('nav/page-extension', span, { page: written, fixed: path });
  let normalized = index.normalize(path);
  if (normalized === undefined || normalized === '') {
    bag.report('nav/page-outside-root', span, { page: written });
    return undefined;
  }
  let file = index.files.get(normalized);
  // `guides/setup` for `guides/setup/index.mdx`: Mintlify takes a path and its `/index` as the same page.
  if (file === undefined && index.files.has(`${normalized}/index`)) {
    normalized = `${normalized}/index`;
    file = index.files.get(normalized);
  }
  if (file !== undefined && isSnippet(file)) {
    bag.report('nav/page-is-snippet', span, { page: written });
    return undefined;
  }
  if (file === undefined) {
    for (const candidate of PAGE_EXTENSIONS.map((e) => normalized + e)) {
      const link = index.linkOutside?.(candidate);
      if (link === undefined) continue;
      bag.report('file/link-outside-root', span, { path: candidate, link });
      return undefined;
    }
    const near = closestMatch(normalized, index.files.keys());
    bag.report('nav/page-not-found', span, { page: written, suggestion: near === undefined ? '' : `; did you mean \`${near}\`?` });
    return undefined;
  }
  return normalized;
}
