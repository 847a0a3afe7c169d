// Mintlify's styling hooks: the ids its layout gives its parts (`#navbar`,
// `#sidebar`, `#content-area`, `#footer`, …, as its "Custom scripts" page
// lists them), `class="dark"` on `<html>` in dark mode, and
// `data-current-path` on `<html>`, which repositories' own style.css and
// scripts target (`html.dark #navbar { … }`, `#content-area h2::before`,
// `html[data-current-path="/introduction"] #content-area`,
// `document.getElementById('search-bar-entry').click()`). docsc gives those
// ids to its parts that do the same job, so that such a file applies
// unchanged. A page that uses one of the ids itself (a heading "Sidebar" is
// `#sidebar`) keeps it: the layout's part goes without it on that page, so
// that the page's anchor still leads to its heading.

/** The ids, each on the docsc part of the same job. */
export const HOOK_IDS = [
  'banner',
  'navbar',
  'search-bar-entry',
  'topbar-cta-button',
  'body-content',
  'sidebar',
  'content-area',
  'page-title',
  'pagination',
  'table-of-contents',
  'footer',
] as const;

export type HookId = (typeof HOOK_IDS)[number];

const HOOK_ID_ATTRIBUTE = new RegExp(`\\sid="(${HOOK_IDS.join('|')})"`, 'g');

/** The hook ids the page's own markup (its body, its panel) gives an element. */
export function hookIdsTaken(markup: readonly (string | undefined)[]): ReadonlySet<string> {
  const taken = new Set<string>();
  for (const part of markup) {
    if (part === undefined || !part.includes(' id="')) continue;
    for (const match of part.matchAll(HOOK_ID_ATTRIBUTE)) taken.add(match[1] as string);
  }
  return taken;
}

/** ` id="…"` for a part of the layout, or '' when the page's own markup has that id. */
export function hookId(id: HookId, taken: ReadonlySet<string>): string {
  return taken.has(id) ? '' : ` id="${id}"`;
}

/** Markup the layout made once for many pages (the top bar, the banner, the footer) without the ids this page takes. */
export function withoutTakenIds(markup: string, taken: ReadonlySet<string>): string {
  let out = markup;
  for (const id of taken) out = out.replace(` id="${id}"`, '');
  return out;
}
