// remark-parse, with mdast-util-from-markdown's compile taken from the fork in
// vendor/from-markdown.ts (one context object per page, not one per event:
// 7-10% less CPU per page compiled). Added last to a processor, it replaces
// the parser remark-parse set, reading the same micromark and mdast
// extensions (MDX's, GFM's) from the processor's data, so the trees are
// remark-parse's (tests/from-markdown-fork.test.ts holds that). Every page
// parser has it, so it also installs the nesting limit of the JavaScript
// parser MDX uses (limit-expression-depth.ts) before the first parse.

import type { Root } from 'mdast';
import type { Options, fromMarkdown as upstreamFromMarkdown } from 'mdast-util-from-markdown';
import type { Processor } from 'unified';
import { limitExpressionDepth } from './limit-expression-depth.js';
import { fromMarkdown as forkedFromMarkdown } from './vendor/from-markdown.js';

/** The fork's signature is upstream's (the generated file is not type-checked). */
const fromMarkdown = forkedFromMarkdown as unknown as typeof upstreamFromMarkdown;

/** What remark-parse reads off a processor's data, and GFM's plugin (remark-gfm-lean.ts) adds to. */
export interface ParserData {
  settings?: Options;
  micromarkExtensions?: NonNullable<Options['extensions']>;
  fromMarkdownExtensions?: NonNullable<Options['mdastExtensions']>;
}

export default function remarkParseFork(this: Processor): void {
  limitExpressionDepth();
  this.parser = (document: string): Root => {
    // Read when parsing, as remark-parse reads them: plugins may add extensions after this one.
    const data = this.data() as ParserData;
    return fromMarkdown(document, {
      ...data.settings,
      extensions: data.micromarkExtensions ?? [],
      mdastExtensions: data.fromMarkdownExtensions ?? [],
    });
  };
}
