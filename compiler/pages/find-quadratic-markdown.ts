// A linear scan of a page, before it is parsed, for the shapes of text the
// Markdown parser (micromark, then mdast-util-from-markdown) takes quadratic
// time on. A page past a limit is reported at its place (`page/too-complex`)
// and not parsed, instead of holding `check` and `build` for minutes.
// Measured on the 2-core VM, before this scan:
//
// - list items opened on one line: each list's preparation walks every event
//   of the lists nested in it. `1. ` repeated 2,000 times took 0.9 s, 4,000
//   times 4 s, 20,000 times 142 s (`* ` and `- ` followed by text alike);
// - block quotes opened on one line: `> ` 16,000 times took 0.6 s, 20,000
//   times 5.7 s;
// - emphasis, strikethrough and link delimiters in one paragraph: each run of
//   `*`, `_` or `~` that can close walks back over the paragraph's events to
//   its opener, each `]` back to its `[`, and each match splices the events.
//   `*` 4,000 times, `x`, `*` 4,000 times took 0.8 s (20,000 each side:
//   152 s); `*a`, `a_ `, `**a** `, `~~*` or `[*` 8,000 times 0.6 to 1.4 s
//   (32,000 times: 7 to 16 s); `a_b ` 100,000 times then `a* ` 2,000 times
//   6 s; `[` 32,000 times then `]` as many 8.8 s;
// - links nested in one another: `![` 2,000 times, `x`, `](y)` 2,000 times
//   took 8.8 s (1,000: 1.7 s).
//
// The other shapes measured grow linearly: 50,000 `[`, 10,000 `<` or `<!--`,
// 32,000 `{`, backticks, `~`, `[a]`, footnote references, JSX attributes or
// elements, link reference definitions, footnote definitions, table columns
// or rows (each under 10 s at 32,000, about doubling with the count).
//
// Each limit is far above what real pages write, and low enough that the
// parser takes under a second on a paragraph just under it (measured with
// other work loading the machine). Real maxima, given with each limit: the
// docs of Mintlify, CrewAI, Dify, Mem0, LangChain, the Model Context
// Protocol, Cline, Dub, Firecrawl, Pipecat and Upstash (40,588 Markdown and
// MDX files), and docsc's own docs, examples and test fixtures. The scan
// passes over fenced code, which the parser reads without looking for
// delimiters: a page's long JSON response example must not be refused (a
// 10,000-line one in an MDX page was, while code counted). Every page is
// MDX (`.md` ones too, as on Mintlify), code from the repository, trusted like
// code (SECURITY.md):
// the scan reads its fences as MDX does (no indented code, so a fence opens
// at any indentation), and a fence hidden in an expression or an attribute,
// which only a JavaScript parser could tell, may make it skip text the parser
// reads: a hang the author could only cause on their own site, where a false
// refusal would break real pages.
// A paragraph here is a run of lines without a blank one (the parser's
// paragraphs, headings and table cells never cross one); escaped characters
// are text; fenced code and table rows as `findQuadraticMarkdown` says. The
// scan reads 250 MB in about 3 s, against about 30 s per MB for the parser.

export interface QuadraticShape {
  /** Offset of the character that passes the limit. */
  offset: number;
  /** What passes it, as the diagnostic reads. */
  what: string;
  limit: string;
}

/** List items opened at one line's start (real maximum: 2, `- 1. text`); 100 parse in 4 ms. */
export const MAX_LISTS_ON_LINE = 100;
/**
 * Block quotes and list items opened at one line's start (real maximum: 2, and 1,001 in the test of render/too-deep,
 * which refuses to render more than 1,000); 10,000 `> ` parse in 0.6 s.
 */
export const MAX_CONTAINERS_ON_LINE = 10_000;
/**
 * `[` open at once in one paragraph, counted where a `]` closes one (real maximum: 5, in JSON arrays); nested links
 * cost more than their count alone says (`![` 1,000 times, `x`, `](y)` 1,000 times, under the limit of delimiters: 1.7 s).
 * 28 images nested 32 deep, just under that limit, parse in 0.7 s with the machine loaded, as do 56 nested 16 deep.
 */
export const MAX_BRACKET_DEPTH = 32;
/**
 * The delimiters of a paragraph that can close (`*`, `~`, `]`, and `_` unless between letters or digits), times its
 * punctuation characters and lines (what the parser makes events of, which each closing delimiter may walk back over):
 * the parser's work on the paragraph grows with this product. Real maxima: 199,104 in an MDX page with its code
 * counted (122 × 1,632, LangChain's add-memory.mdx; the code output of its tavily_extract.md alone has 16,976,964,
 * passed over as code). At 2²² the parser took 0.2 to 0.4 s just under the
 * limit (`*` 1,020 times, `x`, `*` 1,020 times; `*a` 2,040 times; `a* ` 2,000 times after 95 lines, or after `a_b `
 * 95 times), growing with the product: 2²⁴ bounds a paragraph at about 1 to 2 s and leaves real pages 84 times under.
 */
export const MAX_DELIMITER_WORK = 2 ** 24;
const DELIMITER_WORK_LIMIT = `at most ${formatCount(MAX_DELIMITER_WORK)} for the two counts multiplied`;

interface Paragraph {
  /** `*`, `~`, `]` and `_` that can close. */
  closers: number;
  /** ASCII punctuation characters and lines. */
  punctuation: number;
  /** `[` open. */
  depth: number;
}

interface Fence {
  marker: number;
  length: number;
  /** `>` before it on its line. */
  quotes: number;
}

/**
 * The first shape of the MDX page `text` past a limit, if any. Fenced code is passed over, its fences read as MDX
 * reads them (at any indentation; see the top of this file for what it may miss). Each row of a table is a paragraph of its
 * own (the parser reads each cell apart), up to a row that may end JavaScript or HTML the table was in (`}`, `>`):
 * what follows it counts as one.
 */
export function findQuadraticMarkdown(text: string): QuadraticShape | undefined {
  const paragraph: Paragraph = { closers: 0, punctuation: 0, depth: 0 };
  const restart = () => {
    paragraph.closers = 0;
    paragraph.punctuation = 0;
    paragraph.depth = 0;
  };
  let fence: Fence | undefined;
  /** The open table: the `>` before its rows, and its header's indentation after them. */
  let table: { quotes: number; indent: number } | undefined;
  /** The line before, when it may be a table's header row: a line starting with `|` after a blank line. */
  let header: { quotes: number; at: number; end: number } | undefined;
  let afterBlank = true;
  for (let start = 0; start <= text.length; ) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    const line = { start, end };
    start = end + 1;
    const containers = countContainers(text, line.start, end);
    if (containers.shape) return containers.shape;
    const blank = containers.lists === 0 && isBlank(text, containers.content, end);
    const quoted = afterQuotes(text, line.start, end);
    let code = false;
    if (fence !== undefined) {
      const inside = fenceGoesOn(text, quoted, end, blank, fence);
      if (inside !== 'code') fence = undefined;
      code = inside === 'code' || inside === 'end';
    }
    if (!code && !blank) {
      const opened = openFence(text, quoted.quotes, containers.content, end);
      if (opened !== undefined) {
        fence = opened;
        code = true;
      }
    }
    if (code) {
      restart();
      table = undefined;
      header = undefined;
      continue;
    }
    const previous = header;
    header =
      afterBlank && !blank && containers.lists === 0 && isRow(text, quoted.at, end) ? { quotes: quoted.quotes, at: quoted.at, end } : undefined;
    afterBlank = blank;
    if (blank) {
      restart();
      table = undefined;
      continue;
    }
    if (table !== undefined) {
      restart();
      const goesOn = containers.lists === 0 && quoted.quotes === table.quotes && isRow(text, quoted.at, end);
      if (goesOn && containers.content - quoted.at >= table.indent && !mayEndCode(text, quoted.at, end)) {
        const shape = countDelimiters(text, containers.content, end, paragraph);
        if (shape) return shape;
        restart();
        continue;
      }
      table = undefined;
    } else if (previous !== undefined && containers.lists === 0 && previous.quotes === quoted.quotes && isRow(text, quoted.at, end)) {
      const cells = delimiterCells(text, quoted.at, end);
      if (cells > 0 && cells === headerCells(text, previous.at, previous.end)) {
        restart();
        table = { quotes: quoted.quotes, indent: indentation(text, previous.at, previous.end) };
        continue;
      }
    }
    const shape = countDelimiters(text, containers.content, end, paragraph);
    if (shape) return shape;
  }
  return undefined;
}

/** A row of an open table: `|` after at most 3 spaces. */
function isRow(text: string, at: number, end: number): boolean {
  let column = at;
  while (column < end && column - at < 3 && text.charCodeAt(column) === SPACE) column++;
  return text.charCodeAt(column) === PIPE;
}

/** Whether a row holds what may end an expression, a tag or raw HTML the table was in for the parser (`}`, `>`). */
function mayEndCode(text: string, at: number, end: number): boolean {
  for (let column = at; column < end; column++) {
    const code = text.charCodeAt(column);
    if (code === CLOSING_BRACE || code === GREATER_THAN) return true;
  }
  return false;
}

/** The cells of a table's delimiter row (`| - | :-: |`: `-` with optional `:` at either end, between `|`), else 0. */
function delimiterCells(text: string, at: number, end: number): number {
  const cells = splitCells(text, at, end);
  return cells.every((cell) => /^[ \t]*:?-+:?[ \t]*$/.test(cell)) ? cells.length : 0;
}

/** The cells of a header row, 0 when all are empty (the scan then reads no table, to be safe). */
function headerCells(text: string, at: number, end: number): number {
  const cells = splitCells(text, at, end);
  return cells.some((cell) => cell.trim() !== '') ? cells.length : 0;
}

/** A row's cells as GFM splits it: at each `|` not escaped (inside code spans too), less the outer ones. */
function splitCells(text: string, at: number, end: number): string[] {
  const row = text.slice(at, end).trim();
  const cells: string[] = [];
  let cell = 0;
  for (let column = 0; column < row.length; column++) {
    const code = row.charCodeAt(column);
    if (code === BACKSLASH) column++;
    else if (code === PIPE) {
      if (column > 0) cells.push(row.slice(cell, column));
      cell = column + 1;
    }
  }
  if (cell < row.length) cells.push(row.slice(cell));
  return cells;
}

function indentation(text: string, at: number, end: number): number {
  let column = at;
  while (column < end && isSpaceOrTab(text.charCodeAt(column))) column++;
  return column - at;
}

/** The `>` markers at the start of a line, and where the line goes on after them and the space that belongs to the last. */
function afterQuotes(text: string, start: number, end: number): { quotes: number; at: number } {
  let quotes = 0;
  let at = start;
  for (let next = at; ; ) {
    while (next < end && isSpaceOrTab(text.charCodeAt(next))) next++;
    if (text.charCodeAt(next) !== GREATER_THAN) return { quotes, at };
    quotes++;
    at = next + 1;
    if (text.charCodeAt(at) === SPACE) at++;
    next = at;
  }
}

/** The fence a line opens: three backticks or tildes, at any indentation (MDX has no indented code). */
function openFence(text: string, quotes: number, at: number, end: number): Fence | undefined {
  const marker = text.charCodeAt(at);
  if (marker !== BACKTICK && marker !== TILDE) return undefined;
  let length = 1;
  while (text.charCodeAt(at + length) === marker) length++;
  if (length < 3) return undefined;
  if (marker === BACKTICK && text.slice(at + length, end).includes('`')) return undefined;
  return { marker, length, quotes };
}

/**
 * Whether a line inside `fence` is its code, closes it (`end`: the fence's marker, as long, at any indentation) or is
 * text because its block quote ended. A list item that ends the fence is not followed: its text is passed over as code.
 */
function fenceGoesOn(text: string, quoted: { quotes: number; at: number }, end: number, blank: boolean, fence: Fence): 'code' | 'end' | 'text' {
  if (quoted.quotes < fence.quotes) return 'text';
  if (blank) return 'code';
  let at = quoted.at;
  while (at < end && isSpaceOrTab(text.charCodeAt(at))) at++;
  let length = 0;
  while (text.charCodeAt(at + length) === fence.marker) length++;
  return length >= fence.length && isBlank(text, at + length, end) ? 'end' : 'code';
}

/** Counts the block quote and list markers at the start of the line `start`–`end`; `content` is where they end. */
function countContainers(text: string, start: number, end: number): { content: number; lists: number; shape?: QuadraticShape } {
  let at = start;
  let lists = 0;
  for (let all = 1; ; all++) {
    while (at < end && isSpaceOrTab(text.charCodeAt(at))) at++;
    const length = markerLength(text, at, end);
    if (length === 0) return { content: at, lists };
    if (text.charCodeAt(at) !== GREATER_THAN && ++lists > MAX_LISTS_ON_LINE) {
      return {
        content: at,
        lists,
        shape: { offset: at, what: `${formatCount(lists)} list items are opened on one line`, limit: `at most ${MAX_LISTS_ON_LINE}` },
      };
    }
    if (all > MAX_CONTAINERS_ON_LINE) {
      const limit = `at most ${formatCount(MAX_CONTAINERS_ON_LINE)}`;
      return { content: at, lists, shape: { offset: at, what: `${formatCount(all)} block quotes and list items are opened on one line`, limit } };
    }
    at += length;
  }
}

/** The length of the container marker at `at` (`>`; `-`, `*`, `+`, `1.` or `1)` followed by a space, a tab or the line's end), else 0. */
function markerLength(text: string, at: number, end: number): number {
  const code = text.charCodeAt(at);
  if (code === GREATER_THAN) return 1;
  let length = 0;
  if (code === DASH || code === ASTERISK || code === PLUS) length = 1;
  else {
    while (length < 9 && isDigit(text.charCodeAt(at + length))) length++;
    const after = text.charCodeAt(at + length);
    if (length === 0 || (after !== DOT && after !== CLOSING_PARENTHESIS)) return 0;
    length++;
  }
  const after = text.charCodeAt(at + length);
  return at + length >= end || isSpaceOrTab(after) || after === CARRIAGE_RETURN ? length : 0;
}

/** Counts the delimiters of the line `from`–`to` into its paragraph's; the shape, once the paragraph passes a limit. */
function countDelimiters(text: string, from: number, to: number, paragraph: Paragraph): QuadraticShape | undefined {
  paragraph.punctuation++;
  for (let at = from; at < to; at++) {
    const code = text.charCodeAt(at);
    if (!isPunctuation(code)) continue;
    paragraph.punctuation++;
    if (code === BACKSLASH) {
      // An escaped character is text; where a backslash is itself text (code), what follows it is not parsed either.
      at++;
    } else if (code === UNDERSCORE) {
      let run = 1;
      while (text.charCodeAt(at + run) === UNDERSCORE) run++;
      paragraph.punctuation += run - 1;
      if (!(at > from && isAlphanumeric(text.charCodeAt(at - 1)) && isAlphanumeric(text.charCodeAt(at + run)))) paragraph.closers += run;
      at += run - 1;
    } else if (code === ASTERISK || code === TILDE) paragraph.closers++;
    else if (code === OPENING_BRACKET) paragraph.depth++;
    else if (code === CLOSING_BRACKET) {
      paragraph.closers++;
      if (paragraph.depth > MAX_BRACKET_DEPTH) {
        return {
          offset: at,
          what: `Links are nested ${formatCount(paragraph.depth)} deep (\`[\` in \`[\`)`,
          limit: `at most ${MAX_BRACKET_DEPTH} deep`,
        };
      }
      if (paragraph.depth > 0) paragraph.depth--;
    }
    if (paragraph.closers * paragraph.punctuation > MAX_DELIMITER_WORK) {
      return {
        offset: at,
        what:
          `This paragraph reaches ${formatCount(paragraph.closers)} \`*\`, \`_\`, \`~\` or \`]\` that can close emphasis or a link here, ` +
          `and ${formatCount(paragraph.punctuation)} punctuation characters and lines`,
        limit: DELIMITER_WORK_LIMIT,
      };
    }
  }
  return undefined;
}

/** As messages write numbers: 10,001. */
/**
 * `1234567` as `1,234,567`, without `toLocaleString`: its first call loads ICU's number formats (20-26 ms),
 * which every process and worker that loads this module paid for the constant above.
 */
function formatCount(count: number): string {
  return String(count).replace(/\B(?=(\d{3})+$)/g, ',');
}

function isBlank(text: string, from: number, to: number): boolean {
  for (let at = from; at < to; at++) {
    const code = text.charCodeAt(at);
    if (!isSpaceOrTab(code) && code !== CARRIAGE_RETURN) return false;
  }
  return true;
}

const TAB = 9;
const CARRIAGE_RETURN = 13;
const SPACE = 32;
const ASTERISK = 42;
const PLUS = 43;
const DASH = 45;
const DOT = 46;
const CLOSING_PARENTHESIS = 41;
const GREATER_THAN = 62;
const OPENING_BRACKET = 91;
const BACKSLASH = 92;
const CLOSING_BRACKET = 93;
const UNDERSCORE = 95;
const PIPE = 124;
const CLOSING_BRACE = 125;
const BACKTICK = 96;
const TILDE = 126;

/** ASCII punctuation: what may start a construct of the parser's, and so an event. */
function isPunctuation(code: number): boolean {
  return (code >= 33 && code <= 47) || (code >= 58 && code <= 64) || (code >= 91 && code <= 96) || (code >= 123 && code <= 126);
}

function isSpaceOrTab(code: number): boolean {
  return code === SPACE || code === TAB;
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

/** ASCII letters and digits: an `_` between two of them can neither open nor close (other neighbours count it, to be safe). */
function isAlphanumeric(code: number): boolean {
  return isDigit(code) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}
