// Reads every page and snippet of the repository and summarizes them (in the
// worker pool for large sites). What the global passes need comes out of the
// summaries: the page index, the frontmatter OpenAPI references, whether a
// page is hidden. Snippets are parsed for their own errors but are not pages.

import type { DiagnosticBag, Location } from '../diagnostics/diagnostic.js';
import { type ProjectHost, sourceFromBytes } from '../host/project-host.js';
import { isSnippet, pagePathOfFile, pageUrl } from '../ir/page-urls.js';
import type { PublishedPage } from '../passes/check-published-urls.js';
import type { PageFacts } from '../passes/check-unreachable-pages.js';
import type { PageReference as ApiReference } from '../passes/resolve-openapi.js';
import type { SourceFile } from '../source/source-file.js';
import { locationInValue } from './parse-frontmatter.js';
import type { PageSummary, PageSummaryResult } from './summarize-page.js';
import { type PageFile, summarizePages } from './summarize-pages.js';

export interface RepositoryPages {
  /** Page path without extension → file, snippets included (resolve-pages refuses those). */
  index: Map<string, string>;
  sources: SourceFile[];
  /** Summaries of pages and snippets, in file order. */
  summaries: PageSummary[];
  /** Pages only (no snippets). */
  facts: PageFacts[];
  published: PublishedPage[];
  /** Spec names in frontmatter `openapi:` / `openapi-schema:` values. */
  specReferences: { name: string; at: Location }[];
  apiReferences: ApiReference[];
}

/** Summarizes pages; the build passes one that consults its cache first. */
export type Summarizer = (files: readonly PageFile[]) => Promise<PageSummaryResult[]>;

export async function readPages(
  host: ProjectHost,
  bag: DiagnosticBag,
  options: { threads?: number | undefined; summarize?: Summarizer | undefined },
): Promise<RepositoryPages> {
  const pages: RepositoryPages = { index: new Map(), sources: [], summaries: [], facts: [], published: [], specReferences: [], apiReferences: [] };
  for (const file of host.listFiles()) {
    const pagePath = pagePathOfFile(file);
    if (pagePath === undefined) continue;
    pages.index.set(pagePath, file);
    const read = host.read(file);
    if (!read.ok) {
      host.readSource(file, bag);
      continue;
    }
    pages.sources.push(sourceFromBytes(file, read.bytes, bag));
  }
  const files = pages.sources.map((s) => ({ path: s.path, text: s.text }));
  const results = options.summarize
    ? await options.summarize(files)
    : await summarizePages(files, options.threads === undefined ? {} : { threads: options.threads });
  for (const { summary, diagnostics } of results) {
    bag.add(diagnostics);
    pages.summaries.push(summary);
    if (!isSnippet(summary.path)) addPageFacts(pages, summary);
  }
  return pages;
}

function addPageFacts(pages: RepositoryPages, summary: PageSummary): void {
  const path = pagePathOfFile(summary.path) as string;
  const url = pageUrl(path);
  const fm = summary.frontmatter;
  pages.facts.push({ path, file: summary.path, hidden: fm.hidden === true });
  pages.published.push({ url, label: summary.path, at: { file: summary.path, line: 0, column: 0, length: 0 } });
  for (const placed of [fm.openapi, fm['openapi-schema']]) {
    if (placed === undefined || placed.reference.kind === 'invalid' || placed.reference.kind === 'page') continue;
    const reference = placed.reference;
    pages.apiReferences.push({ url, at: placed.at, entry: reference });
    if (reference.spec) pages.specReferences.push({ name: reference.spec.text, at: locationInValue(placed, reference.spec.range) });
  }
}
