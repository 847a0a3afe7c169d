// The reference's code samples (one `<figure>` per language, readable
// without JavaScript) become tabs: one sample shown at a time, the reader's
// choice of language kept for the session and applied on every API page.

const KEY = 'docsc-code-language';

export function initCodeSampleTabs(root: ParentNode): void {
  for (const group of root.querySelectorAll<HTMLElement>('[data-docsc-code-samples]')) {
    const figures = [...group.querySelectorAll<HTMLElement>(':scope > figure')];
    if (figures.length < 2) continue;
    const list = document.createElement('div');
    list.className = 'docsc-code-tabs';
    list.setAttribute('role', 'tablist');
    const labels = figures.map((f) => f.querySelector('figcaption')?.textContent ?? '');
    const select = (index: number) => {
      figures.forEach((figure, i) => {
        figure.hidden = i !== index;
        list.children[i]?.setAttribute('aria-selected', i === index ? 'true' : 'false');
      });
    };
    labels.forEach((label, i) => {
      const tab = document.createElement('button');
      tab.type = 'button';
      tab.setAttribute('role', 'tab');
      tab.textContent = label;
      tab.addEventListener('click', () => {
        select(i);
        try {
          sessionStorage.setItem(KEY, label);
        } catch {
          // no storage: this page only
        }
      });
      list.append(tab);
    });
    group.prepend(list);
    group.classList.add('docsc-code-samples-tabbed');
    let preferred = -1;
    try {
      preferred = labels.indexOf(sessionStorage.getItem(KEY) ?? '');
    } catch {
      preferred = -1;
    }
    select(preferred >= 0 ? preferred : 0);
  }
}
