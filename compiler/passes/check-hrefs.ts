// Every `href` in the navigation ends up as a link in every page: only
// http(s), mailto and relative links are allowed (no `javascript:` …).

import { type Diagnostic, DiagnosticBag } from '../diagnostics/diagnostic.js';
import { isSafeUrl } from '../config/check-url.js';
import { type RootNode, walk } from '../ir/navigation.js';

export function checkHrefs(root: RootNode): Diagnostic[] {
  const bag = new DiagnosticBag();
  for (const node of walk(root)) {
    if ('href' in node && node.href !== undefined && !isSafeUrl(node.href.value)) {
      bag.report('config/unsafe-url', node.href.span, { url: node.href.value });
    }
  }
  return bag.items;
}
