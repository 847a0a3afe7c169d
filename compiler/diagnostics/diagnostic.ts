// The one shape every diagnostic has, and the bag passes report into.
// Diagnostics are data: a pass names a catalogue code and fills its template;
// severity and wording come from the catalogue (spec/diagnostics/*.json), so
// the same problem always reads the same way and renderers stay separate.

import type { Span } from '../source/source-file.js';
import { catalogue, type DiagnosticCode } from './catalogue.js';

export type Severity = 'error' | 'warning' | 'info';

export interface RelatedLocation {
  message: string;
  file?: string;
  line?: number;
  column?: number;
}

export interface Diagnostic {
  code: DiagnosticCode;
  severity: Severity;
  message: string;
  /** Project-relative path (or URL) of the file, `""` when the problem has no file. */
  file: string;
  /** 1-based; 0 when the problem concerns the whole file. */
  line: number;
  column: number;
  length: number;
  notes: RelatedLocation[];
  hint?: string;
}

export type DiagnosticArgs = Record<string, string | number>;

/**
 * A place given by line and column rather than by a span: what crosses a
 * worker boundary or a cache, where SourceFile objects cannot go.
 */
export interface Location {
  file: string;
  line: number;
  column: number;
  length: number;
}

export type Place = Span | Location | { file: string; line?: undefined } | undefined;

export interface ReportExtras {
  notes?: { message: string; at?: Span | Location }[];
  hint?: string;
}

/** Fills `{name}` placeholders; a missing argument is a programming error. */
export function formatMessage(template: string, args: DiagnosticArgs): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = args[name];
    if (value === undefined) throw new Error(`diagnostic template needs {${name}}`);
    return String(value);
  });
}

export function makeDiagnostic(code: DiagnosticCode, at: Place, args: DiagnosticArgs = {}, extras: ReportExtras = {}): Diagnostic {
  const entry = catalogue[code];
  const place = locate(at);
  const diagnostic: Diagnostic = {
    code,
    severity: entry.severity,
    message: formatMessage(entry.message, args),
    ...place,
    notes: (extras.notes ?? []).map((note) => ({ message: note.message, ...optionalPlace(note.at) })),
  };
  if (extras.hint !== undefined) diagnostic.hint = extras.hint;
  return diagnostic;
}

function locate(at: Place): Location {
  if (at === undefined) return { file: '', line: 0, column: 0, length: 0 };
  if ('start' in at) {
    const { line, column } = at.file.position(at.start);
    return { file: at.file.path, line, column, length: Math.max(at.end - at.start, 0) };
  }
  if (at.line === undefined) return { file: at.file, line: 0, column: 0, length: 0 };
  return { file: at.file, line: at.line, column: at.column, length: at.length };
}

function optionalPlace(at: Span | Location | undefined): Partial<RelatedLocation> {
  if (at === undefined) return {};
  if ('line' in at) return { file: at.file, line: at.line, column: at.column };
  const { line, column } = at.file.position(at.start);
  return { file: at.file.path, line, column };
}

/** Collects diagnostics from passes; sorting happens once, before output. */
export class DiagnosticBag {
  readonly items: Diagnostic[] = [];

  report(code: DiagnosticCode, at: Place, args?: DiagnosticArgs, extras?: ReportExtras): void {
    this.items.push(makeDiagnostic(code, at, args, extras));
  }

  add(diagnostics: Iterable<Diagnostic>): void {
    for (const d of diagnostics) this.items.push(d);
  }
}

const severityRank: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

/** Deterministic order: by file, position, then code and message. */
export function sortDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return [...diagnostics].sort(
    (a, b) =>
      compare(a.file, b.file) ||
      a.line - b.line ||
      a.column - b.column ||
      severityRank[a.severity] - severityRank[b.severity] ||
      compare(a.code, b.code) ||
      compare(a.message, b.message),
  );
}

/**
 * Whether a page ran out of memory (`page/out-of-memory`, host/worker-pool.ts):
 * that depends on the heap Node was given, not on the inputs alone, so such a
 * result is never cached, nor the build that had it recorded as complete.
 */
export function ranOutOfMemory(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.code === 'page/out-of-memory');
}

/** Removes exact repeats (the same problem reached through two paths). */
export function dedupeDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  return diagnostics.filter((d) => {
    const key = `${d.file}\0${d.line}\0${d.column}\0${d.code}\0${d.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
