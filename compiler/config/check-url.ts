// URL checks shared by the config and navigation passes. Links from
// docs.json end up in every page: a link may use any scheme but one that runs
// script when followed (ir/url-scheme.ts: `javascript:`, `vbscript:`,
// `data:`), so that applications' own schemes (`cursor://…`) work as on
// Mintlify. A resource the site loads or the build fetches (a font, an
// OpenAPI document, an analytics host) is an http(s) or relative URL. The
// scheme is read the way browsers read it: they drop tabs and newlines
// anywhere and control characters and spaces at the start, so `java\tscript:`
// and ` JAVASCRIPT:` are still `javascript:`.

import { scriptScheme, urlScheme } from '../ir/url-scheme.js';

/** Why a link may not be written (its scheme runs script), or undefined when it may. */
export function unsafeLinkReason(value: string): string | undefined {
  const scheme = scriptScheme(value);
  return scheme === undefined ? undefined : `a \`${scheme}:\` URL runs code in the reader's browser`;
}

/** Why a resource's URL may not be used (it is not http(s) or relative), or undefined when it may. */
export function unsafeResourceReason(value: string): string | undefined {
  const scheme = urlScheme(value);
  if (scheme === undefined || scheme === 'http' || scheme === 'https') return undefined;
  return unsafeLinkReason(value) ?? 'a resource is loaded from an http(s) or relative URL';
}

/**
 * True for a URL that leads out of the site, such as a global anchor's `href` needs: http(s) with a host, or
 * another scheme that runs no script (`mailto:`, an application's own), which Mintlify's validation accepts too.
 */
export function isExternalUrl(value: string): boolean {
  const scheme = urlScheme(value);
  if (scheme === undefined || scriptScheme(value) !== undefined) return false;
  if (scheme !== 'http' && scheme !== 'https') return URL.canParse(value);
  try {
    return new URL(value).host !== '';
  } catch {
    return false;
  }
}
