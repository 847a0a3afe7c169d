// The one URL policy of rendered bodies. A URL is safe unless its scheme runs
// script (ir/url-scheme.ts: `javascript:`, `vbscript:`, and `data:` except as
// an image's source), which the caller drops with an error; `https:`,
// `mailto:`, `tel:` and applications' own schemes (`cursor://…`) are kept as
// written, as Mintlify keeps them. Relative URLs are made absolute
// against the page's URL, as a browser would resolve them, but for `./` and
// `../` paths against the page file's folder, as Mintlify rewrites them
// (they differ on index pages) — the rule `docsc check` verified links
// with — so a body works wherever it is served
// (with or without a trailing slash); link targets also lose `.md`/`.mdx` and
// `/index`, which name the page at the folder. Query and hash stay as
// written. A site served under a base path (site/base-path.ts) gets it in
// front of every site path, but once: an image's source written with it in
// front (`/docs/images/a.png` under `/docs`) keeps it, as on Mintlify, and
// so does a URL of an HTML element written in JSX (`<a href="/docs/x">`),
// which Mintlify leaves as written (it adds its base path only to the links
// it makes: Markdown links, components' `href`). Pure and deterministic.

import { pagePathOfFile, pageUrl, resolvedSegments } from '../ir/page-urls.js';
import { scriptScheme, urlScheme } from '../ir/url-scheme.js';

export type UrlVerdict = { safe: true; url: string; external: boolean } | { safe: false; scheme: string };

/** What a URL is for, beyond a link target or not. */
export interface UrlUse {
  /** An image's source, where a `data:` URL is a picture. */
  image?: boolean;
  /** The attribute of an HTML element written in JSX (`<a href>`, `<img src>`), not a Markdown link or a component's prop. */
  literal?: boolean;
}

/**
 * @param url the value as written
 * @param from the page's URL path without slashes at either end (`guides/setup`), and its file (`guides/setup.mdx`):
 *   `./` and `../` paths start from the file's folder, others from the URL's parent (page-urls.ts `resolvedSegments`)
 * @param isLink true for link targets (`href`), whose page extensions are removed
 * @param base the site's base path (`/docs`), or ''
 */
export function rewriteUrl(url: string, from: { url: string; file: string }, isLink: boolean, base = '', use: UrlUse = {}): UrlVerdict {
  const image = use.image === true;
  const unsafe = scriptScheme(url, image);
  if (unsafe !== undefined) return { safe: false, scheme: unsafe };
  const scheme = urlScheme(url);
  if (scheme !== undefined) return { safe: true, url, external: scheme === 'http' || scheme === 'https' };
  const compact = url.replace(/[\u0000-\u0020\u007f]+/g, '');
  if (compact.startsWith('//')) return { safe: true, url, external: true };
  if (url === '' || url.startsWith('#') || url.startsWith('?')) return { safe: true, url, external: false };
  const path = absolute(url, from.url, from.file, isLink);
  // An image or an HTML element's URL written with the base in front is the path without it (check-links.ts).
  const rebased = (image || use.literal === true) && base !== '' && path.startsWith(`${base}/`) ? path.slice(base.length) : path;
  return { safe: true, url: base + rebased, external: false };
}

function absolute(url: string, fromUrl: string, fromFile: string, isLink: boolean): string {
  const suffixAt = url.search(/[?#]/);
  const path = suffixAt === -1 ? url : url.slice(0, suffixAt);
  const suffix = suffixAt === -1 ? '' : url.slice(suffixAt);
  const joined = resolvedSegments(path, fromUrl, fromFile).join('/');
  const target = isLink ? pageUrl(pagePathOfFile(joined) ?? joined) : joined;
  const trailingSlash = !isLink && path.endsWith('/') && target !== '' ? '/' : '';
  return `/${target}${trailingSlash}${suffix}`;
}
