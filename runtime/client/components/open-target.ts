// A link to something inside a closed accordion, expandable or file tree
// folder (`#param-id`, a heading in an accordion) opens what hides it, on
// load and when the hash changes.

export function initOpenTarget(): void {
  const open = () => {
    const id = decodeURIComponent(location.hash.slice(1));
    if (id === '') return;
    const target = document.getElementById(id);
    if (target === null) return;
    for (let node: Element | null = target; node !== null; node = node.parentElement)
      if (node instanceof HTMLDetailsElement && !node.open) node.open = true;
    target.scrollIntoView();
  };
  window.addEventListener('hashchange', open);
  if (location.hash !== '') open();
}
