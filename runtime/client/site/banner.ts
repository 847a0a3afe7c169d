// The banner's close button: hides the banner and remembers its id (the
// hash of its content, on <html data-banner>) so that the head script hides
// it on every later page until the banner's text changes.

const STORAGE_KEY = 'docsc-banner';

export function initBanner(root: Document): void {
  const button = root.querySelector<HTMLButtonElement>('.docsc-banner-close');
  const id = root.documentElement.getAttribute('data-banner');
  if (!button || !id) return;
  button.addEventListener('click', () => {
    root.documentElement.classList.add('docsc-banner-dismissed');
    try {
      localStorage.setItem(STORAGE_KEY, id);
    } catch {
      // Storage refused: dismissed on this page only.
    }
    dispatchEvent(new Event('resize'));
  });
}
