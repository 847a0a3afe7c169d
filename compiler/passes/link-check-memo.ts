// Link checking reads every page's links against the whole site index: about
// 0.2 s on 11,000 pages, 45 ms on 1,000 — most of a one-page edit's front end
// when nothing else is recomputed. What each page's links gave is remembered
// with what that depended on (check.ts asks here), and a build checks again
// only the pages whose text changed, as long as nothing the site index takes
// from a page changed with it.
//
// A page's link diagnostics are a function of its text (its content hash,
// the snapshot's identity; its path is the record's key) and of the site
// index, which is made of: the pages' paths, and which are snippets (in
// `snippets/`, or imported by another file: not a fact of the page's own
// text); what it takes from each page — whether its `openapi:` names an operation
// (its anchors are then the renderer's), whether it publishes an RSS feed,
// and its heading, element and component ids; the API pages' URLs; the
// repository's files; the redirects' sources; the links leading outside the
// root; the folders' pages (which follow the navigation's order); and the
// base path. The record keeps, for the last run, the key of the inputs that
// are not pages', and per page its identity, a hash of what the index takes
// from it, and its diagnostics. A run with the same inputs key and the same
// pages in the same order reuses the diagnostics of every page whose
// identity is the same; the others are read, and when one's index facts
// differ from the record's (a heading added or renamed), every page is
// checked again, since another page's link to it may now resolve or break.
// Otherwise only they are. A summary's headings and ids are parsed on first
// use (compile-pages.ts): a run that reuses every page parses none. The
// record is the last run's only; the diagnostics of every state seen are
// also remembered whole under a key of all the inputs, so that an edit
// undone, or a branch checked out again, checks nothing.

import { plainKey, sha256 } from '../cache/value-key.js';
import type { RedirectSource } from '../config/read-redirects.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { DerivedMemo } from '../host/derived-memo.js';
import type { ApiPage } from '../ir/api-pages.js';
import { isSnippetSummary } from '../ir/page-urls.js';
import type { SiteIndex } from '../ir/site-index.js';
import type { PageSummary } from '../pages/summarize-page.js';
import { checkLinksByPage } from './check-links.js';

/** Bumped when what `checkLinks` reports, or how, changes for the same inputs (or the record's shape). */
const LINK_CHECK_FORMAT = 6;

/** The memo's key of the record: one per cache, one repository per cache folder being the norm. */
const RECORD_KEY = 'links-by-page';

/** What the last run's link check read and gave, page by page (see the top of this file). */
interface LinkCheckRecord {
  /** `inputsKey`: everything but the pages' texts. */
  inputs: string;
  /** Per page, in the summaries' order: its path, identity, the hash of its index facts, and its diagnostics. */
  pages: [path: string, identity: string, facts: string, diagnostics: Diagnostic[]][];
}

/** What the site index takes from pages other than their texts: the API pages' URLs, files, redirects, links outside, folders. */
export interface LinkCheckInputs {
  apiPages: readonly ApiPage[];
  files: readonly string[];
  redirects: readonly RedirectSource[];
  linksOutside: readonly string[];
  basePath: string;
}

/**
 * The pages' link diagnostics, and the pages whose links were checked in this run (the others' were remembered).
 * Without a memo or the pages' identities, every page is checked and nothing is remembered.
 */
export function rememberedLinkCheck(
  summaries: readonly PageSummary[],
  site: SiteIndex,
  inputs: LinkCheckInputs,
  memo: DerivedMemo | undefined,
  identities: ReadonlyMap<string, string> | undefined,
): { diagnostics: Diagnostic[]; checked: string[] } {
  if (memo === undefined || identities === undefined) {
    return { diagnostics: checkLinksByPage(summaries, site, inputs.basePath).flat(), checked: summaries.map((s) => s.path) };
  }
  const key = inputsKey(summaries, site, inputs);
  // A state seen before (an edit undone, a branch checked out again) is remembered whole.
  const whole = wholeKey(key, summaries, identities);
  const remembered = whole === undefined ? undefined : memo.get<Diagnostic[]>(whole);
  if (remembered !== undefined) return { diagnostics: remembered, checked: [] };
  const record = memo.get<LinkCheckRecord>(RECORD_KEY);
  const again = record?.inputs === key ? pagesToCheck(summaries, identities, record) : undefined;
  const toCheck = again ?? summaries.map((_, n) => n);
  const found = checkLinksByPage(
    toCheck.map((n) => summaries[n] as PageSummary),
    site,
    inputs.basePath,
  );
  const checked = new Map(toCheck.map((n, k) => [n, found[k] as Diagnostic[]]));
  const pages: LinkCheckRecord['pages'] = summaries.map((summary, n) => {
    const identity = identities.get(summary.path) ?? '';
    const fresh = checked.get(n);
    const kept = record?.pages[n] as LinkCheckRecord['pages'][number];
    return fresh === undefined ? kept : [summary.path, identity, indexFacts(summary), fresh];
  });
  if (toCheck.length > 0) memo.put(RECORD_KEY, { inputs: key, pages } satisfies LinkCheckRecord);
  const diagnostics = pages.flatMap((page) => page[3]);
  if (whole !== undefined) memo.put(whole, diagnostics);
  return { diagnostics, checked: toCheck.map((n) => (summaries[n] as PageSummary).path) };
}

/** The key of every input at once (`inputs`: `inputsKey`'s), pages' identities included; undefined when a page's identity is unknown. */
function wholeKey(inputs: string, summaries: readonly PageSummary[], identities: ReadonlyMap<string, string>): string | undefined {
  const pages: string[] = [];
  for (const summary of summaries) {
    const identity = identities.get(summary.path);
    if (identity === undefined || identity.startsWith('unreadable:')) return undefined;
    pages.push(identity);
  }
  return `links\0${plainKey(inputs, pages)}`;
}

/**
 * The pages (by their place in `summaries`) whose links must be checked again given the record of the last run with
 * the same inputs key; undefined when every page must be: the pages are not the same, or one whose text changed
 * changed what the site index takes from it.
 */
function pagesToCheck(summaries: readonly PageSummary[], identities: ReadonlyMap<string, string>, record: LinkCheckRecord): number[] | undefined {
  if (record.pages.length !== summaries.length) return undefined;
  const again: number[] = [];
  for (const [n, summary] of summaries.entries()) {
    const [path, identity, facts] = record.pages[n] as LinkCheckRecord['pages'][number];
    if (path !== summary.path) return undefined;
    const now = identities.get(summary.path);
    if (now !== undefined && !now.startsWith('unreadable:') && now === identity) continue;
    if (indexFacts(summary) !== facts) return undefined;
    again.push(n);
  }
  return again;
}

/** The inputs of the site index that are not the pages' texts, and the pages' paths in order, snippets marked. */
function inputsKey(summaries: readonly PageSummary[], site: SiteIndex, inputs: LinkCheckInputs): string {
  const apiUrls = inputs.apiPages.flatMap((page) => (page.url === undefined ? [] : [page.url]));
  return plainKey(
    LINK_CHECK_FORMAT,
    // Which pages are snippets is the project's to decide (a page another imports is one): not in a page's text.
    summaries.map((summary) => (isSnippetSummary(summary) ? `${summary.path}\0snippet` : summary.path)),
    apiUrls,
    inputs.files,
    inputs.redirects.map((r) => r.source),
    inputs.linksOutside,
    [...site.folders],
    [...site.unloadedApi],
    inputs.basePath,
  );
}

/** What build-site-index.ts takes from a page, hashed: what other pages' links are checked against. */
function indexFacts(summary: PageSummary): string {
  if (isSnippetSummary(summary)) return 'snippet';
  const openapi = summary.frontmatter.openapi;
  const operation = openapi !== undefined && openapi.reference.kind !== 'invalid';
  const ids = [summary.headings.map((h) => h.id), summary.elementIds, summary.componentIds];
  return sha256(JSON.stringify([operation, summary.frontmatter.rss === true, ids])).slice(0, 32);
}
