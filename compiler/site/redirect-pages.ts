// docs.json `redirects` as static output: a `_redirects` file (the format of
// Netlify and Cloudflare Pages: `source destination status`, 308 or 307 as
// Mintlify answers) for hosts that read it, and, for every source without
// wildcards or parameters, a small HTML page at the source that sends the
// reader on (meta refresh, canonical link), for hosts that do not. A source
// where a page is published is left to the page. Sources with wildcards or
// parameters, which no static page can stand at, are followed by the 404
// page on hosts that do not read `_redirects` (GitHub Pages, a bucket): a
// small script matches the missing address against them, as `_redirects`
// would, and goes on. Destinations are untrusted: only http(s) URLs and site
// paths are followed, and a value taken from the address never turns a site
// path into another host (`//evil.example`). Sources are read as the URL
// paths links resolve to (read-redirects.ts: `features/old`, `/old/index`
// and `/old/` are `/features/old`, `/old`), destinations without a scheme are
// site paths (`features/new` is `/features/new`, as Mintlify reads it), and a
// source written twice that way is written once, the first. Under a base path
// (base-path.ts), sources and site-path destinations are the paths the host
// is asked for, with the base; redirects stay base-free until written.

import type { RedirectSource } from '../config/read-redirects.js';
import type { Span } from '../source/source-file.js';
import { withBase } from './base-path.js';
import { escapeHtml, safeHref } from './escape-html.js';

export interface Redirect {
  /** Root-relative and decoded, as links resolve: `/old-page`. */
  source: string;
  destination: string;
  permanent: boolean;
  /** Where docs.json writes the source. */
  span?: Span;
}

/** The redirects the output can carry: a destination that is a safe URL or a site path; one per source path. */
export function outputRedirects(sources: readonly RedirectSource[]): Redirect[] {
  const seen = new Set<string>();
  return sources.flatMap(({ path, destination, permanent, span }) => {
    const safe = destination === undefined ? undefined : safeHref(destination);
    if (safe === undefined || seen.has(path)) return [];
    seen.add(path);
    return [{ source: `/${path}`, destination: sitePath(safe), permanent, ...(span === undefined ? {} : { span }) }];
  });
}

/** A destination without a scheme is a path of this site, whether or not it starts with `/` (`features/new`). */
function sitePath(destination: string): string {
  if (/^[a-zA-Z][a-zA-Z\d+.-]*:/.test(destination) || /^[/#?]/.test(destination)) return destination;
  return `/${destination}`;
}

/** A source as the host is asked for it: each segment percent-encoded as a browser sends it. */
function encodedSource(source: string): string {
  try {
    return encodeURI(source);
  } catch {
    // A lone surrogate (`\ud800` in docs.json) has no UTF-8 form: no browser asks for it.
    return source;
  }
}

/** `_redirects`: wildcards as hosts write them (`:slug*` → `*`, and `:splat` in the destination). */
export function renderRedirectsFile(redirects: readonly Redirect[], base = ''): string {
  return redirects
    .map((r) => {
      const source = base + encodedSource(r.source).replace(/:\w+\*/g, '*');
      const destination = withBase(base, r.destination.replace(/:\w+\*/g, ':splat'));
      return `${source} ${destination} ${r.permanent ? 308 : 307}`;
    })
    .join('\n')
    .concat(redirects.length > 0 ? '\n' : '');
}

/**
 * The URL path (no leading slash) a static redirect page can stand at, or undefined for patterns and for sources with
 * a query or a fragment. Whether a file can stand there is the writer's to say (emit-site.ts `writeRedirectPages`).
 */
export function staticRedirectUrl(redirect: Redirect): string | undefined {
  if (/[:*?#]/.test(redirect.source)) return undefined;
  return redirect.source.replace(/^\/+|\/+$/g, '');
}

export function renderRedirectPage(redirect: Redirect, base = ''): string {
  const target = escapeHtml(withBase(base, safeHref(redirect.destination) ?? '/'));
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

/**
 * For the 404 page: a script that sends the reader on when the missing address matches a source with wildcards or
 * parameters (`:name` one segment, `:name*` and `*` the rest), with the query and fragment kept, and otherwise to
 * `fallback` when given (docs.json `errors.404.redirect`: the home page); '' when there is nothing to do. The rules
 * are data (JSON, `<` escaped); the matching is `read-redirects.ts`'s, in the browser.
 */
export function patternRedirectScript(redirects: readonly Redirect[], base = '', fallback?: string): string {
  const rules = redirects
    .filter((r) => staticRedirectUrl(r) === undefined)
    .map((r) => [(base + encodedSource(r.source)).replace(/^\/+|\/+$/g, '').split('/'), withBase(base, safeHref(r.destination) ?? '/')] as const);
  const otherwise = fallback === undefined ? '' : `location.replace(${JSON.stringify(fallback).replace(/</g, '\\u003c')})`;
  if (rules.length === 0) return otherwise === '' ? '' : `<script>${otherwise}</script>`;
  const data = JSON.stringify(rules).replace(/</g, '\\u003c');
  return `<script>(${FOLLOW_PATTERN})(${data}, location)${otherwise === '' ? '' : `||${otherwise}`}</script>`;
}

/**
 * The browser's half, as source text (not a function's `toString`, which would differ between the TypeScript
 * compilers that build docsc, and with it the output). Tested by running it (tests/redirect-pages.test.ts).
 */
const FOLLOW_PATTERN = String.raw`function (rules, where) {
  var path = where.pathname.replace(/^\/+|\/+$/g, '');
  var segments = path === '' ? [] : path.split('/');
  for (var r = 0; r < rules.length; r++) {
    var parts = rules[r][0], destination = rules[r][1], params = {}, matched = true, rest = false;
    for (var i = 0; i < parts.length && matched; i++) {
      var part = parts[i];
      if (part === '*' || /^:\w+\*$/.test(part)) {
        params[part === '*' ? 'splat' : part.slice(1, -1)] = segments.slice(i).join('/');
        rest = true;
        break;
      }
      if (segments[i] === undefined || (part.charAt(0) !== ':' && part !== segments[i])) matched = false;
      else if (part.charAt(0) === ':') params[part.slice(1)] = segments[i];
    }
    if (!matched || (!rest && segments.length !== parts.length && !(parts.length === 1 && parts[0] === '' && segments.length === 0))) continue;
    var target = destination.replace(/:(\w+)\*?/g, function (whole, name) {
      return Object.prototype.hasOwnProperty.call(params, name) ? params[name] : whole;
    });
    // A destination written without a scheme stays a path of this site, whatever the address put in it (:a with javascript:x).
    if (!/^[a-zA-Z][a-zA-Z\d+.-]*:/.test(destination)) target = '/' + target.replace(/^[\/\\]+/, '');
    if (target.indexOf('?') < 0) target += where.search;
    if (target.indexOf('#') < 0) target += where.hash;
    where.replace(target);
    return true;
  }
  return false;
}`;
