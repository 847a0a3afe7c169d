// sitemap.xml: every published page that is neither hidden nor `noindex`, in
// URL order. Locations are absolute when the site's URL is known
// (`--site-url`), root-relative otherwise (the build says so); either way
// under the site's base path.

import { escapeHtml } from './escape-html.js';

export function renderSitemap(urls: readonly string[], siteUrl: string | undefined, basePath = ''): string {
  const base = (siteUrl?.replace(/\/+$/, '') ?? '') + basePath;
  const entries = [...urls].sort().map((url) => `  <url><loc>${escapeHtml(`${base}/${encodeURI(url)}`)}</loc></url>`);
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...entries, '</urlset>', ''].join(
    '\n',
  );
}
