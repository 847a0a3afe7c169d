// Markdown from OpenAPI documents (descriptions, summaries) is untrusted: it
// is parsed as plain CommonMark + GFM (never MDX: no code runs), turned into
// HTML without raw HTML, and sanitized with hast-util-sanitize's GitHub
// schema, which keeps only safe elements, attributes and URL schemes.

import type { Root } from 'hast';
import { sanitize } from 'hast-util-sanitize';
import { toHtml } from 'hast-util-to-html';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';

const processor = unified().use(remarkParse).use(remarkGfm).use(remarkRehype);

export function renderDescription(markdown: string): string {
  const hast = processor.runSync(processor.parse(markdown)) as Root;
  return toHtml(sanitize(hast));
}
