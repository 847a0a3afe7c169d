// One page from its plan to its output: its keys (whether an earlier
// build's file may stay), its body in its final form (an MDX page's
// compiled body with the API reference it names, or an API page's body),
// the layout around it, its search record, and the files it brings (a
// generated API page's Markdown, a changelog's feed). The build
// (emit-site.ts), its patches (patch-pages.ts) and the dev server's pages
// before the first build (dev/page-preview.ts) lay pages out with it.

import type { ProjectAnalysis } from '../check.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { apiPageVersion } from '../ir/api-pages.js';
import type { OutputFile } from '../output/write-output.js';
import type { ApiPageBody } from '../reference/render-api-page.js';
import type { FeedEntry } from '../render/feed-entries.js';
import { escapeHtml } from '../site/escape-html.js';
import type { PageDocument, PageLayout, TocEntry } from '../site/page-layout.js';
import { joinLines, utf8Lines } from '../site/page-lines.js';
import { feedPath, renderFeed } from '../site/rss-feed.js';
import { type SearchRecord, searchScope, type TextTerms } from '../site/search-index.js';
import type { SiteNavigation } from '../site/site-navigation.js';
import { type ApiBodies, asksForReference } from './api-bodies.js';
import type { BodyResult, PageCompiler } from './compile-pages.js';
import { type Dependencies, layoutKey } from './layout-keys.js';
import type { PagePlan } from './page-plans.js';

/** What the layout puts a body into a page with: its HTML, search text, table of contents and side panel. */
export interface LaidOutBody {
  html: string;
  /** The utility classes the body writes, sorted (the page then links the utility stylesheet). */
  classes?: string[];
  /** It has a Mermaid diagram. */
  diagrams?: true;
  text: string;
  /** The terms of `text`, when the compile worker made them (search-index.ts `textTerms`). */
  textTerms?: TextTerms;
  toc: TocEntry[];
  panel?: string;
}

/** One page in its layout, as an output file, with its search record (none for hidden and `noindex` pages). */
export function layOutPage(
  plan: PagePlan,
  body: LaidOutBody,
  navigation: SiteNavigation,
  layout: PageLayout,
  inject: string,
): { file: OutputFile; search?: SearchRecord } {
  const placement = navigation.placements.get(plan.url);
  const document: PageDocument = { ...plan.document, body: body.html, toc: body.toc };
  if (body.panel !== undefined) document.panel = body.panel;
  if (body.classes !== undefined) document.utilities = true;
  const lines = layout.lines(document, placement);
  // The dev server's script is put in the page as a string (the writer is sent bytes otherwise: page-lines.ts).
  const contents = inject === '' ? utf8Lines(lines) : withInjection(joinLines(lines), inject);
  const file: OutputFile = { path: pageOutputPath(plan.url), contents };
  // Bytes made for this file alone (page-lines.ts) go to the writer's thread uncopied.
  if (typeof contents !== 'string') file.transfer = true;
  const listing = searchListing(plan, navigation);
  if (listing === undefined) return { file };
  const search: SearchRecord = { ...listing, headings: body.toc.map((h) => ({ id: h.id, text: h.text })), text: body.text };
  if (body.textTerms !== undefined) search.textTerms = body.textTerms;
  return { file, search };
}

/** What pages are laid out with, besides their plan and body. */
export interface PageContext {
  navigation: SiteNavigation;
  layout: PageLayout;
  salt: string;
  apiBodies: ApiBodies;
  site: SiteIdentity;
}

/** What feeds and llms.txt read of the site: its name and description, and where it is served. */
export interface SiteIdentity {
  name: string;
  description: string | undefined;
  siteUrl: string | undefined;
  base: string;
}

/**
 * The files a page brings besides its HTML, made from its body: a generated
 * API page's Markdown (an MDX page's is its source, copied) and a changelog's
 * feed. They are written with the page's key and kept with it
 * (`companionPaths`): what they are made of is what the page's layout key is
 * made of.
 */
export function companionPaths(plan: PagePlan): string[] {
  const paths: string[] = [];
  if (plan.source.kind === 'api' && plan.document.markdown !== undefined) paths.push(markdownPath(plan.url));
  if (plan.document.feed !== undefined) paths.push(feedPath(plan.url));
  return paths;
}

export function companionFiles(plan: PagePlan, made: MadeBody, context: PageContext, key: string | undefined): OutputFile[] {
  const files: OutputFile[] = [];
  if (plan.source.kind === 'api' && plan.document.markdown !== undefined && made.markdown !== undefined)
    files.push({ path: markdownPath(plan.url), contents: made.markdown });
  if (plan.document.feed !== undefined) {
    const { site } = context;
    const channel = {
      title: plan.document.title,
      siteName: site.name,
      description: plan.document.description ?? site.description,
      path: `${site.base}${plan.url === '' ? '' : `/${plan.url}`}`,
      siteUrl: site.siteUrl,
    };
    files.push({ path: feedPath(plan.url), contents: renderFeed(channel, made.feed ?? []) });
  }
  // Kept with the page: `keep` asks only that a key was recorded, and the page's decides.
  if (key !== undefined) for (const file of files) file.key = key;
  return files;
}

/** A page's layout key and its body's identity (layout-keys.ts). */
export interface PageKeys {
  layout: string;
  body: string;
}

/** The keys of a page whose output is a function of its plan, place and body alone; undefined for the others. */
export function pageKeys(plan: PagePlan, context: PageContext, compiler: PageCompiler): PageKeys | undefined {
  let body: string;
  if (plan.source.kind === 'mdx') {
    if (asksForReference(plan.source.summary)) return undefined;
    body = compiler.bodyIdentity(plan.source.summary.path);
    // An `openapi:` page's reference is the API body of its operation (ApiBodies.get), keyed by its slice.
    if (plan.source.reference) body += `\0${context.apiBodies.keyOf(plan.source.reference)}`;
  } else body = `${context.apiBodies.keyOf(plan.source.page)}\0${apiPageVersion(plan.source.page) ?? ''}`;
  const placement = context.navigation.placements.get(plan.url);
  return { layout: layoutKey(context.salt, context.layout.pageKey(plan.document, placement), body, plan.hidden), body };
}

/** A page's body in its final form (with its API reference), what it reported, and what it read. */
export interface MadeBody {
  body: LaidOutBody;
  diagnostics: Diagnostic[];
  dependencies: Dependencies;
  failed: boolean;
  apiFromEarlierBuild: boolean;
  /** A generated API page's Markdown, when the site wants it. */
  markdown?: string;
  /** A changelog's Updates (`rss: true`). */
  feed?: FeedEntry[];
}

export function makeBody(plan: PagePlan, compiled: BodyResult | undefined, context: PageContext, analysis: ProjectAnalysis): MadeBody {
  if (plan.source.kind === 'api') {
    const found = context.apiBodies.find(plan.source.page);
    const body = withVersion(found.body, apiPageVersion(plan.source.page));
    const made = { body, diagnostics: found.body.diagnostics ?? [], dependencies: [], failed: false, apiFromEarlierBuild: found.fromEarlierBuild };
    return found.body.markdown === undefined ? made : { ...made, markdown: found.body.markdown };
  }
  const diagnostics = [...(compiled?.diagnostics ?? [])];
  const failed = diagnostics.some(isCompileFailure);
  const headings = plan.source.summary.headings.map((h) => ({ depth: h.depth, text: h.text, id: h.id }));
  let body: LaidOutBody = { html: compiled?.html ?? '', text: compiled?.text ?? '', toc: headings };
  if (compiled?.panel !== undefined) body.panel = compiled.panel;
  if (compiled?.textTerms !== undefined) body.textTerms = compiled.textTerms;
  if (compiled?.classes !== undefined) body.classes = compiled.classes;
  if (compiled?.diagrams) body.diagrams = true;
  const reference = plan.source.reference
    ? context.apiBodies.get(plan.source.reference)
    : context.apiBodies.frontmatterBody(plan.source.summary, analysis.documents);
  if (reference) {
    diagnostics.push(...(reference.diagnostics ?? []));
    // The reference's text follows the body's: its terms are not the body's alone.
    const combined: LaidOutBody = {
      html: `${body.html}\n${reference.html}`,
      text: `${body.text} ${reference.text}`,
      toc: [...body.toc, ...reference.toc],
    };
    if (body.panel !== undefined) combined.panel = body.panel;
    if (body.classes !== undefined) combined.classes = body.classes;
    if (body.diagrams) combined.diagrams = true;
    body = combined;
  }
  const made: MadeBody = { body, diagnostics, dependencies: compiled?.dependencies ?? [], failed, apiFromEarlierBuild: false };
  if (compiled?.feed !== undefined) made.feed = compiled.feed;
  return made;
}

/**
 * A listed page's search record without its body's parts (for its key); undefined for hidden and `noindex` pages
 * and pages under a group or division with `searchable: false`. Its `boost`: the frontmatter's, else its group's.
 */
function searchListing(plan: PagePlan, navigation: SiteNavigation): Omit<SearchRecord, 'text' | 'headings'> | undefined {
  if (plan.hidden || plan.document.noindex) return undefined;
  const placement = navigation.placements.get(plan.url);
  const entry = placement?.index === undefined ? undefined : placement.section.order[placement.index];
  if (entry?.unsearchable) return undefined;
  const record: Omit<SearchRecord, 'text' | 'headings'> = {
    url: searchUrl(plan.url),
    title: plan.document.title,
    section: placement?.breadcrumbs.join(' / ') ?? '',
  };
  const scope = placement ? searchScope(placement.section) : '';
  if (scope !== '') record.scope = scope;
  const boost = (plan.source.kind === 'mdx' ? plan.source.summary.frontmatter.boost : undefined) ?? entry?.boost;
  if (boost !== undefined && boost > 0 && boost !== 1) record.boost = boost;
  return record;
}

/** A page's URL as search lists it: `/` for the home page, else `/` and its URL. */
export function searchUrl(url: string): string {
  return url === '' ? '/' : `/${url}`;
}

/** A page whose body could not be made, and shows an error block instead: its MDX did not parse, it was too large, or rendering failed. */
export function isCompileFailure(diagnostic: Diagnostic): boolean {
  return (
    diagnostic.severity === 'error' &&
    (diagnostic.code === 'page/mdx-syntax' ||
      diagnostic.code === 'page/internal-error' ||
      diagnostic.code === 'page/out-of-memory' ||
      diagnostic.code.startsWith('render/'))
  );
}

/** Where a page's Markdown source is written: `` → `index.md`, `guides/setup` → `guides/setup.md`. */
export function markdownPath(url: string): string {
  return `${url === '' ? 'index' : url}.md`;
}

/** `` → `index.html`, `guides/setup` → `guides/setup/index.html`: clean URLs on every static host. */
export function pageOutputPath(url: string): string {
  return url === '' ? 'index.html' : `${url}/index.html`;
}

/** Seed 2.15: the version of the anchor or tab a generated page sits in, shown above its reference (not part of the cached body). */
function withVersion(body: ApiPageBody, version: string | undefined): ApiPageBody {
  if (version === undefined) return body;
  return { ...body, html: `<p class="docsc-api-version">Version <span>${escapeHtml(version)}</span></p>\n${body.html}` };
}

export function withInjection(html: string, inject: string): string {
  return inject === '' ? html : html.replace('</body>', `${inject}\n</body>`);
}
