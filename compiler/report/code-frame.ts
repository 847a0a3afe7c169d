// The source excerpt under a diagnostic, laid out in terminal columns: the line
// before and the line itself, with the caret span clamped to the line. Tabs
// expand to tab stops, wide (CJK, emoji) characters take two columns and
// control characters show as visible pictures, so the carets line up and the
// source cannot send escape sequences to the terminal. Lines wider than
// MAX_TEXT_WIDTH are cut around the caret and marked with `…`.

import type { SourceFile } from '../source/source-file.js';

export const TAB_WIDTH = 4;
export const MAX_TEXT_WIDTH = 100;
/** Columns kept before the caret when a long line is cut. */
const LEFT_CONTEXT = 30;
/** UTF-16 units of a line laid out at most (see sliceAround). */
const MAX_LINE_SCAN = 1000;
const ELLIPSIS = '…';

export interface FrameLine {
  number: number;
  text: string;
}

export interface CodeFrame {
  /** The line before (when there is one), then the diagnostic's line. */
  lines: FrameLine[];
  /** 0-based terminal column in the rendered text, and width (at least 1). */
  caret: { column: number; width: number };
}

/** One character as shown: `column` is its terminal column, `start`/`end` its UTF-16 offsets in the line. */
interface Cell {
  text: string;
  width: number;
  column: number;
  start: number;
  end: number;
}

interface ColumnRange {
  start: number;
  end: number;
}

/** Undefined when `line` is not a line of the file. */
export function codeFrame(source: SourceFile, line: number, column: number, length: number): CodeFrame | undefined {
  if (!source.hasLine(line)) return undefined;
  const own = sliceAround(source.lineText(line), column - 1);
  const cells = toCells(own.text);
  const caret = caretRange(cells, column - 1 - own.shift, length);
  const window = visibleWindow(widthOf(cells), caret);
  const lines: FrameLine[] = [];
  if (line > 1) lines.push({ number: line - 1, text: cut(toCells(sliceAround(source.lineText(line - 1), column - 1).text), window) });
  lines.push({ number: line, text: cut(cells, window) });
  const lead = window.start === 0 ? 0 : 1;
  return {
    lines,
    caret: { column: caret.start - window.start + lead, width: Math.max(1, Math.min(caret.end, window.end) - caret.start) },
  };
}

/**
 * A line longer than MAX_LINE_SCAN UTF-16 units (a one-line JSON document of
 * megabytes) is sliced around `offset` before it is laid out in cells: only
 * MAX_TEXT_WIDTH columns are shown, and a cell per character of the whole
 * line made one diagnostic cost seconds. The cut start shows as `…`.
 */
function sliceAround(text: string, offset: number): { text: string; shift: number } {
  if (text.length <= MAX_LINE_SCAN) return { text, shift: 0 };
  let start = Math.max(0, Math.min(offset - MAX_LINE_SCAN / 2, text.length - MAX_LINE_SCAN));
  const unit = text.charCodeAt(start);
  if (start > 0 && unit >= 0xdc00 && unit <= 0xdfff) start--;
  return { text: text.slice(start, start + MAX_LINE_SCAN), shift: start };
}

/** Replaces control characters (tabs become one space) so text is safe to print on a terminal. */
export function printable(text: string): string {
  // Most text has nothing to replace: it is returned as it is (11,000 warnings of one spec spent a second here).
  if (!hasUnprintable(text)) return text;
  return Array.from(text, (char) => (char === '\t' ? ' ' : (controlPicture(char) ?? char))).join('');
}

/** Whether `text` holds a character `controlPicture` replaces (or a tab). */
function hasUnprintable(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || (code >= 0x7f && code < 0xa0) || (code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069)) return true;
  }
  return false;
}

function toCells(line: string): Cell[] {
  const cells: Cell[] = [];
  let column = 0;
  let offset = 0;
  for (const char of line) {
    const cell = toCell(char, column, offset);
    cells.push(cell);
    column += cell.width;
    offset = cell.end;
  }
  return cells;
}

function toCell(char: string, column: number, start: number): Cell {
  const end = start + char.length;
  // Printable ASCII, most of any line, is one column: the width tests below are regular expressions
  // (11,000 frames of a one-line JSON document spent seconds in them).
  const code = char.charCodeAt(0);
  if (code >= 0x20 && code < 0x7f) return { text: char, width: 1, column, start, end };
  if (char === '\t') {
    const width = TAB_WIDTH - (column % TAB_WIDTH);
    return { text: ' '.repeat(width), width, column, start, end };
  }
  const picture = controlPicture(char);
  if (picture !== undefined) return { text: picture, width: 1, column, start, end };
  return { text: char, width: charWidth(char), column, start, end };
}

/** Terminal columns covered by the characters at UTF-16 offsets [from, from + length), at least one. */
function caretRange(cells: Cell[], from: number, length: number): ColumnRange {
  const to = from + Math.max(length, 1);
  const hit = cells.filter((cell) => cell.end > from && cell.start < to);
  const first = hit[0];
  const last = hit[hit.length - 1];
  if (first === undefined || last === undefined) {
    const total = widthOf(cells);
    return { start: total, end: total + 1 };
  }
  return { start: first.column, end: Math.max(last.column + last.width, first.column + 1) };
}

/** The columns shown of both lines: the start when the diagnostic's line fits, else around the caret. */
function visibleWindow(total: number, caret: ColumnRange): ColumnRange {
  const start = Math.max(0, Math.min(caret.start - LEFT_CONTEXT, total - MAX_TEXT_WIDTH));
  return { start, end: start + MAX_TEXT_WIDTH };
}

/** The cells inside the window; a cut side shows `…` (a cut start always takes one column, so lines stay aligned). */
function cut(cells: Cell[], window: ColumnRange): string {
  const shown = cells.filter((cell) => cell.column >= window.start && cell.column + cell.width <= window.end);
  const lead = window.start === 0 ? '' : cells.some((cell) => cell.column < window.start) ? ELLIPSIS : ' ';
  const pad = ' '.repeat((shown[0]?.column ?? window.start) - window.start);
  const tail = cells.some((cell) => cell.column + cell.width > window.end) ? ELLIPSIS : '';
  return lead + pad + shown.map((cell) => cell.text).join('') + tail;
}

function widthOf(cells: Cell[]): number {
  const last = cells[cells.length - 1];
  return last === undefined ? 0 : last.column + last.width;
}

/** C0 controls and DEL as their Unicode control pictures; C1 controls and bidi overrides (which reorder the text shown) as U+FFFD. */
function controlPicture(char: string): string | undefined {
  const code = char.codePointAt(0) ?? 0;
  if (code < 0x20) return String.fromCodePoint(0x2400 + code);
  if (code === 0x7f) return '\u2421';
  if (BIDI_CONTROL.test(char) || (code >= 0x80 && code < 0xa0)) return '\uFFFD';
  return undefined;
}

const BIDI_CONTROL = /^[\u202A-\u202E\u2066-\u2069]$/u;

/** Combining marks and invisible format characters (joiners, variation selectors, directional marks). */
const ZERO_WIDTH = /^[\p{Mn}\p{Me}\p{Cf}]$/u;
const EMOJI = /^\p{Emoji_Presentation}$/u;
/** East Asian wide and fullwidth blocks (Hangul, CJK, kana, fullwidth forms). */
const WIDE: readonly [number, number][] = [
  [0x1100, 0x115f],
  [0x2e80, 0x303e],
  [0x3041, 0x33ff],
  [0x3400, 0x4dbf],
  [0x4e00, 0x9fff],
  [0xa000, 0xa4cf],
  [0xac00, 0xd7a3],
  [0xf900, 0xfaff],
  [0xfe30, 0xfe4f],
  [0xff00, 0xff60],
  [0xffe0, 0xffe6],
  [0x20000, 0x3fffd],
];

function charWidth(char: string): number {
  if (ZERO_WIDTH.test(char)) return 0;
  const code = char.codePointAt(0) ?? 0;
  if (EMOJI.test(char) || WIDE.some(([low, high]) => code >= low && code <= high)) return 2;
  return 1;
}
