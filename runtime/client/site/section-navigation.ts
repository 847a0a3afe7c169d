// A large section's pages (over the build's FULL_SIDEBAR_LIMIT) inline a
// folded sidebar — the groups on the way to the page open, every other group
// a link to its first page — and name the section's full sidebar, written
// once by the build (`data-docsc-nav="/_docsc/nav/<hash>.html"`; the name is
// its content's hash, so the browser may keep it; under the site's base path
// when it has one). This loads that fragment
// and puts it in place of the folded groups: the current page marked, the
// groups on its way opened, the current link kept where it was on screen and
// focus kept on the link that had it. Without JavaScript, or if the fragment
// cannot be loaded, the folded sidebar stays.

import { sitePath } from './site-path.js';

const FRAGMENT = /^\/_docsc\/nav\/[0-9a-f]+\.html$/;

export function loadSectionNavigation(root: Document): void {
  const groups = root.querySelector<HTMLElement>('#docsc-sidebar .docsc-groups[data-docsc-nav]');
  const url = groups?.dataset.docscNav;
  if (!groups || url === undefined || !url.startsWith(sitePath('/')) || !FRAGMENT.test(url.slice(sitePath('').length))) return;
  fetch(url)
    .then((response) => (response.ok ? response.text() : Promise.reject(new Error(`${response.status}`))))
    .then((html) => swap(root, groups, html))
    .catch(() => {
      // The folded sidebar stays: every page of the section is still reachable from it.
    });
}

function swap(root: Document, groups: HTMLElement, html: string): void {
  const template = root.createElement('template');
  template.innerHTML = html;
  const full = template.content;
  const current = groups.querySelector<HTMLAnchorElement>('a[aria-current="page"]');
  const href = current?.getAttribute('href');
  const marked = href == null ? undefined : linkTo(full, href);
  if (marked) {
    marked.setAttribute('aria-current', 'page');
    for (let details = marked.closest('details'); details; details = details.parentElement?.closest('details') ?? null) details.open = true;
  }
  // Groups the reader opened (or the build opened) stay open.
  for (const details of groups.querySelectorAll<HTMLDetailsElement>('details[data-g][open]')) {
    // Ids are index paths (`2.0`): digits and dots, safe in a quoted attribute selector.
    const twin = full.querySelector<HTMLDetailsElement>(`details[data-g="${details.dataset.g ?? ''}"]`);
    if (twin) twin.open = true;
  }
  const focused =
    root.activeElement instanceof HTMLAnchorElement && groups.contains(root.activeElement) ? root.activeElement.getAttribute('href') : null;
  const sidebar = groups.closest<HTMLElement>('#docsc-sidebar');
  const before = current?.getBoundingClientRect().top;
  groups.replaceChildren(full);
  groups.removeAttribute('data-docsc-nav');
  groups.setAttribute('data-docsc-full', '');
  // The current link stays where the reader saw it (the groups above it may have grown).
  if (sidebar && marked && before !== undefined) sidebar.scrollTop += marked.getBoundingClientRect().top - before;
  if (focused !== null) linkTo(groups, focused)?.focus({ preventScroll: true });
}

/** The link to `href`: a page's own link first, else a group title linking there (a group's `root` page). */
function linkTo(container: ParentNode, href: string): HTMLAnchorElement | undefined {
  const links = [...container.querySelectorAll<HTMLAnchorElement>('a[href]')].filter((a) => a.getAttribute('href') === href);
  return links.find((a) => !a.classList.contains('docsc-group-link')) ?? links[0];
}
