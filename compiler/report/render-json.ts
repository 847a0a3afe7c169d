// The machine-readable report: `{version: 1, diagnostics, summary}`, 2-space
// indented. Keys are written in a fixed order and only the documented fields
// appear, so the output is stable across releases and runs.

import type { Diagnostic, RelatedLocation } from '../diagnostics/diagnostic.js';
import { countSeverities } from './summary-line.js';

export const JSON_REPORT_VERSION = 1;

export function renderJson(diagnostics: readonly Diagnostic[]): string {
  const report = {
    version: JSON_REPORT_VERSION,
    diagnostics: diagnostics.map(toJson),
    summary: countSeverities(diagnostics),
  };
  return `${JSON.stringify(report, null, 2)}\n`;
}

/** Optional fields (`hint`, a note's place) are left out when absent: JSON.stringify drops undefined. */
function toJson(d: Diagnostic) {
  return {
    code: d.code,
    severity: d.severity,
    message: d.message,
    file: d.file,
    line: d.line,
    column: d.column,
    length: d.length,
    notes: d.notes.map(noteToJson),
    hint: d.hint,
  };
}

function noteToJson(note: RelatedLocation) {
  return { message: note.message, file: note.file, line: note.line, column: note.column };
}
