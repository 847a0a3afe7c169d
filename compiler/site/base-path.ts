// The base path a site is served under (`--base-path /docs`, or the path of
// `--site-url https://owner.github.io/repo`): '' for the root of a host.
// Output files stay where they are (`quickstart/index.html`); what changes is
// every site path the pages write. docsc keeps site paths root-relative
// (`/quickstart`) everywhere inside — navigation, links checked, search
// records, redirects' sources — and adds the base where HTML is written:
// bodies through the URL policy (render/rewrite-url.ts, the base is a render
// option and so part of every body's cache key), the layout's own markup
// through `rebaseMarkup`, redirects and the sitemap through `withBase`, and
// the browser's scripts through `<html data-docsc-base>`.

/** A base path as written (`/docs`, `docs/`, `/`), normalized (`/docs`, ''); an error message when it cannot be one. */
export function parseBasePath(value: string): { base: string } | { error: string } {
  const trimmed = value.trim().replace(/^\/+|\/+$/g, '');
  if (trimmed === '') return { base: '' };
  for (const segment of trimmed.split('/')) {
    if (segment === '' || segment === '.' || segment === '..')
      return { error: `a base path is folder names separated by \`/\`, such as /docs; \`${value}\` has an empty, \`.\` or \`..\` segment` };
    // Characters a URL path holds as they are and HTML, CSS's `url("…")` and a `_redirects` line need not quote.
    if (!/^[A-Za-z0-9._~-]+$/.test(segment))
      return { error: `a base path is letters, digits and \`-._~\` between slashes, such as /docs; \`${segment}\` in \`${value}\` is not` };
  }
  return { base: `/${trimmed}` };
}

/** A URL as the site serves it: a site path (`/x`, not `//host`) gets the base in front; anything else is as given. */
export function withBase(base: string, url: string): string {
  return base !== '' && isSitePath(url) ? `${base}${url}` : url;
}

/** A path on this site (`/x`), not a URL of another host (`//host`, which browsers also read in `/\host`). */
export function isSitePath(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\');
}

/**
 * The layout's own markup with the base in front of every site path it
 * writes: the values of `href`, `src`, `data-docsc-nav`, `data-markdown` and
 * `data-page` attributes and CSS `url("…")`s that start with one `/`. Only
 * for markup docsc writes, whose attribute values are double-quoted and
 * whose text escapes `"` (escape-html.ts), so the pattern cannot match text:
 * a page body, whose URLs the renderer placed already, never goes through it.
 */
export function rebaseMarkup(html: string, base: string): string {
  return base === '' ? html : html.replace(SITE_PATH_VALUE, `$1${base}/`);
}

/**
 * The API reference's markup with the base in front of the site paths its
 * descriptions link to: micromark's `<a href="/…">` and `<img src="/…">`
 * (render-description.ts). Every text of the reference escapes `<`, so the
 * pattern matches only elements; the reference writes no other site path.
 */
export function rebaseReference(html: string, base: string): string {
  return base === '' ? html : html.replace(REFERENCE_SITE_PATH, `$1${base}/`);
}

const REFERENCE_SITE_PATH = /(<a href="|<img src=")\/(?![/\\])/g;
const SITE_PATH_VALUE = /(\s(?:href|src|data-docsc-nav|data-markdown|data-page)="|url\(")\/(?![/\\])/g;
