// `x-docs` (alias `x-mint`) on an operation or webhook: frontmatter fields,
// MDX content, or a link instead of a generated page; other keys and types
// are reported.

import type { Context } from './analysis-context.js';
import { describeValue, isObject, type JsonObject } from './json-values.js';
import type { XDocs } from './openapi-document.js';
import { isHttpUrl } from './spec-names.js';

/** Keys Mintlify documents for `x-mint` beside the seed's three: `groups` (navigation) and `mcp` (MCP tools). */
const X_DOCS_KEYS = new Set(['metadata', 'content', 'href', 'groups', 'mcp']);

export function readXDocs(op: JsonObject, pointer: string[], ctx: Context): XDocs | undefined {
  const hasDocs = Object.hasOwn(op, 'x-docs');
  const hasMint = Object.hasOwn(op, 'x-mint');
  if (hasDocs && hasMint) ctx.bag.report('openapi/x-docs-both', ctx.locator.key([...pointer, 'x-mint']));
  if (!hasDocs && !hasMint) return undefined;
  const name = hasDocs ? 'x-docs' : 'x-mint';
  const at = [...pointer, name];
  const raw = op[name];
  if (!isObject(raw)) {
    reportType(ctx, at, name, raw, 'an object');
    return undefined;
  }
  const xDocs: XDocs = {};
  for (const key of Object.keys(raw)) {
    const value = raw[key];
    const field = `${name}.${key}`;
    if (key === 'metadata') {
      const metadata = readMetadata(value, [...at, key], field, ctx);
      if (metadata) xDocs.metadata = metadata;
    } else if (key === 'content') {
      if (typeof value === 'string') xDocs.content = value;
      else reportType(ctx, [...at, key], field, value, 'a string of MDX');
    } else if (key === 'href') {
      if (isHrefTarget(value)) xDocs.href = value;
      else reportHref(ctx, [...at, key], field, value);
    } else if (!X_DOCS_KEYS.has(key)) {
      ctx.bag.report('openapi/x-docs-unknown-key', ctx.locator.key([...at, key]), { key, field: name });
    }
  }
  return xDocs;
}

/** The frontmatter fields of `metadata`, without `openapi` (reported). */
function readMetadata(value: unknown, at: string[], field: string, ctx: Context): Record<string, unknown> | undefined {
  if (!isObject(value)) {
    reportType(ctx, at, field, value, 'an object of frontmatter fields');
    return undefined;
  }
  if (Object.hasOwn(value, 'openapi')) ctx.bag.report('openapi/x-docs-openapi', ctx.locator.key([...at, 'openapi']), { field });
  return Object.fromEntries(Object.entries(value).filter(([k]) => k !== 'openapi'));
}

function reportType(ctx: Context, at: string[], field: string, value: unknown, expected: string): void {
  ctx.bag.report('openapi/x-docs-type', ctx.locator.value(at), { found: describeValue(value), field, expected });
}

function reportHref(ctx: Context, at: string[], field: string, value: unknown): void {
  if (typeof value === 'string') ctx.bag.report('openapi/x-docs-href', ctx.locator.value(at), { href: value, field });
  else reportType(ctx, at, field, value, 'an absolute http(s) URL or a path of the site');
}

/** Where a navigation entry may link instead of a generated page: out to http(s), or to a page of the site (`/path`). */
function isHrefTarget(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  if (/^\/(?![/\\])/.test(value)) return !/[\u0000-\u001F\s]/.test(value);
  return URL.canParse(value) && isHttpUrl(new URL(value));
}
