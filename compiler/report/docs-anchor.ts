// Where a diagnostic code is documented: its anchor in spec/diagnostics.md
// (`nav/mixed-children` → `nav-mixed-children`). The generator of that file,
// the pretty reporter's docs link and SARIF's helpUri all use these, so the
// links and the headings cannot drift apart.

/** Project-relative path of the generated reference of all codes. */
export const DIAGNOSTICS_DOC = 'spec/diagnostics.md';

/** Lower-case letters, digits and single dashes: stable, and valid as an HTML id. */
export function docsAnchor(code: string): string {
  return code
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * Link to the documentation of a code: `spec/diagnostics.md#anchor`, resolved
 * against `base` when given (a folder URL such as a repository's blob root;
 * a missing trailing `/` is added).
 */
export function docsLink(code: string, base?: string): string {
  const relative = `${DIAGNOSTICS_DOC}#${docsAnchor(code)}`;
  if (base === undefined) return relative;
  return new URL(relative, base.endsWith('/') ? base : `${base}/`).href;
}
