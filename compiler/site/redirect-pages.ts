// docs.json `redirects` as static output: a `_redirects` file (the format of
// Netlify and Cloudflare Pages: `source destination status`, 308 or 307 as
// Mintlify answers) for hosts that read it, and, for every source without
// wildcards or parameters, a small HTML page at the source that sends the
// reader on (meta refresh, canonical link), for hosts that do not. A source
// where a page is published is left to the page. Destinations are untrusted:
// only http(s) URLs and site paths are followed.

import type { RedirectSource } from '../config/read-redirects.js';
import { escapeHtml, safeHref } from './escape-html.js';

export interface Redirect {
  /** Root-relative: `/old-page`. */
  source: string;
  destination: string;
  permanent: boolean;
}

/** The redirects the output can carry: a destination that is an http(s) URL or a site path. */
export function outputRedirects(sources: readonly RedirectSource[]): Redirect[] {
  return sources.flatMap(({ source, destination, permanent }) => {
    if (destination === undefined || safeHref(destination) === undefined) return [];
    return [{ source: `/${source.replace(/^\/+/, '')}`, destination, permanent }];
  });
}

/** `_redirects`: wildcards as hosts write them (`:slug*` → `*`, and `:splat` in the destination). */
export function renderRedirectsFile(redirects: readonly Redirect[]): string {
  return redirects
    .map((r) => {
      const source = r.source.replace(/:\w+\*/g, '*');
      const destination = r.destination.replace(/:\w+\*/g, ':splat');
      return `${source} ${destination} ${r.permanent ? 308 : 307}`;
    })
    .join('\n')
    .concat(redirects.length > 0 ? '\n' : '');
}

/** The URL path (no leading slash) a static redirect page can stand at, or undefined for patterns. */
export function staticRedirectUrl(redirect: Redirect): string | undefined {
  if (/[:*]/.test(redirect.source)) return undefined;
  return redirect.source.replace(/^\/+|\/+$/g, '');
}

export function renderRedirectPage(redirect: Redirect): string {
  const target = escapeHtml(safeHref(redirect.destination) ?? '/');
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="robots" content="noindex">',
    `<meta http-equiv="refresh" content="0; url=${target}">`,
    `<link rel="canonical" href="${target}">`,
    '<title>Redirecting…</title>',
    '</head>',
    `<body><p>This page has moved to <a href="${target}">${target}</a>.</p></body>`,
    '</html>',
    '',
  ].join('\n');
}
