// Code blocks with the `expandable` meta: long ones are shown folded to a
// few lines, with a button to show them whole (and fold them again). Without
// JavaScript they are shown whole.

const FOLDED_LINES = 10;

export function initExpandableCode(root: ParentNode): void {
  for (const block of Array.from(root.querySelectorAll<HTMLElement>('.docsc-code-block[data-expandable]'))) {
    if (block.querySelector(':scope > .docsc-expand') !== null) continue;
    const lines = block.querySelectorAll('.line').length;
    if (lines <= FOLDED_LINES) continue;
    block.dataset.folded = '';
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'docsc-expand';
    const label = () => {
      const folded = block.dataset.folded !== undefined;
      button.textContent = folded ? `Show all ${lines} lines` : 'Show less';
      button.setAttribute('aria-expanded', folded ? 'false' : 'true');
    };
    label();
    button.addEventListener('click', () => {
      if (block.dataset.folded !== undefined) delete block.dataset.folded;
      else block.dataset.folded = '';
      label();
    });
    block.appendChild(button);
  }
}
