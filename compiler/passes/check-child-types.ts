// Seed 2.1 rule 3 and 2.5: each element holds one type of child per level,
// and only the types its kind accepts (a menu item holds only groups, pages
// and external links; a group holds only pages). Of several child types,
// Mintlify uses one and drops the others silently; so does docsc (the
// lowering keeps the one Mintlify uses, navigation-fields.ts
// `MINTLIFY_CHILD_ORDER`), with a warning at each dropped one.

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
    bag.report(
      'nav/invalid-child',
      list.keySpan,
      {
        where: describeElement(node),
        key: list.key,
        allowed: allowed.length === 0 ? 'no children' : allowed.map((k) => `\`${k}\``).join(', '),
      },
      // A group nests groups among its pages.
      node.kind === 'group' && list.key === 'groups'
        ? { hint: 'List the nested groups in `pages`: `"pages": [{ "group": "…", "pages": […] }]`' }
        : {},
    );
  }
}

/** Child arrays beside the one used (navigation-fields.ts `MINTLIFY_CHILD_ORDER`): a warning at each, with the one used. */
function checkSingleType(node: ContainerNode, bag: DiagnosticBag): void {
  const used = node.childLists.find((list) => allowedKeys(node).includes(list.key));
  if (used === undefined) return;
  for (const ignored of node.ignoredChildLists ?? []) {
    bag.report(
      'nav/mixed-children',
      ignored.keySpan,
      { where: describeElement(node), first: used.key, second: ignored.key },
      { notes: [{ message: `\`${used.key}\` is here`, at: used.keySpan }], hint: 'Nest one inside the other, or split the element in two.' },
    );
  }
}
