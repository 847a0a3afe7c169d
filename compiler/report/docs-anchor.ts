// Where a diagnostic code is documented. docsc's documentation site (docs/)
// has one page per area, `diagnostics/<area>`, with an anchor per code
// (`nav/mixed-children` → `diagnostics/nav#nav-mixed-children`); the same
// anchors are in spec/diagnostics.md, the reference installed with docsc. A
// link goes to the site when its address is known (an http(s) base: the
// published site) and to that file otherwise (a `file:` base: the installed
// package). The generators of both, the pretty reporter's docs link and
// SARIF's helpUri all use these, so the links and the headings cannot drift apart.

/** Project-relative path of the generated reference of all codes, installed with docsc. */
export const DIAGNOSTICS_DOC = 'spec/diagnostics.md';

/** Lower-case letters, digits and single dashes: stable, and valid as an HTML id. */
export function docsAnchor(code: string): string {
  return code
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The docs site's page of a code's area, site-relative: `nav/mixed-children` → `diagnostics/nav`. */
export function docsPage(code: string): string {
  return `diagnostics/${docsAnchor(code.split('/', 1)[0] ?? code)}`;
}

/**
 * Link to the documentation of a code. With an http(s) `base` (the docs site's address, such as
 * `https://docsc.example.com` or `https://owner.github.io/docsc/`): the code's page on the site. With another
 * base (a folder URL, such as the installed package's `file:` URL), `spec/diagnostics.md#anchor` resolved against
 * it; without one, that path as is. A missing trailing `/` is added to the base.
 */
export function docsLink(code: string, base?: string): string {
  const anchor = docsAnchor(code);
  if (base === undefined) return `${DIAGNOSTICS_DOC}#${anchor}`;
  const folder = base.endsWith('/') ? base : `${base}/`;
  const onSite = /^https?:/i.test(base);
  return new URL(onSite ? `${docsPage(code)}#${anchor}` : `${DIAGNOSTICS_DOC}#${anchor}`, folder).href;
}
