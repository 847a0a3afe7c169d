// A link to something hidden — inside a closed accordion, expandable or file
// tree folder, a tab panel or a View not shown (`#param-id`, a heading in a
// tab), or to the accordion, tab or View itself — opens what hides it, on
// load and when the hash changes.

export function initOpenTarget(): void {
  const open = () => {
    const id = decodeURIComponent(location.hash.slice(1));
    if (id === '') return;
    const target = document.getElementById(id);
    if (target === null) return;
    for (let node: Element | null = target; node !== null; node = node.parentElement) {
      if (node instanceof HTMLDetailsElement && !node.open) node.open = true;
      if (node.getAttribute('role') === 'tabpanel' && !node.hasAttribute('data-selected'))
        document.querySelector<HTMLElement>(`[role="tab"][aria-controls="${CSS.escape(node.id)}"]`)?.click();
      if (node instanceof HTMLElement && node.hidden && node.classList.contains('docsc-view')) selectView(node);
    }
    target.scrollIntoView();
  };
  window.addEventListener('hashchange', open);
  if (location.hash !== '') open();
}

/** Picks a View in the page's selector (views.ts), as the reader would. */
function selectView(view: HTMLElement): void {
  const select = document.querySelector<HTMLSelectElement>('.docsc-view-picker select');
  const index = Array.from(document.querySelectorAll('.docsc-view')).indexOf(view);
  if (select === null || index < 0) return;
  select.value = String(index);
  select.dispatchEvent(new Event('change'));
}
