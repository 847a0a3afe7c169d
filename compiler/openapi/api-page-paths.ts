// Where generated API pages live (REFERENCE.md, "Generated API pages"):
// `<directory>/<slug of first tag>/<slug of summary>`, or, without a summary,
// `<method>-<slug of path without {params}>` (a webhook: the slug of its
// name); untagged pages sit directly under the directory. Two pages that land
// on one path are told apart with `-1`, `-2`, … in the order given, and the
// renamed ones say so, for the caller to report.

import type { OpenApiDocument, OperationInfo, WebhookInfo } from './openapi-document.js';

export interface ApiPageEntry {
  document: OpenApiDocument;
  item: OperationInfo | WebhookInfo;
}

export interface ApiPagePath {
  /** Project-relative page path, without extension. */
  path: string;
  entry: ApiPageEntry;
  /** Set when the page was renamed: the path an earlier entry already took. */
  renamedFrom?: string;
}

/**
 * A path segment: lowercase NFC; whitespace, `/`, `_` and `{…}` become `-`;
 * other punctuation and symbols go; runs of `-` collapse and are trimmed.
 * Letters and digits of every script stay. May be empty.
 */
export function slugSegment(text: string): string {
  return text
    .normalize('NFC')
    .toLowerCase()
    .replace(/\{[^}]*\}/g, '-')
    .replace(/[\s/_]+/gu, '-')
    .replace(/[^\p{L}\p{M}\p{N}-]+/gu, '')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
}

/** The last segment of a generated page's path; never empty. */
export function apiPageSlug(item: OperationInfo | WebhookInfo): string {
  const fromSummary = item.summary === undefined ? '' : slugSegment(item.summary);
  if (fromSummary !== '') return fromSummary;
  if ('path' in item) return slugSegment(`${item.method} ${item.path.replace(/\{[^}]*\}/g, '')}`);
  return slugSegment(item.name) || item.method;
}

export function assignApiPagePaths(entries: readonly ApiPageEntry[], directory: string): ApiPagePath[] {
  const base = directory.replace(/^\/+|\/+$/g, '');
  const wanted = entries.map((entry) => joinPath(base, tagFolder(entry.item), apiPageSlug(entry.item)));
  const taken = new Set(wanted);
  const firstTaken = new Set<string>();
  return entries.map((entry, index) => {
    const path = wanted[index] as string;
    if (!firstTaken.has(path)) {
      firstTaken.add(path);
      return { path, entry };
    }
    const renamed = nextFreePath(path, taken);
    taken.add(renamed);
    return { path: renamed, entry, renamedFrom: path };
  });
}

/** The slug of the first tag; `''` for untagged pages (and tags with nothing to slug). */
function tagFolder(item: OperationInfo | WebhookInfo): string {
  const tag = item.tags[0];
  return tag === undefined ? '' : slugSegment(tag);
}

function joinPath(...segments: string[]): string {
  return segments.filter((s) => s !== '').join('/');
}

/** `path-1`, `path-2`, …: the first that no page has, also not one named so from the start. */
function nextFreePath(path: string, taken: ReadonlySet<string>): string {
  for (let n = 1; ; n++) {
    const candidate = `${path}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}
