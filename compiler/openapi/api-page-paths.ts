// Where generated API pages live: where Mintlify publishes them, character for
// character (REFERENCE.md, "Generated API pages"; Mintlify's scraper,
// `@mintlify/scraping` `processOpenApiPath`/`processOpenApiWebhook`, and
// `@mintlify/common` `prepareStringToBeValidFilename` and
// `generateUniqueFilenameWithoutExtension`). A page is
// `<directory>/<slug of its first tag>/<slug of its summary>`, or, without a
// summary, `<method>-<slug of its path>` (a webhook: the slug of its name);
// untagged pages sit directly under the directory. An `x-mint.href` that
// publishes the page (the caller decides when it does) replaces all of that:
// its folder and name, extension dropped. The whole path is lowercased.
// Mintlify numbers duplicates `-1`, `-2`, … only among the listed pages of one
// navigation group of one element's generated pages, and publishes the last
// of the pages still on one path over the others. docsc does the same, and
// keeps the others too: each at the next free suffix, in order — also a page
// whose path differs only by case, as macOS and Windows see it — saying so
// for the caller to report.
// Safety rules of docsc's own, which ordinary input never meets: characters
// that cannot stand in a URL path are left out (`?`, `#`, `\`, control
// characters), Windows' reserved names get `_`, a segment is cut at 250 UTF-8
// bytes. `docsc openapi-file` writes the same paths the build publishes.

import { posix } from 'node:path';
import type { OpenApiDocument, OperationInfo, WebhookInfo } from './openapi-document.js';

export interface ApiPageEntry {
  document: OpenApiDocument;
  item: OperationInfo | WebhookInfo;
  /** The folder of generated pages (`openapi.directory`), `/`-trimmed; `''` for the root. */
  directory: string;
  /**
   * The same value for the pages generated together for one element's `openapi`
   * (Mintlify numbers their duplicates per navigation group); undefined for an
   * entry listed by itself, which Mintlify never numbers.
   */
  batch?: object;
  /** `x-mint.href` (`/`-rooted) when the page is published at it rather than linked to. */
  href?: string;
}

export interface ApiPagePath {
  /** Project-relative page path, without extension. */
  path: string;
  entry: ApiPageEntry;
  /** Set when the page was renamed: the path a later entry keeps. */
  renamedFrom?: string;
}

/**
 * Mintlify's `prepareStringToBeValidFilename`, step for step: spaces → `-`;
 * each `{…}` → `-`; one leading and one trailing `-` dropped; `{ } ( ) , . '
 * /` and newlines removed; `--` → `-` in one pass; lowercase. Everything else
 * stays (`eth_chainId` → `eth_chainid`, `Get user: by id` → `get-user:-by-id`).
 */
export function mintlifySlug(text: string): string {
  return text
    .replaceAll(' ', '-')
    .replace(/\{.*?\}/g, '-')
    .replace(/^-/, '')
    .replace(/-$/, '')
    .replace(/[{}(),.'\n/]/g, '')
    .replaceAll('--', '-')
    .toLowerCase();
}

/** The last segment of a generated page's path: Mintlify's title slug (may be empty: the page then sits at its folder's path). */
function apiPageSlug(item: OperationInfo | WebhookInfo): string {
  // Mintlify tests the summary for truth: an empty summary counts as none, one that slugs to nothing does not.
  if (item.summary) return mintlifySlug(item.summary);
  return 'path' in item ? `${item.method}-${mintlifySlug(item.path)}` : mintlifySlug(item.name);
}

/**
 * Where Mintlify publishes a page for `x-mint.href` (site-rooted): the href's
 * folder and name, its extension dropped, lowercased; undefined when that is no
 * page path (empty, leaving the root, or with a query or fragment), which
 * docsc then treats as a link.
 */
export function hrefPagePath(href: string): string | undefined {
  if (!href.startsWith('/') || /[?#]/.test(href)) return undefined;
  const path = hrefBase(href);
  if (path === '.' || path === '' || path === '..' || path.startsWith('../')) return undefined;
  return path.toLowerCase();
}

/** The path Mintlify gives an entry before numbering: its directory, tag folder and slug, or its `href`'s folder and name. */
function mintlifyBase(entry: ApiPageEntry): string {
  if (entry.href !== undefined) return hrefBase(entry.href);
  const tag = entry.item.tags[0];
  return posix.join(entry.directory, tag ? mintlifySlug(tag) : '', apiPageSlug(entry.item));
}

/** Mintlify's reading of an href: one leading `/` dropped, then `posix.parse`'s folder and name, joined (and normalised) by `posix.join`. */
function hrefBase(href: string): string {
  const parsed = posix.parse(href.replace(/^\//, ''));
  return posix.join('', parsed.dir, parsed.name);
}

/** Windows refuses these as file names, with any extension and in any case. */
const RESERVED_NAMES = /^(?:con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])$/;
/** File systems hold names of up to 255 bytes; room is left for `.mdx` and `.html`. */
const MAX_SEGMENT_BYTES = 250;

/**
 * A path segment made safe as a file or folder name and in a URL: characters a
 * URL path cannot hold left out, cut at the byte cap (at a code point, trailing
 * `-` dropped), and, when Windows reserves it, suffixed with `_`.
 */
export function safeSegment(segment: string): string {
  let out = '';
  let bytes = 0;
  for (const char of segment.replace(/[?#\\\u0000-\u001F\u007F]/g, '')) {
    bytes += utf8Length(char.codePointAt(0) as number);
    if (bytes > MAX_SEGMENT_BYTES) {
      out = out.replace(/-+$/, '');
      break;
    }
    out += char;
  }
  return RESERVED_NAMES.test(out) ? `${out}_` : out;
}

function utf8Length(codePoint: number): number {
  return codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;
}

function safePath(path: string): string {
  return (
    path
      .split('/')
      .map(safeSegment)
      // `posix.join` of nothing but empty parts is `.`.
      .filter((s) => s !== '' && s !== '.')
      .join('/')
  );
}

export function assignApiPagePaths(entries: readonly ApiPageEntry[]): ApiPagePath[] {
  // A path that is nothing once made safe (an untagged page whose summary slugs to nothing, at the root) takes its method.
  const wanted = numberAsMintlify(entries).map((path, i) => safePath(path) || (entries[i] as ApiPageEntry).item.method);
  const taken = new Set(wanted.map(pathKey));
  // The last page wanting a path keeps it: Mintlify publishes the last over the others.
  const keeper = new Map<string, number>();
  for (const [index, path] of wanted.entries()) keeper.set(pathKey(path), index);
  // Per wanted path, the suffix to try next: thousands of pages on one path (Microsoft Graph's `$count`
  // operations) would otherwise try `-1`, `-2`, … again for each, quadratic in their number.
  const nextSuffix = new Map<string, number>();
  return entries.map((entry, index) => {
    const path = wanted[index] as string;
    const key = pathKey(path);
    if (keeper.get(key) === index) return { path, entry };
    const [renamed, n] = nextFreePath(path, nextSuffix.get(key) ?? 1, taken);
    nextSuffix.set(key, n + 1);
    taken.add(pathKey(renamed));
    return { path: renamed, entry, renamedFrom: path };
  });
}

/**
 * Mintlify's paths: within a batch, a listed (not `x-hidden`) page takes
 * `base`, `base-1`, `base-2`, … — the first its navigation group (the first
 * tag's `x-group`, else its name) has not listed yet; a hidden page is numbered
 * the same way but listed in no group. Then the whole path is lowercased.
 */
function numberAsMintlify(entries: readonly ApiPageEntry[]): string[] {
  const bases = entries.map(mintlifyBase);
  const paths = bases.map((base) => base.toLowerCase());
  const batches = new Map<object, number[]>();
  entries.forEach((entry, i) => {
    if (entry.batch !== undefined) batches.set(entry.batch, [...(batches.get(entry.batch) ?? []), i]);
  });
  for (const indices of batches.values()) {
    // Groups only split what one list would number: they are read (a tag's `x-group` parses a remembered
    // document) only when a batch has something to number.
    const numbered = numberBatch(indices, () => '', entries, bases, paths);
    if (numbered) numberBatch(indices, (i) => groupName(entries[i] as ApiPageEntry), entries, bases, paths);
  }
  return paths;
}

/** Numbers one batch's pages into `paths`; whether any was numbered. */
function numberBatch(
  indices: readonly number[],
  group: (index: number) => string,
  entries: readonly ApiPageEntry[],
  bases: readonly string[],
  paths: string[],
): boolean {
  const listed = new Map<string, string[]>();
  let numbered = false;
  for (const i of indices) {
    const base = bases[i] as string;
    const key = group(i);
    const pages = listed.get(key) ?? [];
    listed.set(key, pages);
    // As Mintlify compares: the candidate as it is against the lowercased names listed.
    let name = base;
    for (let n = 1; pages.includes(name); n++) name = `${base}-${n}`;
    numbered ||= name !== base;
    if (!(entries[i] as ApiPageEntry).item.hidden) pages.push(name.toLowerCase());
    paths[i] = name.toLowerCase();
  }
  return numbered;
}

/** Mintlify's navigation group of a generated page (`getTagDisplayName`): its first tag's `x-group`, else the tag; untagged: `API Reference`. */
function groupName(entry: ApiPageEntry): string {
  const tag = entry.item.tags[0];
  if (!tag) return 'API Reference';
  const tags = entry.document.value.tags;
  const definition = Array.isArray(tags) ? tags.find((t) => typeof t === 'object' && t !== null && t.name === tag) : undefined;
  const group = definition?.['x-group'];
  return typeof group === 'string' ? group : tag;
}

/**
 * What a case-insensitive file system compares: two paths with one key are
 * one file on macOS and Windows. Upper-casing first also folds `ſ` and `ß`.
 */
function pathKey(path: string): string {
  return path.toUpperCase().toLowerCase().normalize('NFC');
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
