// Icons pages show by name (their built-in components' `icon` props and
// code fences' `icon="…"`, from each summary: pages/component-uses.ts) that
// no icon set has: `render/unknown-icon` at the name, as the renderer
// reports it when it builds the page, so that `check` says it too.

import { type Diagnostic, makeDiagnostic } from '../diagnostics/diagnostic.js';
import { missingIconCode } from '../icons/icon-stand-ins.js';
import { type IconLibrary, iconSvg } from '../icons/icon-svg.js';
import type { PageSummary } from '../pages/summarize-page.js';

export function checkPageIcons(summaries: readonly PageSummary[], library: IconLibrary): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const summary of summaries) {
    for (const icon of summary.icons ?? []) {
      if (iconSvg(icon.name, icon.type, library) !== undefined) continue;
      diagnostics.push(
        makeDiagnostic(missingIconCode(icon.name), { file: summary.path, line: icon.line, column: icon.column, length: 0 }, { name: icon.name }),
      );
    }
  }
  return diagnostics;
}
