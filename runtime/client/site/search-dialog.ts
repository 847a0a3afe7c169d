// The search box: the top bar's button (or Ctrl+K, ⌘K, `/`) opens a
// <dialog> with an input and a list of results. The search engine
// (entries/search.ts: MiniSearch over the build's index shards) is loaded
// on first use, so pages that never search do not pay for it. Arrow keys
// move through results, Enter follows one, Escape closes.

import { sitePath } from './site-path.js';

interface SearchResult {
  url: string;
  title: string;
  section: string;
}

interface SearchEngine {
  search(query: string, shards: number, scope?: string): Promise<SearchResult[]>;
}

let engine: Promise<SearchEngine> | undefined;

function loadEngine(): Promise<SearchEngine> {
  // A computed specifier: esbuild leaves it alone, so the engine stays its own file.
  const url = new URL(sitePath('/_docsc/search.js'), location.href).href;
  engine ??= import(url) as Promise<SearchEngine>;
  return engine;
}

export function initSearch(root: Document): void {
  const button = root.querySelector<HTMLButtonElement>('.docsc-search-button');
  if (!button) return;
  const shards = Number(button.dataset.shards ?? '16');
  let dialog: HTMLDialogElement | undefined;
  const open = () => {
    dialog ??= createDialog(root, button.dataset.prompt ?? 'Search…', shards, button.dataset.scope);
    if (!dialog.open) dialog.showModal();
    dialog.querySelector('input')?.select();
    void loadEngine();
  };
  button.addEventListener('click', open);
  root.addEventListener('keydown', (event) => {
    const typing = isTyping(event.target);
    if ((event.key === 'k' || event.key === 'K') && (event.metaKey || event.ctrlKey)) {
      event.preventDefault();
      open();
    } else if (event.key === '/' && !typing && !event.metaKey && !event.ctrlKey && !event.altKey) {
      event.preventDefault();
      open();
    }
  });
  if (/Mac|iPhone|iPad/.test(navigator.platform)) {
    const kbd = button.querySelector('kbd');
    if (kbd) kbd.textContent = '⌘K';
  }
}

function isTyping(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
}

function createDialog(root: Document, prompt: string, shards: number, scope: string | undefined): HTMLDialogElement {
  const dialog = root.createElement('dialog');
  dialog.className = 'docsc-search-dialog';
  dialog.setAttribute('aria-label', 'Search');
  const input = root.createElement('input');
  input.type = 'search';
  input.placeholder = prompt;
  input.setAttribute('aria-label', 'Search the documentation');
  input.setAttribute('aria-controls', 'docsc-search-results');
  input.autocomplete = 'off';
  const status = root.createElement('p');
  status.className = 'docsc-search-status';
  status.setAttribute('role', 'status');
  const list = root.createElement('ul');
  list.id = 'docsc-search-results';
  list.className = 'docsc-search-results';
  dialog.append(input, status, list);
  root.body.append(dialog);
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) dialog.close();
  });

  let selected = -1;
  let latest = 0;
  const links = () => [...list.querySelectorAll<HTMLAnchorElement>('a')];
  const select = (index: number) => {
    const all = links();
    if (all.length === 0) return;
    selected = (index + all.length) % all.length;
    for (const [i, a] of all.entries()) a.toggleAttribute('data-active', i === selected);
    all[selected]?.scrollIntoView({ block: 'nearest' });
  };
  const run = async () => {
    const query = input.value.trim();
    const ticket = ++latest;
    if (query === '') {
      list.replaceChildren();
      status.textContent = '';
      return;
    }
    status.textContent = 'Searching…';
    let results: SearchResult[];
    try {
      results = await (await loadEngine()).search(query, shards, scope);
    } catch {
      status.textContent = 'Search is unavailable.';
      return;
    }
    if (ticket !== latest) return;
    list.replaceChildren(
      ...results.map((result) => {
        const item = root.createElement('li');
        const link = root.createElement('a');
        link.href = sitePath(result.url);
        link.textContent = result.title;
        if (result.section) {
          const section = root.createElement('small');
          section.textContent = result.section;
          link.append(section);
        }
        item.append(link);
        return item;
      }),
    );
    status.textContent = results.length === 0 ? `No results for “${query}”` : `${results.length} result${results.length === 1 ? '' : 's'}`;
    selected = -1;
    if (results.length > 0) select(0);
  };
  input.addEventListener('input', () => void run());
  input.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      select(selected + 1);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      select(selected - 1);
    } else if (event.key === 'Enter') {
      const link = links()[selected];
      if (link) {
        event.preventDefault();
        location.href = link.href;
      }
    }
  });
  return dialog;
}
