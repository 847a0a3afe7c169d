// OpenAPI inheritance and resolution (seed 2.2, 2.12, 2.16): every endpoint
// or webhook entry finds its document — the one it names, else the nearest
// `openapi` of its ancestors, else docs.json's `api.openapi` — and the
// operation in it; an element with `openapi` and no pages listed gets a page
// for every operation and webhook (`x-hidden` ones published but not listed,
// `x-excluded` ones not at all); frontmatter `openapi:` and `openapi-schema:`
// references are checked the same way.

import { closestMatch } from '../config/did-you-mean.js';
import { DEFAULT_API_DIRECTORY } from '../config/navigation-fields.js';
import { type Diagnostic, DiagnosticBag, type Location } from '../diagnostics/diagnostic.js';
import { type ApiItem, type ApiPage, apiPageHref } from '../ir/api-pages.js';
import { type ContainerNode, type EndpointNode, isContainer, type RootNode, type WebhookNode, walk } from '../ir/navigation.js';
import { assignApiPagePaths } from '../openapi/api-page-paths.js';
import { fileOf } from '../openapi/collect-spec-sources.js';
import type { OpenApiDocument, OperationInfo, WebhookInfo } from '../openapi/openapi-document.js';
import { LazySpan } from '../source/lazy-span.js';
import type { Span } from '../source/source-file.js';
import { displayMethod, type Entry, type SchemaEntry } from '../syntax/entry-parser.js';

export interface OpenApiContext {
  /** Loaded documents by key; a key maps to undefined when loading failed (already reported). */
  documents: ReadonlyMap<string, OpenApiDocument | undefined>;
  /** The key of a source as written in file `from` (see spec-names.ts); undefined when it leaves the root or is ambiguous. */
  keyOf(source: string, from: string): string | undefined;
  /** docs.json `api.openapi`: documents in effect where the navigation sets none. */
  defaults: readonly string[];
  /** Frontmatter references of MDX pages. */
  pageReferences: readonly PageReference[];
}

export interface PageReference {
  /** The page's URL (page-urls.ts). */
  url: string;
  at: Location;
  entry: Entry | SchemaEntry;
}

/** What an entry asks for, wherever it was written. */
type Wanted = { kind: 'endpoint'; method: EndpointNode['method']; path: string } | { kind: 'webhook'; name: string };

interface Target {
  document: OpenApiDocument;
  directory: string;
}

export function resolveOpenApi(root: RootNode | undefined, ctx: OpenApiContext): { pages: ApiPage[]; diagnostics: Diagnostic[] } {
  const bag = new DiagnosticBag();
  const listed: { page: Omit<ApiPage, 'url'>; directory: string }[] = [];
  if (root) {
    for (const node of walk(root)) {
      if (node.kind === 'endpoint' || node.kind === 'webhook') {
        const found = resolveEntry(node, ctx, bag);
        if (found) listed.push(found);
      } else if (isContainer(node) && node.openapi && node.childLists.every((list) => list.items.length === 0 && !list.malformed)) {
        listed.push(...generateAll(node, ctx));
      }
    }
  }
  const pages = placePages(listed, bag);
  for (const ref of ctx.pageReferences) pages.push(...resolvePageReference(ref, ctx, bag));
  return { pages, diagnostics: bag.items };
}

function documentFor(source: string, at: Span | Location, ctx: OpenApiContext): OpenApiDocument | undefined {
  const key = ctx.keyOf(source, fileOf(at));
  return key === undefined ? undefined : ctx.documents.get(key);
}

function resolveEntry(node: EndpointNode | WebhookNode, ctx: OpenApiContext, bag: DiagnosticBag) {
  const candidates = candidateTargets(node, ctx);
  if (candidates === 'unloaded') return undefined;
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
  const info = match.item.type === 'operation' ? match.item.operation : match.item.webhook;
  if (info.excluded) bag.report('openapi/excluded-listed', node.span, { entry: describeWanted(node) });
  return {
    page: { document: match.target.document, item: match.item, origin: 'navigation' as const, at: node.span, hidden: false, listedBy: node },
    directory: match.target.directory,
  };
}

/** The documents an entry may come from; 'unloaded' when the one it needs failed to load. */
function candidateTargets(node: EndpointNode | WebhookNode, ctx: OpenApiContext): Target[] | 'unloaded' {
  const directory = node.parent.scope?.directory ?? DEFAULT_API_DIRECTORY;
  if (node.spec) {
    const document = documentFor(node.spec.text, node.span, ctx);
    return document ? [{ document, directory }] : 'unloaded';
  }
  if (node.parent.scope) {
    const document = documentFor(node.parent.scope.source, node.parent.scope.span, ctx);
    return document ? [{ document, directory }] : 'unloaded';
  }
  const defaults = ctx.defaults.map((key) => ctx.documents.get(key));
  const loaded = defaults.flatMap((document) => (document ? [{ document, directory }] : []));
  return loaded.length === 0 && defaults.length > 0 ? 'unloaded' : loaded;
}

function findItem(document: OpenApiDocument, wanted: Wanted): ApiItem | undefined {
  const items = itemsByName(document);
  if (wanted.kind === 'endpoint') {
    const operation = items.operations.get(`${wanted.method} ${wanted.path}`);
    return operation && { type: 'operation', operation };
  }
  const webhook = items.webhooks.get(wanted.name);
  return webhook && { type: 'webhook', webhook };
}

interface ItemsByName {
  operations: Map<string, OperationInfo>;
  webhooks: Map<string, WebhookInfo>;
}

const itemIndexes = new WeakMap<OpenApiDocument, ItemsByName>();

/**
 * A document's operations by `method path` and webhooks by name, the first of
 * each: a navigation listing all 22,000 operations of Microsoft Graph's beta
 * spec searched them all for each page.
 */
function itemsByName(document: OpenApiDocument): ItemsByName {
  let items = itemIndexes.get(document);
  if (items === undefined) {
    items = { operations: new Map(), webhooks: new Map() };
    for (const op of document.operations) {
      const key = `${op.method} ${op.path}`;
      if (!items.operations.has(key)) items.operations.set(key, op);
    }
    for (const hook of document.webhooks) if (!items.webhooks.has(hook.name)) items.webhooks.set(hook.name, hook);
    itemIndexes.set(document, items);
  }
  return items;
}

function reportMissing(wanted: Wanted, at: Span | Location, documents: OpenApiDocument[], bag: DiagnosticBag): void {
  const where = documents.map((d) => `\`${d.key}\``).join(', ');
  if (wanted.kind === 'webhook') {
    const old = documents.find((d) => d.version.startsWith('3.0'));
    if (old && documents.length === 1) {
      bag.report('openapi/webhook-needs-3.1', at, { name: wanted.name, document: old.key, version: old.version });
      return;
    }
    const names = documents.flatMap((d) => d.webhooks.map((w) => w.name));
    bag.report('openapi/webhook-not-found', at, { name: wanted.name, documents: where, nearby: nearbyList(names) });
    return;
  }
  const operations = documents.flatMap((d) => d.operations);
  bag.report('openapi/endpoint-not-found', at, {
    entry: describeWanted(wanted),
    documents: where,
    nearby: nearbyList(nearbyOperations(operations, wanted.method, wanted.path)),
  });
}

/**
 * Operations a user probably meant. An operation whose path differs only by
 * case, a trailing slash or a parameter's name is surely it: then only those.
 * Otherwise, operations on the same path with another method, or with the
 * same method on a path one misspelt segment away.
 */
function nearbyOperations(operations: OperationInfo[], method: string, path: string): string[] {
  const loose = (p: string) =>
    p
      .toLowerCase()
      .replace(/\/+$/, '')
      .replace(/\{[^}]*\}/g, '{}');
  const label = (op: OperationInfo) => `${displayMethod(op.method)} ${op.path}`;
  const same = operations.filter((op) => op.method === method && loose(op.path) === loose(path));
  if (same.length > 0) return same.map(label).slice(0, 3);
  const near = operations.filter(
    (op) => (op.path === path && op.method !== method) || (op.method === method && oneSegmentApart(loose(op.path), loose(path))),
  );
  return near.map(label).sort().slice(0, 3);
}

/** Paths that differ in one segment only, and there by what looks like a typo (`/cats` ~ `/pets`, not `/health`). */
function oneSegmentApart(a: string, b: string): boolean {
  const x = a.split('/');
  const y = b.split('/');
  if (x.length !== y.length) return false;
  const differing = x.flatMap((segment, i) => (segment === y[i] ? [] : [[segment, y[i] as string] as const]));
  const [pair] = differing;
  return differing.length === 1 && pair !== undefined && closestMatch(pair[0], [pair[1]]) !== undefined;
}

function nearbyList(names: string[]): string {
  if (names.length === 0) return '';
  return `; nearby: ${names
    .slice(0, 3)
    .map((n) => `\`${n}\``)
    .join(', ')}`;
}

function describeWanted(wanted: Wanted): string {
  return wanted.kind === 'endpoint' ? `${displayMethod(wanted.method)} ${wanted.path}` : `webhook ${wanted.name}`;
}

/** Seed 2.12 rule 2: `openapi` set and no pages listed → every operation and webhook. */
function generateAll(node: ContainerNode, ctx: OpenApiContext) {
  const scope = node.openapi;
  if (scope === undefined) return [];
  const document = documentFor(scope.source, scope.span, ctx);
  if (document === undefined) return [];
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

/** Gives each listed or generated page its URL, per directory, reporting slug duplicates. */
function placePages(listed: { page: Omit<ApiPage, 'url'>; directory: string }[], bag: DiagnosticBag): ApiPage[] {
  const pages: ApiPage[] = [];
  const seen = new Set<string>();
  const byDirectory = new Map<string, Omit<ApiPage, 'url'>[]>();
  for (const { page, directory } of listed) {
    const itemKey = `${directory}\0${page.document.key}\0${itemPointer(page.item)}`;
    if (seen.has(itemKey)) continue; // the same operation listed twice lands on one page
    const list = byDirectory.get(directory) ?? [];
    list.push(page);
    byDirectory.set(directory, list);
    seen.add(itemKey);
  }
  for (const [directory, list] of byDirectory) {
    const placed = assignApiPagePaths(
      list.map((page) => ({ document: page.document, item: page.item.type === 'operation' ? page.item.operation : page.item.webhook })),
      directory,
    );
    placed.forEach((p, i) => {
      const page = list[i] as Omit<ApiPage, 'url'>;
      const href = apiPageHref(page);
      pages.push(href === undefined ? { ...page, url: p.path } : { ...page });
      if (p.renamedFrom !== undefined) {
        const info = page.item.type === 'operation' ? page.item.operation : page.item.webhook;
        const entry =
          page.item.type === 'operation'
            ? `${displayMethod(page.item.operation.method)} ${page.item.operation.path}`
            : `webhook ${page.item.webhook.name}`;
        bag.report(
          'openapi/duplicate-slug',
          page.at,
          { entry, url: p.path, original: p.renamedFrom },
          { hint: info.summary ? 'Give it a summary of its own.' : 'Give it a `summary`.' },
        );
      }
    });
  }
  return pages;
}

function itemPointer(item: ApiItem): string {
  return (item.type === 'operation' ? item.operation.pointer : item.webhook.pointer).join('/');
}

function resolvePageReference(ref: PageReference, ctx: OpenApiContext, bag: DiagnosticBag): ApiPage[] {
  const entry = ref.entry;
  if (entry.kind === 'invalid' || entry.kind === 'page') return [];
  const named = entry.spec ? documentFor(entry.spec.text, ref.at, ctx) : undefined;
  if (entry.spec && named === undefined) return [];
  const documents = named ? [named] : [...ctx.documents.values()].filter((d): d is OpenApiDocument => d !== undefined);
  if (entry.kind === 'schema') {
    if (documents.length === 0) bag.report('openapi/no-document', ref.at, { entry: entry.name });
    else checkSchemaReference(entry.name, ref.at, documents, bag);
    return [];
  }
  const wanted: Wanted =
    entry.kind === 'endpoint' ? { kind: 'endpoint', method: entry.method, path: entry.path } : { kind: 'webhook', name: entry.name };
  if (documents.length === 0) {
    bag.report('openapi/no-document', ref.at, { entry: describeWanted(wanted) });
    return [];
  }
  const matches = documents.flatMap((document) => {
    const item = findItem(document, wanted);
    return item ? [{ document, item }] : [];
  });
  if (matches.length > 1) {
    bag.report('openapi/ambiguous-endpoint', ref.at, {
      entry: describeWanted(wanted),
      documents: matches.map((m) => `\`${m.document.key}\``).join(', '),
    });
    return [];
  }
  const match = matches[0];
  if (match === undefined) {
    reportMissing(wanted, ref.at, documents, bag);
    return [];
  }
  const info = match.item.type === 'operation' ? match.item.operation : match.item.webhook;
  if (info.excluded) bag.report('openapi/excluded-listed', ref.at, { entry: describeWanted(wanted) });
  return [{ url: ref.url, document: match.document, item: match.item, origin: 'page', at: ref.at, hidden: false }];
}

function checkSchemaReference(name: string, at: Location, documents: OpenApiDocument[], bag: DiagnosticBag): void {
  const holders = documents.filter((d) => d.schemaNames.includes(name));
  if (holders.length === 0) bag.report('openapi/schema-not-found', at, { name, documents: documents.map((d) => `\`${d.key}\``).join(', ') });
  else if (holders.length > 1) bag.report('openapi/ambiguous-schema', at, { name, documents: holders.map((d) => `\`${d.key}\``).join(', ') });
}
