// Where generated API pages live (REFERENCE.md, "Generated API pages"):
// `<directory>/<slug of first tag>/<slug of summary>`, or, without a summary,
// `<method>-<slug of path without {params}>` (a webhook: the slug of its
// name); untagged pages sit directly under the directory. Every segment is
// safe as a file name on every system (no separators or dots, Windows
// reserved names such as `con` suffixed with `_`, at most 100 characters and
// 200 UTF-8 bytes). Two pages that land on one path — also when the paths
// differ only by case, as macOS and Windows see them — are told apart with
// `-1`, `-2`, … in the order given, and the renamed ones say so, for the
// caller to report. `docsc openapi-file` writes the same paths the build
// publishes.

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

/** Windows refuses these as file names, with any extension and in any case. */
const RESERVED_NAMES = /^(?:con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])$/;
const MAX_SEGMENT_CHARS = 100;
const MAX_SEGMENT_BYTES = 200;

/**
 * A slug made safe as a file or folder name: cut to the length caps (at a
 * code point, trailing `-` dropped) and, when Windows reserves it, suffixed
 * with `_` (which no slug otherwise holds, so the result is never taken).
 */
export function safeSegment(slug: string): string {
  let out = '';
  let bytes = 0;
  let chars = 0;
  for (const char of slug) {
    bytes += utf8Length(char.codePointAt(0) as number);
    chars += 1;
    if (chars > MAX_SEGMENT_CHARS || bytes > MAX_SEGMENT_BYTES) break;
    out += char;
  }
  out = out.replace(/-+$/, '');
  return RESERVED_NAMES.test(out) ? `${out}_` : out;
}

function utf8Length(codePoint: number): number {
  return codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;
}

export function assignApiPagePaths(entries: readonly ApiPageEntry[], directory: string): ApiPagePath[] {
  const base = directory.replace(/^\/+|\/+$/g, '');
  const wanted = entries.map((entry) => joinPath(base, tagFolder(entry.item), safeSegment(apiPageSlug(entry.item))));
  const taken = new Set(wanted.map(pathKey));
  const firstTaken = new Set<string>();
  // Per wanted path, the suffix to try next: thousands of pages on one path (Microsoft Graph's `$count`
  // operations) would otherwise try `-1`, `-2`, … again for each, quadratic in their number.
  const nextSuffix = new Map<string, number>();
  return entries.map((entry, index) => {
    const path = wanted[index] as string;
    const key = pathKey(path);
    if (!firstTaken.has(key)) {
      firstTaken.add(key);
      return { path, entry };
    }
    const [renamed, n] = nextFreePath(path, nextSuffix.get(key) ?? 1, taken);
    nextSuffix.set(key, n + 1);
    taken.add(pathKey(renamed));
    return { path: renamed, entry, renamedFrom: path };
  });
}

/**
 * What a case-insensitive file system compares: two paths with one key are
 * one file on macOS and Windows. Upper-casing first also folds `ſ` and `ß`.
 */
function pathKey(path: string): string {
  return path.toUpperCase().toLowerCase().normalize('NFC');
}

/** The slug of the first tag; `''` for untagged pages (and tags with nothing to slug). */
function tagFolder(item: OperationInfo | WebhookInfo): string {
  const tag = item.tags[0];
  return tag === undefined ? '' : safeSegment(slugSegment(tag));
}

function joinPath(...segments: string[]): string {
  return segments.filter((s) => s !== '').join('/');
}

/**
 * `path-<from>`, `path-<from + 1>`, …: the first that no page has, also not one
 * named so from the start (keys of `pathKey`), and its suffix. Suffixes below
 * `from` are taken already: `taken` only grows.
 */
function nextFreePath(path: string, from: number, taken: ReadonlySet<string>): [string, number] {
  for (let n = from; ; n++) {
    const candidate = `${path}-${n}`;
    if (!taken.has(pathKey(candidate))) return [candidate, n];
  }
}
