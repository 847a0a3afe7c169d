// Mintlify's hooks that repositories' own style.css and scripts rely on and
// that mean the same on docsc's pages: `class="dark"` on `<html>` in dark
// mode (`.dark .pricing-card { … }`; without it, a rule for light mode
// written `:root:not(.dark) p` applied in dark mode too; set by
// theme-head.ts and the toggle), the page's path in
// `<html data-current-path>` (page-layout.ts), and the id of the search
// button, which home pages click from a script
// (`document.getElementById('search-bar-entry').click()`). Not the ids of
// Mintlify's layout parts (`#navbar`, `#sidebar`, `#content-area`, as its
// "Custom scripts" page lists them): rules under them reach into Mintlify's
// own markup (`#navbar nav li:not(#topbar-cta-button) a::after`,
// `#sidebar [class*="group-title"] { display: none }`), and on docsc's
// markup they overlapped navbar links, spread the title block and hid the
// sidebar's group titles (Nixtla, OpenSRE), where without them the site
// shows docsc's layout as designed.

/** The search button's id (site-chrome.ts writes it in the top bar). */
export const SEARCH_BUTTON_ID = 'search-bar-entry';

/**
 * The top bar for a page: without the search button's id when the page's own markup (its body, its panel) gives
 * an element that id (a heading "Search bar entry"), so that the page's anchor still leads to its element.
 */
export function topBarFor(topBar: string, markup: readonly (string | undefined)[]): string {
  const attribute = ` id="${SEARCH_BUTTON_ID}"`;
  return markup.some((part) => part?.includes(attribute)) ? topBar.replace(attribute, '') : topBar;
}
