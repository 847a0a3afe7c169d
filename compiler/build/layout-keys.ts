// Which pages an earlier build already laid out. A page's layout key is what
// its output file is made of: the layout's key for its document and its place
// in the navigation (PageLayout.pageKey), its body's identity (the body's
// cache key, or its API operation slice's) and the build's salt (docsc's own
// identity, Node's, the site URL and the dev server's injected script). The output manifest records it beside the file's
// hash, with the snippet files the body read (write-output.ts); a build keeps
// the file when the key is the same and those snippets are unchanged. So a
// navigation edit lays out only the pages whose navigation changed and reads
// no body, and a no-op layout costs a hash per page.
//
// Pages whose body or reference reported a diagnostic get no key (a kept page
// could not replay it), nor do pages carrying an API reference or playground
// from their frontmatter (their reference is not part of the body's key).

import { contentHash, plainKey } from '../cache/value-key.js';
import type { SearchRecord } from '../site/search-index.js';

/** Snippet files a body read, with the hash of what was read. */
export type Dependencies = readonly (readonly [string, string])[];

/** `pageKey`: PageLayout.pageKey's text (not hashed: one hash a page, not two). */
export function layoutKey(salt: string, pageKey: string, bodyIdentity: string): string {
  return contentHash(`${salt}\0${bodyIdentity}\0${pageKey}`);
}

/** The manifest's record of a page: its layout key and its body's dependencies. */
export function recordedKey(key: string, dependencies: Dependencies): string {
  return JSON.stringify([key, ...dependencies]);
}

/** The dependencies of a page recorded under `key`, when each still has its recorded hash; undefined otherwise. */
export function currentRecord(recorded: string | undefined, key: string, identities: ReadonlyMap<string, string>): Dependencies | undefined {
  if (recorded === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(recorded);
  } catch {
    return undefined;
  }
  if (!Array.isArray(parsed) || parsed[0] !== key) return undefined;
  const dependencies = parsed.slice(1) as unknown[];
  for (const entry of dependencies) {
    if (!Array.isArray(entry) || typeof entry[0] !== 'string' || identities.get(entry[0]) !== entry[1]) return undefined;
  }
  return dependencies as unknown as Dependencies;
}

/**
 * The key of a page's search record, from what the record is made of: its
 * URL, title, section and scope, and its body's identity (text and headings).
 * A navigation edit changes the records of the pages whose section changed only.
 */
export function searchRecordKey(
  salt: string,
  record: Omit<SearchRecord, 'text' | 'headings'>,
  bodyIdentity: string,
  dependencies: Dependencies,
): string {
  return plainKey(salt, record.url, record.title, record.section, record.scope ?? null, bodyIdentity, dependencies);
}
