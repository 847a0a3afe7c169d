// remark-gfm's syntax (tables, strikethrough, literal autolinks, task lists,
// footnotes), as the remark plugin it is, but for one pass: the search for
// literal autolinks in text (`www.example.com`, `https://…`, `me@example.com`),
// mdast-util-gfm-autolink-literal's find-and-replace of four regular
// expressions over every text node, runs only on a tree one of whose text
// nodes holds `@`, `http://`, `https://` or `www.`, which each expression
// needs. In a CPU profile of 1,500 bench pages compiled in one thread it was
// 0.63 s of 12.2 s, on pages whose text nodes hold none (their URLs are in
// code and link destinations). The parse itself is remark-gfm's
// (micromark-extension-gfm, mdast-util-gfm); the bench's floors keep
// remark-gfm, and tests/remark-gfm-lean.test.ts compares the trees both make.

import type { Nodes, Root } from 'mdast';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';
import type { Processor } from 'unified';

/** What each of the transform's expressions needs in a text node (`www(?=\.)` and the schemes are matched in any case). */
const LITERAL_HINT = /@|https?:\/\/|www\./i;

/** What remark-parse reads off a processor's data (its types are not a dependency of docsc's). */
interface ParserData {
  micromarkExtensions?: ReturnType<typeof gfm>[];
  fromMarkdownExtensions?: ReturnType<typeof gfmFromMarkdown>[];
}

export default function remarkGfmLean(this: Processor): void {
  const data = this.data() as ParserData;
  (data.micromarkExtensions ??= []).push(gfm());
  const extensions = gfmFromMarkdown();
  const transforms = extensions.flatMap((extension) => extension.transforms ?? []);
  // mdast-util-gfm 3's one transform is the autolink literals'; with any other, nothing is skipped.
  const lean =
    transforms.length === 1
      ? extensions.map((extension) =>
          extension.transforms
            ? {
                ...extension,
                transforms: extension.transforms.map((transform) => (tree: Root) => (mayHoldLiteral(tree) ? transform(tree) : undefined)),
              }
            : extension,
        )
      : extensions;
  (data.fromMarkdownExtensions ??= []).push(lean);
}

/** Whether a text node of the tree could hold a literal autolink (a walk with a stack of its own: trees can nest thousands deep). */
export function mayHoldLiteral(tree: Root): boolean {
  const stack: Nodes[] = [tree];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (node.type === 'text') {
      if (LITERAL_HINT.test(node.value)) return true;
    } else if ('children' in node) {
      for (const child of node.children) stack.push(child);
    }
  }
  return false;
}
