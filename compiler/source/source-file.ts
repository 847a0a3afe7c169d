// A file of the docs repository as the compiler sees it: its project-relative
// path, its decoded text, and a lazily built line index that turns offsets
// into 1-based line and column numbers for diagnostics.

export interface Position {
  line: number;
  column: number;
}

export class SourceFile {
  private lineStarts: number[] | undefined;

  /**
   * @param path project-relative, `/`-separated path (or a URL for hosted documents)
   * @param text the decoded text, BOM removed
   */
  constructor(
    readonly path: string,
    readonly text: string,
  ) {}

  position(offset: number): Position {
    const starts = this.index();
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((starts[mid] as number) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - (starts[lo] as number) + 1 };
  }

  /** Offset of the first character of a 1-based line (clamped to the text). */
  lineStart(line: number): number {
    const starts = this.index();
    return starts[Math.min(Math.max(line - 1, 0), starts.length - 1)] as number;
  }

  lineText(line: number): string {
    const start = this.lineStart(line);
    let end = this.text.indexOf('\n', start);
    if (end === -1) end = this.text.length;
    return this.text.slice(start, end).replace(/\r$/, '');
  }

  private index(): number[] {
    if (this.lineStarts) return this.lineStarts;
    const starts = [0];
    const text = this.text;
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
    this.lineStarts = starts;
    return starts;
  }
}

/** A range of a source file, by UTF-16 offsets (end exclusive). */
export interface Span {
  file: SourceFile;
  start: number;
  end: number;
}
