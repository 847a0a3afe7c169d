// Every `href` in the navigation ends up as a link in every page: no scheme
// that runs script (`javascript:`, …; config/check-url.ts). Global anchors
// have the stricter rule of check-global-anchors.ts.

import { unsafeLinkReason } from '../config/check-url.js';
import { type Diagnostic, DiagnosticBag } from '../diagnostics/diagnostic.js';
import { type RootNode, walk } from '../ir/navigation.js';

export function checkHrefs(root: RootNode): Diagnostic[] {
  const bag = new DiagnosticBag();
  for (const node of walk(root)) {
    if (node.kind === 'global-anchor') continue;
    const reason = 'href' in node && node.href !== undefined ? unsafeLinkReason(node.href.value) : undefined;
    if (reason !== undefined && 'href' in node && node.href !== undefined)
      bag.report('config/unsafe-url', node.href.span, { url: node.href.value, reason });
  }
  return bag.items;
}
