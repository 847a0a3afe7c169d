// remark-gfm's syntax (tables, strikethrough, literal autolinks, task lists,
// footnotes), as the remark plugin it is, but for work a page cannot use:
//
// - The search for literal autolinks in text (`www.example.com`, `https://…`,
//   `me@example.com`), mdast-util-gfm-autolink-literal's find-and-replace of
//   four regular expressions over every text node, runs only on a tree one
//   of whose text nodes holds `@`, `http://`, `https://` or `www.`, which
//   each expression needs (`mayHoldLiteral`). It is asked of the tree even
//   when the source holds none of them: a character reference decodes into
//   a text node (`me&#64;example.com` is an email link to remark-gfm too).
// - The parser's own constructs for literal autolinks and tables, tried at
//   every letter and every line, are left out for a page whose source could
//   hold neither (`gfmNeeds`): a literal autolink needs what the search
//   needs; a table's delimiter row needs a pipe or a colon beside a dash
//   (`a` over `:-` is a table).
//
// In a CPU profile of 1,500 bench pages compiled in one thread, the search was
// 0.63 s of 12.2 s and the two constructs 0.77 s of 11.1 s. The parse is
// otherwise remark-gfm's (its micromark extensions, mdast-util-gfm), the
// bench's floors keep remark-gfm, and tests/remark-gfm-lean.test.ts compares
// the trees both make.

import type { Nodes, Root } from 'mdast';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfmAutolinkLiteral } from 'micromark-extension-gfm-autolink-literal';
import { gfmFootnote } from 'micromark-extension-gfm-footnote';
import { gfmStrikethrough } from 'micromark-extension-gfm-strikethrough';
import { gfmTable } from 'micromark-extension-gfm-table';
import { gfmTaskListItem } from 'micromark-extension-gfm-task-list-item';
import type { Processor } from 'unified';
import type { ParserData } from './remark-parse-fork.js';

/** The GFM constructs a page's source could use (the others are always on). */
export interface GfmNeeds {
  autolinkLiterals: boolean;
  tables: boolean;
}

/** What each of the literal-autolink expressions and constructs needs (`www.` and the schemes in any case). */
const LITERAL_HINT = /@|https?:\/\/|www\./i;
/** LITERAL_HINT but `@`, its letters' cases spelled out: on a whole page, `includes` and this take half the time of the `i` flag's alternation. */
const LITERAL_HINT_NO_AT = /[hH][tT][tT][pP][sS]?:\/\/|[wW][wW][wW]\./;

/** The constructs a page's source could use (a table's delimiter row needs a pipe or a colon beside a dash). */
export function gfmNeeds(source: string): GfmNeeds {
  return {
    autolinkLiterals: source.includes('@') || LITERAL_HINT_NO_AT.test(source),
    tables: source.includes('|') || source.includes(':-') || source.includes('-:'),
  };
}

/** The plugin, for pages with these needs (all of GFM when none are given). */
export default function remarkGfmLean(this: Processor, needs: GfmNeeds = { autolinkLiterals: true, tables: true }): void {
  const data = this.data() as ParserData;
  data.micromarkExtensions ??= [];
  data.fromMarkdownExtensions ??= [];
  // micromark-extension-gfm's constructs, in its order.
  data.micromarkExtensions.push(
    ...(needs.autolinkLiterals ? [gfmAutolinkLiteral()] : []),
    gfmFootnote(),
    gfmStrikethrough(),
    ...(needs.tables ? [gfmTable()] : []),
    gfmTaskListItem(),
  );
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
  data.fromMarkdownExtensions.push(lean);
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
