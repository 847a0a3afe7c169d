// Reads every page and snippet of the repository and summarizes them (in the
// worker pool for large sites). What the global passes need comes out of the
// summaries: the page index, the frontmatter OpenAPI references, whether a
// page is hidden. Snippets are parsed for their own errors but are not pages.

import { contentHash } from '../cache/value-key.js';
import { type Diagnostic, DiagnosticBag, type Location } from '../diagnostics/diagnostic.js';
import { hashesInParallel } from '../host/hash-files.js';
import { LARGE_PAGE_BYTES, type ProjectHost, sourceFromBytes } from '../host/project-host.js';
import { isSnippet, pagePathOfFile, pageUrl } from '../ir/page-urls.js';
import type { PublishedPage } from '../passes/check-published-urls.js';
import type { PageFacts } from '../passes/check-unreachable-pages.js';
import type { PageReference as ApiReference } from '../passes/resolve-openapi.js';
import { resolveImport } from '../render/resolve-import.js';
import type { SourceFile } from '../source/source-file.js';
import { locationInValue } from './parse-frontmatter.js';
import type { PageSummary, PageSummaryResult } from './summarize-page.js';
import { IN_PROCESS_BELOW, type PageFile, pageKind, type SummarizeOptions, summarizePages, summaryAtPath, summaryPool } from './summarize-pages.js';

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
  /** Lets the host forget the file's bytes without reading it: a summarizer that knows the page another way (the cache, an identical page). */
  release?(): void;
}

/** Summarizes pages (results in input order, unreadable files left out); the build passes one that consults its cache first. */
export type Summarizer = (inputs: readonly PageInput[]) => Promise<PageSummaryResult[]>;

export async function readPages(
  host: ProjectHost,
  bag: DiagnosticBag,
  options: {
    threads?: number | undefined;
    summarize?: Summarizer | undefined;
    onSummarized?: SummarizeOptions['onSummarized'];
    /** Page paths (no extension) the navigation lists: pages even when another file imports them. */
    listed?: ReadonlySet<string> | undefined;
    /** Told the files read once they are all read and given to the summarizer, before its results come (`docsc check` starts work of its own then). */
    whileSummarizing?: ((read: readonly SourceFile[]) => void) | undefined;
  },
): Promise<RepositoryPages> {
  const pages: RepositoryPages = { index: new Map(), sources: [], summaries: [], facts: [], published: [], specReferences: [], apiReferences: [] };
  const inputs: PageInput[] = [];
  for (const file of host.listFiles()) {
    const pagePath = pagePathOfFile(file);
    if (pagePath === undefined) continue;
    pages.index.set(pagePath, file);
    inputs.push({ path: file, read: () => readInput(host, file, bag, pages.sources), release: () => host.forget([file]) });
  }
  const summarizing = options.summarize ? options.summarize(inputs) : summarizeAll(host, inputs, bag, pages.sources, options);
  options.whileSummarizing?.(pages.sources);
  const results = await summarizing;
  const imported = importedPages(
    results.map((r) => r.summary),
    options.listed,
  );
  for (const { summary, diagnostics } of results) {
    if (imported.has(summary.path)) {
      // A snippet's names may be its props (`{projectName}`): not undefined where it renders.
      bag.add(diagnostics.filter((d) => d.code !== 'page/undefined-name'));
      pages.summaries.push({ ...summary, importedAsSnippet: true });
      continue;
    }
    bag.add(diagnostics);
    pages.summaries.push(summary);
    if (!isSnippet(summary.path)) addPageFacts(pages, summary);
  }
  return pages;
}

/**
 * Page files outside `snippets/` that another file imports (`import Setup from "../../snippets/setup.mdx"` in a
 * repository whose snippets live elsewhere): snippets, as Mintlify's prebuild takes them (its `isImportedAsSnippet`:
 * any imported `.mdx` or `.md` file, paths compared without case), so they are not published nor rendered alone
 * (where their props are undefined). A page the navigation lists stays a page.
 */
function importedPages(summaries: readonly PageSummary[], listed: ReadonlySet<string> | undefined): Set<string> {
  const pageFiles = new Map<string, string>();
  for (const { path } of summaries) if (!isSnippet(path)) pageFiles.set(path.toLowerCase(), path);
  const found = new Set<string>();
  for (const summary of summaries) {
    for (const entry of summary.imports) {
      if (entry.kind !== 'import' && entry.kind !== 'bare') continue;
      const target = resolveImport(entry.specifier, summary.path);
      if (target.kind !== 'file') continue;
      const file = target.candidates.map((candidate) => pageFiles.get(candidate.toLowerCase())).find((f) => f !== undefined);
      if (file === undefined || file === summary.path || listed?.has(pagePathOfFile(file) as string)) continue;
      found.add(file);
    }
  }
  return found;
}

function readInput(host: ProjectHost, path: string, bag: DiagnosticBag, sources: SourceFile[]): ReturnType<PageInput['read']> {
  const bytes = readBytes(host, path, bag);
  return bytes === undefined ? undefined : decodeInput(host, path, bytes, sources);
}

/** The file's bytes; an unreadable file is reported and gives undefined. */
function readBytes(host: ProjectHost, path: string, bag: DiagnosticBag): Uint8Array | undefined {
  const read = host.read(path);
  if (read.ok) return read.bytes;
  host.readSource(path, bag);
  return undefined;
}

function decodeInput(host: ProjectHost, path: string, bytes: Uint8Array, sources: SourceFile[]): ReturnType<PageInput['read']> {
  const decoding = new DiagnosticBag();
  if (bytes.length > LARGE_PAGE_BYTES) decoding.report('file/large-page', { file: path }, { path, size: bytes.length, limit: LARGE_PAGE_BYTES });
  const source = sourceFromBytes(path, bytes, decoding);
  sources.push(source);
  // The text is kept (`sources`); the bytes a memoizing host holds are not needed again (on 10,000 pages, 70 MB).
  host.forget([path]);
  return { text: source.text, diagnostics: decoding.items };
}

/**
 * Without a cache: every file read and summarized (in the worker pool for large sites). A file whose bytes are
 * those of a file read before (a site's versions and languages are often copies: crewAI's docs, 24,803 pages of
 * 216 MB, hold 1,723 different ones) is not decoded: its summary is the first one's, moved to its path
 * (`summaryAtPath`). Only files that decode cleanly stand for others: a decoding diagnostic is the file's own (a
 * large page's names its path).
 */
async function summarizeAll(
  host: ProjectHost,
  inputs: readonly PageInput[],
  bag: DiagnosticBag,
  sources: SourceFile[],
  options: SummarizeOptions,
): Promise<PageSummaryResult[]> {
  const files: PageFile[] = [];
  /** For each readable input: its file's index in `files`, or the index of the input whose summary it takes. */
  const plan: ({ path: string; file: number } | { path: string; copyOf: number })[] = [];
  const clean = new Map<string, number>();
  // Many files: hashed first on two threads (hash-files.ts), so that a copy of a file read before is not read at all
  // (crewAI's docs: 2.5 s of reading and hashing on this thread, 1.5 s on two).
  const hashed = hashesInParallel(inputs.length) ? await host.identifyAll(inputs.map((input) => input.path)) : undefined;
  const pool = summaryPool(options.threads);
  try {
    for (const input of inputs) {
      // The hash taken on two threads stands for the bytes, as the cached check's snapshot does (not hashed again).
      const known = hashed?.get(input.path);
      let bytes: Uint8Array | undefined;
      let identity = known?.ok ? identityOf(input.path, known.hash) : undefined;
      if (identity === undefined) {
        bytes = readBytes(host, input.path, bag);
        if (bytes === undefined) continue;
        identity = identityOf(input.path, contentHash(bytes));
      }
      const same = clean.get(identity);
      if (same !== undefined) {
        input.release?.();
        plan.push({ path: input.path, copyOf: same });
        continue;
      }
      bytes ??= readBytes(host, input.path, bag);
      if (bytes === undefined) continue;
      const read = decodeInput(host, input.path, bytes, sources) as { text: string; diagnostics: Diagnostic[] };
      bag.add(read.diagnostics);
      if (read.diagnostics.length === 0) clean.set(identity, plan.length);
      plan.push({ path: input.path, file: files.push({ path: input.path, text: read.text }) - 1 });
      // Pages enough for the workers: they start now, and load the parser while the rest is read.
      if (files.length === IN_PROCESS_BELOW) pool.warm();
    }
    const summaries = await summarizePages(files, { threads: options.threads, onSummarized: options.onSummarized }, pool);
    const results: PageSummaryResult[] = [];
    for (const entry of plan) {
      if ('file' in entry) results.push(summaries[entry.file] as PageSummaryResult);
      else results.push(summaryAtPath(results[entry.copyOf] as PageSummaryResult, entry.path));
    }
    return results;
  } finally {
    await pool.close();
  }
}

/** What a page's summary is a function of: its kind and its bytes' hash. */
function identityOf(path: string, hash: string): string {
  return `${pageKind(path)}\0${hash}`;
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
