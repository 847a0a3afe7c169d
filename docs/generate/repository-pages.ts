// Pages of the docs site made from Markdown files at the repository's root,
// which stay there for readers of the repository (GitHub shows SECURITY.md
// and renders ARCHITECTURE.md's diagrams): SECURITY.md → docs/security.mdx,
// ARCHITECTURE.md → docs/architecture.mdx. The first heading becomes the
// title; links to the docs site's sources become site links; links to other
// files of the repository become their paths (the site does not publish the
// repository); the text is made safe for MDX.

import { readFileSync } from 'node:fs';
import type { GeneratedFile } from './generated-file.js';
import { codeSpan, frontmatter, generatedNotice, mdxText } from './mdx-text.js';

const GENERATOR = 'docs/generate/repository-pages.ts';

const PAGES = [
  {
    source: 'SECURITY.md',
    target: 'docs/security.mdx',
    title: 'Security',
    description: 'What docsc trusts, what it refuses, and which test holds each promise.',
  },
  {
    source: 'ARCHITECTURE.md',
    target: 'docs/architecture.mdx',
    title: 'Architecture',
    description: 'The pipeline in one picture, the code map, the invariants and the cache contract.',
  },
];

export function repositoryPages(root: string): GeneratedFile[] {
  return PAGES.map((page) => {
    const source = readFileSync(`${root}/${page.source}`, 'utf8');
    const withoutTitle = source.replace(/^# .*\n+/, '');
    const parts = withoutTitle.split(/^(```[\s\S]*?^```)$/m);
    const body = parts.map((part, i) => (i % 2 === 1 ? part : mdxText(relink(part)))).join('');
    const contents = [
      frontmatter({ title: page.title, description: page.description }),
      generatedNotice(GENERATOR, page.source),
      body.trim(),
      '',
    ].join('\n');
    return { path: page.target, contents };
  });
}

/** `[text](target)` with a repository path as target: a site link for the docs site's pages, the path as code otherwise. */
function relink(markdown: string): string {
  return markdown.replace(/\[([^\]\n]+)\]\(([^)\s]+)\)/g, (whole, text: string, target: string) => {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('#')) return whole;
    const page = /^docs\/([^#]+?)\.mdx?(#.*)?$/.exec(target);
    if (page) return `[${text}](/${(page[1] as string).replace(/(^|\/)index$/, '')}${page[2] ?? ''})`;
    const path = target.replace(/^\.\//, '');
    const plain = text.replace(/^`|`$/g, '');
    return plain === path ? codeSpan(path) : `${text} (${codeSpan(path)})`;
  });
}
