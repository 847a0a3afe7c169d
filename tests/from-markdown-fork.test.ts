// The page parser compiles mdast with a fork of mdast-util-from-markdown
// (compiler/pages/vendor/from-markdown.ts, through remark-parse-fork.ts). The
// fork must be exactly what its generator makes of the installed package, and
// give remark-parse's trees, positions and all, and its errors, for every page
// of the test fixtures and the bundled example, and for random sources of
// Markdown, MDX and GFM syntax, valid or not.

import { readFileSync } from 'node:fs';
import { createProcessor } from '@mdx-js/mdx';
import fc from 'fast-check';
import remarkGfm from 'remark-gfm';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import remarkParseFork from '../compiler/pages/remark-parse-fork.js';
import { FORK_PATH, forkOf, installedUpstream } from './support/from-markdown-fork.js';
import { samplePages } from './support/sample-pages.js';

type Format = 'md' | 'mdx';
const upstream = {
  md: createProcessor({ format: 'md', remarkPlugins: [remarkGfm] }),
  mdx: createProcessor({ format: 'mdx', remarkPlugins: [remarkGfm] }),
};
const forked = {
  md: createProcessor({ format: 'md', remarkPlugins: [remarkGfm, remarkParseFork] }),
  mdx: createProcessor({ format: 'mdx', remarkPlugins: [remarkGfm, remarkParseFork] }),
};

/** The tree as JSON, or the error the parser threw (its message and place). */
function parsed(processor: ReturnType<typeof createProcessor>, text: string): string {
  try {
    return JSON.stringify(processor.parse(text));
  } catch (error) {
    return `error: ${error instanceof Error ? error.message : String(error)} ${JSON.stringify((error as { place?: unknown }).place)}`;
  }
}

test('the fork is its generator’s output for the installed mdast-util-from-markdown', () => {
  // On failure: node --import tsx tests/support/from-markdown-fork.ts --write (after reading upstream's changes).
  assert.ok(readFileSync(FORK_PATH, 'utf8') === forkOf(installedUpstream()), `${FORK_PATH} is not the generator's output`);
});

test('the generator refuses an upstream whose code the edit no longer fits', () => {
  const current = installedUpstream();
  const moved = { ...current, source: current.source.replace('// Note: spread first', '// spread first') };
  assert.throws(() => forkOf(moved), /handler call is not the one the fork edits/);
});

test('every sample page: the same tree or error as remark-parse', () => {
  const errors = { seen: 0 };
  for (const path of samplePages()) {
    const text = readFileSync(path, 'utf8');
    const format: Format = path.endsWith('.md') ? 'md' : 'mdx';
    const tree = parsed(forked[format], text);
    assert.equal(tree, parsed(upstream[format], text), path);
    if (tree.startsWith('error: ')) errors.seen++;
  }
  // The fixtures hold pages the parser rejects: their errors are compared too.
  assert.ok(errors.seen > 0);
});

test('random sources of Markdown, MDX and GFM syntax: the same trees and errors as remark-parse', () => {
  const pieces = [
    'a',
    ' ',
    '\n',
    '\n\n',
    '  ',
    '# ',
    '> ',
    '- ',
    '1. ',
    '* ',
    '`',
    '```',
    '~~',
    '*',
    '_',
    '[',
    '](',
    ')',
    '[^1]',
    '[^1]: ',
    '![',
    '<',
    '>',
    '</',
    '/>',
    '<Card',
    '<Card title="x">',
    '</Card>',
    '{',
    '}',
    '{1 + 1}',
    'export const a = 1',
    'import x from "./x"',
    '|',
    '-',
    ':',
    '&amp;',
    '&#64;',
    '\\',
    'www.x.org',
    'a@b.co',
    'https://x.org',
    '- [ ] ',
    '<!-- c -->',
    '    ',
    '===',
  ];
  for (const format of ['md', 'mdx'] as const)
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 40 }), (parts) => {
        const text = parts.join('');
        return parsed(forked[format], text) === parsed(upstream[format], text);
      }),
      { seed: 20261123, numRuns: 3000 },
    );
});

test('the reused parser and compiler: nothing of one document reaches the next, even one that failed', () => {
  // Each pair: a document that leaves state behind (definitions, footnotes, ESM names, open tags; some fail), then one that would read it.
  const pairs = [
    ['[a]: /x\n\n<B>', '[a] and [a][]'],
    ['[^n]: note\n\n{', 'Text[^n].'],
    ['import a from "a"\n\n<C', 'import a from "b"\n\n{a}'],
    ['<D>\n\n<E>\n', '</D>\n\ntext'],
    ['- a\n> b\nlazy\n\n{1 +', '- c\ncontinued\n\n<F />'],
  ];
  for (const format of ['md', 'mdx'] as const)
    for (const [first, second] of pairs)
      for (const text of [first, second, second, first, second])
        assert.equal(parsed(forked[format], text as string), parsed(upstream[format], text as string), `${format}: ${JSON.stringify(text)}`);
});

test.run();
