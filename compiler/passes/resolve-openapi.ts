// OpenAPI inheritance and resolution (seed 2.2, 2.12, 2.16): every endpoint
// or webhook entry finds its document — the one it names, else the nearest
// `openapi` of its ancestors, else docs.json's `api.openapi` — and the
// operation in it; an element with `openapi` and no pages listed gets a page
// for every operation and webhook (`x-hidden` ones published but not listed,
// `x-excluded` ones not at all). Pages are placed where Mintlify publishes them
// (api-page-paths.ts); an `x-mint.href` that names no page, file or redirect
// of the site is where the page is published, as in Mintlify, while one that
// does (or an external URL) is where the entry links, with no page generated.
// Frontmatter `openapi:` and `openapi-schema:` references are resolved by
// resolve-page-references.ts.

import { DEFAULT_API_DIRECTORY } from '../config/navigation-fields.js';
import { type Diagnostic, DiagnosticBag } from '../diagnostics/diagnostic.js';
import { type ApiItem, type ApiPage, apiPageHref } from '../ir/api-pages.js';
import { type ContainerNode, type EndpointNode, isContainer, type RootNode, type WebhookNode, walk } from '../ir/navigation.js';
import { type ApiPageEntry, assignApiPagePaths, hrefPagePath } from '../openapi/api-page-paths.js';
import type { OpenApiDocument } from '../openapi/openapi-document.js';
import { LazySpan } from '../source/lazy-span.js';
import { displayMethod } from '../syntax/entry-parser.js';
import { resolveLink } from './check-links.js';
import { describeWanted, documentFor, findItem, reportMissing, reportTrailingSlash } from './find-api-item.js';
import { type PageReference, type PageReferenceContext, resolvePageReferences } from './resolve-page-references.js';

export type { PageReference } from './resolve-page-references.js';

export interface OpenApiContext extends PageReferenceContext {
  /** docs.json `api.openapi`: documents in effect where the navigation sets none. */
  defaults: readonly string[];
  /** Frontmatter references of MDX pages. */
  pageReferences: readonly PageReference[];
  /** Whether a site URL (`guides/x`) is a page, file or redirect of the site: an `x-mint.href` naming one links there. */
  isSiteTarget?: (url: string) => boolean;
}

interface Target {
  document: OpenApiDocument;
  directory: string;
}

/** A listed or generated page before it is placed. */
interface Listed {
  page: Omit<ApiPage, 'url'>;
  directory: string;
}

export interface ResolvedApi {
  pages: ApiPage[];
  diagnostics: Diagnostic[];
  /**
   * The folders (`directory`, `/`-trimmed, never the root) whose API pages are unknown because the document they
   * come from could not be loaded (a hosted document not fetched, a file that does not parse), each with that
   * document as written: a link into one cannot be checked (check-links.ts).
   */
  unloaded: ReadonlyMap<string, string>;
}

export function resolveOpenApi(root: RootNode | undefined, ctx: OpenApiContext): ResolvedApi {
  const bag = new DiagnosticBag();
  const listed: Listed[] = [];
  const unloaded = new Map<string, string>();
  const noteUnloaded = (directory: string, source: string) => {
    if (directory !== '' && !unloaded.has(directory)) unloaded.set(directory, source);
  };
  if (root) {
    const listing = listingElements(root);
    for (const node of walk(root)) {
      if (node.kind === 'endpoint' || node.kind === 'webhook') {
        const found = resolveEntry(node, ctx, bag, noteUnloaded);
        if (found) listed.push(found);
      } else if (isContainer(node) && generatesAll(node, listing)) {
        const scope = node.openapi;
        const generated = generateAll(node, ctx);
        if (generated === undefined && scope) noteUnloaded(scope.directory, scope.source);
        listed.push(...(generated ?? []));
      }
    }
  }
  const pages = placePages(listed, ctx.isSiteTarget ?? (() => false), bag);
  pages.push(...resolvePageReferences(ctx.pageReferences, ctx, bag));
  return { pages, diagnostics: bag.items, unloaded };
}

function resolveEntry(
  node: EndpointNode | WebhookNode,
  ctx: OpenApiContext,
  bag: DiagnosticBag,
  noteUnloaded: (directory: string, source: string) => void,
): Listed | undefined {
  const candidates = candidateTargets(node, ctx);
  if ('unloaded' in candidates) {
    noteUnloaded(candidates.directory, candidates.unloaded);
    return undefined;
  }
  if (candidates.length === 0) {
    bag.report('openapi/no-document', node.span, { entry: describeWanted(node) });
    return undefined;
  }
  const matches = candidates.flatMap((target) => {
    const item = findItem(target.document, node);
    return item ? [{ target, item }] : [];
  });
  if (matches.length > 1) {
    bag.report('openapi/ambiguous-endpoint', node.span, {
      entry: describeWanted(node),
      documents: matches.map((m) => `\`${m.target.document.key}\``).join(', '),
    });
    return undefined;
  }
  const match = matches[0];
  if (match === undefined) {
    reportMissing(
      node,
      node.span,
      candidates.map((c) => c.document),
      bag,
    );
    return undefined;
  }
  reportTrailingSlash(node, match.item, match.target.document, node.span, bag);
  const info = match.item.type === 'operation' ? match.item.operation : match.item.webhook;
  if (info.excluded) bag.report('openapi/excluded-listed', node.span, { entry: describeWanted(node) });
  return {
    page: { document: match.target.document, item: match.item, origin: 'navigation' as const, at: node.span, hidden: false, listedBy: node },
    directory: match.target.directory,
  };
}

/** The documents an entry may come from; `unloaded` (the document as written) when the one it needs failed to load. */
function candidateTargets(node: EndpointNode | WebhookNode, ctx: OpenApiContext): Target[] | { unloaded: string; directory: string } {
  const directory = node.parent.scope?.directory ?? DEFAULT_API_DIRECTORY;
  if (node.spec) {
    const document = documentFor(node.spec.text, node.span, ctx);
    return document ? [{ document, directory }] : { unloaded: node.spec.text, directory };
  }
  if (node.parent.scope) {
    const document = documentFor(node.parent.scope.source, node.parent.scope.span, ctx);
    return document ? [{ document, directory }] : { unloaded: node.parent.scope.source, directory };
  }
  const defaults = ctx.defaults.map((key) => ctx.documents.get(key));
  const loaded = defaults.flatMap((document) => (document ? [{ document, directory }] : []));
  return loaded.length === 0 && defaults.length > 0 ? { unloaded: ctx.defaults[0] ?? '', directory } : loaded;
}

/**
 * The elements whose `openapi` an endpoint or webhook entry takes without naming a document (`GET /users` under
 * them): they list their endpoints, and get no others.
 */
function listingElements(root: RootNode): Set<ContainerNode> {
  const listing = new Set<ContainerNode>();
  for (const node of walk(root)) {
    if ((node.kind === 'endpoint' || node.kind === 'webhook') && node.spec === undefined && node.parent.scope) listing.add(node.parent.scope.setBy);
  }
  return listing;
}

/**
 * Whether an element with `openapi` gets a page for every operation and webhook of its document. Seed 2.12 rule 2
 * says when it lists no pages; Mintlify (its prebuild's `generateOpenApiFromDocsConfig`) also when it lists pages
 * or groups of MDX pages but no endpoint entry that takes its `openapi`, and adds the generated groups after them
 * (Formbricks' docs: an API tab with an introduction page, and links to the generated pages). An element holding
 * divisions (tabs under a version, say) keeps the seed's rule.
 */
function generatesAll(node: ContainerNode, listing: ReadonlySet<ContainerNode>): boolean {
  if (node.openapi === undefined || listing.has(node) || node.childLists.some((list) => list.malformed)) return false;
  return node.childLists.every((list) => list.items.length === 0 || list.key === 'pages' || list.key === 'groups');
}

/** Every operation and webhook of an element's `openapi` document (`generatesAll`); undefined when it failed to load. */
function generateAll(node: ContainerNode, ctx: OpenApiContext): Listed[] | undefined {
  const scope = node.openapi;
  if (scope === undefined) return [];
  const document = documentFor(scope.source, scope.span, ctx);
  if (document === undefined) return undefined;
  const items: ApiItem[] = [
    ...document.operations.filter((op) => !op.excluded).map((operation) => ({ type: 'operation' as const, operation })),
    ...document.webhooks.filter((w) => !w.excluded).map((webhook) => ({ type: 'webhook' as const, webhook })),
  ];
  return items.map((item) => {
    const info = item.type === 'operation' ? item.operation : item.webhook;
    const at = new LazySpan(document.file, () => document.locate([...info.pointer, 'summary']));
    return { page: { document, item, origin: 'generated' as const, at, hidden: info.hidden, generatedBy: node }, directory: scope.directory };
  });
}

/**
 * Gives each listed or generated page its URL (api-page-paths.ts), reporting
 * the ones renamed to keep two pages apart. An entry whose `x-mint.href` names
 * a page, file or redirect of the site, or an external URL, gets none: it links
 * there.
 */
function placePages(listed: Listed[], isSiteTarget: (url: string) => boolean, bag: DiagnosticBag): ApiPage[] {
  const linked: ApiPage[] = [];
  const placing: { page: Omit<ApiPage, 'url'>; entry: ApiPageEntry }[] = [];
  const seen = new Set<string>();
  for (const { page, directory } of listed) {
    const href = apiPageHref(page);
    const hrefPath = href === undefined ? undefined : hrefPagePath(href);
    const publishedAt = hrefPath !== undefined && !isSiteTarget(resolveLink(href as string, '').url) ? hrefPath : undefined;
    if (href !== undefined && publishedAt === undefined) {
      linked.push({ ...page });
      continue;
    }
    // The same operation listed twice, or generated twice into one folder, lands on one page.
    const itemKey = `${publishedAt ?? directory}\0${page.document.key}\0${itemPointer(page.item)}`;
    if (seen.has(itemKey)) continue;
    seen.add(itemKey);
    const item = page.item.type === 'operation' ? page.item.operation : page.item.webhook;
    const entry: ApiPageEntry = { document: page.document, item, directory, ...(page.generatedBy && { batch: page.generatedBy }) };
    placing.push({ page, entry: href === undefined ? entry : { ...entry, href } });
  }
  const pages: ApiPage[] = [];
  assignApiPagePaths(placing.map((p) => p.entry)).forEach((placed, i) => {
    const page = (placing[i] as (typeof placing)[number]).page;
    pages.push({ ...page, url: placed.path });
    if (placed.renamedFrom === undefined) return;
    const info = page.item.type === 'operation' ? page.item.operation : page.item.webhook;
    const entry =
      page.item.type === 'operation'
        ? `${displayMethod(page.item.operation.method)} ${page.item.operation.path}`
        : `webhook ${page.item.webhook.name}`;
    bag.report(
      'openapi/duplicate-slug',
      page.at,
      { entry, url: placed.path, original: placed.renamedFrom },
      { hint: info.summary ? 'Give it a summary of its own.' : 'Give it a `summary`.' },
    );
  });
  return [...pages, ...linked];
}

function itemPointer(item: ApiItem): string {
  return (item.type === 'operation' ? item.operation.pointer : item.webhook.pointer).join('/');
}
