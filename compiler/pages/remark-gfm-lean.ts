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
// - The parser's own constructs for literal autolinks, tables and footnotes,
//   tried at every word, line or bracket, are left out for a page whose
//   source could use none of them (`gfmNeeds`), each autolink construct on
//   its own: an email needs `@` (its construct is otherwise tried, and fails,
//   at the start of every word: 620 of mintlify's 1,106 pages have a link and
//   no `@`), a URL `http://` or `https://`, a `www.` link `www.`; a table's
//   delimiter row needs a pipe or a colon beside a dash (`a` over `:-` is a
//   table); a footnote call or definition needs `[^`.
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
import type { Construct, Extension } from 'micromark-util-types';
import type { Processor } from 'unified';
import type { ParserData } from './remark-parse-fork.js';

/** The GFM constructs a page's source could use (the others are always on). */
export interface GfmNeeds {
  /** Literal autolinks of emails (`me@example.com`). */
  emailLiterals: boolean;
  /** Literal autolinks of URLs (`https://example.com`). */
  protocolLiterals: boolean;
  /** Literal autolinks of `www.` domains. */
  wwwLiterals: boolean;
  tables: boolean;
  footnotes: boolean;
}

/** All of GFM. */
const ALL_NEEDS: GfmNeeds = { emailLiterals: true, protocolLiterals: true, wwwLiterals: true, tables: true, footnotes: true };

/** What each of the literal-autolink expressions and constructs needs (`www.` and the schemes in any case). */
const LITERAL_HINT = /@|https?:\/\/|www\./i;
/** The schemes and `www.`, their letters' cases spelled out: on a whole page, this takes half the time of the `i` flag's alternation. */
const PROTOCOL_HINT = /[hH][tT][tT][pP][sS]?:\/\//;
const WWW_HINT = /[wW][wW][wW]\./;

/** The constructs a page's source could use (a table's delimiter row needs a pipe or a colon beside a dash). */
export function gfmNeeds(source: string): GfmNeeds {
  return {
    emailLiterals: source.includes('@'),
    protocolLiterals: PROTOCOL_HINT.test(source),
    wwwLiterals: WWW_HINT.test(source),
    tables: source.includes('|') || source.includes(':-') || source.includes('-:'),
    footnotes: source.includes('[^'),
  };
}

/** A name for the set of constructs, for the processors and memos made per set. */
export function gfmNeedsKey(needs: GfmNeeds): string {
  return (Object.keys(ALL_NEEDS) as (keyof GfmNeeds)[]).map((need) => (needs[need] ? `+${need}` : '')).join('');
}

/** The names of micromark-extension-gfm-autolink-literal's constructs, by the need each serves. */
const LITERAL_CONSTRUCTS = { emailLiterals: 'emailAutolink', protocolLiterals: 'protocolAutolink', wwwLiterals: 'wwwAutolink' } as const;

/** The literal-autolink extension with only the constructs needed, in their order; undefined when none is. */
function autolinkLiterals(needs: GfmNeeds): Extension | undefined {
  const names = new Set<string>(
    Object.entries(LITERAL_CONSTRUCTS).flatMap(([need, name]) => (needs[need as keyof typeof LITERAL_CONSTRUCTS] ? [name] : [])),
  );
  if (names.size === 0) return undefined;
  const extension = gfmAutolinkLiteral();
  if (names.size === Object.keys(LITERAL_CONSTRUCTS).length) return extension;
  const text: NonNullable<Extension['text']> = {};
  for (const [code, constructs] of Object.entries(extension.text ?? {})) {
    const kept = [constructs].flat().filter((construct): construct is Construct => construct !== undefined && names.has(construct.name ?? ''));
    if (kept.length > 0) text[Number(code)] = kept;
  }
  return { ...extension, text };
}

/** The plugin, for pages with these needs (all of GFM when none are given). */
export default function remarkGfmLean(this: Processor, needs: GfmNeeds = ALL_NEEDS): void {
  const data = this.data() as ParserData;
  data.micromarkExtensions ??= [];
  data.fromMarkdownExtensions ??= [];
  // micromark-extension-gfm's constructs, in its order.
  data.micromarkExtensions.push(
    ...[autolinkLiterals(needs) ?? []].flat(),
    ...(needs.footnotes ? [gfmFootnote()] : []),
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
