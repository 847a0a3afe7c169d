// Seed 2.9: entries of `navigation.global.anchors` appear on every page and
// link out. An external URL is http(s) with a host or another absolute URL
// that runs no script (`mailto:`), as Mintlify's validation accepts
// (Unstructured's docs link to their e-mail). Mintlify's validation also
// accepts a site path (`/`, `/changelog`) and a `#fragment`, and real sites
// link home that way (0Labs' "Home" anchor): those are accepted too, their
// target checked as the navbar's are (check-config-references.ts). A path
// without its leading `/` is refused, as Mintlify refuses it.

import { isExternalUrl } from '../config/check-url.js';
import { type Diagnostic, DiagnosticBag } from '../diagnostics/diagnostic.js';
import type { RootNode } from '../ir/navigation.js';

/** A path of the site or a fragment, as Mintlify's `hrefSchema` takes them (`//host` is a URL without its scheme). */
function isSitePath(value: string): boolean {
  return value.startsWith('#') || (value.startsWith('/') && !value.startsWith('//'));
}

export function checkGlobalAnchors(root: RootNode): Diagnostic[] {
  const bag = new DiagnosticBag();
  for (const anchor of root.global) {
    if (anchor.href === undefined) {
      bag.report('nav/global-anchor-href', anchor.span, { name: anchor.label, found: '' });
    } else if (!isExternalUrl(anchor.href.value) && !isSitePath(anchor.href.value)) {
      bag.report('nav/global-anchor-href', anchor.href.span, { name: anchor.label, found: `, found \`${anchor.href.value}\`` });
    }
  }
  return bag.items;
}
