// URL checks shared by the config and navigation passes. Links from
// docs.json end up in every page, so a link may only be http(s), mailto or
// relative. The scheme is read the way browsers read it: they drop tabs and
// newlines anywhere and control characters and spaces at the start, so
// `java\tscript:` and ` JAVASCRIPT:` are still `javascript:`.

const allowedSchemes = new Set(['http', 'https', 'mailto']);

/** Leading C0 controls and spaces, and tabs and newlines anywhere, as the URL parser removes them. */
function normalize(value: string): string {
  return value.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+/, '');
}

/** The scheme in lower case, or undefined for a relative URL. */
function schemeOf(value: string): string | undefined {
  return /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(normalize(value))?.[1]?.toLowerCase();
}

/** True for http(s), mailto and relative URLs; false for `javascript:`, `data:`, `file:` and every other scheme. */
export function isSafeUrl(value: string): boolean {
  const scheme = schemeOf(value);
  return scheme === undefined || allowedSchemes.has(scheme);
}

/** True for an absolute http(s) URL with a host, such as a global anchor's `href` needs. */
export function isAbsoluteHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    return new URL(value).host !== '';
  } catch {
    return false;
  }
}
