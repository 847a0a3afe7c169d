// A span found only when it is read. Generated API pages point at their
// operation's `summary` in the document; finding that place in a 13 MB JSON
// text means building its positioned tree (~0.8 s), which no build needs
// unless it reports a problem there. The file is known at once; the offsets
// are looked up on first use.

import type { SourceFile, Span } from './source-file.js';

export class LazySpan implements Span {
  private found: Span | undefined;

  constructor(
    readonly file: SourceFile,
    private find: () => Span,
  ) {}

  get start(): number {
    return this.resolved().start;
  }

  get end(): number {
    return this.resolved().end;
  }

  private resolved(): Span {
    this.found ??= this.find();
    return this.found;
  }
}
