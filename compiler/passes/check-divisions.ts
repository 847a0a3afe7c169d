// Rules on divisions: language codes (seed 2.11), at most one `default: true`
// among sibling versions or languages, no two siblings of one kind with the
// same label, and no element that leads nowhere.

import { suggestionSuffix } from '../config/did-you-mean.js';
import { LANGUAGE_CODES, MINTLIFY_LANGUAGE_ALIASES } from '../config/navigation-fields.js';
import { type Diagnostic, DiagnosticBag } from '../diagnostics/diagnostic.js';
import { type ContainerNode, type DivisionNode, describeElement, isContainer, type RootNode, walk } from '../ir/navigation.js';

export function checkDivisions(root: RootNode): Diagnostic[] {
  const bag = new DiagnosticBag();
  for (const node of walk(root)) {
    if (!isContainer(node)) continue;
    if (node.kind === 'language') checkLanguageCode(node, bag);
    if (node.kind !== 'root') checkLeadsSomewhere(node, bag);
    for (const list of node.childLists) checkSiblings(list.items.filter(isDivision), bag);
  }
  return bag.items;
}

function isDivision(node: unknown): node is DivisionNode {
  const kind = (node as { kind: string }).kind;
  return kind !== 'group' && kind !== 'page' && kind !== 'endpoint' && kind !== 'webhook' && kind !== 'invalid';
}

function checkLanguageCode(node: DivisionNode, bag: DiagnosticBag): void {
  const code = node.label;
  if (code === '' || (LANGUAGE_CODES as readonly string[]).includes(code)) return;
  const alias = MINTLIFY_LANGUAGE_ALIASES[code];
  if (alias) bag.report('nav/language-alias', node.labelSpan, { code, canonical: alias });
  else if (alias === null) bag.report('nav/language-unlisted', node.labelSpan, { code });
  else bag.report('nav/unknown-language', node.labelSpan, { code, suggestion: suggestionSuffix(code, LANGUAGE_CODES) });
}

function checkSiblings(divisions: DivisionNode[], bag: DiagnosticBag): void {
  const defaults = divisions.filter((d) => d.isDefault !== undefined);
  for (const extra of defaults.slice(1)) {
    bag.report(
      'nav/duplicate-default',
      extra.isDefault,
      { kind: extra.kind },
      { notes: [{ message: 'the first default is here', at: defaults[0]?.isDefault }] },
    );
  }
  const seen = new Map<string, DivisionNode>();
  for (const d of divisions) {
    if (d.label === '') continue;
    const key = `${d.kind}\0${d.label}`;
    const first = seen.get(key);
    if (first) {
      const kind = d.kind === 'menu-item' ? 'Menu item' : d.kind[0]?.toUpperCase() + d.kind.slice(1);
      bag.report('nav/duplicate-division', d.labelSpan, { kind, name: d.label }, { notes: [{ message: 'first listed here', at: first.labelSpan }] });
    } else seen.set(key, d);
  }
}

/** An element with nothing in it; a missing or malformed `pages` is reported elsewhere. */
function checkLeadsSomewhere(node: ContainerNode, bag: DiagnosticBag): void {
  if (node.kind === 'root' || node.kind === 'global-anchor') return;
  if (node.childLists.some((list) => list.malformed) || (node.kind === 'group' && node.childLists.length === 0)) return;
  const hasChildren = node.childLists.some((list) => list.items.length > 0);
  const hasHref = node.kind !== 'group' && node.href !== undefined;
  if (!hasChildren && !hasHref && node.openapi === undefined) bag.report('nav/empty', node.labelSpan, { where: describeElement(node) });
}
