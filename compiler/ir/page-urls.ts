// Where a page is published: the one rule shared by check (links, slug
// collisions) and build (output paths). A page file `guides/setup.mdx` is at
// `/guides/setup`; `index` files stand for their folder.

/** The URL path (no leading or trailing slash; `""` is the home page) of a page path without extension. */
export function pageUrl(pagePath: string): string {
  if (pagePath === 'index') return '';
  return pagePath.endsWith('/index') ? pagePath.slice(0, -'/index'.length) : pagePath;
}

/**
 * The segments of the URL path `path` leads to from the page at `fromUrl` (its file `fromFile`), `.` and `..`
 * applied; `path` without its query or fragment. A root-relative path starts from the root; another relative path from
 * the page URL's parent, as a browser resolves it — but one that starts `./` or `../` from the page *file's* folder,
 * as Mintlify rewrites them (@mintlify/common's remarkResolveRelativeLinks; its docs: "For `index.mdx` files, relative
 * paths resolve from the directory that contains the index file"). The two differ only on an index page:
 * `./setup` in `guides/start/index.mdx` (at `/guides/start`) is `/guides/start/setup`, `setup` is `/guides/setup`.
 */
export function resolvedSegments(path: string, fromUrl: string, fromFile: string): string[] {
  let segments: string[] = [];
  if (!path.startsWith('/')) {
    segments = fromUrl === '' ? [] : fromUrl.split('/');
    const fromFolder = (path.startsWith('./') || path.startsWith('../')) && isIndexFile(fromFile);
    if (!fromFolder) segments.pop();
  }
  for (const segment of path.split('/')) {
    if (segment === '..') segments.pop();
    else if (segment !== '' && segment !== '.') segments.push(segment);
  }
  return segments;
}

/** A page file that stands for its folder (`guides/index.mdx`, `index.md`). */
export function isIndexFile(file: string): boolean {
  const pagePath = pagePathOfFile(file);
  return pagePath !== undefined && (pagePath === 'index' || pagePath.endsWith('/index'));
}

/** The key two URLs collide on: file systems and CDNs often ignore case. */
export function urlCollisionKey(url: string): string {
  return url.normalize('NFC').toLowerCase();
}

export const PAGE_EXTENSIONS = ['.mdx', '.md'] as const;

/**
 * `.well-known/` at the docs root (RFC 8615: `api-catalog`, `security.txt`, agent skills): served as its files are, whatever
 * their names — never pages, snippets, custom CSS or scripts. The one hidden folder docsc reads (Mintlify reads every hidden
 * folder but its editors' and Git's: project-host.ts `listFiles`).
 */
export function isWellKnown(file: string): boolean {
  return file.startsWith('.well-known/');
}

/** `guides/setup.mdx` → `guides/setup`; undefined for files that are not pages. */
export function pagePathOfFile(file: string): string | undefined {
  if (isWellKnown(file)) return undefined;
  for (const ext of PAGE_EXTENSIONS) if (file.endsWith(ext)) return file.slice(0, -ext.length);
  return undefined;
}

/** Snippets are MDX fragments imported by pages, never pages themselves: `snippets/`, and `_snippets/`, its older name. */
export function isSnippet(file: string): boolean {
  return file.startsWith('snippets/') || file.startsWith('_snippets/');
}

/** A navigation entry's page path as written, before it is resolved: spaces, leading slashes and a page extension dropped. */
export function writtenPagePath(written: string): string {
  const path = written.trim().replace(/^\/+/, '');
  const ext = PAGE_EXTENSIONS.find((e) => path.endsWith(e));
  return ext ? path.slice(0, -ext.length) : path;
}

/** A summarized file that is a snippet: in `snippets/`, or a page file that another file imports (`importedAsSnippet`). */
export function isSnippetSummary(summary: { path: string; importedAsSnippet?: true }): boolean {
  return summary.importedAsSnippet === true || isSnippet(summary.path);
}
