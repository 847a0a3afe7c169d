// How a user's name for an OpenAPI document becomes the key it is loaded
// under. Real repositories write the same spec as `openapi.json`,
// `/openapi.json`, `./openapi.json` or `openapi` (no extension), and name a
// spec kept in a folder by its file name alone (`v2-openapi` for
// `api-reference/v2-openapi.json`); all resolve to one key. When several
// files have that name (translated copies per language: `es/api-reference/…`),
// the one nearest the file that names it wins — most shared folders, then the
// shallowest; a true tie is ambiguous and reported. URLs are kept as written.

import type { ProjectHost } from '../host/project-host.js';

const SPEC_EXTENSIONS = ['.json', '.yaml', '.yml'];

export function isUrl(source: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(source);
}

/** The only URLs docsc fetches or links out to. */
export function isHttpUrl(url: URL): boolean {
  return url.protocol === 'http:' || url.protocol === 'https:';
}

export type SpecName = { key: string } | { outside: true } | { ambiguous: string[] };

/** `from`: the project-relative file that names the spec (docs.json, a `$ref` part, a page). */
export function resolveSpecName(source: string, host: ProjectHost, from: string): SpecName {
  const trimmed = source.trim();
  if (isUrl(trimmed)) return { key: trimmed };
  const normalized = host.normalize(trimmed.replace(/^\/+/, ''));
  if (normalized === undefined || normalized === '') return { outside: true };
  for (const candidate of [normalized, ...SPEC_EXTENSIONS.map((ext) => normalized + ext)]) if (host.isFile(candidate)) return { key: candidate };
  if (!normalized.includes('/')) {
    // In listing order (sorted), as a filter of the listing would give them.
    const found = [normalized, ...SPEC_EXTENSIONS.map((ext) => normalized + ext)].flatMap((name) => host.filesNamed(name)).sort();
    const nearest = nearestTo(from, found);
    if (nearest.length === 1) return { key: nearest[0] as string };
    if (nearest.length > 1) return { ambiguous: nearest };
  }
  return { key: normalized };
}

/** The candidates sharing the most leading folders with `from`, then the shallowest of those. */
function nearestTo(from: string, candidates: string[]): string[] {
  const folders = (path: string) => path.split('/').slice(0, -1);
  const base = folders(from);
  const shared = (path: string) => {
    const dirs = folders(path);
    let n = 0;
    while (n < dirs.length && n < base.length && dirs[n] === base[n]) n++;
    return n;
  };
  const best = Math.max(...candidates.map(shared));
  const closest = candidates.filter((c) => shared(c) === best);
  const depth = Math.min(...closest.map((c) => folders(c).length));
  return closest.filter((c) => folders(c).length === depth);
}

/** The document key for a source as written; undefined when it leaves the root or is ambiguous (reported when collected). */
export function specKey(source: string, host: ProjectHost, from: string): string | undefined {
  const name = resolveSpecName(source, host, from);
  return 'key' in name ? name.key : undefined;
}
