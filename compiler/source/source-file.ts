// A file of the docs repository as the compiler sees it: its project-relative
// path, its decoded text, and a lazily built line index that turns offsets
// into 1-based line and column numbers for diagnostics. The index is built
// only as far as it is read: one warning near the start of a 13 MB document
// does not index its 350,000 lines. Its text's hash is computed once, when
// first asked for: a 13 MB OpenAPI document keys both its remembered analysis
// and its API pages' bodies with it. The text itself may be decoded on first
// use (`sourceFromBytes`): a build that finds a document's analysis
// remembered reads nothing of its text (GitHub's spec: 45 ms of decoding).

import { contentHash } from '../cache/value-key.js';

export interface Position {
  line: number;
  column: number;
}

export class SourceFile {
  /** Offsets of the first character of each line, in order; every one up to `searchFrom` is here. */
  private readonly lineStarts: number[] = [0];
  /** Where the search for the next line break resumes; -1 once the whole text is indexed. */
  private searchFrom = 0;
  private hash: string | undefined;
  private decoded: string | undefined;
  private decode: (() => string) | undefined;

  /**
   * @param path project-relative, `/`-separated path (or a URL for hosted documents)
   * @param text the decoded text, BOM removed, or what decodes it on first use
   * @param hash the text's `contentHash` when already known (its file's, hashed by the build's input snapshot)
   */
  constructor(
    readonly path: string,
    text: string | (() => string),
    hash?: string,
  ) {
    if (typeof text === 'string') this.decoded = text;
    else this.decode = text;
    this.hash = hash;
  }

  /** Positions learned without the text (`knowPosition`), by offset. */
  private known: Map<number, Position> | undefined;

  /**
   * Tells the position of `offset`, found by an earlier run and remembered
   * with it: a diagnostic placed there then reads no text (a warning in
   * GitHub's spec otherwise decodes 13 MB and indexes 95,000 lines).
   */
  knowPosition(offset: number, position: Position): void {
    if (this.decoded !== undefined) return;
    this.known ??= new Map();
    this.known.set(offset, position);
  }

  get text(): string {
    if (this.decoded === undefined) {
      this.decoded = (this.decode as () => string)();
      this.decode = undefined;
    }
    return this.decoded;
  }

  /** The text's `contentHash` (cache/value-key.ts). */
  get textHash(): string {
    this.hash ??= contentHash(this.text);
    return this.hash;
  }

  position(offset: number): Position {
    const known = this.decoded === undefined ? this.known?.get(offset) : undefined;
    if (known !== undefined) return known;
    const starts = this.indexTo(offset, Number.POSITIVE_INFINITY);
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((starts[mid] as number) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - (starts[lo] as number) + 1 };
  }

  /** Whether the text has a 1-based `line` (indexing only that far: a frame near the start of a long file does not index the rest). */
  hasLine(line: number): boolean {
    return line >= 1 && this.indexTo(Number.POSITIVE_INFINITY, line).length >= line;
  }

  /** Offset of the first character of a 1-based line (clamped to the text). */
  lineStart(line: number): number {
    const starts = this.indexTo(Number.POSITIVE_INFINITY, line);
    return starts[Math.min(Math.max(line - 1, 0), starts.length - 1)] as number;
  }

  /**
   * The text of a 1-based line (clamped to the text), without its line
   * break. Its end comes from the index, not from a search: a one-line JSON
   * document of 20 MB cost a scan of the whole text per code frame.
   */
  lineText(line: number): string {
    const starts = this.indexTo(Number.POSITIVE_INFINITY, Math.max(line, 1) + 1);
    const index = Math.min(Math.max(line - 1, 0), starts.length - 1);
    const start = starts[index] as number;
    const next = starts[index + 1];
    let end = next === undefined ? this.text.length : next - 1;
    if (end > start && this.text.charCodeAt(end - 1) === 13) end--;
    return this.text.slice(start, end);
  }

  /** The line starts, indexed until every start at or before `offset` is known, or `lines` of them are, or the text ends. */
  private indexTo(offset: number, lines: number): number[] {
    const starts = this.lineStarts;
    const text = this.text;
    while (this.searchFrom !== -1 && this.searchFrom <= offset && starts.length < lines) {
      const i = text.indexOf('\n', this.searchFrom);
      if (i === -1) this.searchFrom = -1;
      else {
        starts.push(i + 1);
        this.searchFrom = i + 1;
      }
    }
    return starts;
  }
}

/** A range of a source file, by UTF-16 offsets (end exclusive). */
export interface Span {
  file: SourceFile;
  start: number;
  end: number;
}
