// Examples of one media type (a request body, a response): its `examples`
// map, else its `example`, else the schema's own `example`/`examples`, else a
// value generated from the schema by openapi-sampler (request bodies leave
// out readOnly fields, responses writeOnly ones). Sampling never throws into
// the page: a schema it cannot handle gives no example.

import { createRequire } from 'node:module';
import type * as OpenApiSampler from 'openapi-sampler';
import { asRecord } from '../openapi/json-pointer.js';
import { cutText } from '../source/cut-text.js';
import { asArray, type Json, type RefResolver, stringOf } from './resolve-ref.js';

const require = createRequire(import.meta.url);

export interface MediaExample {
  /** The `examples` key, or `Example`. */
  name: string;
  summary?: string;
  value: unknown;
  /** Made by openapi-sampler, not written in the document. */
  generated: boolean;
}

/** Generated examples nest at most this deep (recursive schemas stop there). */
const SAMPLE_DEPTH = 6;

export function mediaExamples(media: Json | undefined, direction: 'request' | 'response', resolver: RefResolver): MediaExample[] {
  if (!media) return [];
  const named = asRecord(media.examples);
  if (named) {
    const found = Object.entries(named).flatMap(([name, value]) => {
      const example = asRecord(resolver.resolve(value));
      if (!example || !('value' in example)) return [];
      const summary = stringOf(example.summary);
      return [{ name, value: example.value, generated: false, ...(summary ? { summary } : {}) }];
    });
    if (found.length > 0) return found;
  }
  if (media.example !== undefined) return [{ name: 'Example', value: media.example, generated: false }];
  const schema = asRecord(resolver.resolve(media.schema));
  if (!schema) return [];
  if (schema.example !== undefined) return [{ name: 'Example', value: schema.example, generated: false }];
  const listed = asArray(schema.examples);
  if (listed.length > 0) return [{ name: 'Example', value: listed[0], generated: false }];
  const generated = sampleSchema(media.schema, direction, resolver);
  return generated === undefined ? [] : [{ name: 'Example', value: generated, generated: true }];
}

/** openapi-sampler warns on the console about some schemas even when `quiet`: a build's output is not the place. */
const silent = () => undefined;

/**
 * Samples by document, direction and schema as written: openapi-sampler is
 * deterministic, and its values are only read. Microsoft Graph's spec names
 * 1,357 distinct schemas in 9,900 media types, each sampled in about 5 ms
 * through its `allOf` chains: a third of its 11,000-page build.
 */
const samples = new WeakMap<object, Map<string, unknown>>();

export function sampleSchema(schema: unknown, direction: 'request' | 'response', resolver: RefResolver): unknown {
  const root = resolver.root;
  const key = memoKey(schema, direction);
  if (typeof root !== 'object' || root === null || key === undefined) return sampleNow(schema, direction, resolver);
  let known = samples.get(root);
  if (known === undefined) {
    known = new Map();
    samples.set(root, known);
  }
  if (known.has(key)) return known.get(key);
  const value = sampleNow(schema, direction, resolver);
  known.set(key, value);
  return value;
}

/** Undefined for a schema JSON cannot print (a YAML alias can make a cycle): sampled each time. */
function memoKey(schema: unknown, direction: string): string | undefined {
  try {
    return `${direction}\0${JSON.stringify(schema)}`;
  } catch {
    return undefined;
  }
}

function sampleNow(schema: unknown, direction: 'request' | 'response', resolver: RefResolver): unknown {
  const warn = console.warn;
  console.warn = silent;
  try {
    // Loaded on first use: a build whose API pages all come from the cache does not load it.
    const { sample } = require('openapi-sampler') as typeof OpenApiSampler;
    return sample(
      schema as never,
      { skipReadOnly: direction === 'request', skipWriteOnly: direction === 'response', quiet: true, maxSampleDepth: SAMPLE_DEPTH },
      resolver.root,
    );
  } catch {
    return undefined;
  } finally {
    console.warn = warn;
  }
}

/** An example value as text: strings as they are, everything else as indented JSON; over `limit` characters, cut with `…`. */
export function exampleText(value: unknown, limit = 20_000): string {
  let text: string;
  if (typeof value === 'string') text = value;
  else {
    // Printed only as far as the limit: Microsoft Graph's sampled bodies run to megabytes, of which a page shows 20 KB.
    try {
      text = boundedJson(value, limit) ?? String(value);
    } catch {
      text = String(value);
    }
  }
  return text.length > limit ? `${cutText(text, limit)}\n…` : text;
}

/** Thrown by `boundedJson` once it has printed past its limit. */
const PAST_LIMIT = Symbol('past the limit');

/**
 * `JSON.stringify(value, null, 2)`, stopped once past `limit` characters: the
 * same text up to there (tested against JSON.stringify). Throws as it does on
 * a cycle or a BigInt; undefined where it gives undefined.
 */
export function boundedJson(value: unknown, limit: number): string | undefined {
  const parts: string[] = [];
  let length = 0;
  const open = new Set<object>();
  const push = (text: string) => {
    parts.push(text);
    length += text.length;
    if (length > limit) throw PAST_LIMIT;
  };
  /** The value JSON prints for `item` (its `toJSON`'s), undefined where JSON leaves it out (undefined, a function, a symbol). */
  const prepared = (item: unknown, key: string): unknown => {
    let v = item;
    if (typeof v === 'object' && v !== null && typeof (v as { toJSON?: unknown }).toJSON === 'function')
      v = (v as { toJSON: (key: string) => unknown }).toJSON(key);
    return typeof v === 'function' || typeof v === 'symbol' ? undefined : v;
  };
  const print = (v: unknown, indent: string): void => {
    if (v === null) push('null');
    else if (typeof v === 'string') push(JSON.stringify(v));
    else if (typeof v === 'number') push(Number.isFinite(v) ? String(v) : 'null');
    else if (typeof v === 'boolean') push(String(v));
    else if (typeof v === 'bigint') throw new TypeError('Do not know how to serialize a BigInt');
    else if (typeof v === 'object') {
      if (open.has(v)) throw new TypeError('Converting circular structure to JSON');
      open.add(v);
      const inner = `${indent}  `;
      if (Array.isArray(v)) {
        if (v.length === 0) push('[]');
        else {
          push('[');
          v.forEach((element, index) => {
            push(index === 0 ? `\n${inner}` : `,\n${inner}`);
            const item = prepared(element, String(index));
            print(item === undefined ? null : item, inner);
          });
          push(`\n${indent}]`);
        }
      } else {
        let first = true;
        for (const [name, field] of Object.entries(v)) {
          const item = prepared(field, name);
          if (item === undefined) continue;
          push(`${first ? '{' : ','}\n${inner}${JSON.stringify(name)}: `);
          first = false;
          print(item, inner);
        }
        push(first ? '{}' : `\n${indent}}`);
      }
      open.delete(v);
    }
  };
  const top = prepared(value, '');
  if (top === undefined) return undefined;
  try {
    print(top, '');
    return parts.join('');
  } catch (error) {
    if (error === PAST_LIMIT) return parts.join('');
    throw error;
  }
}
