// Dropdowns of the layout (a tab's menu, the version, language, product and
// dropdown selectors) are <details> elements and work without JavaScript;
// this makes them behave as menus: one open at a time, closed on a click
// elsewhere and on Escape (focus back on the summary), arrow keys moving
// through their links.

export function initDropdowns(root: Document): void {
  const dropdowns = [...root.querySelectorAll<HTMLDetailsElement>('details.docsc-dropdown')];
  if (dropdowns.length === 0) return;
  for (const details of dropdowns)
    details.addEventListener('toggle', () => {
      if (details.open) for (const other of dropdowns) if (other !== details) other.open = false;
    });
  root.addEventListener('click', (event) => {
    for (const details of dropdowns) if (details.open && !details.contains(event.target as Node)) details.open = false;
  });
  for (const details of dropdowns)
    details.addEventListener('keydown', (event) => {
      if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
      const links = [...details.querySelectorAll<HTMLAnchorElement>(':scope > ul a')];
      if (links.length === 0) return;
      event.preventDefault();
      details.open = true;
      const at = links.indexOf(root.activeElement as HTMLAnchorElement);
      const next =
        at === -1 ? (event.key === 'ArrowDown' ? 0 : links.length - 1) : (at + (event.key === 'ArrowDown' ? 1 : -1) + links.length) % links.length;
      links[next]?.focus();
    });
  root.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    for (const details of dropdowns)
      if (details.open) {
        details.open = false;
        details.querySelector('summary')?.focus();
      }
  });
}
