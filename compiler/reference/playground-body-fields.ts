// The typed inputs of a JSON object body, from its schema (the shape:
// runtime/client/playground/playground-data.ts `BodyProperty`): one per
// property (`allOf` merged, read-only ones left out), strings, numbers and
// booleans typed, an object with properties a group of its own, an array a
// list of items of one kind (scalars, objects, arrays). The schema is an
// untrusted document's, so the walk is bounded: a `$ref` already open above
// (a recursive schema) is not expanded again, groups nest at most
// MAX_DEPTH deep, and a body's groups hold at most MAX_NESTED_FIELDS inputs
// in all; past those, and for what no input can type (choices, maps,
// several types), the value is typed as JSON text.

import type { BodyProperty, BodyValue } from '../../runtime/client/playground/playground-data.js';
import { asRecord } from '../openapi/json-pointer.js';
import { fieldType, mergeAllOf } from './render-schema-tree.js';
import { asArray, type Json, type RefResolver } from './resolve-ref.js';

/** Groups (objects, arrays) nest at most this deep below the body. */
const MAX_DEPTH = 4;
/** Inputs in the groups of one body, besides its top-level properties (which are all listed). */
const MAX_NESTED_FIELDS = 100;

interface Walk {
  resolver: RefResolver;
  /** `$ref`s being expanded, outermost first. */
  open: string[];
  /** Inputs left for groups. */
  budget: number;
}

/** The body's properties, or none when its schema is not an object with properties. */
export function bodyProperties(schema: unknown, resolver: RefResolver): BodyProperty[] {
  const { value, ref } = resolver.follow(schema);
  const resolved = asRecord(value);
  if (!resolved) return [];
  const walk: Walk = { resolver, open: ref === undefined ? [] : [ref], budget: MAX_NESTED_FIELDS };
  return propertiesOf(mergeAllOf(resolved, resolver), walk, 0);
}

function propertiesOf(object: Json, walk: Walk, depth: number): BodyProperty[] {
  const required = new Set(asArray(object.required));
  return writable(object, walk.resolver).map(([name, value]) => {
    const { type, kind, ...rest } = bodyValue(value, walk, depth + 1);
    return { name, type, kind, required: required.has(name), ...rest };
  });
}

/** An object's properties a request may send (read-only ones are the server's). */
function writable(object: Json, resolver: RefResolver): [string, unknown][] {
  return Object.entries(asRecord(object.properties) ?? {}).filter(([, value]) => asRecord(resolver.resolve(value))?.readOnly !== true);
}

/** `depth`: how deep the value sits (1 for a top-level property). */
function bodyValue(value: unknown, walk: Walk, depth: number): BodyValue {
  const { value: resolved, ref } = walk.resolver.follow(value);
  const schema = asRecord(resolved) ?? {};
  const type = fieldType(schema) ?? 'any';
  const main = singleType(schema);
  const values = asArray(schema.enum).filter((v) => typeof v === 'string' || typeof v === 'number');
  const choices = values.length > 0 ? { enum: values.map(String) } : {};
  if (main === 'integer' || main === 'number') return { type, kind: 'number', ...choices };
  if (main === 'boolean') return { type, kind: 'boolean' };
  if (main === 'string') return { type, kind: 'string', ...choices };
  const json: BodyValue = { type, kind: 'json' };
  if (depth > MAX_DEPTH || (ref !== undefined && walk.open.includes(ref))) return json;
  if (ref !== undefined) walk.open.push(ref);
  try {
    if (main === 'array') {
      if (asRecord(schema.items) === undefined || walk.budget < 1) return json;
      walk.budget--;
      return { type, kind: 'array', items: bodyValue(schema.items, walk, depth + 1) };
    }
    // An object, or a schema that names no type and has properties.
    if (main !== 'object' && !(main === undefined && schema.type === undefined)) return json;
    const merged = mergeAllOf(schema, walk.resolver);
    if (merged.oneOf !== undefined || merged.anyOf !== undefined || merged['x-docsc-unmerged'] !== undefined) return json;
    const count = writable(merged, walk.resolver).length;
    if (count === 0 || count > walk.budget) return json;
    walk.budget -= count;
    return { type, kind: 'object', properties: propertiesOf(merged, walk, depth) };
  } finally {
    if (ref !== undefined) walk.open.pop();
  }
}

/** The schema's one type besides `null`; undefined when it names none or several. */
function singleType(schema: Json): string | undefined {
  const types = (Array.isArray(schema.type) ? schema.type : [schema.type]).filter((t) => typeof t === 'string' && t !== 'null');
  return types.length === 1 ? (types[0] as string) : undefined;
}
