// Seed 2.9: entries of `navigation.global.anchors` appear on every page and
// must link out; relative paths are refused. An external URL is http(s) with
// a host or another absolute URL that runs no script (`mailto:`), as
// Mintlify's validation accepts (Unstructured's docs link to their e-mail).

import { isExternalUrl } from '../config/check-url.js';
import { type Diagnostic, DiagnosticBag } from '../diagnostics/diagnostic.js';
import type { RootNode } from '../ir/navigation.js';

export function checkGlobalAnchors(root: RootNode): Diagnostic[] {
  const bag = new DiagnosticBag();
  for (const anchor of root.global) {
    if (anchor.href === undefined) {
      bag.report('nav/global-anchor-href', anchor.span, { name: anchor.label, found: '' });
    } else if (!isExternalUrl(anchor.href.value)) {
      bag.report('nav/global-anchor-href', anchor.href.span, { name: anchor.label, found: `, found \`${anchor.href.value}\`` });
    }
  }
  return bag.items;
}
