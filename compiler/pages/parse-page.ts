// Parsing a page, shared by its summary (summarize-page.ts) and its body
// (compiler/render/): frontmatter, then the MDX tree, parsed
// once by @mdx-js/mdx's parser — the one the build compiles with — plus
// remark-gfm's syntax (tables, strikethrough, autolinks, task lists,
// footnotes; remark-gfm-lean.ts) and remark-math's (`$…$`, `$$…$$`, which
// Mintlify parses: remark-math-syntax.ts); its mdast is compiled by a fork of
// mdast-util-from-markdown that allocates less (remark-parse-fork.ts).
// A `.md` page is MDX too, as on Mintlify (`@mintlify/common` parses every
// page with remark-mdx): its components render, `{` starts an expression,
// and an HTML comment is a syntax error there as in any page.
// Never throws on bad input: a syntax error becomes a `page/mdx-syntax`
// diagnostic with the sentence rewritten for humans, and no tree; the
// page's later syntax errors are found by parsing it again with the
// paragraph of each blanked (`reportLaterErrors`).
//
// A page with text the parser takes quadratic time on (find-quadratic-markdown.ts)
// is reported as `page/too-complex` and not parsed.
//
// A page nested thousands of levels deep overflows the stack in GFM's
// autolink pass (a recursive tree walk); such a page is parsed again without
// GFM rather than lost.
//
// Two things real pages write that the parser would reject or miss are
// handled before it: the frontmatter block and `## Title {#custom-id}`
// suffixes are blanked (replaced by spaces of the same length), so every
// position the parser reports is still a position in the page.

import { createProcessor } from '@mdx-js/mdx';
import type { Root } from 'mdast';
import type { DiagnosticBag, Location } from '../diagnostics/diagnostic.js';
import type { SourceFile } from '../source/source-file.js';
import { findQuadraticMarkdown } from './find-quadratic-markdown.js';
import { parseInBlocks } from './parse-blocks.js';
import { type ParsedFrontmatter, parseFrontmatter } from './parse-frontmatter.js';
import remarkGfmLean, { type GfmNeeds, gfmNeeds, gfmNeedsKey } from './remark-gfm-lean.js';
import remarkMathSyntax from './remark-math-syntax.js';
import remarkParseFork from './remark-parse-fork.js';

export interface CustomHeadingId {
  line: number;
  id: string;
  /** The ` {#id}` text, to blank before parsing. */
  suffix: { start: number; end: number };
}

export interface ParsedPage {
  file: SourceFile;
  frontmatter: ParsedFrontmatter;
  /** `## Title {#id}` suffixes, by line. */
  customIds: CustomHeadingId[];
  /** Undefined when the page is not valid MDX (the bag has the reason). */
  tree: Root | undefined;
}

export interface ParseOptions {
  /** Whether other pages share blocks with this one (parse-blocks.ts `pagesSharingBlocks`): what the block memo keeps. Unknown by default. */
  sharedBlocks?: boolean | undefined;
}

/** Parses frontmatter and body; every problem goes into `bag`. */
export function parsePage(file: SourceFile, bag: DiagnosticBag, options: ParseOptions = {}): ParsedPage {
  const frontmatter = parseFrontmatter(file);
  bag.add(frontmatter.diagnostics);
  const customIds = findCustomHeadingIds(file.text, frontmatter.block?.end ?? 0);
  const blanks = [...(frontmatter.block ? [frontmatter.block] : []), ...customIds.map((c) => c.suffix)];
  const source = blankOut(file.text, blanks);
  const slow = findQuadraticMarkdown(source);
  if (slow) bag.report('page/too-complex', { file, start: slow.offset, end: slow.offset + 1 }, { what: slow.what, limit: slow.limit });
  const tree = slow ? undefined : parseMarkdown(file, source, bag, options.sharedBlocks);
  return { file, frontmatter, customIds, tree };
}

// ---------------------------------------------------------------------------
// Before parsing: custom heading ids and blanking

/**
 * Any indentation: MDX has no indented code, and headings inside components are indented. The id as Mintlify reads it
 * (`@mintlify/common` `preprocessCustomHeadingIds`): spaces allowed inside the braces (`{#comfy run}`, `{ #id }`).
 */
const CUSTOM_ID_HEADING = /^[ \t]*#{1,6}[ \t].*?([ \t]*\{[ \t]*#([^{}\r\n]+?)[ \t]*\})[ \t]*\r?$/gm;

/** What Mintlify removes from a custom id (its `normalizeCustomId`): what HTML attributes and its link anchors drop, and emoji. */
const CUSTOM_ID_DROPPED =
  /[<>"&?,;:!'()[\]{}]|\p{Emoji_Modifier}|\p{Emoji_Modifier_Base}|\p{Emoji_Presentation}|\p{Extended_Pictographic}|[\u200D\uFE0E\uFE0F]/gu;

/** `{#comfy run}` is `comfy-run`, `{#what's-new}` is `whats-new`, as on Mintlify's sites. */
function customHeadingId(written: string): string {
  return written.trim().replace(CUSTOM_ID_DROPPED, '').replace(/\s+/g, '-');
}

/** `## Title {#id}` lines after the frontmatter (the JS expression parser rejects `{#id}`). */
function findCustomHeadingIds(text: string, from: number): CustomHeadingId[] {
  const found: CustomHeadingId[] = [];
  // Most pages have none: the multi-line search is the slower way to find that out.
  if (!text.includes('{#', from)) return found;
  let line = 1;
  let counted = 0;
  CUSTOM_ID_HEADING.lastIndex = from;
  for (let match = CUSTOM_ID_HEADING.exec(text); match !== null; match = CUSTOM_ID_HEADING.exec(text)) {
    const [whole, suffix = '', id = ''] = match;
    line += countNewlines(text, counted, match.index);
    counted = match.index;
    const end = match.index + whole.replace(/[ \t]*\r?$/, '').length;
    found.push({ line, id: customHeadingId(id), suffix: { start: end - suffix.length, end } });
  }
  return found;
}

function countNewlines(text: string, from: number, to: number): number {
  let count = 0;
  for (let i = text.indexOf('\n', from); i !== -1 && i < to; i = text.indexOf('\n', i + 1)) count++;
  return count;
}

/** Replaces the ranges by spaces, keeping line breaks, so that offsets, lines and columns stay true. */
function blankOut(text: string, ranges: readonly { start: number; end: number }[]): string {
  let result = '';
  let at = 0;
  for (const { start, end } of ranges) {
    result += text.slice(at, start) + text.slice(start, end).replace(/[^\r\n]/g, ' ');
    at = end;
  }
  return result + text.slice(at);
}

// ---------------------------------------------------------------------------
// Parsing, and syntax errors rewritten for humans

type Processor = ReturnType<typeof createProcessor>;
const processors = new Map<string, Processor>();

/**
 * One processor per set of GFM constructs (remark-gfm-lean.ts; none: no GFM) and math, made once per thread:
 * creating one costs more than parsing a page.
 */
function processorFor(gfm: GfmNeeds | undefined, math: boolean): Processor {
  const key = processorKey(gfm, math);
  let processor = processors.get(key);
  if (processor === undefined) {
    processor = createProcessor({
      format: 'mdx',
      remarkPlugins: [
        ...(gfm === undefined ? [] : [[remarkGfmLean, gfm] as [typeof remarkGfmLean, GfmNeeds]]),
        ...(math ? [remarkMathSyntax] : []),
        remarkParseFork,
      ],
    });
    processors.set(key, processor);
  }
  return processor;
}

function processorKey(gfm: GfmNeeds | undefined, math: boolean): string {
  return `${gfm === undefined ? 'mdx' : `mdx+gfm${gfmNeedsKey(gfm)}`}${math ? '+math' : ''}`;
}

/**
 * A page block by block (parse-blocks.ts: long pages, and blocks other pages share), else whole; with GFM, each
 * block or page parsed with the constructs its text could use (`gfmNeeds`).
 */
function parseSource(source: string, gfm: boolean, sharedBlocks: boolean | undefined): Root {
  const parser = (text: string) => {
    const needs = gfm ? gfmNeeds(text) : undefined;
    // Math (`$…$`, `$$…$$`) as Mintlify parses it (remark-math); text without a dollar sign has none to find.
    const math = text.includes('$');
    const processor = processorFor(needs, math);
    return { key: processorKey(needs, math), parse: (block: string) => processor.parse(block) };
  };
  return parseInBlocks(source, parser, sharedBlocks) ?? parser(source).parse(source);
}

/** A VFileMessage as the parser throws it (duck-typed: vfile is not a direct dependency). */
interface ParserMessage {
  reason: string;
  ruleId?: string;
  source?: string;
  cause?: unknown;
  place?: { line: number; column: number; offset?: number } | { start: { line: number; column: number; offset?: number }; end: { offset?: number } };
}

function parseMarkdown(file: SourceFile, source: string, bag: DiagnosticBag, sharedBlocks: boolean | undefined): Root | undefined {
  try {
    try {
      return parseSource(source, true, sharedBlocks);
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
      return parseSource(source, false, sharedBlocks);
    }
  } catch (error) {
    if (!isParserMessage(error)) throw error;
    reportSyntaxError(bag, source, messageLocation(file, error), error);
    reportLaterErrors(file, source, error, bag);
    return undefined;
  }
}

function reportSyntaxError(bag: DiagnosticBag, source: string, place: Location, error: ParserMessage): void {
  const fence = place.line > 0 ? fenceClosedEarly(source, place.line) : undefined;
  const hint = fence
    ? `the code block opened at line ${fence.opened} ends at line ${fence.closed}, whose fence was meant to close the one nested at line ${fence.nested}: ` +
      `to show fences inside a code block, open and close the outer one with more backticks (\`\`\`\`) than the inner ones`
    : place.line > 0 && PIPE_IN_CODE_CELL.test(source.split('\n', place.line)[place.line - 1] ?? '')
      ? 'in a table row, `|` ends a cell even inside backticks, which leaves the code span open and its braces read as an expression: write `\\|` for a pipe in a cell'
      : undefined;
  bag.report('page/mdx-syntax', place, { reason: humanReason(error) }, hint ? { hint } : undefined);
}

/** A table row with a pipe between backticks (GFM splits the cell there, code span or not). */
const PIPE_IN_CODE_CELL = /^\s*\|.*`[^`|]*\|[^`]*`/;

/** A code fence opener or closer (CommonMark: up to 3 spaces of indentation). */
const FENCE = /^ {0,3}(`{3,}|~{3,})(.*)$/;

/**
 * The last code block before `line` that a fence meant for a block nested in it closed: a fence with an info string
 * (```` ```js ````) inside it, then a bare one that ended it instead. Real pages show MDX examples this way, and the
 * parser's error then comes later, at a tag the block was meant to hold.
 */
function fenceClosedEarly(source: string, line: number): { opened: number; nested: number; closed: number } | undefined {
  const lines = source.split('\n', line);
  let open: { marker: string; line: number; nested: number | undefined } | undefined;
  let found: { opened: number; nested: number; closed: number } | undefined;
  for (const [index, text] of lines.entries()) {
    const fence = FENCE.exec(text.replace(/\r$/, ''));
    if (fence === null) continue;
    const [, marker = '', info = ''] = fence;
    if (open === undefined) {
      if (marker.startsWith('`') && info.includes('`')) continue;
      open = { marker, line: index + 1, nested: undefined };
    } else if (marker[0] === open.marker[0] && marker.length >= open.marker.length && info.trim() === '') {
      found = open.nested === undefined ? undefined : { opened: open.line, nested: open.nested, closed: index + 1 };
      open = undefined;
    } else if (info.trim() !== '') open.nested ??= index + 1;
  }
  return open === undefined ? found : undefined;
}

/** Syntax errors reported per page, the first one included. */
const MAX_SYNTAX_ERRORS = 10;
/** Larger pages report their first syntax error only: each further one costs a parse of the whole page. */
const MAX_RECOVERY_CHARS = 256 * 1024;

/**
 * The parser stops at a page's first syntax error; `docsc check` reports
 * every problem at once. So the paragraph holding the error (its run of
 * non-blank lines) is blanked and the page parsed again, for as long as
 * that finds another error. Blanking keeps every position true. The parser
 * reads blocks before their text, so a later error may come from an earlier
 * line.
 * Tag structure (a tag left open, a closing tag with no opening one) is
 * checked after the whole page is read. Blanking a paragraph that holds a
 * tag could open or close one for what follows, so a structure error found
 * after such a blanking is not reported; after blanking only text without
 * tags, it is the page's own, and reported. Either way it is the last.
 */
function reportLaterErrors(file: SourceFile, source: string, first: ParserMessage, bag: DiagnosticBag): void {
  if (source.length > MAX_RECOVERY_CHARS) return;
  let text = source;
  let error = first;
  let blankedTags = false;
  const reported = new Set<string>();
  for (let count = 1; count < MAX_SYNTAX_ERRORS && !isTagStructureError(error); count++) {
    const at = messageLocation(file, error);
    // An error without a place has no paragraph to skip.
    if (at.line < 1) return;
    reported.add(`${at.line}:${at.column}`);
    const blanked = blankParagraph(text, at.line);
    blankedTags ||= TAG_START.test(blanked.removed);
    text = blanked.text;
    try {
      processorFor(gfmNeeds(text), text.includes('$')).parse(text);
      return;
    } catch (next) {
      if (!isParserMessage(next)) return;
      const place = messageLocation(file, next);
      if (isTagStructureError(next)) {
        if (!blankedTags) reportSyntaxError(bag, source, place, next);
        return;
      }
      if (reported.has(`${place.line}:${place.column}`)) return;
      reportSyntaxError(bag, source, place, next);
      error = next;
    }
  }
}

/** What may start a JSX tag (`<Card`, `</Card`, `<>`), unlike `<5` or `<!--`. */
const TAG_START = /<[\p{L}_$/>]/u;

/** Errors about which tags are open (mdast-util-mdx-jsx's, once the page is read, and lazy lines in containers): blanking can cause them. */
function isTagStructureError(message: ParserMessage): boolean {
  return message.source === 'mdast-util-mdx-jsx' || message.ruleId === 'unexpected-lazy';
}

/** The text with the run of non-blank lines around `line` (1-based) replaced by spaces, and what was removed. */
function blankParagraph(text: string, line: number): { text: string; removed: string } {
  const lines = text.split('\n');
  const blank = (n: number) => (lines[n] ?? '').trim() === '';
  let from = Math.max(0, Math.min(line - 1, lines.length - 1));
  let to = from;
  while (from > 0 && !blank(from - 1)) from--;
  while (to < lines.length - 1 && !blank(to + 1)) to++;
  const removed = lines.slice(from, to + 1).join('\n');
  for (let n = from; n <= to; n++) lines[n] = (lines[n] ?? '').replace(/[^\r]/g, ' ');
  return { text: lines.join('\n'), removed };
}

function isParserMessage(error: unknown): error is ParserMessage {
  return error instanceof Error && typeof (error as Partial<ParserMessage>).reason === 'string';
}

function messageLocation(file: SourceFile, message: ParserMessage): Location {
  const place = message.place;
  if (place !== undefined && 'start' in place) {
    const length = place.start.offset !== undefined && place.end.offset !== undefined ? place.end.offset - place.start.offset : 0;
    return { file: file.path, line: place.start.line, column: place.start.column, length };
  }
  if (place !== undefined) return { file: file.path, line: place.line, column: place.column, length: 0 };
  // Some messages (an unclosed tag) carry their place only in the text: "(3:1-3:7)", the tag's span.
  const inText = /\((\d+):(\d+)-(\d+):(\d+)\)/.exec(message.reason);
  const [line, column, endLine, endColumn] = (inText?.slice(1) ?? []).map(Number);
  const length = line !== undefined && line === endLine && column !== undefined && endColumn !== undefined ? endColumn - column : 0;
  return { file: file.path, line: line ?? 0, column: column ?? 0, length };
}

function humanReason(message: ParserMessage): string {
  const reason = message.reason.replace(/ \(\d+:\d+-\d+:\d+\)/g, '');
  const cause = message.cause instanceof Error ? lowerFirst(message.cause.message) : 'invalid syntax';
  if (message.ruleId === 'acorn' && message.source === 'micromark-extension-mdxjs-esm') {
    return `Could not read this \`import\`/\`export\` statement as JavaScript (${cause}); in MDX a line that starts with \`import \` or \`export \` is code`;
  }
  if (message.ruleId === 'acorn') {
    return `Could not read the expression in braces as JavaScript (${cause}); in MDX \`{\` starts an expression, write \`\\{\` to show a brace as text`;
  }
  const badTagStart = /^Unexpected character (`.+?`) \(U\+\w+\) before name/.exec(reason);
  if (badTagStart?.[1] === '`!`') return 'HTML comments (`<!-- … -->`) are not allowed in MDX; write a comment as `{/* … */}`';
  if (badTagStart) return `Unexpected character ${badTagStart[1]} after \`<\`; in MDX \`<\` starts a tag, write \`\\<\` to show it as text`;
  const unclosed = /^Expected a closing tag for `<([^>]*)>`/.exec(reason);
  if (unclosed) return `${reason}; add \`</${unclosed[1]}>\` or close the tag itself with \`/>\``;
  return reason;
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
