// Every page of the site before its body, as a plan: MDX pages (with the API
// reference their frontmatter names), then generated API pages, each with
// its document (title, description, method, badges, the scripts it loads)
// and its title in the navigation; and apart, the MDX pages whose entry
// links out (frontmatter `url`), which are not laid out.

import type { ProjectAnalysis } from '../check.js';
import { type ApiPage, apiPageTitle } from '../ir/api-pages.js';
import { isSnippetSummary, pagePathOfFile, pageUrl } from '../ir/page-urls.js';
import type { OpenApiDocument } from '../openapi/openapi-document.js';
import type { PageSummary } from '../pages/summarize-page.js';
import type { ApiSettings } from '../reference/api-settings.js';
import type { PageDocument } from '../site/page-layout.js';
import { feedPath } from '../site/rss-feed.js';
import type { PageTitle } from '../site/site-navigation.js';
import type { DescribeText } from './description-facts.js';

/** A page before its body: everything navigation and layout need. */
export interface PagePlan {
  url: string;
  document: Omit<PageDocument, 'body' | 'toc'>;
  /** Left out of navigation, search and sitemap. */
  hidden: boolean;
  source: { kind: 'mdx'; summary: PageSummary; reference?: ApiPage } | { kind: 'api'; page: ApiPage };
}

/**
 * Every page of the site by URL: MDX pages (with the API reference their frontmatter names), then generated API
 * pages; and apart, the MDX pages whose entry links out instead (frontmatter `url`), which are not laid out.
 */
export function planPages(
  analysis: ProjectAnalysis,
  apiSettings: ApiSettings,
  describe: DescribeText,
): { plans: Map<string, PagePlan>; links: Map<string, PageSummary> } {
  const references = new Map<string, ApiPage>();
  for (const page of analysis.apiPages) if (page.origin === 'page' && page.url !== undefined) references.set(page.url, page);
  const plans = new Map<string, PagePlan>();
  const links = new Map<string, PageSummary>();
  for (const summary of analysis.pages.summaries) {
    if (isSnippetSummary(summary)) continue;
    const url = pageUrl(pagePathOfFile(summary.path) as string);
    if (summary.frontmatter.url !== undefined) {
      links.set(url, summary);
      continue;
    }
    const reference = references.get(url);
    const plan = mdxPlan(url, summary, reference, describe);
    if (apiSettings.download && reference !== undefined) plan.document.download = documentHref(reference.document);
    if (wantsPlayground(plan, apiSettings)) plan.document.scripts = ['playground'];
    plans.set(url, plan);
  }
  for (const page of analysis.apiPages) {
    if (page.url === undefined || page.origin === 'page' || plans.has(page.url)) continue;
    const plan = apiPlan(page, describe);
    if (apiSettings.download) plan.document.download = documentHref(page.document);
    if (wantsPlayground(plan, apiSettings)) plan.document.scripts = ['playground'];
    plans.set(page.url, plan);
  }
  return { plans, links };
}

/** Where an OpenAPI document is downloaded from: its place in the output (published with `api.spec.download`), or its URL. */
function documentHref(document: OpenApiDocument): string {
  return isHosted(document.key) ? document.key : `/${document.key}`;
}

/** Whether a document's key is its URL (a hosted document) rather than its path in the repository. */
export function isHosted(key: string): boolean {
  return /^https?:\/\//i.test(key);
}

/** The navigation entry of a page that links out (frontmatter `url`). */
export function linkTitle(summary: PageSummary): PageTitle {
  const fm = summary.frontmatter;
  const title: PageTitle = {
    label: fm.sidebarTitle ?? fm.title ?? summary.title ?? lastSegment(pageUrl(pagePathOfFile(summary.path) as string)),
    hidden: fm.hidden === true,
  };
  if (fm.url !== undefined) title.href = fm.url;
  if (fm.icon !== undefined) title.icon = fm.icon;
  if (fm.tag !== undefined) title.tag = fm.tag;
  return title;
}

/** The descriptions of these API pages' operations and webhooks, for `describeAll` (their plans read their facts). */
export function* apiDescriptions(pages: Iterable<ApiPage | undefined>): Generator<string> {
  for (const page of pages) {
    if (page?.url === undefined) continue;
    const info = page.item.type === 'operation' ? page.item.operation : page.item.webhook;
    if (info.description !== undefined) yield info.description;
  }
}

export function mdxPlan(url: string, summary: PageSummary, reference: ApiPage | undefined, describe: DescribeText): PagePlan {
  const fm = summary.frontmatter;
  // A page documenting an operation (`openapi:`) and naming no title takes the operation's, as a generated page would (seed 2.15).
  const referenceTitle = reference && fm.title === undefined && summary.title === undefined ? apiPageTitle(reference) : undefined;
  const title = fm.title ?? summary.title ?? referenceTitle ?? lastSegment(url);
  // A hidden page is published but kept out of navigation, search, sitemap and search engines.
  const document: PagePlan['document'] = {
    url,
    title,
    showTitle: fm.title !== undefined || referenceTitle !== undefined,
    noindex: fm.noindex === true || fm.hidden === true,
  };
  if (fm.description !== undefined) document.description = fm.description;
  else if (reference) {
    // The reference leaves a one-paragraph plain operation description to the title area.
    const operation = reference.item.type === 'operation' ? reference.item.operation.description : reference.item.webhook.description;
    const facts = operation === undefined ? undefined : describe(operation);
    if (facts?.isPlain && facts.plain !== undefined) document.description = facts.plain;
  }
  if (fm.sidebarTitle !== undefined) document.sidebarTitle = fm.sidebarTitle;
  if (fm.deprecated === true) document.deprecated = true;
  if (fm.tag !== undefined) document.tag = fm.tag;
  if (fm.icon !== undefined) document.icon = fm.icon;
  if (fm.mode !== undefined && fm.mode !== 'default') document.mode = fm.mode;
  if (fm.openGraph !== undefined) document.openGraph = fm.openGraph;
  if (fm.keywords !== undefined) document.keywords = fm.keywords;
  if (fm.rss === true) document.feed = `/${feedPath(url)}`;
  document.sourcePath = summary.path;
  const source: PagePlan['source'] = reference ? { kind: 'mdx', summary, reference } : { kind: 'mdx', summary };
  return { url, document, hidden: fm.hidden === true, source };
}

function apiPlan(page: ApiPage, describe: DescribeText): PagePlan {
  const item = page.item;
  const info = item.type === 'operation' ? item.operation : item.webhook;
  const metadata = info.xDocs?.metadata ?? {};
  const title = apiPageTitle(page);
  const url = page.url as string;
  const document: PagePlan['document'] = {
    url,
    title,
    showTitle: true,
    noindex: metadata.noindex === true,
    method: item.type === 'webhook' ? 'WEBHOOK' : item.operation.method.toUpperCase(),
  };
  const own = stringField(metadata.description);
  const facts = info.description === undefined ? undefined : describe(info.description);
  const description = own ?? facts?.plain;
  if (description !== undefined && description !== title) document.description = description;
  // A longer description is in the body, formatted; its first paragraph, as text, stays the meta description.
  if (own === undefined && facts !== undefined && !facts.isPlain) document.descriptionInBody = true;
  const sidebarTitle = stringField(metadata.sidebarTitle);
  if (sidebarTitle !== undefined) document.sidebarTitle = sidebarTitle;
  if (info.deprecated || metadata.deprecated === true) document.deprecated = true;
  return { url, document, hidden: page.hidden || metadata.hidden === true, source: { kind: 'api', page } };
}

/** API operations (generated or named by frontmatter) and `api:` pages load the playground (which also makes code samples tabs). */
function wantsPlayground(plan: PagePlan, settings: ApiSettings): boolean {
  if (plan.source.kind === 'api') return plan.source.page.item.type === 'operation';
  if (plan.source.reference) return plan.source.reference.item.type === 'operation';
  return plan.source.summary.frontmatter.api !== undefined && settings.display !== 'none';
}

export function pageTitle(plan: PagePlan): PageTitle {
  const title: PageTitle = { label: plan.document.sidebarTitle ?? plan.document.title, hidden: plan.hidden };
  if (plan.document.method !== undefined) title.method = plan.document.method;
  // An MDX page documenting an operation (`openapi:` frontmatter): its method in the sidebar, and the operation's summary when the page names no title.
  const reference = plan.source.kind === 'mdx' ? plan.source.reference : undefined;
  if (reference && plan.source.kind === 'mdx') {
    const item = reference.item;
    title.method = item.type === 'webhook' ? 'WEBHOOK' : item.operation.method.toUpperCase();
    const summary = item.type === 'operation' ? item.operation.summary : item.webhook.summary;
    if (plan.document.sidebarTitle === undefined && plan.source.summary.frontmatter.title === undefined && summary) title.label = summary;
  }
  if (plan.document.deprecated) title.deprecated = true;
  if (plan.document.icon !== undefined) title.icon = plan.document.icon;
  if (plan.document.tag !== undefined) title.tag = plan.document.tag;
  return title;
}

function stringField(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

export function lastSegment(url: string): string {
  return url.slice(url.lastIndexOf('/') + 1) || 'Home';
}
