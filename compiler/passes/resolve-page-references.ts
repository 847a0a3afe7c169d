// Frontmatter `openapi:` and `openapi-schema:` references of MDX pages,
// resolved as Mintlify resolves them (`@mintlify/common`
// `getMatchingOpenApiFile`): a reference that names a document takes the
// operation from it; when that document does not hold it, Mintlify takes it
// from the first document that does (translated copies of a spec that lack an
// operation render the original's), and so does docsc, with a warning. A
// reference that names none takes it from the documents the run loaded, else
// from those found in the repository by content (discover-openapi.ts); when
// several hold it, the first in Mintlify's order is used, with a warning.

import type { DiagnosticBag, Location } from '../diagnostics/diagnostic.js';
import type { ApiItem, ApiPage } from '../ir/api-pages.js';
import { mintlifyOrder } from '../openapi/discover-openapi.js';
import type { OpenApiDocument } from '../openapi/openapi-document.js';
import type { Entry, SchemaEntry } from '../syntax/entry-parser.js';
import {
  describeWanted,
  documentFor,
  documentList,
  findItem,
  type ReferenceContext,
  reportMissing,
  reportTrailingSlash,
  type Wanted,
} from './find-api-item.js';

export interface PageReference {
  /** The page's URL (page-urls.ts). */
  url: string;
  at: Location;
  entry: Entry | SchemaEntry;
}

export interface PageReferenceContext extends ReferenceContext {
  /** Documents found in the repository by content (discover-openapi.ts), in Mintlify's order, none of them in `documents`. */
  discovered?: readonly OpenApiDocument[];
  /** Whether readers come to the page at a URL by the navigation or a link (reader-reach.ts); absent: they do. */
  reached?: (url: string) => boolean;
}

type Resolution =
  /** `holders`: every document searched that holds it; `named`: the document the reference names, when it does not. */
  | { found: true; document: OpenApiDocument; item?: ApiItem; holders: OpenApiDocument[]; named?: OpenApiDocument }
  /** `searched`: the documents that do not hold it (none: no document at all). */
  | { found: false; searched: OpenApiDocument[] }
  /** The document it names did not load (reported). */
  | 'unloaded'
  /** Not a reference to resolve (a page entry, or invalid: reported elsewhere). */
  | undefined;

export function resolvePageReferences(references: readonly PageReference[], ctx: PageReferenceContext, bag: DiagnosticBag): ApiPage[] {
  const declared = declaredDocuments(ctx);
  const discovered = ctx.discovered ?? [];
  const unloaded = [...ctx.documents.values()].includes(undefined);
  const pages: ApiPage[] = [];
  for (const ref of references) {
    const resolution = resolveReference(ref, ctx, declared, discovered);
    if (resolution === undefined || resolution === 'unloaded') continue;
    const entry = ref.entry;
    const wanted = wantedOf(entry);
    const described = wanted ? describeWanted(wanted) : entry.kind === 'schema' ? entry.name : '';
    if (!resolution.found) {
      // A document that failed to load (reported: a hosted one the network did not give) may be the one, for a
      // reference that names none: nothing more is said (Portkey's docs: one fetch failed, 218 pages not found).
      if (unloaded && !('spec' in entry && entry.spec)) continue;
      // Mintlify publishes such a page blank, without a word: an error where readers come to it, else a warning.
      if (resolution.searched.length > 0 && ctx.reached?.(ref.url) === false)
        bag.report('openapi/unreached-reference-not-found', ref.at, {
          entry: described,
          where: `${resolution.searched.length === 1 ? 'not in' : 'in none of'} ${documentList(resolution.searched)}`,
        });
      else if (resolution.searched.length > 0) reportNotFound(entry, ref.at, resolution.searched, bag);
      else if (!unloaded) bag.report('openapi/no-document', ref.at, { entry: described });
      continue;
    }
    const { document, item, holders, named } = resolution;
    if (item === undefined || wanted === undefined) {
      // A schema: its page renders only from a single holder.
      if (differ(holders)) bag.report('openapi/ambiguous-schema', ref.at, { name: described, documents: keysOf(holders) });
      continue;
    }
    if (named !== undefined) bag.report('openapi/endpoint-elsewhere', ref.at, { entry: described, named: named.key, chosen: document.key });
    else if (differ(holders)) bag.report('openapi/several-documents', ref.at, { entry: described, documents: keysOf(holders), chosen: document.key });
    reportTrailingSlash(wanted, item, document, ref.at, bag);
    const info = item.type === 'operation' ? item.operation : item.webhook;
    if (info.excluded) bag.report('openapi/excluded-listed', ref.at, { entry: described });
    pages.push({ url: ref.url, document, item, origin: 'page', at: ref.at, hidden: false });
  }
  return pages;
}

/**
 * Whether a reference finds nothing in the documents the run loaded: only then
 * is the repository searched for others (discover-openapi.ts), which reads every
 * JSON and YAML file.
 */
export function needsDiscovery(references: readonly PageReference[], ctx: ReferenceContext): boolean {
  const declared = declaredDocuments(ctx);
  return references.some((ref) => {
    const resolution = resolveReference(ref, ctx, declared, []);
    return resolution !== undefined && resolution !== 'unloaded' && !resolution.found;
  });
}

/** The keys of the `discovered` documents some reference resolves to. */
export function documentsInUse(references: readonly PageReference[], ctx: ReferenceContext, discovered: readonly OpenApiDocument[]): Set<string> {
  const declared = declaredDocuments(ctx);
  const candidates = new Set(discovered);
  const used = new Set<string>();
  for (const ref of references) {
    const resolution = resolveReference(ref, ctx, declared, discovered);
    if (resolution === undefined || resolution === 'unloaded' || !resolution.found) continue;
    for (const holder of resolution.item === undefined ? resolution.holders : [resolution.document]) {
      if (candidates.has(holder)) used.add(holder.key);
    }
  }
  return used;
}

/**
 * Whether the documents holding an entry are not all the same text: copies (a link to the document, as Arize Phoenix's
 * `docs/openapi.json` → `../schemas/openapi.json`, or the same file written twice) render the same page whichever is
 * taken, and nothing is ambiguous.
 */
function differ(holders: readonly OpenApiDocument[]): boolean {
  return new Set(holders.map((holder) => holder.file.text)).size > 1;
}

/** The documents the run loaded, in Mintlify's order. */
function declaredDocuments(ctx: ReferenceContext): OpenApiDocument[] {
  return [...ctx.documents.values()].filter((d): d is OpenApiDocument => d !== undefined).sort((a, b) => mintlifyOrder(a.key, b.key));
}

function resolveReference(
  ref: PageReference,
  ctx: ReferenceContext,
  declared: readonly OpenApiDocument[],
  discovered: readonly OpenApiDocument[],
): Resolution {
  const entry = ref.entry;
  if (entry.kind === 'invalid' || entry.kind === 'page') return undefined;
  const named = entry.spec ? documentFor(entry.spec.text, ref.at, ctx) : undefined;
  if (entry.spec && named === undefined) return 'unloaded';
  const wanted = wantedOf(entry);
  const holdersIn = (documents: readonly OpenApiDocument[]) =>
    wanted === undefined
      ? documents.filter((d) => entry.kind === 'schema' && d.schemaNames.includes(entry.name)).map((document) => ({ document, item: undefined }))
      : documents.flatMap((document) => {
          const item = findItem(document, wanted);
          return item ? [{ document, item }] : [];
        });
  const found = (holders: { document: OpenApiDocument; item: ApiItem | undefined }[], namedOne?: OpenApiDocument): Resolution => {
    const [first] = holders;
    if (first === undefined) return undefined;
    return {
      found: true,
      document: first.document,
      ...(first.item && { item: first.item }),
      holders: holders.map((h) => h.document),
      ...(namedOne && { named: namedOne }),
    };
  };
  if (named !== undefined) {
    const own = found(holdersIn([named]));
    if (own !== undefined) return own;
    // A schema renders from the document it names only (render-schema-page.ts).
    const others = entry.kind === 'schema' ? [] : [...declared, ...discovered].filter((d) => d !== named).sort((a, b) => mintlifyOrder(a.key, b.key));
    return found(holdersIn(others), named) ?? { found: false, searched: [named] };
  }
  return found(holdersIn(declared)) ?? found(holdersIn(discovered)) ?? { found: false, searched: [...declared, ...discovered] };
}

function wantedOf(entry: Entry | SchemaEntry): Wanted | undefined {
  if (entry.kind === 'endpoint') return { kind: 'endpoint', method: entry.method, path: entry.path };
  if (entry.kind === 'webhook') return { kind: 'webhook', name: entry.name };
  return undefined;
}

function reportNotFound(entry: Entry | SchemaEntry, at: Location, searched: OpenApiDocument[], bag: DiagnosticBag): void {
  if (entry.kind === 'schema') bag.report('openapi/schema-not-found', at, { name: entry.name, documents: documentList(searched) });
  else {
    const wanted = wantedOf(entry);
    if (wanted) reportMissing(wanted, at, searched, bag);
  }
}

function keysOf(documents: readonly OpenApiDocument[]): string {
  return documents.map((d) => `\`${d.key}\``).join(', ');
}
