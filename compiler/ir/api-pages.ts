// The API pages a navigation resolves to: one per operation or webhook that
// is listed, generated for a scope, or named by a page's frontmatter.

import type { Location } from '../diagnostics/diagnostic.js';
import type { OpenApiDocument, OperationInfo, WebhookInfo } from '../openapi/openapi-document.js';
import type { Span } from '../source/source-file.js';
import type { ContainerNode, EndpointNode, WebhookNode } from './navigation.js';

export type ApiItem = { type: 'operation'; operation: OperationInfo } | { type: 'webhook'; webhook: WebhookInfo };

export interface ApiPage {
  /** Where it is published (see page-urls.ts), or undefined when `x-docs.href` links out instead. */
  url?: string;
  document: OpenApiDocument;
  item: ApiItem;
  /** listed in the navigation, generated for an element's `openapi`, or an MDX page's frontmatter. */
  origin: 'navigation' | 'generated' | 'page';
  /** What led to it, for diagnostics. */
  at: Span | Location;
  /** `x-hidden`: generated and published, but not listed in the navigation. */
  hidden: boolean;
  /** The navigation entry that lists it (origin `navigation`). */
  listedBy?: EndpointNode | WebhookNode;
  /** The element whose `openapi` generated it (origin `generated`). */
  generatedBy?: ContainerNode;
}

/**
 * Seed 2.15: a generated page's `version` is that of its nearest parent
 * anchor or tab (`version` written on it), else the label of the `versions`
 * entry it sits in; undefined when there is none.
 */
export function apiPageVersion(page: ApiPage): string | undefined {
  let node: ContainerNode | undefined = page.listedBy?.parent ?? page.generatedBy;
  let fromVersions: string | undefined;
  while (node) {
    if (node.kind === 'anchor' || node.kind === 'tab') {
      const version = node.raw.members.find((m) => m.key === 'version')?.value;
      if (version?.kind === 'string') return version.value;
    }
    if (node.kind === 'version' && fromVersions === undefined) fromVersions = node.label;
    node = node.parent;
  }
  return fromVersions;
}

/** Seed 2.15: the title from `summary`, else method and path; `x-docs.metadata` overrides. */
export function apiPageTitle(page: ApiPage): string {
  const item = page.item;
  const info = item.type === 'operation' ? item.operation : item.webhook;
  const fallback = item.type === 'operation' ? `${item.operation.method.toUpperCase()} ${item.operation.path}` : item.webhook.name;
  const title = info.xDocs?.metadata?.title;
  return (typeof title === 'string' ? title : undefined) ?? info.summary ?? fallback;
}

/** Where an entry links instead of a page of its own (`x-docs.href`), or undefined. */
export function apiPageHref(page: Pick<ApiPage, 'item'>): string | undefined {
  return (page.item.type === 'operation' ? page.item.operation : page.item.webhook).xDocs?.href;
}
