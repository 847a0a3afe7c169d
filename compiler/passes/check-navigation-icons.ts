// Icons named in the navigation (tabs, anchors, dropdowns, products,
// versions, languages, menu items, global anchors, groups) that no icon set
// has: a warning at the name in docs.json (`render/unknown-icon`, as for
// icons in pages), and the element is shown without an icon. URLs and image
// paths are not checked here: they are links, like any other.

import { type Diagnostic, makeDiagnostic } from '../diagnostics/diagnostic.js';
import { missingIconCode } from '../icons/icon-stand-ins.js';
import { type IconLibrary, iconSvg } from '../icons/icon-svg.js';
import { type ContainerNode, type RootNode, walk } from '../ir/navigation.js';
import { isIconImage } from '../site/navigation-icon.js';
import { member } from '../syntax/json-tree.js';

export function checkNavigationIcons(root: RootNode | undefined, library: IconLibrary): Diagnostic[] {
  if (root === undefined) return [];
  const diagnostics: Diagnostic[] = [];
  const seen = new Set<ContainerNode>();
  for (const node of walk(root)) {
    if (node.kind === 'root' || node.kind === 'page' || node.kind === 'endpoint' || node.kind === 'webhook' || node.kind === 'invalid') continue;
    const icon = node.icon;
    if (seen.has(node) || icon === undefined || icon.name === '' || isIconImage(icon.name)) continue;
    seen.add(node);
    if (iconSvg(icon.name, icon.style, icon.library ?? library) !== undefined) continue;
    const written = member(node.raw, 'icon')?.value;
    const at = (written?.kind === 'object' ? member(written, 'name')?.value.span : written?.span) ?? node.labelSpan;
    diagnostics.push(makeDiagnostic(missingIconCode(icon.name), at, { name: icon.name }));
  }
  return diagnostics;
}
