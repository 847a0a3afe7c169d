// Dropdowns of the layout (a tab's menu, the version, language, product and
// dropdown selectors) are <details> elements and work without JavaScript;
// this closes them as a menu should: one open at a time, on a click
// elsewhere, and on Escape (focus back on the summary).

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
  root.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    for (const details of dropdowns)
      if (details.open) {
        details.open = false;
        details.querySelector('summary')?.focus();
      }
  });
}
