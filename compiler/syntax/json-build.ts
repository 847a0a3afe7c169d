// Builds positioned JSON nodes for a tree made from another one (the mint.json
// upgrade). A made node takes the span of the node it comes from, so that a
// diagnostic about it points at the text the author wrote.

import type { Span } from '../source/source-file.js';
import type { JsonArray, JsonMember, JsonNode, JsonObject, JsonString } from './json-tree.js';
import { member } from './json-tree.js';

/** A member to build: an absent value leaves the key out, as `undefined` does in JSON.stringify. */
export type Entry = readonly [key: string, value: JsonNode | undefined, keySpan?: Span];

export function objectNode(span: Span, entries: readonly Entry[]): JsonObject {
  const members: JsonMember[] = [];
  for (const [key, value, keySpan] of entries) {
    if (value !== undefined) members.push({ key, keySpan: keySpan ?? value.span, value });
  }
  return { kind: 'object', span, members };
}

export function arrayNode(span: Span, items: JsonNode[]): JsonArray {
  return { kind: 'array', span, items };
}

/** Each item of an array node made into another, in an array at the same place; undefined when `node` is no array. */
export function mapItems(node: JsonNode | undefined, make: (item: JsonNode) => JsonNode): JsonArray | undefined {
  return node?.kind === 'array' ? arrayNode(node.span, node.items.map(make)) : undefined;
}

export function stringNode(span: Span, value: string): JsonString {
  return { kind: 'string', span, value };
}

/** The value of `key` when `node` is an object that has it. */
export function valueAt(node: JsonNode | undefined, key: string): JsonNode | undefined {
  return node?.kind === 'object' ? member(node, key)?.value : undefined;
}

/** The string value of `key`, when it is a string. */
export function textOf(node: JsonNode | undefined, key: string): string | undefined {
  const value = valueAt(node, key);
  return value?.kind === 'string' ? value.value : undefined;
}

/** `key` of `node` under the name `as`, keeping where the author wrote the key. */
export function renamed(node: JsonNode | undefined, key: string, as: string = key): Entry {
  const found = node?.kind === 'object' ? member(node, key) : undefined;
  return [as, found?.value, found?.keySpan];
}

/** Whether a value counts as set the way JavaScript's truthiness reads it. */
export function isTruthy(node: JsonNode | undefined): node is JsonNode {
  if (node === undefined) return false;
  switch (node.kind) {
    case 'string':
      return node.value !== '';
    case 'number':
      return node.value !== 0 && !Number.isNaN(node.value);
    case 'boolean':
      return node.value;
    case 'null':
    case 'invalid':
      return false;
    default:
      return true;
  }
}
