// Seed section 3: `expanded` sets the default state of a nested group only;
// top-level groups are always expanded, so `expanded` on one has no effect.

import { type Diagnostic, DiagnosticBag } from '../diagnostics/diagnostic.js';
import { type RootNode, walk } from '../ir/navigation.js';

export function checkGroups(root: RootNode): Diagnostic[] {
  const bag = new DiagnosticBag();
  for (const node of walk(root)) {
    if (node.kind === 'group' && node.depth === 0 && node.expanded !== undefined) bag.report('nav/expanded-top-level', node.expanded.span);
  }
  return bag.items;
}
