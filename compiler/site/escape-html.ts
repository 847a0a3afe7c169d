// Text and attribute values from configuration and OpenAPI documents are
// untrusted: everything the layout writes goes through these functions (and
// `inlineJson` for values inside `<script>`).

import { scriptScheme } from '../ir/url-scheme.js';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] as string);
}

/**
 * `escapeHtml` for short text repeated on every page, with characters past
 * U+00FF written as numeric references: one such character makes V8 hold a
 * whole page two bytes a character (the `…` of the default search prompt did
 * so for every page of an English site, doubling the memory each page takes
 * and the cost of copying it to the writer's thread and of hashing it).
 */
export function escapeHtmlLatin1(text: string): string {
  return escapeHtml(text).replace(/[^\u0000-\u00ff]/gu, (c) => `&#${c.codePointAt(0)};`);
}

/**
 * An href safe to write: relative or root-relative paths and fragments, and
 * URLs whose scheme runs no script (ir/url-scheme.ts: http(s), mailto, and
 * applications' own such as `cursor://…`, which Mintlify keeps); undefined
 * for `javascript:`, `data:`, `vbscript:` in any case, for anything with tabs,
 * newlines or other control characters inside (browsers drop them, so
 * `java\tscript:` is `javascript:`), and for protocol-relative `//host`, also
 * spelt with backslashes (`/\\host`, `\\\\host`), which browsers read as `//host`.
 */
export function safeHref(href: string): string | undefined {
  const trimmed = href.trim();
  if (/[\u0000-\u001f\u007f]/.test(trimmed)) return undefined;
  if (/^[/\\]{2}/.test(trimmed)) return undefined;
  return scriptScheme(trimmed) === undefined ? trimmed : undefined;
}

/** JSON safe inside `<script>`: `<`, `>`, `&` and the line separators escaped (JSON.parse reads them back). */
export function inlineJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
