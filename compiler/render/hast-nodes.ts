// Making hast nodes, and turning what JavaScript gives back (strings,
// numbers, arrays, fragments, nodes, nothing) into a flat list of them, as
// React does with children: `null`, `undefined` and booleans render nothing,
// numbers render as text, other objects and functions are not content. A
// page's code can make any object, `{type: "text"}` too: an object is a node
// only when the HTML writer can write it and all it holds.

import type { ElementContent, Properties, Root } from 'hast';

export function h(tagName: string, properties: Properties, children: ElementContent[] = []): ElementContent {
  return { type: 'element', tagName, properties, children };
}

export function text(value: string): ElementContent {
  return { type: 'text', value };
}

/** A fragment: what a component or expression returns when it makes several nodes. */
export function fragment(children: ElementContent[]): Root {
  return { type: 'root', children };
}

/** Nodes found whole (their descendants too), so that each is looked at once however often it is passed on. */
const wholeNodes = new WeakSet<object>();

/**
 * Whether `value` is a node hast-util-to-html can write: an element with a tag name, properties and children that
 * are nodes themselves, or text, a comment or raw HTML with a string value. Anything else, written by a page's
 * code (`{type: "element"}`, a text whose value is a number), would fail the page when its HTML is written.
 */
export function isContent(value: unknown): value is ElementContent {
  if (typeof value !== 'object' || value === null) return false;
  if (wholeNodes.has(value)) return true;
  // Without recursion: the tree may be as deep as page code makes it.
  const pending: object[] = [value];
  const seen = new Set<object>();
  while (pending.length > 0) {
    const node = pending.pop() as { type?: unknown; value?: unknown; tagName?: unknown; properties?: unknown; children?: unknown };
    if (seen.has(node) || wholeNodes.has(node)) continue;
    seen.add(node);
    if (node.type === 'element') {
      const { tagName, properties, children } = node;
      if (typeof tagName !== 'string' || typeof properties !== 'object' || properties === null || !Array.isArray(children)) return false;
      for (const child of children) {
        if (typeof child !== 'object' || child === null) return false;
        pending.push(child);
      }
    } else if (node.type !== 'text' && node.type !== 'comment' && node.type !== 'raw') {
      return false;
    } else if (typeof node.value !== 'string') {
      return false;
    }
  }
  for (const node of seen) wholeNodes.add(node);
  return true;
}

function isFragment(value: unknown): value is Root {
  return typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'root' && Array.isArray((value as Root).children);
}

export function toNodes(value: unknown): ElementContent[] {
  const nodes: ElementContent[] = [];
  collect(value, nodes);
  return nodes;
}

function collect(value: unknown, into: ElementContent[]): void {
  if (value === null || value === undefined || typeof value === 'boolean') return;
  if (typeof value === 'string') {
    if (value !== '') into.push(text(value));
  } else if (typeof value === 'number' || typeof value === 'bigint') {
    into.push(text(String(value)));
  } else if (Array.isArray(value)) {
    for (const item of value) collect(item, into);
  } else if (isContent(value)) {
    into.push(value);
  } else if (isFragment(value)) {
    for (const child of value.children) collect(child, into);
  }
}

/**
 * Whether React renders `value` as children without an error: nothing (`null`, `undefined`, booleans), text,
 * numbers, nodes, fragments and arrays of them. A plain object, a `Date` or a `Map` is not content (React throws
 * "Objects are not valid as a React child"), nor is a function or a symbol.
 */
export function isRenderable(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  switch (typeof value) {
    case 'boolean':
    case 'string':
    case 'number':
    case 'bigint':
      return true;
    case 'object':
      return Array.isArray(value) ? value.every(isRenderable) : isContent(value) || isFragment(value);
    default:
      return false;
  }
}

/** The text of nodes, as a reader sees it: for labels made from content (a tab's title). */
export function textOf(nodes: readonly ElementContent[]): string {
  let result = '';
  for (const node of nodes) {
    if (node.type === 'text') result += node.value;
    else if (node.type === 'element') result += textOf(node.children);
  }
  return result;
}
