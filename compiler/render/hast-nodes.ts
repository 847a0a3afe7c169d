// Making hast nodes, and turning what JavaScript gives back (strings,
// numbers, arrays, fragments, nodes, nothing) into a flat list of them, as
// React does with children: `null`, `undefined` and booleans render nothing,
// numbers render as text, other objects and functions are not content.

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

const CONTENT_TYPES = new Set(['element', 'text', 'raw', 'comment']);

export function isContent(value: unknown): value is ElementContent {
  return typeof value === 'object' && value !== null && CONTENT_TYPES.has((value as { type?: unknown }).type as string);
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

/** The text of nodes, as a reader sees it: for labels made from content (a tab's title). */
export function textOf(nodes: readonly ElementContent[]): string {
  let result = '';
  for (const node of nodes) {
    if (node.type === 'text') result += node.value;
    else if (node.type === 'element') result += textOf(node.children);
  }
  return result;
}
