// Which pages an earlier build already laid out. A page's layout key is what
// its output file is made of: the layout's key for its document and its place
// in the navigation (PageLayout.pageKey), its body's identity (the body's
// cache key, with its `openapi:` reference's operation slice key, or an API
// page's operation slice key) and the build's salt (docsc's own
// identity, Node's, the site URL and the dev server's injected script), and
// whether the page is hidden. The output manifest records it beside the
// file's hash, with its search record's key and the snippet files the body
// read (write-output.ts); a build keeps the file when the key is the same and
// those snippets are unchanged, and takes the recorded search key as the
// page's. So a navigation edit lays out only the pages whose navigation
// changed and reads no body, and a no-op layout costs a hash per page; a page
// laid out again whose search record key is the recorded one (`readRecord`)
// keeps its search entry too.
//
// What a page's body or reference reported is recorded with it, and a kept
// page replays it, as a cache hit replays its value's diagnostics (on
// mintlify/docs, the 20 pages with an unknown component had been laid out
// again by every build). Pages carrying a playground or schema from their
// frontmatter (`api:`, `openapi-schema:`) get no key: what they show is read
// from the OpenAPI documents, not from a keyed value.

import { contentHash, plainKey } from '../cache/value-key.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { SearchRecord } from '../site/search-index.js';

/** Snippet files a body read, with the hash of what was read. */
export type Dependencies = readonly (readonly [string, string])[];

/** What a page's body and reference reported, and whether its body failed (it shows an error block). */
export interface Reported {
  failed: boolean;
  diagnostics: readonly Diagnostic[];
}

/**
 * `pageKey`: PageLayout.pageKey's text (not hashed: one hash a page, not two).
 * `hidden`: the plan's flag, which the layout does not read but search and the
 * sitemap do (the recorded search key stands for it).
 */
export function layoutKey(salt: string, pageKey: string, bodyIdentity: string, hidden: boolean): string {
  return contentHash(`${salt}\0${bodyIdentity}\0${hidden}\0${pageKey}`);
}

/**
 * The manifest's record of a page: its layout key, its search record's key
 * (null for a page search does not list), the utility classes its body
 * writes (space-separated: the site's utility stylesheet is made from every
 * page's, kept pages' included), whether it has a Mermaid diagram (1 or 0:
 * the site ships mermaid when a page has one), what it reported (0 for
 * nothing, else `[failed (1 or 0), ...diagnostics]`) and its body's dependencies. The
 * search record is made of a subset of what the layout key is (URL, title,
 * section, scope, boost, body identity, salt), so a kept page's record key is the
 * recorded one: it is not computed again.
 */
export function recordedKey(
  key: string,
  searchKey: string | undefined,
  body: { classes?: readonly string[]; diagrams?: true },
  dependencies: Dependencies,
  reported: Reported,
): string {
  const said = reported.diagnostics.length === 0 ? 0 : [reported.failed ? 1 : 0, ...reported.diagnostics];
  return JSON.stringify([key, searchKey ?? null, body.classes?.join(' ') ?? '', body.diagrams ? 1 : 0, said, ...dependencies]);
}

/** A page's record as an earlier build wrote it (`recordedKey`): its layout key, search record key, classes and dependencies. */
export interface RecordRead {
  key: unknown;
  /** The search record's key; null for a page search does not list. */
  searchKey: string | null;
  /** The body's classes, space-separated ('' for none). */
  classes: string;
  diagrams: boolean;
  reported: Reported;
  dependencies: unknown[];
}

/** The record an earlier build wrote for a page, read once; undefined when there is none or it is not one. */
export function readRecord(recorded: string | undefined): RecordRead | undefined {
  if (recorded === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(recorded);
  } catch {
    return undefined;
  }
  if (!Array.isArray(parsed) || (typeof parsed[1] !== 'string' && parsed[1] !== null) || typeof parsed[2] !== 'string') return undefined;
  if (parsed[3] !== 0 && parsed[3] !== 1) return undefined;
  const said: unknown = parsed[4];
  if (said !== 0 && !(Array.isArray(said) && (said[0] === 0 || said[0] === 1) && said.length > 1)) return undefined;
  const reported: Reported = said === 0 ? NOTHING_REPORTED : { failed: said[0] === 1, diagnostics: said.slice(1) as Diagnostic[] };
  return {
    key: parsed[0],
    searchKey: parsed[1] as string | null,
    classes: parsed[2],
    diagrams: parsed[3] === 1,
    reported,
    dependencies: parsed.slice(5),
  };
}

/** A page that reported nothing. */
export const NOTHING_REPORTED: Reported = { failed: false, diagnostics: [] };

/** A page's record, when it was made with `key` and each dependency still has its recorded hash; undefined otherwise. */
export function currentRecord(
  record: RecordRead | undefined,
  key: string,
  identities: ReadonlyMap<string, string>,
): { dependencies: Dependencies; searchKey: string | null; classes: string; diagrams: boolean; reported: Reported } | undefined {
  if (record === undefined || record.key !== key) return undefined;
  for (const entry of record.dependencies) {
    if (!Array.isArray(entry) || typeof entry[0] !== 'string' || identities.get(entry[0]) !== entry[1]) return undefined;
  }
  return {
    dependencies: record.dependencies as unknown as Dependencies,
    searchKey: record.searchKey,
    classes: record.classes,
    diagrams: record.diagrams,
    reported: record.reported,
  };
}

/**
 * The key of a page's search record, from what the record is made of: its
 * URL, title, section, scope and boost, and its body's identity (text and headings).
 * A navigation edit changes the records of the pages whose section changed only.
 */
export function searchRecordKey(
  salt: string,
  record: Omit<SearchRecord, 'text' | 'headings'>,
  bodyIdentity: string,
  dependencies: Dependencies,
): string {
  return plainKey(salt, record.url, record.title, record.section, record.scope ?? null, record.boost ?? null, bodyIdentity, dependencies);
}
