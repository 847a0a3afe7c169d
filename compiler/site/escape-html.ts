// Text and attribute values from configuration and OpenAPI documents are
// untrusted: everything the layout writes goes through these two functions.

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] as string);
}

/**
 * An href safe to write: http(s) and mailto URLs, and relative or
 * root-relative paths and fragments; anything else (`javascript:`, `data:`,
 * `vbscript:`, protocol-relative `//host`) is undefined.
 */
export function safeHref(href: string): string | undefined {
  const trimmed = href.trim();
  if (trimmed.startsWith('//')) return undefined;
  const scheme = /^([a-zA-Z][a-zA-Z\d+.-]*):/.exec(trimmed)?.[1]?.toLowerCase();
  if (scheme === undefined) return /[\u0000-\u001f]/.test(trimmed) ? undefined : trimmed;
  return scheme === 'http' || scheme === 'https' || scheme === 'mailto' ? trimmed : undefined;
}
