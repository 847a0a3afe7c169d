// Views (compiler/render/components/views.ts): the page's View sections
// gathered behind one selector, placed before the first of them; only the
// chosen View shows. Without JavaScript, every View shows under its title.

export function initViews(root: ParentNode): void {
  const views = Array.from(root.querySelectorAll<HTMLElement>('.docsc-view'));
  const first = views[0];
  if (first === undefined || first.parentElement === null || views.length < 2) return;
  const label = document.createElement('label');
  label.className = 'docsc-view-picker';
  const select = document.createElement('select');
  select.setAttribute('aria-label', 'View');
  views.forEach((view, i) => {
    const option = document.createElement('option');
    option.value = String(i);
    option.textContent = view.dataset.viewTitle ?? `View ${i + 1}`;
    select.appendChild(option);
  });
  const show = (index: number) => {
    views.forEach((view, i) => {
      view.hidden = i !== index;
    });
  };
  select.addEventListener('change', () => show(Number(select.value)));
  label.appendChild(select);
  first.parentElement.insertBefore(label, first);
  for (const view of views) view.classList.add('docsc-view-enhanced');
  show(0);
}
