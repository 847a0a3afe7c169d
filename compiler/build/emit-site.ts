// From the analysis to the list of output files: page bodies (cache, then
// workers), API reference bodies (cached by operation slice), the navigation
// each page sits in, the layout around every body, and the site-wide files:
// redirects, sitemap.xml, the search index, the 404 page, docsc's assets
// and the repository's static files. Layout is never cached — it is cheap,
// and a navigation edit must re-assemble pages without recompiling a body.

import { join } from 'node:path';
import type { BuildCache } from '../cache/build-cache.js';
import type { ProjectAnalysis } from '../check.js';
import { type Diagnostic, makeDiagnostic } from '../diagnostics/diagnostic.js';
import type { ApiPage } from '../ir/api-pages.js';
import { isSnippet, pagePathOfFile, pageUrl } from '../ir/page-urls.js';
import type { OutputFile } from '../output/write-output.js';
import type { PageSummary } from '../pages/summarize-page.js';
import { operationSliceHash } from '../reference/operation-slice.js';
import { type ApiPageBody, renderApiPage } from '../reference/render-api-page.js';
import { type PageDocument, PageLayout, type TocEntry } from '../site/page-layout.js';
import { outputRedirects, renderRedirectPage, renderRedirectsFile, staticRedirectUrl } from '../site/redirect-pages.js';
import { renderSearchIndex, type SearchRecord } from '../site/search-index.js';
import { siteAssets } from '../site/site-assets.js';
import { buildSiteNavigation, type PageTitle } from '../site/site-navigation.js';
import { readSiteSettings } from '../site/site-settings.js';
import { renderSitemap } from '../site/sitemap-xml.js';
import { staticFiles } from '../site/static-files.js';
import type { PageCompiler } from './compile-pages.js';
import { contentHash } from './input-snapshot.js';

export interface BuildProgress {
  phase: 'read' | 'analyze' | 'bodies' | 'assemble' | 'write';
  done: number;
  total: number;
}

export interface EmitOptions {
  compiler: PageCompiler;
  cache: BuildCache;
  siteUrl: string | undefined;
  injectHtml: string | undefined;
  /** The input snapshot's identities: a copied file is rewritten only when its own changed. */
  identities: ReadonlyMap<string, string>;
  progress: (progress: BuildProgress) => void;
}

export interface EmittedSite {
  files: OutputFile[];
  diagnostics: Diagnostic[];
  pageCount: number;
  /** URLs of API pages rendered in this build (not from the cache). */
  apiPagesRendered: string[];
  /** Pages whose body came from the cache. */
  fromCache: number;
  failedPages: number;
}

/** A page of the site before layout. */
interface SitePage {
  url: string;
  document: PageDocument;
  /** Left out of navigation, search and sitemap. */
  hidden: boolean;
  searchText: string;
}

export async function emitSite(analysis: ProjectAnalysis, options: EmitOptions): Promise<EmittedSite> {
  const diagnostics: Diagnostic[] = [];
  const summaries = analysis.pages.summaries.filter((s) => !isSnippet(s.path));
  options.progress({ phase: 'bodies', done: 0, total: summaries.length });
  const bodies = await options.compiler.bodies(summaries.map((s) => s.path));
  for (const body of bodies.values()) diagnostics.push(...body.diagnostics);
  const failedPages = [...bodies.values()].filter((b) => b.diagnostics.some((d) => d.severity === 'error')).length;

  const api = renderApiBodies(analysis.apiPages, options.cache);
  const pages = new Map<string, SitePage>();
  for (const summary of summaries) {
    const url = pageUrl(pagePathOfFile(summary.path) as string);
    const body = bodies.get(summary.path);
    const reference = api.byUrl.get(url);
    pages.set(url, mdxPage(url, summary, body?.html ?? '', body?.text ?? '', reference));
  }
  let apiPagesFromCache = 0;
  const renderedNow = new Set(api.rendered);
  for (const page of analysis.apiPages) {
    if (page.url === undefined || page.origin === 'page' || pages.has(page.url)) continue;
    const body = api.byUrl.get(page.url);
    if (body === undefined) continue;
    pages.set(page.url, generatedPage(page, body));
    if (!renderedNow.has(page.url)) apiPagesFromCache++;
  }

  const titles = new Map<string, PageTitle>();
  for (const page of pages.values()) titles.set(page.url, pageTitle(page));
  const navigation = buildSiteNavigation(analysis.navigation, titles, analysis.apiPages);
  const settings = readSiteSettings(analysis.config?.root);
  const layout = new PageLayout(settings, navigation);
  const inject = options.injectHtml ?? '';

  const files = new Map<string, OutputFile>();
  const add = (path: string, contents: string) => files.set(path, { path, hash: contentHash(contents), contents });
  const search: SearchRecord[] = [];
  const sitemap: string[] = [];
  options.progress({ phase: 'assemble', done: 0, total: pages.size });
  for (const page of pages.values()) {
    const placement = navigation.placements.get(page.url);
    add(pageOutputPath(page.url), withInjection(layout.render(page.document, placement), inject));
    if (page.hidden || page.document.noindex) continue;
    sitemap.push(page.url);
    search.push({
      url: page.url === '' ? '/' : `/${page.url}`,
      title: page.document.title,
      section: placement?.breadcrumbs.join(' / ') ?? '',
      headings: page.document.toc.map((h) => ({ id: h.id, text: h.text })),
      text: page.searchText,
    });
  }

  const redirects = outputRedirects(analysis.redirects);
  for (const redirect of redirects) {
    const url = staticRedirectUrl(redirect);
    if (url !== undefined && url !== '' && !pages.has(url)) add(pageOutputPath(url), renderRedirectPage(redirect));
  }
  if (redirects.length > 0) add('_redirects', renderRedirectsFile(redirects));
  add('sitemap.xml', renderSitemap(sitemap, options.siteUrl));
  if (options.siteUrl === undefined) diagnostics.push(makeDiagnostic('build/sitemap-relative', { file: 'docs.json' }, {}));
  add('_docsc/search-index.json', renderSearchIndex(search));
  add('404.html', withInjection(layout.render(notFoundDocument(), undefined), inject));
  for (const asset of siteAssets()) add(asset.path, asset.contents);

  const configFiles = new Set(analysis.config?.files.map((f) => f.path) ?? []);
  for (const key of analysis.documents.keys()) configFiles.add(key);
  for (const file of staticFiles(analysis.host.listFiles(), configFiles)) {
    if (files.has(file)) {
      diagnostics.push(makeDiagnostic('build/static-file-shadowed', { file }, { file, output: file }));
      continue;
    }
    files.set(file, { path: file, hash: options.identities.get(file) ?? '', copyFrom: join(analysis.host.root, file) });
  }
  const fromCache = options.compiler.bodiesFromCache + apiPagesFromCache;
  return { files: [...files.values()], diagnostics, pageCount: pages.size, apiPagesRendered: api.rendered, fromCache, failedPages };
}

/** `` → `index.html`, `guides/setup` → `guides/setup/index.html`: clean URLs on every static host. */
export function pageOutputPath(url: string): string {
  return url === '' ? 'index.html' : `${url}/index.html`;
}

function withInjection(html: string, inject: string): string {
  return inject === '' ? html : html.replace('</body>', `${inject}\n</body>`);
}

interface ApiBodies {
  byUrl: Map<string, ApiPageBody>;
  rendered: string[];
}

/** One body per API page, from the cache when its operation slice is unchanged. */
function renderApiBodies(apiPages: readonly ApiPage[], cache: BuildCache): ApiBodies {
  const result: ApiBodies = { byUrl: new Map(), rendered: [] };
  for (const page of apiPages) {
    if (page.url === undefined || result.byUrl.has(page.url)) continue;
    const info = page.item.type === 'operation' ? page.item.operation : page.item.webhook;
    const key = `${page.document.key}\0${info.pointer.join('/')}\0${operationSliceHash(page.document, info.pointer)}`;
    let body = cache.get<ApiPageBody>('api-page', key);
    if (body === undefined) {
      body = renderApiPage(page.document, page.item);
      cache.put('api-page', key, body);
      result.rendered.push(page.url);
    }
    result.byUrl.set(page.url, body);
  }
  return result;
}

function mdxPage(url: string, summary: PageSummary, html: string, text: string, reference: ApiPageBody | undefined): SitePage {
  const fm = summary.frontmatter;
  const title = fm.title ?? summary.title ?? lastSegment(url);
  const toc: TocEntry[] = summary.headings.map((h) => ({ depth: h.depth, text: h.text, id: h.id }));
  const document: PageDocument = {
    url,
    title,
    showTitle: fm.title !== undefined,
    body: reference ? `${html}\n${reference.html}` : html,
    toc: reference ? [...toc, ...reference.toc] : toc,
    noindex: fm.noindex === true,
  };
  if (fm.description !== undefined) document.description = fm.description;
  if (fm.sidebarTitle !== undefined) document.sidebarTitle = fm.sidebarTitle;
  if (fm.deprecated === true) document.deprecated = true;
  return { url, document, hidden: fm.hidden === true, searchText: reference ? `${text} ${reference.text}` : text };
}

function generatedPage(page: ApiPage, body: ApiPageBody): SitePage {
  const item = page.item;
  const info = item.type === 'operation' ? item.operation : item.webhook;
  const metadata = info.xDocs?.metadata ?? {};
  const fallback = item.type === 'operation' ? `${item.operation.method.toUpperCase()} ${item.operation.path}` : item.webhook.name;
  const title = stringField(metadata.title) ?? info.summary ?? fallback;
  const document: PageDocument = {
    url: page.url as string,
    title,
    showTitle: true,
    body: body.html,
    toc: body.toc,
    noindex: metadata.noindex === true,
    method: item.type === 'webhook' ? 'WEBHOOK' : item.operation.method.toUpperCase(),
  };
  const description = stringField(metadata.description) ?? info.summary;
  if (description !== undefined && description !== title) document.description = description;
  const sidebarTitle = stringField(metadata.sidebarTitle);
  if (sidebarTitle !== undefined) document.sidebarTitle = sidebarTitle;
  if (info.deprecated || metadata.deprecated === true) document.deprecated = true;
  return { url: page.url as string, document, hidden: page.hidden || metadata.hidden === true, searchText: body.text };
}

function pageTitle(page: SitePage): PageTitle {
  const title: PageTitle = { label: page.document.sidebarTitle ?? page.document.title, hidden: page.hidden };
  if (page.document.method !== undefined) title.method = page.document.method;
  if (page.document.deprecated) title.deprecated = true;
  return title;
}

function notFoundDocument(): PageDocument {
  return {
    url: '404',
    title: 'Page not found',
    showTitle: true,
    body: '<p>There is no page at this address. It may have moved; try the <a href="/">home page</a>.</p>',
    toc: [],
    noindex: true,
  };
}

function stringField(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function lastSegment(url: string): string {
  return url.slice(url.lastIndexOf('/') + 1) || 'Home';
}
