// How a user's name for an OpenAPI document becomes the key it is loaded
// under. Real repositories write the same spec as `openapi.json`,
// `/openapi.json`, `./openapi.json` or `openapi` (no extension); all resolve
// to one key. URLs are kept as written.

import type { ProjectHost } from '../host/project-host.js';

const SPEC_EXTENSIONS = ['.json', '.yaml', '.yml'];

export function isUrl(source: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(source);
}

/** The document key for a source as written; undefined when a path leaves the docs root. */
export function specKey(source: string, host: ProjectHost): string | undefined {
  const trimmed = source.trim();
  if (isUrl(trimmed)) return trimmed;
  const normalized = host.normalize(trimmed.replace(/^\/+/, ''));
  if (normalized === undefined || normalized === '') return undefined;
  if (host.isFile(normalized)) return normalized;
  for (const ext of SPEC_EXTENSIONS) if (host.isFile(normalized + ext)) return normalized + ext;
  return normalized;
}
