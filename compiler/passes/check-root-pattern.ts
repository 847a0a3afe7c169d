// Seed 2.1 rules 1 and 4: the root of `navigation` holds exactly one primary
// pattern; `global` may stand beside it. Of several, Mintlify uses one and
// drops the others silently (navigation-fields.ts `MINTLIFY_ROOT_ORDER`), and
// real repositories rely on it: so does docsc (the lowering keeps the one
// Mintlify uses), with a warning at each dropped one.

import { ROOT_PATTERNS } from '../config/navigation-fields.js';
import { type Diagnostic, DiagnosticBag } from '../diagnostics/diagnostic.js';
import type { RootNode } from '../ir/navigation.js';

export function checkRootPattern(root: RootNode): Diagnostic[] {
  const bag = new DiagnosticBag();
  const used = root.childLists.find((list) => ROOT_PATTERNS.includes(list.key));
  if (used === undefined) {
    bag.report('nav/no-pattern', root.span, { patterns: ROOT_PATTERNS.map((p) => `\`${p}\``).join(', ') });
    return bag.items;
  }
  const ignored = root.ignoredChildLists ?? [];
  for (const other of ignored) {
    bag.report(
      'nav/multiple-patterns',
      other.keySpan,
      { count: ignored.length + 1, used: used.key, ignored: other.key },
      {
        notes: [{ message: `\`${used.key}\` is here`, at: used.keySpan }],
        hint: 'Nest one inside the other (tabs inside each version, say), or remove the one left out.',
      },
    );
  }
  return bag.items;
}
