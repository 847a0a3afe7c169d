// docs.json's `contextual` menu (compiler/site/page-actions.ts): "Copy page"
// puts the page's Markdown source on the clipboard, and prompt links built
// without `--site-url` get the page's absolute address from the reader's
// location. The menu's other links work without this script.

export function initPageActions(root: ParentNode): void {
  for (const link of Array.from(root.querySelectorAll<HTMLAnchorElement>('a[data-prompt-base]'))) {
    const { promptBase, prompt, page } = link.dataset;
    if (promptBase === undefined || prompt === undefined || page === undefined) continue;
    link.href = promptBase + encodeURIComponent(prompt.replace('{page}', location.origin + page));
  }
  for (const button of Array.from(root.querySelectorAll<HTMLButtonElement>('.docsc-page-copy'))) {
    const title = button.querySelector('.docsc-action-title');
    button.addEventListener('click', () => {
      void copyMarkdown(button.dataset.markdown ?? '').then((copied) => {
        if (title === null) return;
        title.textContent = copied ? 'Copied' : 'Copy failed';
        window.setTimeout(() => {
          title.textContent = 'Copy page';
        }, 2000);
      });
    });
  }
}

async function copyMarkdown(href: string): Promise<boolean> {
  try {
    const text = fetch(href).then((response) => {
      if (!response.ok) throw new Error(`${response.status}`);
      return response.text();
    });
    // A ClipboardItem takes the pending text, so the click's permission to write lasts until it arrives.
    if (typeof ClipboardItem !== 'undefined') {
      await navigator.clipboard.write([new ClipboardItem({ 'text/plain': text.then((t) => new Blob([t], { type: 'text/plain' })) })]);
    } else await navigator.clipboard.writeText(await text);
    return true;
  } catch {
    return false;
  }
}
