// A changelog page's feed entries (`rss: true` frontmatter), taken from its
// rendered body: each `<Update>` (components/updates.ts) gives its anchor id,
// label, description and tags, its content as HTML, and the title and
// summary its `rss` prop names instead. Made by the compile worker and cached
// with the body, so that the build writes the feed (site/rss-feed.ts) without
// rendering the page again. Iterative, so no nesting depth can overflow the
// stack; an Update inside another is part of the outer one's content.

import type { Element, ElementContent, Root } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { hasClass } from './components/tab-list.js';

export interface FeedEntry {
  /** The Update's anchor on the page. */
  id: string;
  label: string;
  description?: string;
  tags: string[];
  /** The Update's content, as HTML. */
  html: string;
  /** From the Update's `rss={{ title, description }}`: what the feed shows instead of its label and content. */
  title?: string;
  summary?: string;
}

/** What components/updates.ts keeps on an Update's element (`data`, which HTML leaves out). */
export interface UpdateData {
  rss?: { title?: string; description?: string };
}

export function feedEntries(root: Root): FeedEntry[] {
  const entries: FeedEntry[] = [];
  const stack: ElementContent[] = [...root.children].reverse() as ElementContent[];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (node.type !== 'element') continue;
    if (isUpdate(node)) {
      entries.push(entryOf(node));
      continue;
    }
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i] as ElementContent);
  }
  return entries;
}

/** Not a type guard: an element that is not an Update is still an element. */
function isUpdate(node: Element): boolean {
  return hasClass(node, 'docsc-update');
}

function entryOf(update: Element): FeedEntry {
  const meta = childWithClass(update, 'docsc-update-meta');
  const body = childWithClass(update, 'docsc-update-body');
  const description = meta && childWithClass(meta, 'docsc-update-description');
  const tags = meta && childWithClass(meta, 'docsc-update-tags');
  const entry: FeedEntry = {
    id: String(update.properties.id ?? ''),
    label: textOf(meta && childWithClass(meta, 'docsc-update-label')),
    tags: (tags?.children ?? []).filter((tag) => tag.type === 'element').map((tag) => textOf(tag)),
    html: body ? toHtml(body.children, { allowDangerousHtml: true }) : '',
  };
  if (description) entry.description = textOf(description);
  const rss = (update.data as UpdateData | undefined)?.rss;
  if (rss?.title !== undefined) entry.title = rss.title;
  if (rss?.description !== undefined) entry.summary = rss.description;
  return entry;
}

function childWithClass(parent: Element, name: string): Element | undefined {
  return parent.children.find((child): child is Element => hasClass(child, name));
}

/** The text of an element, whitespace collapsed. */
function textOf(node: Element | undefined): string {
  const parts: string[] = [];
  const stack: ElementContent[] = node ? [node] : [];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    if (next.type === 'text') parts.push(next.value);
    else if (next.type === 'element') for (let i = next.children.length - 1; i >= 0; i--) stack.push(next.children[i] as ElementContent);
  }
  return parts.join('').replace(/\s+/g, ' ').trim();
}
