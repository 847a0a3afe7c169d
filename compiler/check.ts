// The front end's pipeline, top to bottom: what `docsc check` runs, and what
// `docsc build` runs before emitting (`analyzeProject`, with its cache-aware
// summarizer and OpenAPI validation memo). Each step is one file; passes are
// pure functions of the IR and their context and return diagnostics.

import { lowerNavigation } from './config/lower-navigation.js';
import { type Config, readConfig } from './config/read-config.js';
import { type RedirectSource, readRedirectSources } from './config/read-redirects.js';
import { validateConfig } from './config/validate-config.js';
import { type Diagnostic, DiagnosticBag, dedupeDiagnostics, sortDiagnostics } from './diagnostics/diagnostic.js';
import { type DerivedMemo, memoInMemory } from './host/derived-memo.js';
import { ProjectHost } from './host/project-host.js';
import type { ApiPage } from './ir/api-pages.js';
import { buildSiteIndex } from './ir/build-site-index.js';
import { navigationOrder } from './ir/folder-pages.js';
import { listedPages, type RootNode } from './ir/navigation.js';
import type { SiteIndex } from './ir/site-index.js';
import { collectSpecSources } from './openapi/collect-spec-sources.js';
import { discoverOpenApi } from './openapi/discover-openapi.js';
import { loadDocuments, startLoading } from './openapi/load-documents.js';
import type { OpenApiDocument } from './openapi/openapi-document.js';
import type { YamlTrees } from './openapi/parse-document-text.js';
import { frontmatterSpecHints } from './openapi/spec-hints.js';
import { specKey } from './openapi/spec-names.js';
import { type RepositoryPages, readPages, type Summarizer } from './pages/read-pages.js';
import { apiHrefs, checkApiHrefs, siteTargets } from './passes/check-api-hrefs.js';
import { checkChildTypes } from './passes/check-child-types.js';
import { checkConfigReferences } from './passes/check-config-references.js';
import { checkDivisions } from './passes/check-divisions.js';
import { checkGlobalAnchors } from './passes/check-global-anchors.js';
import { checkGroups } from './passes/check-groups.js';
import { checkHrefs } from './passes/check-hrefs.js';
import { checkNavigationIcons } from './passes/check-navigation-icons.js';
import { checkPageIcons } from './passes/check-page-icons.js';
import { checkPublishedUrls, publishedApiPages } from './passes/check-published-urls.js';
import { checkRootPattern } from './passes/check-root-pattern.js';
import { checkSnippetImports } from './passes/check-snippet-imports.js';
import { checkUnreachablePages } from './passes/check-unreachable-pages.js';
import { rememberedLinkCheck } from './passes/link-check-memo.js';
import { readerReach } from './passes/reader-reach.js';
import { resolveOpenApi } from './passes/resolve-openapi.js';
import { documentsInUse, needsDiscovery } from './passes/resolve-page-references.js';
import { resolvePages } from './passes/resolve-pages.js';
import { renderOptionsOf } from './render/render-options.js';
import type { SourceFile } from './source/source-file.js';

/** The rules on the navigation tree alone, in order. */
const navigationPasses: ((root: RootNode) => Diagnostic[])[] = [
  checkRootPattern,
  checkChildTypes,
  checkGlobalAnchors,
  checkHrefs,
  checkDivisions,
  checkGroups,
];

export interface CheckOptions {
  root: string;
  /** Worker threads for page summaries; default: the pool's choice. */
  threads?: number;
  /** Time limit for fetching one hosted OpenAPI document. */
  fetchTimeoutMs?: number;
  /** Hears the pages summarized so far (not those from a cache), of how many, batch by batch: `docsc check`'s progress line. */
  onSummarized?: (done: number, total: number) => void;
  /**
   * The path the site is served under (`/docs`; default ''): an image written with it in front is the file without
   * it, as Mintlify reads images on a site it serves under a path (check-links.ts).
   */
  basePath?: string;
}

/** What the build adds to a check: its own host, a cache-aware summarizer, and a memo of derived values. */
export interface AnalyzeOptions extends CheckOptions {
  host?: ProjectHost;
  summarize?: Summarizer;
  memo?: DerivedMemo;
  /** Every input file's content hash (the build's input snapshot): link checking is remembered by them. */
  identities?: ReadonlyMap<string, string>;
  /** Called with docs.json once it is read, before any page is summarized (the build's page compiler takes its render options from it). */
  configured?: (config: Config | undefined) => void;
  /**
   * Load the OpenAPI documents docs.json names, and those the pages' frontmatter seems to name (spec-hints.ts),
   * while the pages are summarized, not after: `docsc check` (its thread is idle meanwhile). Not the build: there
   * they would live through the compile of every page (bench/README.md).
   */
  documentsEarly?: boolean;
}

/** Everything the front end derived: what the build emits from. */
export interface ProjectAnalysis {
  host: ProjectHost;
  config: Config | undefined;
  navigation: RootNode | undefined;
  pages: RepositoryPages;
  documents: ReadonlyMap<string, OpenApiDocument | undefined>;
  /** The documents found by content (discover-openapi.ts), those in use included (they are in `documents` too). */
  discovered: readonly OpenApiDocument[];
  apiPages: ApiPage[];
  site: SiteIndex;
  redirects: RedirectSource[];
  diagnostics: Diagnostic[];
  sources: Map<string, SourceFile>;
  /** The pages whose links were checked in this run (the others' diagnostics were remembered: link-check-memo.ts). */
  linksChecked: string[];
  /** `CheckOptions.basePath`: what the links were checked with. */
  basePath: string;
}

export interface CheckResult {
  diagnostics: Diagnostic[];
  /** Every file read, for code frames. */
  sources: ReadonlyMap<string, SourceFile>;
  pageCount: number;
}

export async function check(options: CheckOptions): Promise<CheckResult> {
  const analysis = await analyzeProject({ ...options, memo: memoInMemory(), documentsEarly: true });
  const { pages, apiPages } = analysis;
  return {
    diagnostics: analysis.diagnostics,
    sources: analysis.sources,
    pageCount: pages.facts.length + apiPages.filter((p) => p.origin !== 'page' && p.url !== undefined).length,
  };
}

export async function analyzeProject(options: AnalyzeOptions): Promise<ProjectAnalysis> {
  const host = options.host ?? new ProjectHost(options.root);
  const bag = new DiagnosticBag();
  const sources = new Map<string, SourceFile>();

  const config = readConfig(host, bag);
  for (const file of config?.files ?? []) sources.set(file.path, file);
  const nav = config ? lowerNavigation(config.root, bag) : undefined;
  if (nav) for (const pass of navigationPasses) bag.add(pass(nav));
  // Icons the navigation names that no icon set has (the build shows those elements without one).
  if (config && nav) bag.add(checkNavigationIcons(nav, renderOptionsOf(config.root).iconLibrary));
  options.configured?.(config);

  // Documents of the same text (copied across a site's versions) share one YAML tree.
  const trees: YamlTrees = new Map();
  const loadOptions = { timeoutMs: options.fetchTimeoutMs, memo: options.memo, trees };
  let started: ReturnType<typeof startLoading> | undefined;
  const reading = readPages(host, bag, {
    threads: options.threads,
    summarize: options.summarize,
    onSummarized: options.onSummarized,
    listed: nav ? listedPages(nav, (p) => host.normalize(p)) : undefined,
    // The pages are with the workers now: the documents docs.json names, and those the pages read seem to name,
    // are loaded in the meantime, on this thread that would wait idle.
    whileSummarizing: options.documentsEarly
      ? (read) => {
          const named = collectSpecSources(config?.root, nav, [], host).sources;
          const guessed = collectSpecSources(undefined, undefined, frontmatterSpecHints(read), host).sources;
          started = startLoading(named, guessed, host, loadOptions);
        }
      : undefined,
  });
  // And docs.json's schema is compiled and checked.
  const validating = config ? validateConfig(config.root, options.memo) : undefined;
  const pages = await reading;
  if (validating) bag.add(await validating);
  for (const file of pages.sources) sources.set(file.path, file);
  if (nav) bag.add(resolvePages(nav, { files: pages.index, normalize: (p) => host.normalize(p), linkOutside: (p) => host.linkOutside(p) }));
  const files = new Set(host.listFiles());
  bag.add(checkSnippetImports(pages.summaries, { hasScript: (p) => files.has(p), linkOutside: (p) => host.linkOutside(p) }));

  const specs = collectSpecSources(config?.root, nav, pages.specReferences, host);
  const documents = await loadDocuments(specs, host, bag, { ...loadOptions, started });
  const references = { documents, keyOf: (source: string, from: string) => specKey(source, host, from) };
  // Frontmatter references that no loaded document holds are looked for in the repository's other OpenAPI documents, as Mintlify does.
  const discovered = needsDiscovery(pages.apiReferences, references)
    ? await discoverOpenApi(host, {
        loaded: new Set(documents.keys()),
        configFiles: new Set(config?.files.map((f) => f.path)),
        memo: options.memo,
        trees,
        inUse: (candidates) => documentsInUse(pages.apiReferences, references, candidates),
      })
    : undefined;
  bag.add(discovered?.diagnostics ?? []);
  const redirects = readRedirectSources(config?.root);
  const api = resolveOpenApi(nav, {
    ...references,
    defaults: specs.defaults,
    pageReferences: pages.apiReferences,
    discovered: discovered?.documents ?? [],
    isSiteTarget: siteTargets(pages.published, host.listFiles(), redirects),
    ...(nav ? { reached: readerReach(nav, pages.summaries) } : {}),
  });
  bag.add(api.diagnostics);
  // The documents found that pages use join the loaded ones (the build renders `openapi-schema:` pages from them).
  for (const document of discovered?.inUse ?? []) documents.set(document.key, document);
  for (const document of documents.values()) if (document) sources.set(document.file.path, document.file);

  // Icons pages name that no icon set has (the build shows nothing in their place).
  bag.add(checkPageIcons(pages.summaries, renderOptionsOf(config?.root).iconLibrary));
  bag.add(checkPublishedUrls([...pages.published, ...publishedApiPages(api.pages)]));
  // An API entry reaches the page its `x-docs.href` names, and a page file that takes its generated page's place.
  const apiReached = [...apiHrefs(api.pages).map((h) => h.url), ...publishedApiPages(api.pages).map((p) => p.url)];
  if (nav) bag.add(checkUnreachablePages(nav, pages.facts, new Set(apiReached)));
  const order = navigationOrder(nav, api.pages);
  const site = buildSiteIndex(pages.summaries, api.pages, host.listFiles(), redirects, host.linksOutside(), order, api.unloaded);
  // Without a navigation (docs.json unreadable, or no `navigation` in it) the API pages are unknown, and every
  // link to one would be reported broken: links wait until docs.json is fixed.
  const linkInputs = { apiPages: api.pages, files: host.listFiles(), redirects, linksOutside: host.linksOutside(), basePath: options.basePath ?? '' };
  const links = nav ? rememberedLinkCheck(pages.summaries, site, linkInputs, options.memo, options.identities) : { diagnostics: [], checked: [] };
  bag.add(links.diagnostics);
  if (nav) {
    bag.add(checkApiHrefs(api.pages, site));
    bag.add(checkConfigReferences(config, nav, site));
  }

  return {
    host,
    config,
    navigation: nav,
    pages,
    documents,
    discovered: discovered?.documents ?? [],
    apiPages: api.pages,
    site,
    redirects,
    diagnostics: sortDiagnostics(dedupeDiagnostics(bag.items)),
    sources,
    linksChecked: links.checked,
    basePath: options.basePath ?? '',
  };
}
