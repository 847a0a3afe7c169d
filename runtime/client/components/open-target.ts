// A link to something hidden — inside a closed accordion, expandable or file
// tree folder, or a tab panel not shown (`#param-id`, a heading in a tab) —
// opens what hides it, on load and when the hash changes.

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
    }
    target.scrollIntoView();
  };
  window.addEventListener('hashchange', open);
  if (location.hash !== '') open();
}
