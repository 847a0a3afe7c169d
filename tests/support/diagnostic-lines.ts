// Diagnostics as baseline text: one line per diagnostic, in the compiler's
// deterministic order, `file:line:col severity code message`, with its notes
// (and their places) and its hint indented below.

import { type Diagnostic, sortDiagnostics } from '../../compiler/diagnostics/diagnostic.js';

export function formatDiagnosticLines(diagnostics: readonly Diagnostic[]): string {
  const lines: string[] = [];
  for (const d of sortDiagnostics(diagnostics)) {
    lines.push(`${d.file}:${d.line}:${d.column} ${d.severity} ${d.code} ${d.message}`);
    for (const note of d.notes) {
      const at = note.file === undefined ? '' : `${note.file}:${note.line ?? 0}:${note.column ?? 0} `;
      lines.push(`    note: ${at}${note.message}`);
    }
    if (d.hint !== undefined) lines.push(`    hint: ${d.hint}`);
  }
  return lines.map((line) => `${line}\n`).join('');
}
