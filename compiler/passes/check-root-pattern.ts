// Seed 2.1 rules 1 and 4: the root of `navigation` holds exactly one primary
// pattern; `global` may stand beside it.

import { ROOT_PATTERNS } from '../config/navigation-fields.js';
import { type Diagnostic, DiagnosticBag } from '../diagnostics/diagnostic.js';
import type { RootNode } from '../ir/navigation.js';

export function checkRootPattern(root: RootNode): Diagnostic[] {
  const bag = new DiagnosticBag();
  const patterns = root.childLists.filter((list) => ROOT_PATTERNS.includes(list.key));
  if (patterns.length === 0) {
    bag.report('nav/no-pattern', root.span, { patterns: ROOT_PATTERNS.map((p) => `\`${p}\``).join(', ') });
  } else if (patterns.length > 1) {
    const [first, ...others] = patterns;
    for (const other of others) {
      bag.report(
        'nav/multiple-patterns',
        other.keySpan,
        { count: patterns.length, patterns: patterns.map((p) => `\`${p.key}\``).join(', ') },
        { notes: [{ message: `\`${first?.key}\` is the first pattern here`, at: first?.keySpan }] },
      );
    }
  }
  return bag.items;
}
