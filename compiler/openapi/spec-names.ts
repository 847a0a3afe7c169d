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

/** `besideFile`: a name leaving the docs root, found from the folder of the file naming it (`besideNamingFile`). */
export type SpecName = { key: string; besideFile?: true } | { outside: true } | { ambiguous: string[] };

/** `from`: the project-relative file that names the spec (docs.json, a `$ref` part, a page). */
export function resolveSpecName(source: string, host: ProjectHost, from: string): SpecName {
  const trimmed = source.trim();
  if (isUrl(trimmed)) return { key: trimmed };
  const normalized = host.normalize(trimmed.replace(/^\/+/, ''));
  if (normalized === undefined || normalized === '') return besideNamingFile(trimmed, host, from) ?? { outside: true };
  const file = specFile(normalized, host);
  if (file !== undefined) return { key: file };
  if (!normalized.includes('/')) {
    // In listing order (sorted), as a filter of the listing would give them.
    const found = [normalized, ...SPEC_EXTENSIONS.map((ext) => normalized + ext)].flatMap((name) => host.filesNamed(name)).sort();
    const nearest = nearestTo(from, found);
    if (nearest.length === 1) return { key: nearest[0] as string };
    if (nearest.length > 1) return { ambiguous: nearest };
  }
  return { key: normalized };
}

/**
 * `../analytics-api.json` written on `api/endpoints/default/x.mdx`: a name that leaves the docs root when read from it,
 * but names a file inside it when read from the naming file's folder (Sequence's docs write 212 such pages). Mintlify
 * compares the name as written with its documents' paths, so it finds none there: load-documents.ts warns.
 */
function besideNamingFile(name: string, host: ProjectHost, from: string): SpecName | undefined {
  const folder = from.slice(0, from.lastIndexOf('/') + 1);
  if (!name.startsWith('../') || folder === '') return undefined;
  const path = host.normalize(folder + name);
  if (path === undefined || path === '') return undefined;
  const file = specFile(path, host);
  return file === undefined ? undefined : { key: file, besideFile: true };
}

/** The file `path` names, as written or with an extension left out (`.json`, `.yaml`, `.yml`, in that order). */
function specFile(path: string, host: ProjectHost): string | undefined {
  return [path, ...SPEC_EXTENSIONS.map((ext) => path + ext)].find((candidate) => host.isFile(candidate));
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
