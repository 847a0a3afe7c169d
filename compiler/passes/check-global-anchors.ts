// Seed 2.9: entries of `navigation.global.anchors` appear on every page and
// must link out with an absolute http(s) `href`; relative paths are refused.

import { isAbsoluteHttpUrl } from '../config/check-url.js';
import { type Diagnostic, DiagnosticBag } from '../diagnostics/diagnostic.js';
import type { RootNode } from '../ir/navigation.js';

export function checkGlobalAnchors(root: RootNode): Diagnostic[] {
  const bag = new DiagnosticBag();
  for (const anchor of root.global) {
    if (anchor.href === undefined) {
      bag.report('nav/global-anchor-href', anchor.span, { name: anchor.label, found: '' });
    } else if (!isAbsoluteHttpUrl(anchor.href.value)) {
      bag.report('nav/global-anchor-href', anchor.href.span, { name: anchor.label, found: `, found \`${anchor.href.value}\`` });
    }
  }
  return bag.items;
}
