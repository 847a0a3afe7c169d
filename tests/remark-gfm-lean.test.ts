// The page parser's GFM (compiler/pages/remark-gfm-lean.ts) leaves out each
// of the literal-autolink constructs (email, URL, www), the table and the
// footnote constructs for a page whose source could not use it, and skips the literal-autolink pass on trees whose text cannot hold
// one. It must give remark-gfm's tree, positions and all, for every page of
// the test fixtures and the bundled example, for lines at the edges, and for
// random sources made of the characters those constructs turn on; and every
// way (left out, kept; skipped, run) must be taken.

import { readFileSync } from 'node:fs';
import { createProcessor } from '@mdx-js/mdx';
import fc from 'fast-check';
import remarkGfm from 'remark-gfm';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import remarkGfmLean, { type GfmNeeds, gfmNeeds, gfmNeedsKey, mayHoldLiteral } from '../compiler/pages/remark-gfm-lean.js';
import { samplePages } from './support/sample-pages.js';

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
  'a\n:-',
  'a\n-:',
  'a | b\n- | -',
  'a\n---',
  '| a |\n| - |\n| 1 |',
  'Ratio 3:-1 and -:) here.',
  'Mail me&#64;example.com, visit www&#46;example.com or https&#58;//example.com.',
  '[a [b](c) www.example.com and https://x.org, [d] www.y.io',
  'x [www.y.com and https://z.org](u) then http://w.io',
  'A call[^1] and ![^2] near https://x.org, no mail.\n\n[^1]: www.y.io',
  '[^x]: https://x.org\n\n> www.quoted.io [^x]',
];

const gfm = {
  mdx: createProcessor({ format: 'mdx', remarkPlugins: [remarkGfm] }),
  md: createProcessor({ format: 'md', remarkPlugins: [remarkGfm] }),
};
const leanProcessors = new Map<string, ReturnType<typeof createProcessor>>();

/** The lean processor for a source, as parse-page.ts picks it. */
function lean(format: 'md' | 'mdx', needs: GfmNeeds): ReturnType<typeof createProcessor> {
  const key = `${format} ${gfmNeedsKey(needs)}`;
  let processor = leanProcessors.get(key);
  if (processor === undefined) {
    processor = createProcessor({ format, remarkPlugins: [[remarkGfmLean, needs]] });
    leanProcessors.set(key, processor);
  }
  return processor;
}

/** The tree as JSON, or the error the parser threw. */
function parsed(processor: ReturnType<typeof createProcessor>, text: string): string {
  try {
    return JSON.stringify(processor.parse(text));
  } catch (error) {
    return `error: ${error instanceof Error ? error.message : String(error)}`;
  }
}

test('GFM with constructs and the literal-autolink pass left out where they find nothing: the same trees as remark-gfm', () => {
  const samples = [
    ...samplePages().map((path) => ({
      name: path,
      text: readFileSync(path, 'utf8'),
      format: path.endsWith('.md') ? ('md' as const) : ('mdx' as const),
    })),
    ...EDGES.flatMap((text, n) =>
      (['md', 'mdx'] as const).map((format) => ({ name: `edge ${n} (${format}): ${JSON.stringify(text)}`, text, format })),
    ),
  ];
  const taken = new Set<string>();
  for (const { name, text, format } of samples) {
    const needs = gfmNeeds(text);
    const tree = parsed(lean(format, needs), text);
    assert.equal(tree, parsed(gfm[format], text), name);
    if (tree.startsWith('error: ')) continue;
    for (const [need, value] of Object.entries(needs)) taken.add(`${need} ${value}`);
    taken.add(`search ${mayHoldLiteral(lean(format, needs).parse(text))}`);
  }
  assert.equal(
    [...taken].sort(),
    ['emailLiterals', 'footnotes', 'protocolLiterals', 'search', 'tables', 'wwwLiterals'].flatMap((need) => [`${need} false`, `${need} true`]),
  );
});

test('random sources of table, autolink and block characters: the same trees as remark-gfm', () => {
  const pieces = [
    'a',
    'b',
    ' ',
    '  ',
    '\t',
    '\n',
    '\n\n',
    '-',
    '--',
    ':',
    '|',
    '> ',
    '* ',
    '1. ',
    '`',
    '#',
    'w',
    'www',
    '.',
    'h',
    'http',
    's',
    '://',
    '@',
    'x.y',
    '_',
    '~',
    '[',
    ']',
    '^',
    '[^',
    '](',
    ')',
    '!',
    '\\',
  ];
  fc.assert(
    fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 40 }), (parts) => {
      const text = parts.join('');
      return parsed(lean('md', gfmNeeds(text)), text) === parsed(gfm.md, text);
    }),
    { seed: 20261123, numRuns: 4000 },
  );
});

test('the hints need what each of the constructs and the pass expressions needs', () => {
  const tree = (text: string) => lean('mdx', gfmNeeds(text)).parse(text);
  assert.ok(mayHoldLiteral(tree('www.example.com')));
  assert.ok(mayHoldLiteral(tree('WWW.example.com')));
  assert.ok(mayHoldLiteral(tree('Http://x')));
  assert.ok(mayHoldLiteral(tree('me@example.com')));
  assert.not.ok(mayHoldLiteral(tree('`me@example.com` [x](https://example.com) www')));
  const none = { emailLiterals: false, protocolLiterals: false, wwwLiterals: false, tables: false, footnotes: false };
  assert.equal(gfmNeeds('Www.x and a\n:-'), { ...none, wwwLiterals: true, tables: true });
  assert.equal(gfmNeeds('HTTPS://x [^1]'), { ...none, protocolLiterals: true, footnotes: true });
  assert.equal(gfmNeeds('me@x [^ 1]'), { ...none, emailLiterals: true, footnotes: true });
  assert.equal(gfmNeeds('www x - y : z [ ^'), none);
});

test.run();
