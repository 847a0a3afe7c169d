// Places shared by the reporters: how a project-relative path is shown from
// the user's working directory, how a location reads as `path:line:col`, and
// where a diagnostic's span ends (exact when its source is known).

import type { SourceFile } from '../source/source-file.js';

export type SourceLookup = (path: string) => SourceFile | undefined;

/** A place to show: `file` is `""` when there is none, `line` 0 (or absent) for a whole file. */
export interface Place {
  file?: string;
  line?: number;
  column?: number;
}

/** 1-based; `end*` exclusive and absent for a zero-length span. */
export interface Region {
  startLine: number;
  startColumn: number;
  endLine?: number;
  endColumn?: number;
}

/** Prefixes a project-relative path with `cwdPrefix` (a folder); URLs and `""` stay as they are. */
export function displayPath(file: string, cwdPrefix: string | undefined): string {
  if (!cwdPrefix || file === '' || isUrl(file)) return file;
  return cwdPrefix.endsWith('/') ? cwdPrefix + file : `${cwdPrefix}/${file}`;
}

export function isUrl(file: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(file);
}

/** `path:line:col`, `path:line`, `path`, or `""`. */
export function formatPlace(place: Place, cwdPrefix: string | undefined): string {
  const path = displayPath(place.file ?? '', cwdPrefix);
  if (!place.line) return path;
  const lineCol = place.column ? `${place.line}:${place.column}` : `${place.line}`;
  return path === '' ? lineCol : `${path}:${lineCol}`;
}

/**
 * The region a diagnostic covers, or undefined for a whole-file problem.
 * Without its source the span is assumed to stay on its first line.
 */
export function diagnosticRegion(
  d: { file: string; line: number; column: number; length: number },
  source: SourceFile | undefined,
): Region | undefined {
  if (d.line <= 0) return undefined;
  const start = { startLine: d.line, startColumn: Math.max(d.column, 1) };
  if (d.length <= 0) return start;
  if (source === undefined) return { ...start, endLine: d.line, endColumn: start.startColumn + d.length };
  const startOffset = source.lineStart(d.line) + start.startColumn - 1;
  const end = source.position(Math.min(startOffset + d.length, source.text.length));
  if (end.line === d.line && end.column <= start.startColumn) return start;
  return { ...start, endLine: end.line, endColumn: end.column };
}

/** `path:line:col: message`, or the bare message for a note without a place; a note giving only a line is in `file`. */
export function describeNote(note: Place & { message: string }, file: string, cwdPrefix: string | undefined): string {
  if (note.file === undefined && note.line === undefined) return note.message;
  return `${formatPlace({ ...note, file: note.file ?? file }, cwdPrefix)}: ${note.message}`;
}
