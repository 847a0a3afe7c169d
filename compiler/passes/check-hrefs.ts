// Every `href` in the navigation ends up as a link in every page: only
// http(s), mailto and relative links are allowed (no `javascript:` …).
// Global anchors have the stricter rule of check-global-anchors.ts.

import { isSafeUrl } from '../config/check-url.js';
import { type Diagnostic, DiagnosticBag } from '../diagnostics/diagnostic.js';
import { type RootNode, walk } from '../ir/navigation.js';

export function checkHrefs(root: RootNode): Diagnostic[] {
  const bag = new DiagnosticBag();
  for (const node of walk(root)) {
    if (node.kind === 'global-anchor') continue;
    if ('href' in node && node.href !== undefined && !isSafeUrl(node.href.value)) {
      bag.report('config/unsafe-url', node.href.span, { url: node.href.value });
    }
  }
  return bag.items;
}
