// The front end as the dev server's first pages need it, in a fraction of a
// second where the whole front end takes seconds: docs.json read and lowered,
// page entries resolved, OpenAPI documents loaded and their pages generated —
// the steps of check.ts's `analyzeProject` that decide where pages are and
// what they are called — with quick page summaries (quick-summary.ts), OpenAPI
// documents not validated, and no rule or check: what it finds is the first
// build's to report. Hosted OpenAPI documents are left to that build (their
// pages wait for it), and so are documents found by content only. A sketch
// that differs from the analysis only makes a page served before the build
// differ from the build's, and the browser reloads it.

import type { ProjectAnalysis } from '../check.js';
import { lowerNavigation } from '../config/lower-navigation.js';
import { readConfig } from '../config/read-config.js';
import { readRedirectSources } from '../config/read-redirects.js';
import { DiagnosticBag } from '../diagnostics/diagnostic.js';
import type { ProjectHost } from '../host/project-host.js';
import { buildSiteIndex } from '../ir/build-site-index.js';
import { navigationOrder } from '../ir/folder-pages.js';
import { listedPages } from '../ir/navigation.js';
import { collectSpecSources } from '../openapi/collect-spec-sources.js';
import { loadOpenApi } from '../openapi/load-openapi.js';
import type { OpenApiDocument } from '../openapi/openapi-document.js';
import { specKey } from '../openapi/spec-names.js';
import { type PageInput, readPages } from '../pages/read-pages.js';
import type { PageSummaryResult } from '../pages/summarize-page.js';
import { siteTargets } from '../passes/check-api-hrefs.js';
import { resolveOpenApi } from '../passes/resolve-openapi.js';
import { resolvePages } from '../passes/resolve-pages.js';
import { quickSummary } from './quick-summary.js';

export async function sketchProject(host: ProjectHost, basePath: string): Promise<ProjectAnalysis> {
  // What the steps report is the build's to report: it is dropped here.
  const bag = new DiagnosticBag();
  const config = readConfig(host, bag);
  const navigation = config ? lowerNavigation(config.root, bag) : undefined;
  const pages = await readPages(host, bag, {
    summarize: quickSummaries,
    listed: navigation ? listedPages(navigation, (p) => host.normalize(p)) : undefined,
  });
  if (navigation) resolvePages(navigation, { files: pages.index, normalize: (p) => host.normalize(p), linkOutside: (p) => host.linkOutside(p) });
  const specs = collectSpecSources(config?.root, navigation, pages.specReferences, host);
  const documents = new Map<string, OpenApiDocument | undefined>();
  for (const source of specs.sources) {
    if (/^https?:\/\//i.test(source.key)) continue;
    documents.set(source.key, (await loadOpenApi(source.key, host, { at: source.at, validate: false })).document);
  }
  const redirects = readRedirectSources(config?.root);
  const api = resolveOpenApi(navigation, {
    documents,
    keyOf: (source: string, from: string) => specKey(source, host, from),
    defaults: specs.defaults,
    pageReferences: pages.apiReferences,
    discovered: [],
    isSiteTarget: siteTargets(pages.published, host.listFiles(), redirects),
  });
  const order = navigationOrder(navigation, api.pages);
  const site = buildSiteIndex(pages.summaries, api.pages, host.listFiles(), redirects, host.linksOutside(), order, api.unloaded);
  return {
    host,
    config,
    navigation,
    pages,
    documents,
    discovered: [],
    apiPages: api.pages,
    site,
    redirects,
    diagnostics: [],
    sources: new Map(),
    linksChecked: [],
    basePath,
  };
}

async function quickSummaries(inputs: readonly PageInput[]): Promise<PageSummaryResult[]> {
  const results: PageSummaryResult[] = [];
  for (const input of inputs) {
    const read = input.read();
    if (read) results.push({ summary: quickSummary(input.path, read.text), diagnostics: [] });
  }
  return results;
}
