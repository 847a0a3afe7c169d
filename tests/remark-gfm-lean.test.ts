// The page parser's GFM (compiler/pages/remark-gfm-lean.ts) skips the
// literal-autolink pass on trees whose text cannot hold one. It must give
// remark-gfm's tree, positions and all, for every page of the test fixtures
// and the bundled example, and for lines at the pass's edges; and both ways
// (skipped, run) must be taken.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createProcessor } from '@mdx-js/mdx';
import remarkGfm from 'remark-gfm';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import remarkGfmLean, { mayHoldLiteral } from '../compiler/pages/remark-gfm-lean.js';

const EDGES = [
  'Visit www.example.com today.',
  'Visit WWW.EXAMPLE.COM today.',
  'Visit Www.example.com.',
  'See HTTPS://example.com/a?b=c#d and http://x.org.',
  'Write to me@example.com, or to a.b+c@mail.example.org.',
  'mailto:me@example.com and xmpp:me@example.com/home',
  'Not a link: www and http:/x and me@ and @home.',
  'Only in code: `https://example.com` and `me@example.com`.',
  'Only a destination: [docs](https://example.com/docs).',
  '[www.example.com](https://example.com) is already a link.',
  '**www.example.com** and _me@example.com_ and ~~https://x.org~~',
  '| a | b |\n| - | - |\n| www.example.com | me@example.com |',
  '- [ ] task with https://example.com\n- [x] done',
  'A footnote[^1].\n\n[^1]: At https://example.com.',
  '<Note>Read www.example.com first.</Note>',
  '<Card title="x" href="https://example.com">No literal here.</Card>',
  '<Card title="x">\n  Mail me@example.com.\n</Card>',
  '```bash\ncurl https://api.example.com\n```\n\nText without any.',
  'https://example.com',
  'a@b',
  'www.',
];

function pagesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name.startsWith('.') || name === '_site') return [];
    if (statSync(path).isDirectory()) return pagesUnder(path);
    return /\.mdx?$/.test(name) ? [path] : [];
  });
}

const processors = {
  gfm: { mdx: createProcessor({ format: 'mdx', remarkPlugins: [remarkGfm] }), md: createProcessor({ format: 'md', remarkPlugins: [remarkGfm] }) },
  lean: {
    mdx: createProcessor({ format: 'mdx', remarkPlugins: [remarkGfmLean] }),
    md: createProcessor({ format: 'md', remarkPlugins: [remarkGfmLean] }),
  },
};

/** The tree as JSON, or the error the parser threw. */
function parsed(kind: 'gfm' | 'lean', format: 'md' | 'mdx', text: string): string {
  try {
    return JSON.stringify(processors[kind][format].parse(text));
  } catch (error) {
    return `error: ${error instanceof Error ? error.message : String(error)}`;
  }
}

test('GFM with the literal-autolink pass skipped where it finds nothing: the same trees as remark-gfm', () => {
  const samples = [
    ...[...pagesUnder('tests/fixtures'), ...pagesUnder('examples')].map((path) => ({
      name: path,
      text: readFileSync(path, 'utf8'),
      format: path.endsWith('.md') ? ('md' as const) : ('mdx' as const),
    })),
    ...EDGES.flatMap((text, n) =>
      (['md', 'mdx'] as const).map((format) => ({ name: `edge ${n} (${format}): ${JSON.stringify(text)}`, text, format })),
    ),
  ];
  let skipped = 0;
  let searched = 0;
  for (const { name, text, format } of samples) {
    const lean = parsed('lean', format, text);
    assert.equal(lean, parsed('gfm', format, text), name);
    if (lean.startsWith('error: ')) continue;
    if (mayHoldLiteral(processors.lean[format].parse(text))) searched++;
    else skipped++;
  }
  assert.ok(skipped > 100 && searched > 20, `skipped ${skipped}, searched ${searched}`);
});

test('the hint needs what each of the pass expressions needs', () => {
  const tree = (text: string) => processors.lean.mdx.parse(text);
  assert.ok(mayHoldLiteral(tree('www.example.com')));
  assert.ok(mayHoldLiteral(tree('WWW.example.com')));
  assert.ok(mayHoldLiteral(tree('Http://x')));
  assert.ok(mayHoldLiteral(tree('me@example.com')));
  assert.not.ok(mayHoldLiteral(tree('`me@example.com` [x](https://example.com) www')));
});

test.run();
