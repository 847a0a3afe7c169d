// The dev server's fast path: a batch of changes that only edits the bodies
// of existing pages is applied to the last build's state in memory, without
// running the front end or laying out any other page. It holds when every
// changed file is an existing MDX page whose summary keeps everything the
// rest of the site reads: frontmatter, title, heading ids and texts, element
// ids and imports (links may change: they are checked again for that page).
// Anything else — docs.json, a snippet, an OpenAPI document, a page added,
// removed or retitled — returns undefined, and the caller runs a full build.

import { join } from 'node:path';
import type { BuildCache } from '../cache/build-cache.js';
import { contentHash, valueKey } from '../cache/value-key.js';
import type { ProjectAnalysis } from '../check.js';
import { type Diagnostic, DiagnosticBag } from '../diagnostics/diagnostic.js';
import { sourceFromBytes } from '../host/project-host.js';
import { isSnippet, pagePathOfFile, pageUrl } from '../ir/page-urls.js';
import type { OutputFile, OutputWriter } from '../output/write-output.js';
import type { PageInput } from '../pages/read-pages.js';
import type { PageSummary } from '../pages/summarize-page.js';
import { checkLinks } from '../passes/check-links.js';
import { markdownCopy } from '../site/markdown-copy.js';
import type { SearchRecord } from '../site/search-index.js';
import type { PageCompiler } from './compile-pages.js';
import { describeAll } from './description-facts.js';
import type { LaidOutSite } from './emit-site.js';
import { companionFiles, isCompileFailure, layOutPage, makeBody, markdownPath, pageKeys } from './lay-out-page.js';
import { NOTHING_REPORTED, recordedKey, searchRecordKey } from './layout-keys.js';
import { apiDescriptions, mdxPlan } from './page-plans.js';
import type { OutputReader } from './search-shards.js';

export interface PatchContext {
  analysis: ProjectAnalysis;
  site: LaidOutSite;
  compiler: PageCompiler;
  cache: BuildCache;
  /** Opened once the batch is known to be a patch: until then nothing is written. */
  openWriter: () => OutputWriter | undefined;
  /** The last build's diagnostics. */
  diagnostics: readonly Diagnostic[];
  /** The output's files as the last build recorded them (search shards are edited, not made again). */
  readOutput: OutputReader;
}

export interface PatchResult {
  diagnostics: Diagnostic[];
  failedPages: number;
  writer: OutputWriter;
  /** URLs of the pages laid out. */
  laidOut: string[];
}

/** Diagnostics a page's own text decides: they are replaced when the page is patched. */
const PAGE_LOCAL = /^(page|file|link|render)\//;

/** Applies `changed` (project-relative paths) if they are body-only edits of pages; undefined otherwise. */
export async function patchPages(changed: readonly string[], context: PatchContext): Promise<PatchResult | undefined> {
  const { analysis, site, compiler } = context;
  const previous = new Map(analysis.pages.summaries.map((s) => [s.path, s]));
  const inputs: PageInput[] = [];
  for (const path of changed) {
    if (pagePathOfFile(path) === undefined || isSnippet(path) || !previous.has(path)) return undefined;
    inputs.push({ path, read: () => readPage(analysis, path) });
  }
  const results = await compiler.summarize(inputs);
  if (results.length !== inputs.length) return undefined;
  for (const { summary } of results) {
    const before = previous.get(summary.path) as PageSummary;
    if (hasReference(before) || hasReference(summary) || globalFacts(summary) !== globalFacts(before)) return undefined;
  }
  const paths = new Set(changed);
  const diagnostics = context.diagnostics.filter((d) => !(paths.has(d.file) && PAGE_LOCAL.test(d.code)));
  const bodies = await compiler.bodies(changed);
  let failedPages = 0;
  const records: { record: SearchRecord; key: string }[] = [];
  const files: OutputFile[] = [];
  for (const { summary, diagnostics: summaryDiagnostics } of results) {
    const url = pageUrl(pagePathOfFile(summary.path) as string);
    const old = site.plans.get(url);
    if (old?.source.kind !== 'mdx') return undefined;
    const plan = mdxPlan(url, summary, old.source.reference, await describeAll(apiDescriptions([old.source.reference]), context.cache));
    const made = makeBody(plan, bodies.get(summary.path), site.context, analysis);
    // A page that writes other utility classes changes the site's utility stylesheet: a full build makes it.
    if ((made.body.classes?.join(' ') ?? '') !== (site.classes.get(url) ?? '')) return undefined;
    // Likewise a page that gains or loses a diagram may change whether the site ships mermaid.
    if ((made.body.diagrams === true) !== site.diagrams.has(url)) return undefined;
    const reported = [...summaryDiagnostics, ...made.diagnostics];
    if (made.failed || summaryDiagnostics.some(isCompileFailure)) failedPages++;
    diagnostics.push(...reported, ...checkLinks([summary], analysis.site, analysis.basePath));
    if (old.document.markdown !== undefined) {
      // The page's Markdown source (docs.json `contextual`) follows the edit.
      plan.document.markdown = old.document.markdown;
      const read = analysis.host.read(summary.path);
      if (read.ok && summary.visibility !== undefined) {
        const contents = markdownCopy(read.bytes.toString('utf8'), summary.visibility);
        files.push({ path: markdownPath(url), hash: contentHash(contents), contents });
      } else if (read.ok) files.push({ path: markdownPath(url), hash: contentHash(read.bytes), copyFrom: join(analysis.host.root, summary.path) });
    }
    site.plans.set(url, plan);
    replaceSummary(analysis, summary);
    const keys = pageKeys(plan, site.context, compiler);
    const laidOut = layOutPage(plan, made.body, site.navigation, site.layout, site.inject);
    const { search: listed } = laidOut;
    const recordKey = listed && (keys ? searchRecordKey(site.context.salt, listed, keys.body, made.dependencies) : valueKey(listed));
    if (keys && reported.length === 0) laidOut.file.key = recordedKey(keys.layout, recordKey, made.body, made.dependencies, NOTHING_REPORTED);
    files.push(laidOut.file, ...companionFiles(plan, made, site.context, laidOut.file.key));
    if (listed === undefined || recordKey === undefined) continue;
    records.push({ record: listed, key: recordKey });
  }
  // Only the edited pages' shards; an entry the cache no longer has means a full build.
  const shardFiles = await site.search.patch(records, context.cache, context.readOutput);
  if (shardFiles === undefined) return undefined;
  const writer = context.openWriter();
  if (writer === undefined) return undefined;
  for (const file of files) writer.write(file);
  for (const shard of shardFiles) writer.write(shard);
  return { diagnostics, failedPages, writer, laidOut: results.map((r) => pageUrl(pagePathOfFile(r.summary.path) as string)) };
}

/** What the rest of the site reads of a page, as one comparable string (positions left out: a body edit moves them). */
/** Pages that carry an API reference or playground (`openapi:`, `openapi-schema:`, `api:`) are laid out by the full build. */
function hasReference(summary: PageSummary): boolean {
  const fm = summary.frontmatter;
  return fm.openapi !== undefined || fm['openapi-schema'] !== undefined || fm.api !== undefined;
}

function globalFacts(summary: PageSummary): string {
  const { openapi, 'openapi-schema': schema, api, ...plain } = summary.frontmatter;
  return JSON.stringify({
    frontmatter: plain,
    references: [openapi?.value, schema?.value, api?.value],
    title: summary.title,
    headings: summary.headings.map((h) => [h.depth, h.text, h.id]),
    elementIds: summary.elementIds,
    componentIds: summary.componentIds,
    imports: summary.imports.map((i) => i.specifier),
  });
}

function replaceSummary(analysis: ProjectAnalysis, summary: PageSummary): void {
  const index = analysis.pages.summaries.findIndex((s) => s.path === summary.path);
  if (index !== -1) analysis.pages.summaries[index] = summary;
}

/** A changed page read for its new summary; undefined (a full build then) when it cannot be read. */
function readPage(analysis: ProjectAnalysis, path: string): ReturnType<PageInput['read']> {
  const read = analysis.host.read(path);
  if (!read.ok) return undefined;
  const decoding = new DiagnosticBag();
  const text = sourceFromBytes(path, read.bytes, decoding).text;
  return { text, diagnostics: decoding.items };
}
