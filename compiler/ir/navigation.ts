// The navigation IR: a typed tree lowered from docs.json's `navigation`, one
// node per element, each with its span and its effective OpenAPI scope. The IR
// knows nothing of the file system; passes read and annotate it.

import type { IconRef } from '../icons/icon-ref.js';
import type { Span } from '../source/source-file.js';
import type { HttpMethod, SpecName } from '../syntax/entry-parser.js';
import type { JsonObject } from '../syntax/json-tree.js';
import { writtenPagePath } from './page-urls.js';

/** Elements that divide the site into sections. */
export type DivisionKind = 'tab' | 'anchor' | 'dropdown' | 'product' | 'version' | 'language' | 'menu-item' | 'global-anchor';

/** The keys under which an element holds its children. */
export type ChildKey = 'pages' | 'groups' | 'tabs' | 'anchors' | 'dropdowns' | 'products' | 'versions' | 'languages' | 'menu';

/** `openapi` on an element: the document and where its generated pages go. */
export interface OpenApiScope {
  /** The document as written: a project path or an http(s) URL. */
  source: string;
  /** Folder of generated pages, default `api-reference`. */
  directory: string;
  span: Span;
  /** The element that set it. */
  setBy: ContainerNode;
}

/** One child array of an element: the key it stands under and its entries. */
export interface ChildList {
  key: ChildKey;
  keySpan: Span;
  items: NavNode[];
  /** The value was not an array (already reported); `items` is empty. */
  malformed?: true;
}

interface ContainerBase {
  span: Span;
  /** Every child array present, in document order, but those `ignoredChildLists` names; the rules allow one. */
  childLists: ChildList[];
  /** Child arrays beside the one Mintlify uses, not lowered (navigation-fields.ts `MINTLIFY_CHILD_ORDER`): their keys. */
  ignoredChildLists?: { key: ChildKey; keySpan: Span }[];
  /** `openapi` set on this element itself. */
  openapi?: OpenApiScope;
  /** The effective scope: own, else inherited from the nearest ancestor. */
  scope?: OpenApiScope;
  parent?: ContainerNode;
}

export interface RootNode extends ContainerBase {
  kind: 'root';
  /** `navigation.global` entries, shown on every page. */
  global: DivisionNode[];
}

export interface DivisionNode extends ContainerBase {
  kind: DivisionKind;
  label: string;
  labelSpan: Span;
  icon?: IconRef;
  href?: { value: string; span: Span };
  hidden: boolean;
  /** `default: true` on a version or language. */
  isDefault?: Span;
  tag?: string;
  description?: string;
  /** The raw object, for fields the IR does not model (banner, footer …). */
  raw: JsonObject;
}

export interface GroupNode extends ContainerBase {
  kind: 'group';
  label: string;
  labelSpan: Span;
  icon?: IconRef;
  tag?: string;
  /** `expanded` as written, with its span. */
  expanded?: { value: boolean; span: Span };
  /** `root`: the page the group title opens. */
  root?: { path: string; span: Span };
  hidden: boolean;
  /** 0 for a group directly under a division or the root; nested groups count up. */
  depth: number;
  raw: JsonObject;
}

export interface PageNode {
  kind: 'page';
  /** The path as written. */
  written: string;
  /** Normalized project-relative path without extension; undefined when it leaves the root. */
  path?: string;
  span: Span;
  parent: ContainerNode;
}

export interface EndpointNode {
  kind: 'endpoint';
  spec?: SpecName;
  method: HttpMethod;
  path: string;
  span: Span;
  specSpan?: Span;
  parent: ContainerNode;
}

export interface WebhookNode {
  kind: 'webhook';
  spec?: SpecName;
  name: string;
  span: Span;
  specSpan?: Span;
  parent: ContainerNode;
}

/** An entry that could not be read; its problem is already reported. */
export interface InvalidNode {
  kind: 'invalid';
  span: Span;
}

export type ContainerNode = RootNode | DivisionNode | GroupNode;
export type EntryNode = PageNode | EndpointNode | WebhookNode;
export type NavNode = DivisionNode | GroupNode | EntryNode | InvalidNode;

export function isContainer(node: NavNode | RootNode): node is ContainerNode {
  return node.kind !== 'page' && node.kind !== 'endpoint' && node.kind !== 'webhook' && node.kind !== 'invalid';
}

/**
 * Depth-first walk over containers and entries, parents before children, in
 * document order. One generator and a stack: nested `yield*` passed each node
 * up through every level above it (a tenth of a navigation edit's front end,
 * in eight passes over 30,000 nodes).
 */
export function* walk(node: ContainerNode): Generator<NavNode | RootNode> {
  const stack: (NavNode | RootNode)[] = [node];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    yield next;
    if (!isContainer(next)) continue;
    const from = stack.length;
    for (const list of next.childLists) for (const child of list.items) stack.push(child);
    if (next.kind === 'root') for (const g of next.global) stack.push(g);
    // Pushed in order, popped in reverse: the children are reversed once, so that the first comes out first.
    reverseFrom(stack, from);
  }
}

function reverseFrom(items: unknown[], from: number): void {
  for (let i = from, j = items.length - 1; i < j; i++, j--) {
    const item = items[i];
    items[i] = items[j];
    items[j] = item;
  }
}

/** How an element is named in messages: "tab `API`", "group `Setup`", "`navigation`". */
export function describeElement(node: ContainerNode): string {
  if (node.kind === 'root') return '`navigation`';
  const kindName = node.kind === 'menu-item' ? 'menu item' : node.kind === 'global-anchor' ? 'global anchor' : node.kind;
  return `${kindName} \`${node.label}\``;
}

/**
 * The page paths the navigation lists (entries and groups' `root`), as resolve-pages.ts reads them
 * (`writtenPagePath`, then `normalize`d; a folder's `index` page too), for a caller that needs them before that pass
 * runs (it needs the pages).
 */
export function listedPages(root: RootNode, normalize: (path: string) => string | undefined): Set<string> {
  const listed = new Set<string>();
  for (const node of walk(root)) {
    const written = node.kind === 'page' ? node.written : node.kind === 'group' ? node.root?.path : undefined;
    const path = written === undefined ? undefined : normalize(writtenPagePath(written));
    if (path === undefined || path === '') continue;
    listed.add(path);
    listed.add(`${path}/index`);
  }
  return listed;
}
