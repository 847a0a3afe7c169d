// Copy buttons on code blocks and prompts: the code as written (line
// numbers are drawn by the stylesheet, so they are not in the text), put on
// the clipboard; the button says "Copied" for a moment. Added by script,
// since without JavaScript a copy button could not work.

const COPY_ICON =
  '<svg viewBox="0 0 24 24" width="1em" height="1em" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><rect width="14" height="14" x="8" y="8" rx="2"/><path d="M4 16c-1.1 0-2-.9-2-2V4c0-1.1.9-2 2-2h10c1.1 0 2 .9 2 2"/></svg>';
const DONE_ICON =
  '<svg viewBox="0 0 24 24" width="1em" height="1em" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M20 6 9 17l-5-5"/></svg>';

export function initCopyButtons(root: ParentNode): void {
  for (const block of Array.from(root.querySelectorAll<HTMLElement>('.docsc-code-block, .docsc-prompt'))) {
    if (block.querySelector(':scope > .docsc-copy') !== null) continue;
    const source = block.classList.contains('docsc-prompt') ? block.querySelector<HTMLElement>('.docsc-prompt-body') : block.querySelector('code');
    if (source === null) continue;
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'docsc-copy';
    button.setAttribute('aria-label', 'Copy');
    button.title = 'Copy';
    button.innerHTML = COPY_ICON;
    button.addEventListener('click', () => {
      void copyText((source.textContent ?? '').replace(/\n$/, '')).then((copied) => {
        button.innerHTML = copied ? DONE_ICON : COPY_ICON;
        button.setAttribute('aria-label', copied ? 'Copied' : 'Copy failed');
        button.dataset.copied = copied ? 'true' : 'false';
        window.setTimeout(() => {
          button.innerHTML = COPY_ICON;
          button.setAttribute('aria-label', 'Copy');
          delete button.dataset.copied;
        }, 2000);
      });
    });
    block.appendChild(button);
  }
}

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // No clipboard API (an insecure origin, a denied permission): the older way.
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    let done = false;
    try {
      done = document.execCommand('copy');
    } catch {
      done = false;
    }
    area.remove();
    return done;
  }
}
