// Mintlify's hooks that repositories' own style.css and scripts rely on and
// that mean the same on docsc's pages: `class="dark"` on `<html>` in dark
// mode (`.dark .pricing-card { … }`; without it, a rule for light mode
// written `:root:not(.dark) p` applied in dark mode too), the page's path in
// `<html data-current-path>`, and the id of the search button, which home
// pages click from a script (`document.getElementById('search-bar-entry')
// .click()`). Not the ids of Mintlify's layout parts (`#navbar`, `#sidebar`,
// `#content-area`, as its "Custom scripts" page lists them): rules under them
// reach into Mintlify's own markup (`#navbar nav li:not(#topbar-cta-button)
// a::after`, `#sidebar [class*="group-title"] { display: none }`), and on
// docsc's markup they overlapped navbar links, spread the title block and hid
// the sidebar's group titles (Nixtla, OpenSRE), where without them the site
// shows docsc's layout as designed. A page that uses a hook id itself keeps
// it: the layout's part goes without it on that page, so that the page's
// anchor still leads to its element.

/** The ids, each on the docsc part of the same job (the search button). */
const HOOK_IDS = ['search-bar-entry'] as const;

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

/** Markup the layout made once for many pages (the top bar) without the ids this page takes. */
export function withoutTakenIds(markup: string, taken: ReadonlySet<string>): string {
  let out = markup;
  for (const id of taken) out = out.replace(` id="${id}"`, '');
  return out;
}
