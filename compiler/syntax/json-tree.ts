// The positioned JSON tree: what the JSON parser produces and what the config
// passes read. Every node keeps its span (in the file it came from, which after
// `$ref` resolution may be another file than docs.json). Parsing never fails:
// a value that could not be read is an `invalid` node.

import type { Span } from '../source/source-file.js';

export type JsonNode = JsonObject | JsonArray | JsonString | JsonNumber | JsonBoolean | JsonNull | JsonInvalid;

export interface JsonObject {
  kind: 'object';
  span: Span;
  members: JsonMember[];
}

export interface JsonMember {
  key: string;
  keySpan: Span;
  value: JsonNode;
}

export interface JsonArray {
  kind: 'array';
  span: Span;
  items: JsonNode[];
}

export interface JsonString {
  kind: 'string';
  span: Span;
  value: string;
}

export interface JsonNumber {
  kind: 'number';
  span: Span;
  value: number;
}

export interface JsonBoolean {
  kind: 'boolean';
  span: Span;
  value: boolean;
}

export interface JsonNull {
  kind: 'null';
  span: Span;
}

export interface JsonInvalid {
  kind: 'invalid';
  span: Span;
}

/** The member for `key`; with duplicate keys, the last one wins as in JSON.parse. */
export function member(node: JsonObject, key: string): JsonMember | undefined {
  for (let i = node.members.length - 1; i >= 0; i--) {
    const m = node.members[i] as JsonMember;
    if (m.key === key) return m;
  }
  return undefined;
}

export function describeKind(node: JsonNode): string {
  switch (node.kind) {
    case 'object':
      return 'an object';
    case 'array':
      return 'an array';
    case 'string':
      return 'a string';
    case 'number':
      return 'a number';
    case 'boolean':
      return node.value ? '`true`' : '`false`';
    case 'null':
      return '`null`';
    case 'invalid':
      return 'an invalid value';
  }
}

/**
 * The plain JavaScript value of a node. Objects are built with
 * defineProperty so that a `__proto__` key is an ordinary own property and
 * never changes a prototype. Invalid nodes become `undefined`.
 */
export function toPlain(node: JsonNode): unknown {
  switch (node.kind) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const m of node.members) {
        Object.defineProperty(out, m.key, { value: toPlain(m.value), enumerable: true, writable: true, configurable: true });
      }
      return out;
    }
    case 'array':
      return node.items.map(toPlain);
    case 'string':
    case 'number':
    case 'boolean':
      return node.value;
    case 'null':
      return null;
    case 'invalid':
      return undefined;
  }
}

/** Follows a path of keys and indices; undefined when any step is missing. */
export function nodeAt(root: JsonNode, path: readonly (string | number)[]): JsonNode | undefined {
  let node: JsonNode | undefined = root;
  for (const step of path) {
    if (node === undefined) return undefined;
    if (typeof step === 'number') node = node.kind === 'array' ? node.items[step] : undefined;
    else node = node.kind === 'object' ? member(node, step)?.value : undefined;
  }
  return node;
}
