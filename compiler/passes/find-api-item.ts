// Finding what an endpoint or webhook entry names in a loaded OpenAPI
// document, and saying what was meant when it is not there — shared by the
// navigation's entries (resolve-openapi.ts) and pages' frontmatter
// (resolve-page-references.ts). A path matches exactly, else, as Mintlify's
// `findOpenApiPath` does, up to one trailing slash (`/v1/exports/get` finds
// `/v1/exports/get/`): the caller warns about that.

import { closestMatch } from '../config/did-you-mean.js';
import type { DiagnosticBag, Location } from '../diagnostics/diagnostic.js';
import type { ApiItem } from '../ir/api-pages.js';
import type { EndpointNode } from '../ir/navigation.js';
import { fileOf } from '../openapi/collect-spec-sources.js';
import type { OpenApiDocument, OperationInfo, WebhookInfo } from '../openapi/openapi-document.js';
import type { Span } from '../source/source-file.js';
import { displayMethod } from '../syntax/entry-parser.js';

/** The documents a run loaded, and how a name written in a file finds one. */
export interface ReferenceContext {
  /** Loaded documents by key; a key maps to undefined when loading failed (already reported). */
  documents: ReadonlyMap<string, OpenApiDocument | undefined>;
  /** The key of a source as written in file `from` (see spec-names.ts); undefined when it leaves the root or is ambiguous. */
  keyOf(source: string, from: string): string | undefined;
}

/** The loaded document a source names, as written where `at` is; undefined when it did not load (reported). */
export function documentFor(source: string, at: Span | Location, ctx: ReferenceContext): OpenApiDocument | undefined {
  const key = ctx.keyOf(source, fileOf(at));
  return key === undefined ? undefined : ctx.documents.get(key);
}

/** What an entry asks for, wherever it was written. */
export type Wanted = { kind: 'endpoint'; method: EndpointNode['method']; path: string } | { kind: 'webhook'; name: string };

export function findItem(document: OpenApiDocument, wanted: Wanted): ApiItem | undefined {
  const items = itemsByName(document);
  if (wanted.kind === 'endpoint') {
    const operation =
      items.operations.get(`${wanted.method} ${wanted.path}`) ?? items.operations.get(`${wanted.method} ${withoutTrailingSlash(wanted.path)}\0`);
    return operation && { type: 'operation', operation };
  }
  const webhook = items.webhooks.get(wanted.name);
  return webhook && { type: 'webhook', webhook };
}

/** When an entry found its operation only up to a trailing slash: the path the document writes. */
function pathWrittenOtherwise(wanted: Wanted, item: ApiItem): string | undefined {
  return wanted.kind === 'endpoint' && item.type === 'operation' && item.operation.path !== wanted.path ? item.operation.path : undefined;
}

/** Warns when an entry found its operation only up to a trailing slash. */
export function reportTrailingSlash(wanted: Wanted, item: ApiItem, document: OpenApiDocument, at: Span | Location, bag: DiagnosticBag): void {
  const written = pathWrittenOtherwise(wanted, item);
  if (written !== undefined) bag.report('openapi/trailing-slash', at, { entry: describeWanted(wanted), path: written, document: document.key });
}

/** `findOpenApiPath`'s canonical form: one trailing slash dropped, except on `/`. */
function withoutTrailingSlash(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

interface ItemsByName {
  /** By `method path`, and by `method canonical-path\0` for the trailing-slash fallback. */
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
      const loose = `${op.method} ${withoutTrailingSlash(op.path)}\0`;
      if (!items.operations.has(loose)) items.operations.set(loose, op);
    }
    for (const hook of document.webhooks) if (!items.webhooks.has(hook.name)) items.webhooks.set(hook.name, hook);
    itemIndexes.set(document, items);
  }
  return items;
}

/** Documents named in a message: up to four, else the first three and how many more (Openlit's pages were looked up in eight). */
export function documentList(documents: readonly OpenApiDocument[]): string {
  const named = documents.slice(0, documents.length > 4 ? 3 : 4).map((d) => `\`${d.key}\``);
  const more = documents.length - named.length;
  return more > 0 ? `${named.join(', ')} and ${more} other document${more === 1 ? '' : 's'}` : named.join(', ');
}

export function reportMissing(wanted: Wanted, at: Span | Location, documents: OpenApiDocument[], bag: DiagnosticBag): void {
  const where = documentList(documents);
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

export function describeWanted(wanted: Wanted): string {
  return wanted.kind === 'endpoint' ? `${displayMethod(wanted.method)} ${wanted.path}` : `webhook ${wanted.name}`;
}
