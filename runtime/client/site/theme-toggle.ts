// The color-mode toggle: flips <html data-theme> between light and dark (and
// Mintlify's `class="dark"` with it, which repositories' CSS targets) and
// remembers the choice in localStorage, which the head script
// (compiler/site/theme-head.ts) reads before the next page's first paint.

const STORAGE_KEY = 'docsc-theme';

export function initThemeToggle(root: Document): void {
  const html = root.documentElement;
  const button = root.querySelector<HTMLButtonElement>('.docsc-theme-toggle');
  if (!button) return;
  const sync = () => button.setAttribute('aria-pressed', String(html.getAttribute('data-theme') === 'dark'));
  sync();
  button.addEventListener('click', () => {
    const next = html.getAttribute('data-theme') === 'dark' ? 'light' : 'dark';
    html.setAttribute('data-theme', next);
    html.classList.toggle('dark', next === 'dark');
    try {
      localStorage.setItem(STORAGE_KEY, next);
    } catch {
      // Storage refused (private mode): the choice lasts for this page only.
    }
    sync();
  });
}
