// The human report, in the manner of rustc and Biome: per diagnostic a header
// `path:line:col severity[code]: message`, a code frame (the line before, the
// line, carets under the span), then notes, the hint and a link to the code's
// documentation. ANSI colors only when asked; the text is the same either way.

import type { Diagnostic, Severity } from '../diagnostics/diagnostic.js';
import { type CodeFrame, codeFrame, printable } from './code-frame.js';
import { docsLink } from './docs-anchor.js';
import { describeNote, formatPlace, type SourceLookup } from './locations.js';

export interface PrettyOptions {
  sources: SourceLookup;
  color: boolean;
  /** Folder of the docs root as seen from the working directory, prefixed to paths. */
  cwdPrefix?: string;
  /** Base URL for documentation links (see `docsLink`); project-relative when absent. */
  docsBase?: string;
}

type Style = (text: string) => string;

interface Palette {
  bold: Style;
  dim: Style;
  gutter: Style;
  severity: Record<Severity, Style>;
}

/** Diagnostics in the order given, separated by blank lines; `""` when there are none. */
export function renderPretty(diagnostics: readonly Diagnostic[], options: PrettyOptions): string {
  const paint = palette(options.color);
  return diagnostics.map((d) => renderDiagnostic(d, options, paint)).join('\n');
}

function renderDiagnostic(d: Diagnostic, options: PrettyOptions, paint: Palette): string {
  const source = d.line > 0 ? options.sources(d.file) : undefined;
  const frame = source && codeFrame(source, d.line, d.column, d.length);
  const indent = ' '.repeat(frame ? gutterWidth(frame) + 2 : 2);
  const lines = [
    header(d, options.cwdPrefix, paint),
    ...(frame ? frameLines(frame, paint, paint.severity[d.severity]) : []),
    ...d.notes.map((note) => `${indent}= ${paint.bold('note')}: ${printable(describeNote(note, d.file, options.cwdPrefix))}`),
    ...(d.hint === undefined ? [] : [`${indent}= ${paint.bold('help')}: ${printable(d.hint)}`]),
    `${indent}= ${paint.bold('docs')}: ${paint.dim(docsLink(d.code, options.docsBase))}`,
  ];
  return `${lines.join('\n')}\n`;
}

function header(d: Diagnostic, cwdPrefix: string | undefined, paint: Palette): string {
  const place = printable(formatPlace(d, cwdPrefix));
  const label = paint.severity[d.severity](`${d.severity}[${d.code}]`);
  const head = place === '' ? label : `${paint.bold(place)} ${label}`;
  return `${head}: ${paint.bold(printable(d.message))}`;
}

function frameLines(frame: CodeFrame, paint: Palette, caretStyle: Style): string[] {
  const width = gutterWidth(frame);
  const gutter = (label: string) => paint.gutter(` ${label.padStart(width)} |`);
  const rows = frame.lines.map((line) => withText(gutter(String(line.number)), line.text));
  const carets = ' '.repeat(frame.caret.column) + caretStyle('^'.repeat(frame.caret.width));
  return [...rows, withText(gutter(''), carets)];
}

/** Joins gutter and text without leaving trailing spaces on an empty line. */
function withText(gutter: string, text: string): string {
  const trimmed = text.trimEnd();
  return trimmed === '' ? gutter : `${gutter} ${trimmed}`;
}

function gutterWidth(frame: CodeFrame): number {
  const last = frame.lines[frame.lines.length - 1];
  return String(last?.number ?? 0).length;
}

function palette(color: boolean): Palette {
  const style = (open: string, close: string): Style => (color ? (text) => `\u001b[${open}m${text}\u001b[${close}m` : (text) => text);
  return {
    bold: style('1', '22'),
    dim: style('2', '22'),
    gutter: style('34', '39'),
    severity: { error: style('1;31', '39;22'), warning: style('1;33', '39;22'), info: style('1;36', '39;22') },
  };
}
