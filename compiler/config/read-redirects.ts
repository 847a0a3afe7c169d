// docs.json `redirects`: `{source, destination, permanent?}` entries whose
// sources may end in a wildcard (`/blog/:slug*`, `/docs/*`) or hold named
// segments (`/users/:id`). Link checking counts a redirected URL as a target;
// the build writes the redirect pages. Real configs write sources without the
// leading `/` (`features/old`), with a trailing `/`, ending in `/index` or
// percent-encoded: a source is read as the URL path a link resolves to
// (`redirectPath`), so that both sides are normalised the same way.

import type { Span } from '../source/source-file.js';
import { type JsonNode, member } from '../syntax/json-tree.js';

export interface RedirectSource {
  /** The source as written. */
  source: string;
  /** The source as a URL path (no slash at either end, `/index` dropped, `%xx` decoded): what it matches. */
  path: string;
  /** The destination as written, when it is a string. */
  destination?: string;
  /** `permanent: false` answers 307; else 308. */
  permanent: boolean;
  /** Where the source is written in docs.json. */
  span?: Span;
  /** Whether a URL path (no leading slash) is redirected by this source. */
  matches(url: string): boolean;
}

export function readRedirectSources(config: JsonNode | undefined): RedirectSource[] {
  const redirects = config?.kind === 'object' ? member(config, 'redirects')?.value : undefined;
  if (redirects?.kind !== 'array') return [];
  return redirects.items.flatMap((item) => {
    if (item.kind !== 'object') return [];
    const source = member(item, 'source')?.value;
    if (source?.kind !== 'string') return [];
    const destination = member(item, 'destination')?.value;
    const permanent = member(item, 'permanent')?.value;
    const redirect = redirectSource(source.value, permanent?.kind !== 'boolean' || permanent.value);
    redirect.span = source.span;
    if (destination?.kind === 'string') redirect.destination = destination.value;
    return [redirect];
  });
}

export function redirectSource(source: string, permanent = true): RedirectSource {
  const path = redirectPath(source);
  return { source, path, permanent, matches: sourceMatcher(path) };
}

/**
 * A source as the URL path links are resolved to (check-links.ts `resolveLink`): slashes at either end dropped, each
 * segment percent-decoded, and a last `index` segment dropped (`/guides/index` is `/guides`, as a page file
 * `guides/index.mdx` is). Wildcards and parameters are kept as written.
 */
export function redirectPath(source: string): string {
  const segments = source
    .trim()
    .replace(/^\/+|\/+$/g, '')
    .split('/')
    .filter((segment) => segment !== '')
    .map(decodeSegment);
  if (segments.at(-1) === 'index') segments.pop();
  return segments.join('/');
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * Whether any of `redirects` matches a URL path, as `some((r) => r.matches(url))` says, with the URL split once and
 * the sources that have no parameter or wildcard looked up in a set: crewAI's docs ask their 45 sources (21 with a
 * wildcard) of each link that is not a page, 0.6 s of CPU when each source split the URL again.
 */
export function anyRedirectMatches(redirects: readonly RedirectSource[]): (url: string) => boolean {
  const exact = new Set<string>();
  const patterns: SourcePart[][] = [];
  for (const redirect of redirects) {
    const parts = sourceParts(redirect.path);
    if (parts.every((part) => typeof part === 'string')) exact.add(redirect.path);
    else patterns.push(parts);
  }
  return (url) => {
    if (exact.has(url)) return true;
    if (patterns.length === 0) return false;
    const segments = urlSegments(url);
    return patterns.some((parts) => partsMatch(parts, segments));
  };
}

/** A source's segment: itself, any one segment (`:name`), or the rest of the path, nothing included (`:name*`, `*`). */
type SourcePart = string | typeof ONE_SEGMENT | typeof REST;
const ONE_SEGMENT = Symbol('one segment');
const REST = Symbol('rest');

function sourceParts(path: string): SourcePart[] {
  return urlSegments(path).map((part) => (part === '*' || /^:\w+\*$/.test(part) ? REST : part.startsWith(':') ? ONE_SEGMENT : part));
}

function urlSegments(url: string): string[] {
  return url === '' ? [] : url.split('/');
}

function sourceMatcher(path: string): (url: string) => boolean {
  const parts = sourceParts(path);
  return (url) => partsMatch(parts, urlSegments(url));
}

function partsMatch(parts: readonly SourcePart[], segments: readonly string[]): boolean {
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] as SourcePart;
    if (part === REST) return true;
    const segment = segments[i];
    if (segment === undefined || (part !== ONE_SEGMENT && part !== segment)) return false;
  }
  return segments.length === parts.length;
}
