// remark-math's syntax, as Mintlify's parser has it: `$$` fences display math
// (a `math` node) and `$…$` is inline math (`inlineMath`), single dollars
// included, so that TeX braces are not read as MDX expressions. Only the
// parse: the nodes are rendered by KaTeX (render-tree.ts, components/latex.ts).
// Added to a page's processor when its text has a `$` (parse-page.ts).

import { mathFromMarkdown } from 'mdast-util-math';
import { math } from 'micromark-extension-math';
import type { Processor } from 'unified';
import type { ParserData } from './remark-parse-fork.js';

export default function remarkMathSyntax(this: Processor): void {
  const data = this.data() as ParserData;
  data.micromarkExtensions ??= [];
  data.fromMarkdownExtensions ??= [];
  data.micromarkExtensions.push(math());
  data.fromMarkdownExtensions.push(mathFromMarkdown());
}
