// The parse the parse floors time: read a page, strip its frontmatter and its
// `{#custom-id}` heading suffixes (the two things plain MDX rejects, see
// REFERENCE.md), and parse it with @mdx-js/mdx's parser alone — no YAML, no
// tree walk, no transforms.

import { readFileSync } from 'node:fs';
import { createProcessor } from '@mdx-js/mdx';
import type { WorkCounts } from './floor-clock.js';

const FRONTMATTER = /^---\r?\n[\s\S]*?\r?\n---\r?\n/;
const CUSTOM_ID = /[ \t]*\{#[^\s{}]+\}[ \t]*$/gm;

export function parseFiles(files: readonly string[]): WorkCounts {
  const processor = createProcessor({ format: 'mdx' });
  let bytes = 0;
  for (const file of files) {
    const content = readFileSync(file);
    processor.parse(content.toString('utf8').replace(FRONTMATTER, '').replace(CUSTOM_ID, ''));
    bytes += content.length;
  }
  return { files: files.length, bytes };
}
