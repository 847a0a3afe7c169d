// Progressive enhancement of the MDX components in a page body
// (compiler/render/components/): tab groups that switch and keep in step,
// copy buttons, foldable long code, the View selector, Mermaid diagrams, and opening what
// hides a linked element. Pages read well without it: accordions are
// `<details>`, the first tab shows, and code is shown whole.

import { initCopyButtons } from './copy-buttons.js';
import { initExpandableCode } from './expandable-code.js';
import { initMermaid } from './mermaid.js';
import { initOpenTarget } from './open-target.js';
import { initTabs } from './tabs.js';
import { initViews } from './views.js';

export function initComponents(root: ParentNode): void {
  initTabs(root);
  initCopyButtons(root);
  initExpandableCode(root);
  initViews(root);
  initMermaid(root);
  if (root === document) initOpenTarget();
}
