// Reads every page and snippet of the repository and summarizes them (in the
// worker pool for large sites). What the global passes need comes out of the
// summaries: the page index, the frontmatter OpenAPI references, whether a
// page is hidden. Snippets are parsed for their own errors but are not pages.

import { type Diagnostic, DiagnosticBag, type Location } from '../diagnostics/diagnostic.js';
import { LARGE_PAGE_BYTES, type ProjectHost, sourceFromBytes } from '../host/project-host.js';
import { isSnippet, pagePathOfFile, pageUrl } from '../ir/page-urls.js';
import type { PublishedPage } from '../passes/check-published-urls.js';
import type { PageFacts } from '../passes/check-unreachable-pages.js';
import type { PageReference as ApiReference } from '../passes/resolve-openapi.js';
import type { SourceFile } from '../source/source-file.js';
import { locationInValue } from './parse-frontmatter.js';
import type { PageSummary, PageSummaryResult } from './summarize-page.js';
import { type PageFile, type SummarizeOptions, summarizePages } from './summarize-pages.js';

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

/** A page or snippet file, read only when asked: the build's summarizer reads just the pages its cache lacks. */
export interface PageInput {
  path: string;
  /**
   * Reads and decodes the file. Decoding problems (BOM, invalid UTF-8, NUL)
   * are returned, not reported, so that a cache can replay them; an
   * unreadable file is reported and gives undefined.
   */
  read(): { text: string; diagnostics: Diagnostic[] } | undefined;
}

/** Summarizes pages (results in input order, unreadable files left out); the build passes one that consults its cache first. */
export type Summarizer = (inputs: readonly PageInput[]) => Promise<PageSummaryResult[]>;

export async function readPages(
  host: ProjectHost,
  bag: DiagnosticBag,
  options: { threads?: number | undefined; summarize?: Summarizer | undefined; onSummarized?: SummarizeOptions['onSummarized'] },
): Promise<RepositoryPages> {
  const pages: RepositoryPages = { index: new Map(), sources: [], summaries: [], facts: [], published: [], specReferences: [], apiReferences: [] };
  const inputs: PageInput[] = [];
  for (const file of host.listFiles()) {
    const pagePath = pagePathOfFile(file);
    if (pagePath === undefined) continue;
    pages.index.set(pagePath, file);
    inputs.push({ path: file, read: () => readInput(host, file, bag, pages.sources) });
  }
  const results = options.summarize ? await options.summarize(inputs) : await summarizeAll(inputs, bag, options);
  for (const { summary, diagnostics } of results) {
    bag.add(diagnostics);
    pages.summaries.push(summary);
    if (!isSnippet(summary.path)) addPageFacts(pages, summary);
  }
  return pages;
}

function readInput(host: ProjectHost, path: string, bag: DiagnosticBag, sources: SourceFile[]): ReturnType<PageInput['read']> {
  const read = host.read(path);
  if (!read.ok) {
    host.readSource(path, bag);
    return undefined;
  }
  const decoding = new DiagnosticBag();
  if (read.bytes.length > LARGE_PAGE_BYTES)
    decoding.report('file/large-page', { file: path }, { path, size: read.bytes.length, limit: LARGE_PAGE_BYTES });
  const source = sourceFromBytes(path, read.bytes, decoding);
  sources.push(source);
  // The text is kept (`sources`); the bytes a memoizing host holds are not needed again (on 10,000 pages, 70 MB).
  host.forget([path]);
  return { text: source.text, diagnostics: decoding.items };
}

/** Without a cache: every file read and summarized (in the worker pool for large sites). */
async function summarizeAll(inputs: readonly PageInput[], bag: DiagnosticBag, options: SummarizeOptions): Promise<PageSummaryResult[]> {
  const files: PageFile[] = [];
  for (const input of inputs) {
    const read = input.read();
    if (!read) continue;
    bag.add(read.diagnostics);
    files.push({ path: input.path, text: read.text });
  }
  return summarizePages(files, { threads: options.threads, onSummarized: options.onSummarized });
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
