// The work the parse floors time: read a page, strip its frontmatter and its
// `{#custom-id}` heading suffixes (the two things plain MDX rejects, see
// REFERENCE.md), and parse it with @mdx-js/mdx's parser alone — no YAML, no
// tree walk, no transforms.
//
// In `html` mode (the MDX compile floor the build is compared to), the
// parser has remark-gfm too, and each tree goes on to HTML: mdast → hast
// with remark-rehype (the MDX node types passed through), those nodes made
// plain elements (a JSX element becomes an element of its name with its
// literal attributes; ESM and expressions are dropped), and hast → HTML with
// hast-util-to-html. No component rendering, no layout, no writes.
//
// In `compile` mode, each page is compiled by @mdx-js/mdx as `compile()`
// does it (with remark-gfm): parsed, through its remark and rehype stages,
// to the JavaScript module of the page. What the issue calls the MDX compile;
// the module still has to run (through React, say) to make HTML.

import { readFileSync } from 'node:fs';
import { createProcessor } from '@mdx-js/mdx';
import type { Element, ElementContent, Properties, Root, RootContent } from 'hast';
import { toHtml } from 'hast-util-to-html';
import remarkGfm from 'remark-gfm';
import remarkRehype, { type Options as RemarkRehypeOptions } from 'remark-rehype';
import { unified } from 'unified';
import type { WorkCounts } from './floor-clock.js';

export type FloorMode = 'parse' | 'html' | 'compile';

const FRONTMATTER = /^---\r?\n[\s\S]*?\r?\n---\r?\n/;
const CUSTOM_ID = /[ \t]*\{#[^\s{}]+\}[ \t]*$/gm;
const MDX_NODES: NonNullable<RemarkRehypeOptions['passThrough']> = [
  'mdxjsEsm',
  'mdxFlowExpression',
  'mdxTextExpression',
  'mdxJsxFlowElement',
  'mdxJsxTextElement',
];
const MDX_TYPES: ReadonlySet<string> = new Set(MDX_NODES);

export function parseFiles(files: readonly string[], mode: FloorMode = 'parse'): WorkCounts {
  const processor = createProcessor({ format: 'mdx', remarkPlugins: mode === 'parse' ? [] : [remarkGfm] });
  const toHast = unified().use(remarkRehype, { passThrough: MDX_NODES });
  let bytes = 0;
  let outputBytes = 0;
  for (const file of files) {
    const content = readFileSync(file);
    const text = content.toString('utf8').replace(FRONTMATTER, '').replace(CUSTOM_ID, '');
    if (mode === 'compile') outputBytes += String(processor.processSync(text)).length;
    else {
      const tree = processor.parse(text);
      if (mode === 'html') outputBytes += toHtml(plainElements(toHast.runSync(tree) as Root)).length;
    }
    bytes += content.length;
  }
  if (mode === 'html') return { files: files.length, bytes, htmlBytes: outputBytes };
  if (mode === 'compile') return { files: files.length, bytes, jsBytes: outputBytes };
  return { files: files.length, bytes };
}

/** A passed-through MDX node, as remark-rehype leaves it (its children already hast). */
interface MdxNode {
  type: string;
  name?: string | null;
  attributes?: { type: string; name?: string; value?: unknown }[];
  children?: unknown[];
}

/** The tree with its MDX nodes made elements (JSX) or dropped (ESM, expressions), so that hast-util-to-html takes it. */
function plainElements(root: Root): Root {
  return { ...root, children: root.children.flatMap((child) => plainNode(child) as RootContent[]) };
}

function plainNode(node: RootContent | ElementContent): (RootContent | ElementContent)[] {
  const mdx = node as unknown as MdxNode;
  if (mdx.type === 'mdxJsxFlowElement' || mdx.type === 'mdxJsxTextElement') {
    const properties: Properties = {};
    for (const attribute of mdx.attributes ?? []) {
      if (attribute.type === 'mdxJsxAttribute' && attribute.name && (typeof attribute.value === 'string' || attribute.value === null)) {
        properties[attribute.name] = attribute.value ?? true;
      }
    }
    const children = ((mdx.children ?? []) as ElementContent[]).flatMap((child) => plainNode(child) as ElementContent[]);
    return [{ type: 'element', tagName: mdx.name ?? 'div', properties, children } satisfies Element];
  }
  if (MDX_TYPES.has(mdx.type)) return [];
  if ('children' in node) return [{ ...node, children: node.children.flatMap((child) => plainNode(child) as ElementContent[]) } as Element];
  return [node];
}
