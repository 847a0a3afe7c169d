// The machine-readable report: `{version: 1, diagnostics, summary}`, 2-space
// indented (`docsc build --json` adds the build's fields to the same shape).
// Keys are written in a fixed order and only the documented fields appear, so
// the output is stable across releases and runs.

import type { Diagnostic, RelatedLocation } from '../diagnostics/diagnostic.js';
import { displayPath } from './locations.js';
import { countSeverities } from './summary-line.js';

export const JSON_REPORT_VERSION = 1;

export interface JsonOptions {
  /** Folder of the docs root relative to the current folder, prefixed to paths. */
  cwdPrefix?: string;
}

export function renderJson(diagnostics: readonly Diagnostic[], options: JsonOptions = {}): string {
  return `${JSON.stringify({ version: JSON_REPORT_VERSION, ...jsonDiagnostics(diagnostics, options) }, null, 2)}\n`;
}

/** The report's diagnostics and their counts by severity; `docsc build --json` puts them beside its own fields. */
export function jsonDiagnostics(diagnostics: readonly Diagnostic[], options: JsonOptions = {}) {
  return { diagnostics: diagnostics.map((d) => toJson(d, options.cwdPrefix)), summary: countSeverities(diagnostics) };
}

/** Optional fields (`hint`, a note's place) are left out when absent: JSON.stringify drops undefined. */
function toJson(d: Diagnostic, cwdPrefix: string | undefined) {
  return {
    code: d.code,
    severity: d.severity,
    message: d.message,
    file: displayPath(d.file, cwdPrefix),
    line: d.line,
    column: d.column,
    length: d.length,
    notes: d.notes.map((note) => noteToJson(note, cwdPrefix)),
    hint: d.hint,
  };
}

function noteToJson(note: RelatedLocation, cwdPrefix: string | undefined) {
  return {
    message: note.message,
    file: note.file === undefined ? undefined : displayPath(note.file, cwdPrefix),
    line: note.line,
    column: note.column,
  };
}
