// Seed 2.1 rule 3 and 2.5: each element holds one type of child per level,
// and only the types its kind accepts (a menu item holds only groups, pages
// and external links; a group holds only pages). Mintlify silently drops one
// child type; docsc reports both locations.

import { ELEMENT_SHAPES, ROOT_PATTERNS } from '../config/navigation-fields.js';
import { type Diagnostic, DiagnosticBag } from '../diagnostics/diagnostic.js';
import { type ContainerNode, describeElement, isContainer, type RootNode, walk } from '../ir/navigation.js';

export function checkChildTypes(root: RootNode): Diagnostic[] {
  const bag = new DiagnosticBag();
  for (const node of walk(root)) {
    if (!isContainer(node)) continue;
    checkAllowed(node, bag);
    if (node.kind !== 'root') checkSingleType(node, bag);
  }
  return bag.items;
}

function allowedKeys(node: ContainerNode): readonly string[] {
  return node.kind === 'root' ? ROOT_PATTERNS : ELEMENT_SHAPES[node.kind].children;
}

function checkAllowed(node: ContainerNode, bag: DiagnosticBag): void {
  const allowed = allowedKeys(node);
  for (const list of node.childLists) {
    if (allowed.includes(list.key)) continue;
    bag.report('nav/invalid-child', list.keySpan, {
      where: describeElement(node),
      key: list.key,
      allowed: allowed.length === 0 ? 'no children' : allowed.map((k) => `\`${k}\``).join(', '),
    });
  }
}

/** Among the child types the element may hold, only one may be used (disallowed ones are reported above). */
function checkSingleType(node: ContainerNode, bag: DiagnosticBag): void {
  const allowed = allowedKeys(node);
  const [first, ...others] = node.childLists.filter((list) => allowed.includes(list.key));
  if (first === undefined) return;
  for (const other of others) {
    bag.report(
      'nav/mixed-children',
      other.keySpan,
      { where: describeElement(node), first: first.key, second: other.key },
      { notes: [{ message: `\`${first.key}\` is here`, at: first.keySpan }], hint: 'Nest one inside the other, or split the element in two.' },
    );
  }
}
