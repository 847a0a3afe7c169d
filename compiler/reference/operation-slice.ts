// The part of an OpenAPI document one API page is made of: the operation (or
// webhook) object, its path item's shared parameters and servers, the
// document's servers, security and security schemes, and every component it
// reaches through `$ref`s, transitively. Its hash is the page's cache key:
// editing one operation, or a schema only it uses, re-renders that page only.
// Each `$ref` target of a document is printed and hashed once, with the
// `$ref`s it holds, and a slice names the targets it reaches by those hashes:
// printing every slice whole cost 3.6 ms a page on Microsoft Graph's spec,
// whose operations reach most of its 2,600 schemas (40 s of an 11,000-page
// build).

import { createHash } from 'node:crypto';
import { asRecord, refSegments, valueAt } from '../openapi/json-pointer.js';
import type { OpenApiDocument } from '../openapi/openapi-document.js';

/** A `$ref` target: the hash of its value as printed, and the `$ref`s in it. */
interface Target {
  digest: string;
  refs: string[];
}

/** Per parsed document (a document read again is another object): its targets, by `$ref`. */
const targetsOf = new WeakMap<object, Map<string, Target>>();

export function operationSliceHash(document: OpenApiDocument, pointer: readonly string[]): string {
  const root = document.value;
  let targets = targetsOf.get(root);
  if (targets === undefined) {
    targets = new Map();
    targetsOf.set(root, targets);
  }
  const known = targets;
  const target = (ref: string): Target => {
    let found = known.get(ref);
    if (found === undefined) {
      const value = valueAt(root, refSegments(ref));
      found = { digest: digest(JSON.stringify(value) ?? 'undefined'), refs: [] };
      collectRefs(value, (inner) => found?.refs.push(inner));
      known.set(ref, found);
    }
    return found;
  };
  const parts: [string, unknown][] = [];
  const reached = new Set<string>();
  const pending: string[] = [];
  const reach = (ref: string) => {
    if (reached.has(ref)) return;
    reached.add(ref);
    pending.push(ref);
  };
  const include = (at: string, value: unknown) => {
    parts.push([at, value]);
    collectRefs(value, reach);
  };
  include('/item', valueAt(root, pointer));
  const pathItem = pointer.length === 3 ? asRecord(valueAt(root, pointer.slice(0, 2))) : undefined;
  if (pathItem) {
    include('/path-parameters', pathItem.parameters);
    include('/path-servers', pathItem.servers);
    include('/path-ref', pathItem.$ref);
  }
  include('/servers', root.servers);
  include('/security', root.security);
  include('/security-schemes', asRecord(root.components)?.securitySchemes);
  include('/version', document.version);
  for (let ref = pending.pop(); ref !== undefined; ref = pending.pop()) for (const inner of target(ref).refs) reach(inner);
  const refs = [...reached].sort().map((ref) => [ref, target(ref).digest]);
  return digest(JSON.stringify([parts, refs])).slice(0, 32);
}

function digest(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** Calls `found` with every local `$ref` string under `value`, iteratively (no depth limit can overflow). */
function collectRefs(value: unknown, found: (ref: string) => void): void {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) stack.push(...node);
    else if (node !== null && typeof node === 'object') {
      for (const [key, child] of Object.entries(node)) {
        if (key === '$ref' && typeof child === 'string' && child.startsWith('#/')) found(child);
        else stack.push(child);
      }
    }
  }
}
