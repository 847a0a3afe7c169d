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

/** `:name` matches one segment; `:name*` and `*` match the rest of the path, including nothing. */
function sourceMatcher(path: string): (url: string) => boolean {
  const pattern = path === '' ? [] : path.split('/');
  return (url) => {
    const segments = url === '' ? [] : url.split('/');
    for (let i = 0; i < pattern.length; i++) {
      const part = pattern[i] as string;
      if (part === '*' || /^:\w+\*$/.test(part)) return true;
      const segment = segments[i];
      if (segment === undefined || (!part.startsWith(':') && part !== segment)) return false;
    }
    return segments.length === pattern.length;
  };
}
