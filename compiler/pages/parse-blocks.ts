// A long MDX page parsed block by block, and blocks already parsed taken
// from a memo: the page's tree, positions and all, without parsing it whole.
// A changelog is a run of `<Update>` blocks, and a site's versions and
// languages copy them from page to page (crewAI's docs: 132 different
// changelogs of 14 MB, 0.7 MB of different blocks); and the parser's cost
// grows faster than a page's length (micromark moves the events of a whole
// page at each list that ends, `EditMap.consume`), which blocks bound:
// crewAI's check went from 100 s to 12 s, mintlify's pages (no block shared)
// take 10-15% less time, and smaller event lists leave less garbage.
//
// A page is cut before a line that starts a JSX tag or a heading at its
// first column (`<Update …`, `## Fixed`) after a blank line: there no
// container (list, block quote) can go on, and no flow construct is open but
// a fenced code block, a tag or an expression, which a block parsed alone
// shows (`parseInBlocks`). What the parser keeps from one block for the next
// is left out by the cut: none is made in a page that defines links or
// footnotes (`]:`, which references anywhere read), nor before the page's
// last `import`/`export` (later ESM is parsed knowing the names earlier ESM
// bound). Cuts inside a fenced code block or inside a JSX element opened at
// the first column are not tried (`blockStarts` follows both by lines); the
// parse is the judge of the rest.
//
// A block is parsed alone, by the processor its text needs (the GFM
// constructs it could use: an email autolink's construct, say, is tried at
// every word of a page with one `@`); it must parse, and,
// unless it is the page's last, its last node must end before its closing
// blank line (else a fence, say, ran on to the block's end). A block that
// does not is joined with the next one, a few times; then the rest of the
// page is one block, and when even that does not parse, the page is parsed
// whole (which reports its syntax errors where they are). The blocks' trees
// are moved to their lines and offsets in the page: unist positions, and the
// `start`, `end`, `range` and `loc` of the estree programs of expressions
// and ESM. tests/parse-blocks.test.ts compares the trees with whole parses,
// on every sample page and on random pages made of blocks (and the five
// fetched repositories of issue 37, 3,452 pages cut, gave the same trees).
//
// The memo is per thread, up to MEMO_CHARS of block text, the least recently
// used dropped first; a memoized tree is copied for each page that uses it,
// never handed out. Which blocks it keeps: a page's caller may know whether
// other pages share its blocks (`pagesSharingBlocks`, for the summarizer's
// pool): then all of them or none; else a block is kept from its second
// sighting (a hash of every block's text remembers which were seen).

import type { Root, RootContent } from 'mdast';
import type { Point, Position } from 'unist';

/** Parses one text (throws on a syntax error, as a processor does). */
export type ParseText = (text: string) => Root;
/**
 * The processor a block is parsed with, by its text (a block needs only the GFM constructs its own text could use:
 * remark-gfm-lean.ts), and its name: blocks are memoized per processor.
 */
export type BlockParser = (text: string) => { key: string; parse: ParseText };

/** ESM is parsed knowing the names earlier ESM bound: no cut before the last of it. */
const ESM_LINE = /^(?:import|export)[ \t]/gm;
/** A fence that opens or closes a code block, at any indentation (MDX has no indented code). */
const FENCE = /^[ \t]*(`{3,}|~{3,})(.*)$/;
/** A JSX tag at the first column: `<Name …` or `</Name`. */
const TAG = /^<(\/?)[A-Za-z]/;

/** Blocks that do not parse alone (or run into their closing blank line) are joined with the next this many times; then the rest of the page is one block. */
const MAX_JOINS = 3;
/** Text of the memoized blocks, per thread. */
const MEMO_CHARS = 2 * 1024 * 1024;
/** Hashes of the blocks seen, before they are forgotten all at once. */
const MAX_SEEN = 500_000;

/**
 * Offsets where the page may be cut (each the start of a line); none for a
 * page that defines links or footnotes. Cuts inside a fenced code block, or
 * inside an element whose tags are at the first column, are left out.
 */
export function blockStarts(source: string): number[] {
  if (source.includes(']:')) return [];
  let from = 0;
  ESM_LINE.lastIndex = 0;
  for (let match = ESM_LINE.exec(source); match !== null; match = ESM_LINE.exec(source)) from = match.index + 1;
  const starts: number[] = [];
  let fence: { marker: string; length: number } | undefined;
  let depth = 0;
  let blank = false;
  let at = 0;
  while (at < source.length) {
    const newline = source.indexOf('\n', at);
    const end = newline === -1 ? source.length : newline;
    let first = at;
    while (first < end && isSpace(source.charCodeAt(first))) first++;
    const code = first < end ? source.charCodeAt(first) : -1;
    if (code === GRAVE || code === TILDE) {
      const line = source.slice(at, source.charCodeAt(end - 1) === CR ? end - 1 : end);
      const marker = FENCE.exec(line);
      if (fence !== undefined) {
        if (marker?.[1]?.[0] === fence.marker && marker[1].length >= fence.length && marker[2]?.trim() === '') fence = undefined;
      } else if (marker !== null && !(code === GRAVE && marker[2]?.includes('`'))) {
        fence = { marker: marker[1]?.[0] ?? '`', length: marker[1]?.length ?? 3 };
      }
    } else if (fence === undefined && first === at && (code === LESS_THAN || code === HASH)) {
      if (blank && depth === 0 && at > from && (code === HASH || isAsciiLetter(source.charCodeAt(at + 1)))) starts.push(at);
      if (code === LESS_THAN) depth = Math.max(0, depth + tagDepthChange(source.slice(at, end)));
    } else if (fence === undefined && code === SLASH && depth > 0 && source.slice(first, end).trimEnd() === '/>') depth--;
    blank = code === -1 || code === CR;
    at = end + 1;
  }
  return starts;
}

const CR = 13;
const HASH = 35;
const SLASH = 47;
const LESS_THAN = 60;
const GRAVE = 96;
const TILDE = 126;

function isSpace(code: number): boolean {
  return code === 32 || code === 9;
}

function isAsciiLetter(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

/** How a line starting with `<` changes the depth of open elements: `<A>` opens one, `</A>` closes one; `<A />`, `<A>…</A>` and what is no tag neither. */
function tagDepthChange(line: string): number {
  const tag = TAG.exec(line);
  if (tag === null) return 0;
  if (tag[1] === '/') return -1;
  const trimmed = line.trimEnd();
  if (trimmed.endsWith('/>')) return 0;
  const name = /^<([^\s/>]+)/.exec(trimmed)?.[1];
  return name !== undefined && trimmed.includes(`</${name}>`) ? 0 : 1;
}

/** A block's tree and whether its last node ends before its closing blank line. */
interface Parsed {
  tree: Root | undefined;
  endsBeforeBlank: boolean;
}

const memo = new Map<string, Parsed>();
let memoChars = 0;
const seen = new Set<number>();

/**
 * The page's tree from its blocks, or undefined when it has no cut or its
 * last block does not parse (the page is then parsed whole). `parser` gives
 * each block's processor and its name.
 * `shared` tells whether other pages share blocks with this one
 * (`pagesSharingBlocks`): true memoizes its blocks at once, false not at all;
 * unknown (undefined), a block is memoized from its second sighting.
 */
export function parseInBlocks(source: string, parser: BlockParser, shared?: boolean): Root | undefined {
  const starts = blockStarts(source);
  if (starts.length === 0) return undefined;
  const ends = [...starts, source.length];
  const children: RootContent[] = [];
  let first: Position | undefined;
  let last: Position | undefined;
  let at = 0;
  let line = 0;
  let next = 0;
  let joins = 0;
  while (at < source.length) {
    const to = joins >= MAX_JOINS ? source.length : (ends[next] as number);
    const final = to === source.length;
    const text = source.slice(at, to);
    const parsed = parseBlock(text, parser, shared);
    if (parsed.tree === undefined || (!final && !parsed.endsBeforeBlank)) {
      if (final) return undefined;
      joins++;
      next++;
      continue;
    }
    joins = 0;
    const tree = parsed.fresh ? moveTree(parsed.tree, line, at) : copyTree(parsed.tree, line, at);
    first ??= tree.position;
    last = tree.position;
    for (const child of tree.children) children.push(child);
    line += countNewlines(text);
    at = to;
    next++;
  }
  const root: Root = { type: 'root', children };
  if (first !== undefined && last !== undefined) root.position = { start: first.start, end: last.end };
  return root;
}

/** A block parsed, or its tree from the memo (`fresh` false: to be copied, not moved). */
function parseBlock(text: string, parser: BlockParser, shared: boolean | undefined): Parsed & { fresh: boolean } {
  const { key: processorKey, parse } = parser(text);
  const key = shared === false ? undefined : `${processorKey}\0${text}`;
  const known = key === undefined ? undefined : memo.get(key);
  if (key !== undefined && known !== undefined) {
    memo.delete(key);
    memo.set(key, known);
    return { ...known, fresh: false };
  }
  let tree: Root | undefined;
  try {
    tree = parse(text);
  } catch {
    tree = undefined;
  }
  const blankLine = countNewlines(text);
  const parsed: Parsed = { tree, endsBeforeBlank: (tree?.children.at(-1)?.position?.end.line ?? 0) < blankLine };
  if (key === undefined) return { ...parsed, fresh: true };
  // Unless told, a block is kept from its second sighting (most blocks are seen once); failures at once (they are small).
  const hash = shared === true || tree === undefined ? 0 : textHash(key);
  if (shared === true || tree === undefined || seen.has(hash)) {
    remember(key, parsed);
    // The tree handed out is a copy: the memo's stays as parsed.
    return { ...parsed, fresh: tree === undefined };
  }
  if (seen.size >= MAX_SEEN) seen.clear();
  seen.add(hash);
  return { ...parsed, fresh: true };
}

/**
 * For each page, whether at least half of its text is in blocks that other pages have too (MDX pages, cut where
 * `blockStarts` cuts their text): the workers' memo keeps the blocks of those pages from their first sighting, and
 * no other page's (`parseInBlocks`'s `shared`). Copies of a page in a site's versions share most of it (crewAI's
 * docs: 415 of 1,723 different pages, 16.7 M of the 17.1 M characters shared); a page that shares a heading and a
 * paragraph with another is parsed as it is (mintlify's docs: none shares half, 379 share something; keeping every
 * block took 12% more time). A hint, found before the pages go to the workers: the parser cuts a page's text with
 * its frontmatter blanked.
 */
export function pagesSharingBlocks(pages: readonly { path: string; text: string }[]): boolean[] {
  /** A block's text → the page it was first found in, or -1 once found in two. */
  const firstPage = new Map<string, number>();
  const blocks = pages.map((page, index) => {
    if (!page.path.endsWith('.mdx')) return [];
    const starts = blockStarts(page.text);
    if (starts.length === 0) return [];
    const texts = [0, ...starts].map((start, i) => page.text.slice(start, starts[i] ?? page.text.length));
    for (const text of texts) {
      const first = firstPage.get(text);
      if (first === undefined) firstPage.set(text, index);
      else if (first !== index) firstPage.set(text, -1);
    }
    return texts;
  });
  return blocks.map((texts, index) => {
    let shared = 0;
    for (const text of texts) if (firstPage.get(text) === -1) shared += text.length;
    return shared * 2 >= (pages[index] as { text: string }).text.length && shared > 0;
  });
}

function remember(key: string, parsed: Parsed): void {
  // A flat copy of the key: a slice would keep the whole page's text alive.
  const own = Buffer.from(key, 'utf16le').toString('utf16le');
  memo.set(own, parsed);
  memoChars += own.length;
  for (const [old] of memo) {
    if (memoChars <= MEMO_CHARS) break;
    memo.delete(old);
    memoChars -= old.length;
  }
}

/** FNV-1a over the text's UTF-16 units, with its length: which blocks were seen (a collision only memoizes a block early). */
function textHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0) + (text.length % 0x200000) * 0x100000000;
}

function countNewlines(text: string): number {
  let count = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) count++;
  return count;
}

// ---------------------------------------------------------------------------
// Moving a block's tree to its place in the page

/** A point `lines` lines and `offset` characters further (a block starts at a line's start: columns stay). */
function movedPoint(point: Point, lines: number, offset: number): Point {
  return point.offset === undefined ? { ...point, line: point.line + lines } : { ...point, line: point.line + lines, offset: point.offset + offset };
}

/** The tree, moved in place (a tree just parsed, used once). */
function moveTree(tree: Root, lines: number, offset: number): Root {
  if (lines === 0 && offset === 0) return tree;
  moveNode(tree, lines, offset);
  return tree;
}

function moveNode(value: unknown, lines: number, offset: number): void {
  if (Array.isArray(value)) {
    for (const item of value) moveNode(item, lines, offset);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  const node = value as Record<string, unknown>;
  for (const key of Object.keys(node)) {
    const field = node[key];
    if (key === 'position' && isPosition(field)) {
      node[key] = { ...field, start: movedPoint(field.start, lines, offset), end: movedPoint(field.end, lines, offset) };
    } else if (key === 'estree') {
      node[key] = copyEstree(field, lines, offset, new Map());
    } else if (field !== null && typeof field === 'object') moveNode(field, lines, offset);
  }
}

/** A copy of the tree, moved (a memoized tree stays as it is). */
function copyTree(tree: Root, lines: number, offset: number): Root {
  return copyNode(tree, lines, offset) as Root;
}

function copyNode(value: unknown, lines: number, offset: number): unknown {
  if (Array.isArray(value)) return value.map((item) => copyNode(item, lines, offset));
  if (value === null || typeof value !== 'object') return value;
  const node = value as Record<string, unknown>;
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(node)) {
    const field = node[key];
    if (key === 'position' && isPosition(field)) {
      copy[key] = { ...field, start: movedPoint(field.start, lines, offset), end: movedPoint(field.end, lines, offset) };
    } else if (key === 'estree') copy[key] = copyEstree(field, lines, offset, new Map());
    else copy[key] = copyNode(field, lines, offset);
  }
  return copy;
}

function isPosition(value: unknown): value is Position {
  return value !== null && typeof value === 'object' && 'start' in value && 'end' in value;
}

/**
 * A copy of an estree program (acorn's nodes, as micromark-util-events-to-acorn
 * placed them), moved: `start`, `end`, `range`, `loc`. Its nodes may be shared
 * (`import {a}`: one identifier is both `imported` and `local`); the copy
 * shares them too. Prototypes are kept (acorn's `Node`).
 */
function copyEstree(value: unknown, lines: number, offset: number, copies: Map<object, unknown>): unknown {
  if (value === null || typeof value !== 'object' || value instanceof RegExp) return value;
  const done = copies.get(value);
  if (done !== undefined) return done;
  if (Array.isArray(value)) {
    const array: unknown[] = [];
    copies.set(value, array);
    for (const item of value) array.push(copyEstree(item, lines, offset, copies));
    return array;
  }
  const node = value as Record<string, unknown>;
  const copy = Object.create(Object.getPrototypeOf(node)) as Record<string, unknown>;
  copies.set(value, copy);
  for (const key of Object.keys(node)) {
    const field = node[key];
    if ((key === 'start' || key === 'end') && typeof field === 'number') copy[key] = field + offset;
    else if (key === 'range' && Array.isArray(field) && field.length === 2) copy[key] = [Number(field[0]) + offset, Number(field[1]) + offset];
    else if (key === 'loc' && isPosition(field))
      copy[key] = { ...field, start: movedPoint(field.start, lines, offset), end: movedPoint(field.end, lines, offset) };
    else copy[key] = copyEstree(field, lines, offset, copies);
  }
  return copy;
}
