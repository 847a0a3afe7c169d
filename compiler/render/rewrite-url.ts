// The one URL policy of rendered bodies. A URL is safe when it is relative
// (`setup`, `./setup`, `../x`, `/x`, `#part`, `?q`) or uses `http:`, `https:`,
// `mailto:` or `tel:`; anything else (`javascript:`, `data:`, `vbscript:`, …)
// is dropped by the caller with a warning. Relative URLs are made absolute
// against the page's URL, as a browser would resolve them — the rule
// `docsc check` verified links with — so a body works wherever it is served
// (with or without a trailing slash); link targets also lose `.md`/`.mdx` and
// `/index`, which name the page at the folder. Query and hash stay as
// written. A site served under a base path (site/base-path.ts) gets it in
// front of every site path. Pure and deterministic.

import { pagePathOfFile, pageUrl } from '../ir/page-urls.js';

export type UrlVerdict = { safe: true; url: string; external: boolean } | { safe: false; scheme: string };

const ALLOWED_SCHEMES = new Set(['http', 'https', 'mailto', 'tel']);

/**
 * @param url the value as written
 * @param fromUrl the page's URL path without slashes at either end (`guides/setup`)
 * @param isLink true for link targets (`href`), whose page extensions are removed
 * @param base the site's base path (`/docs`), or ''
 */
export function rewriteUrl(url: string, fromUrl: string, isLink: boolean, base = ''): UrlVerdict {
  // Browsers ignore ASCII whitespace and control characters inside a scheme: `java\tscript:`.
  const compact = url.replace(/[\u0000-\u0020\u007f]+/g, '');
  const scheme = /^([a-zA-Z][a-zA-Z\d+.-]*):/.exec(compact)?.[1]?.toLowerCase();
  if (scheme !== undefined)
    return ALLOWED_SCHEMES.has(scheme) ? { safe: true, url, external: scheme === 'http' || scheme === 'https' } : { safe: false, scheme };
  if (compact.startsWith('//')) return { safe: true, url, external: true };
  if (url === '' || url.startsWith('#') || url.startsWith('?')) return { safe: true, url, external: false };
  return { safe: true, url: base + absolute(url, fromUrl, isLink), external: false };
}

function absolute(url: string, fromUrl: string, isLink: boolean): string {
  const suffixAt = url.search(/[?#]/);
  const path = suffixAt === -1 ? url : url.slice(0, suffixAt);
  const suffix = suffixAt === -1 ? '' : url.slice(suffixAt);
  const segments = path.startsWith('/') ? [] : fromUrl.split('/').slice(0, -1);
  for (const segment of path.split('/')) {
    if (segment === '..') segments.pop();
    else if (segment !== '' && segment !== '.') segments.push(segment);
  }
  const joined = segments.join('/');
  const target = isLink ? pageUrl(pagePathOfFile(joined) ?? joined) : joined;
  const trailingSlash = !isLink && path.endsWith('/') && target !== '' ? '/' : '';
  return `/${target}${trailingSlash}${suffix}`;
}
