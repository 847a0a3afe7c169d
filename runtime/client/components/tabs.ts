// Tabs and code groups (compiler/render/components/tab-list.ts): a click or
// the arrow keys select a tab; every other tab group of the page that has a
// tab with the same label selects it too (a reader who picks "Python" once
// sees Python everywhere), and the choice is remembered for the next pages.
// A code group with `dropdown` gets a select in place of its tablist: the
// same tabs underneath, so choosing in it keeps the page in step too.

const STORAGE_KEY = 'docsc-tab-label';

export function initTabs(root: ParentNode): void {
  const lists = Array.from(root.querySelectorAll<HTMLElement>('.docsc-tablist'));
  if (lists.length === 0) return;
  for (const list of lists) {
    const group = list.parentElement;
    if (group?.hasAttribute('data-dropdown')) addDropdown(root, group, list);
    list.addEventListener('click', (event) => {
      const tab = (event.target as Element).closest<HTMLElement>('[role="tab"]');
      if (tab !== null && list.contains(tab)) selectLabel(root, tab, true);
    });
    list.addEventListener('keydown', (event) => onKey(root, list, event));
  }
  const remembered = readRemembered();
  if (remembered !== undefined) {
    for (const tab of Array.from(root.querySelectorAll<HTMLElement>('.docsc-tablist [role="tab"]')))
      if (tab.dataset.label === remembered) select(tab, false);
  }
}

/** A select of the group's tab labels before its tablist (which the stylesheet then hides). */
function addDropdown(root: ParentNode, group: HTMLElement, list: HTMLElement): void {
  const tabs = Array.from(list.querySelectorAll<HTMLElement>('[role="tab"]'));
  const bar = document.createElement('div');
  bar.className = 'docsc-code-dropdown';
  const select = document.createElement('select');
  select.setAttribute('aria-label', 'Code example');
  tabs.forEach((tab, i) => {
    const option = document.createElement('option');
    option.value = String(i);
    option.textContent = tab.dataset.label ?? tab.textContent;
    if (tab.getAttribute('aria-selected') === 'true') option.selected = true;
    select.appendChild(option);
  });
  select.addEventListener('change', () => {
    const tab = tabs[Number(select.value)];
    if (tab !== undefined) selectLabel(root, tab, false, select);
  });
  bar.appendChild(select);
  group.insertBefore(bar, list);
  group.classList.add('docsc-dropdown-enhanced');
}

/** Selects `tab`, and the tab of the same label in every other group of the page; `anchor` stays where it is on screen. */
function selectLabel(root: ParentNode, tab: HTMLElement, focus: boolean, anchor: HTMLElement = tab): void {
  const label = tab.dataset.label;
  const rect = anchor.getBoundingClientRect();
  select(tab, focus);
  if (label === undefined) return;
  for (const other of Array.from(root.querySelectorAll<HTMLElement>('.docsc-tablist [role="tab"]')))
    if (other !== tab && other.dataset.label === label) select(other, false);
  // Panels above may have changed height: keep the clicked tab where the reader's pointer is.
  const after = anchor.getBoundingClientRect();
  if (after.top !== rect.top) window.scrollBy(0, after.top - rect.top);
  try {
    localStorage.setItem(STORAGE_KEY, label);
  } catch {
    // Storage may be unavailable (private mode, disabled): the choice lasts for this page.
  }
}

function select(tab: HTMLElement, focus: boolean): void {
  const list = tab.closest('.docsc-tablist');
  if (list === null) return;
  const dropdown = list.parentElement?.querySelector<HTMLSelectElement>(':scope > .docsc-code-dropdown > select');
  Array.from(list.querySelectorAll<HTMLElement>('[role="tab"]')).forEach((other, index) => {
    const selected = other === tab;
    if (selected && dropdown) dropdown.value = String(index);
    other.setAttribute('aria-selected', selected ? 'true' : 'false');
    other.tabIndex = selected ? 0 : -1;
    const panel = document.getElementById(other.getAttribute('aria-controls') ?? '');
    if (panel === null) return;
    if (selected) panel.setAttribute('data-selected', '');
    else panel.removeAttribute('data-selected');
  });
  if (focus) tab.focus();
}

function onKey(root: ParentNode, list: HTMLElement, event: KeyboardEvent): void {
  const tabs = Array.from(list.querySelectorAll<HTMLElement>('[role="tab"]'));
  const current = tabs.indexOf(event.target as HTMLElement);
  if (current === -1) return;
  let next: number;
  if (event.key === 'ArrowRight') next = (current + 1) % tabs.length;
  else if (event.key === 'ArrowLeft') next = (current - 1 + tabs.length) % tabs.length;
  else if (event.key === 'Home') next = 0;
  else if (event.key === 'End') next = tabs.length - 1;
  else return;
  event.preventDefault();
  const tab = tabs[next];
  if (tab !== undefined) selectLabel(root, tab, true);
}

function readRemembered(): string | undefined {
  try {
    return localStorage.getItem(STORAGE_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}
