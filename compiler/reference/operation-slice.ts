// The part of an OpenAPI document one API page is made of: the operation (or
// webhook) object, its path item's shared parameters and servers, the
// document's servers, security and security schemes, and every component it
// reaches through `$ref`s, transitively. Its hash is the page's cache key:
// editing one operation, or a schema only it uses, re-renders that page only.

import { createHash } from 'node:crypto';
import { asRecord, refSegments, valueAt } from '../openapi/json-pointer.js';
import type { OpenApiDocument } from '../openapi/openapi-document.js';

export function operationSliceHash(document: OpenApiDocument, pointer: readonly string[]): string {
  const root = document.value;
  const parts: [string, unknown][] = [];
  const seen = new Set<string>();
  const include = (at: string, value: unknown) => {
    if (seen.has(at)) return;
    seen.add(at);
    parts.push([at, value]);
    collectRefs(value, (ref) => include(ref, valueAt(root, refSegments(ref))));
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
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 32);
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
