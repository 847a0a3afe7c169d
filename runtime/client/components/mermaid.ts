// Mermaid diagrams: a ```mermaid fence is its source in a `pre.docsc-mermaid`
// (compiler/render/render-tree.ts), readable without JavaScript. On pages that
// have one, mermaid's own browser bundle (`_docsc/mermaid.js`, 3.5 MB, loaded
// by no other page) draws each in place, in the colour mode the page is in
// when it loads; `securityLevel: 'strict'` keeps labels as text.

import { sitePath } from '../site/site-path.js';

interface Mermaid {
  initialize(config: Record<string, unknown>): void;
  run(options: { nodes: HTMLElement[] }): Promise<void>;
}

export function initMermaid(root: ParentNode): void {
  const blocks = [...root.querySelectorAll<HTMLElement>('pre.docsc-mermaid')];
  if (blocks.length === 0) return;
  const script = document.createElement('script');
  script.src = sitePath('/_docsc/mermaid.js');
  script.onload = () => {
    const mermaid = (window as unknown as { mermaid?: Mermaid }).mermaid;
    if (mermaid === undefined) return;
    const dark = document.documentElement.getAttribute('data-theme') === 'dark';
    mermaid.initialize({ startOnLoad: false, securityLevel: 'strict', theme: dark ? 'dark' : 'default' });
    void mermaid.run({ nodes: blocks }).then(() => {
      for (const block of blocks) block.dataset.rendered = '';
    });
  };
  document.head.append(script);
}
