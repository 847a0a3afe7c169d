// The bar under an API page's title (compiler/reference/api-head.ts): its
// copy button puts the URL as shown — the selected server's base URL, which
// the playground keeps current, and the path — on the clipboard.

export function initApiBar(root: ParentNode): void {
  for (const button of root.querySelectorAll<HTMLButtonElement>('[data-docsc-copy-url]')) {
    button.addEventListener('click', () => {
      const url = button.closest('.docsc-api-bar')?.querySelector('.docsc-api-url')?.textContent ?? button.dataset.docscCopyUrl ?? '';
      const done = (copied: boolean) => {
        button.dataset.copied = copied ? 'true' : 'false';
        button.setAttribute('aria-label', copied ? 'Copied' : 'Copy failed');
        window.setTimeout(() => {
          delete button.dataset.copied;
          button.setAttribute('aria-label', 'Copy the URL');
        }, 2000);
      };
      navigator.clipboard.writeText(url).then(
        () => done(true),
        () => done(false),
      );
    });
  }
}
