// The menu button of narrow screens: shows and hides the sidebar as an
// overlay (without JavaScript the sidebar is shown above the page instead),
// closes it with Escape or when a link in it is followed. Also keeps
// --docsc-header-height equal to the sticky header's height, which the
// sticky sidebar and table of contents sit under.

export function initMobileMenu(root: Document): void {
  const header = root.querySelector<HTMLElement>('.docsc-header');
  if (header) {
    const measure = () => root.documentElement.style.setProperty('--docsc-header-height', `${header.offsetHeight}px`);
    measure();
    addEventListener('resize', measure);
  }
  const button = root.querySelector<HTMLButtonElement>('.docsc-menu-button');
  const sidebar = root.getElementById('docsc-sidebar');
  if (!button) return;
  if (!sidebar) {
    button.hidden = true;
    return;
  }
  const set = (open: boolean) => {
    // Under the header wherever it is now (a banner above it may have scrolled away or not).
    if (open && header) sidebar.style.top = `${Math.max(0, header.getBoundingClientRect().bottom)}px`;
    button.setAttribute('aria-expanded', String(open));
    sidebar.toggleAttribute('data-open', open);
  };
  button.addEventListener('click', () => set(button.getAttribute('aria-expanded') !== 'true'));
  root.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && sidebar.hasAttribute('data-open')) {
      set(false);
      button.focus();
    }
  });
  sidebar.addEventListener('click', (event) => {
    if ((event.target as Element).closest('a')) set(false);
  });
}
