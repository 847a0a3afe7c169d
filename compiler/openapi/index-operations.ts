// The index of a document's operations: every method of every path (through
// a Path Item's `$ref`), with what its page is made of, checking each one's
// `security` and `x-docs` on the way.

import { HTTP_METHODS, type HttpMethod } from '../syntax/http-methods.js';
import type { Context } from './analysis-context.js';
import { checkSecurity } from './check-security-and-servers.js';
import { followRefs } from './document-refs.js';
import { asObject, isObject, type JsonObject, own } from './json-values.js';
import type { OperationInfo } from './openapi-document.js';
import { readXDocs } from './read-x-docs.js';

export function indexOperations(ctx: Context): OperationInfo[] {
  const operations: OperationInfo[] = [];
  const paths = asObject(ctx.root.paths);
  for (const path of Object.keys(paths)) {
    if (!path.startsWith('/')) continue;
    for (const found of pathItemOperations(ctx, paths[path], ['paths', path])) {
      operations.push({
        method: found.method,
        path,
        ...operationId(found.op),
        ...describeOperation(found.op, found.pointer, ctx),
        pointer: found.pointer,
      });
    }
  }
  return operations;
}

/** The operations of a Path Item (following its `$ref`), with their pointers. */
export function pathItemOperations(ctx: Context, item: unknown, pointer: string[]): { method: HttpMethod; op: JsonObject; pointer: string[] }[] {
  const target = followRefs(ctx.root, item, pointer);
  if (!isObject(target.node)) return [];
  const out: { method: HttpMethod; op: JsonObject; pointer: string[] }[] = [];
  for (const method of HTTP_METHODS) {
    const op = own(target.node, method);
    if (isObject(op)) out.push({ method, op, pointer: [...target.pointer, method] });
  }
  return out;
}

function operationId(op: JsonObject): { operationId?: string } {
  return typeof op.operationId === 'string' ? { operationId: op.operationId } : {};
}

/** What operations and webhooks share; checks the operation's `security` and `x-docs`. */
export function describeOperation(op: JsonObject, pointer: string[], ctx: Context) {
  checkSecurity(op.security, [...pointer, 'security'], ctx);
  const xDocs = readXDocs(op, pointer, ctx);
  return {
    ...(typeof op.summary === 'string' && { summary: op.summary }),
    ...(typeof op.description === 'string' && { description: op.description }),
    deprecated: op.deprecated === true,
    tags: Array.isArray(op.tags) ? op.tags.filter((t): t is string => typeof t === 'string') : [],
    hidden: own(op, 'x-hidden') === true,
    excluded: own(op, 'x-excluded') === true,
    ...(xDocs && { xDocs }),
  };
}
