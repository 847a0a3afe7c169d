// Progressive enhancement of the MDX components in a page body
// (compiler/render/components/): tab groups that switch and keep in step,
// copy buttons, foldable long code, the View selector, Mermaid diagrams,
// interactive components, the page's own elements' event handlers, and
// opening what hides a linked element. Pages read well without it:
// accordions are `<details>`, the first tab shows, code is shown whole, and
// components show their first state.

import { initCopyButtons } from './copy-buttons.js';
import { initElementHandlers } from './element-handlers.js';
import { initExpandableCode } from './expandable-code.js';
import { initIslands } from './islands.js';
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
  initIslands(root);
  initElementHandlers(root);
  if (root === document) initOpenTarget();
}
