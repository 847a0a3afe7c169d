// One walk over the whole parsed document: every `$ref` (only where one is a
// reference, not in example or extension data), bounded in depth and size,
// and the deep copy the validator may change.

import type { DiagnosticBag } from '../diagnostics/diagnostic.js';
import type { SourceFile } from '../source/source-file.js';
import { MAX_JSON_DEPTH } from '../syntax/json-limits.js';
import { resolveRef } from './document-refs.js';
import { isObject, type JsonObject, setOwn } from './json-values.js';
import { nestsDeeperThan, scanJsonRefs } from './scan-json-refs.js';

/** Deeper documents are refused before any recursive walk can overflow the stack. */
const MAX_DEPTH = MAX_JSON_DEPTH;

/**
 * What a value means where it stands. `data` is example or extension data:
 * a `$ref` key there is a value like any other, not a reference.
 */
type Role = 'node' | 'map' | 'components' | 'schema' | 'schemas' | 'examples' | 'example' | 'links' | 'link' | 'data';

export interface RefUse {
  /** Not a string in a broken document. */
  ref: unknown;
  /** Pointer of the object holding the `$ref`. */
  pointer: string[];
  /** That object. */
  holder: JsonObject;
}

class ScanLimit extends Error {}

interface Scan {
  refs: RefUse[];
  /**
   * A deep copy for the validator, which dereferences in place. Data keeps
   * no `$ref` keys, or the validator's dereferencer would follow them.
   * The document itself when no copy was asked for.
   */
  copy: JsonObject;
}

/** Walks the whole document once; undefined (reported) when it is too deep or expands too far. */
export function scanDocument(root: JsonObject, file: SourceFile, bag: DiagnosticBag, copy = true): Scan | undefined {
  const refs: RefUse[] = [];
  const path: string[] = [];
  // Aliases share values, so a YAML tree can be far larger than its text; JSON never is.
  let budget = sizeBudget(file);
  const walk = (value: unknown, role: Role, depth: number): unknown => {
    if (depth > MAX_DEPTH) throw new ScanLimit('depth');
    if (--budget < 0) throw new ScanLimit('size');
    if (Array.isArray(value)) {
      const itemRole: Role = role === 'schema' || role === 'data' ? role : 'node';
      if (!copy) {
        value.forEach((item, index) => {
          path.push(String(index));
          walk(item, itemRole, depth + 1);
          path.pop();
        });
        return value;
      }
      return value.map((item, index) => {
        path.push(String(index));
        const out = walk(item, itemRole, depth + 1);
        path.pop();
        return out;
      });
    }
    if (!isObject(value)) return value;
    const out: JsonObject | undefined = copy ? {} : undefined;
    for (const key of Object.keys(value)) {
      const child = value[key];
      if (key === '$ref' && role === 'data') continue;
      // In `properties` and other maps of schemas, `$ref` may name a property.
      if (key === '$ref' && (typeof child === 'string' || role !== 'schemas')) refs.push({ ref: child, pointer: [...path], holder: value });
      path.push(key);
      const walked = walk(child, childRole(role, key, child), depth + 1);
      if (out) setOwn(out, key, walked);
      path.pop();
    }
    return out ?? value;
  };
  try {
    return { refs, copy: walk(root, 'node', 0) as JsonObject };
  } catch (error) {
    if (!(error instanceof ScanLimit)) throw error;
    if (error.message === 'depth') bag.report('openapi/too-deep', { file: file.path }, { limit: MAX_DEPTH });
    else bag.report('openapi/alias-limit', { file: file.path }, { limit: `${sizeBudget(file)} values` });
    return undefined;
  }
}

/**
 * A JSON text whose every `"$ref"` key holds an internal target that
 * resolves, nested no deeper than the walk allows (scan-json-refs.ts): the
 * walk would report nothing. YAML is always walked.
 */
export function refsFineInText(text: string, root: JsonObject): boolean {
  if (!/^\s*\{/.test(text)) return false;
  const targets = scanJsonRefs(text);
  return targets !== undefined && [...targets].every((ref) => resolveRef(root, ref) !== undefined) && !nestsDeeperThan(root, MAX_DEPTH);
}

/** How many values a document may expand to: linear in its text, which JSON never exceeds. */
function sizeBudget(file: SourceFile): number {
  return 10 * file.text.length + 100_000;
}

function childRole(role: Role, key: string, value: unknown): Role {
  switch (role) {
    case 'data':
      return 'data';
    case 'schema':
      return schemaChildRole(key);
    case 'schemas':
      return 'schema';
    case 'examples':
      return 'example';
    case 'links':
      return 'link';
    case 'map':
      return 'node';
    case 'components':
      return componentsChildRole(key);
    case 'example':
      return key === 'value' || isExtension(key) ? 'data' : 'node';
    case 'link':
      return key === 'parameters' || key === 'requestBody' || isExtension(key) ? 'data' : 'node';
    case 'node':
      return nodeChildRole(key, value);
  }
}

/** Objects whose keys are names (paths, status codes, media types…), not fields. */
const MAP_FIELDS = new Set(['paths', 'webhooks', 'callbacks', 'responses', 'content', 'headers', 'encoding', 'variables']);

function nodeChildRole(key: string, value: unknown): Role {
  if (isExtension(key) || key === 'example') return 'data';
  if (key === 'examples') return Array.isArray(value) ? 'data' : 'examples';
  if (key === 'schema') return 'schema';
  if (key === 'components') return 'components';
  if (key === 'links') return 'links';
  return MAP_FIELDS.has(key) ? 'map' : 'node';
}

function componentsChildRole(key: string): Role {
  if (isExtension(key)) return 'data';
  if (key === 'schemas') return 'schemas';
  if (key === 'examples') return 'examples';
  if (key === 'links') return 'links';
  return 'map';
}

const SCHEMA_DATA = new Set(['example', 'examples', 'default', 'const', 'enum']);

const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);

function schemaChildRole(key: string): Role {
  if (SCHEMA_DATA.has(key) || isExtension(key)) return 'data';
  if (SCHEMA_MAPS.has(key)) return 'schemas';
  if (key === 'discriminator' || key === 'xml' || key === 'externalDocs') return 'node';
  return 'schema';
}

function isExtension(key: string): boolean {
  return key.startsWith('x-');
}
