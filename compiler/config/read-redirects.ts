// docs.json `redirects`: `{source, destination, permanent?}` entries whose
// sources may end in a wildcard (`/blog/:slug*`, `/docs/*`) or hold named
// segments (`/users/:id`). Link checking counts a redirected URL as a target;
// the build (issue 3) writes the redirect pages.

import { type JsonNode, member } from '../syntax/json-tree.js';

export interface RedirectSource {
  /** The source as written. */
  source: string;
  /** The destination as written, when it is a string. */
  destination?: string;
  /** `permanent: false` answers 307; else 308. */
  permanent: boolean;
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
    if (destination?.kind === 'string') redirect.destination = destination.value;
    return [redirect];
  });
}

export function redirectSource(source: string, permanent = true): RedirectSource {
  return { source, permanent, matches: sourceMatcher(source) };
}

/** `:name` matches one segment; `:name*` and `*` match the rest of the path, including nothing. */
function sourceMatcher(source: string): (url: string) => boolean {
  const pattern = source.replace(/^\/+|\/+$/g, '').split('/');
  return (url) => {
    const segments = url === '' ? [] : url.split('/');
    for (let i = 0; i < pattern.length; i++) {
      const part = pattern[i] as string;
      if (part === '*' || /^:\w+\*$/.test(part)) return true;
      const segment = segments[i];
      if (segment === undefined || (!part.startsWith(':') && part !== segment)) return false;
    }
    return segments.length === pattern.length || (pattern.length === 1 && pattern[0] === '' && segments.length === 0);
  };
}
