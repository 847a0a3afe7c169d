// The bench corpus in Hugo's form (bench/hugo/write-site.ts), for the Hugo
// peer: MDX components become shortcodes, snippets headless pages, code
// fences' meta Hugo attributes; and Hugo (Debian's package, installed by
// .ci/run) builds the site written from a generated corpus, one page per
// page of the corpus, with no component left unconverted. Skipped where Hugo
// is missing, except in CI. No timings are asserted here.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { generateCorpus } from '../bench/corpus/generate.js';
import { convertBody, writeHugoSite } from '../bench/hugo/write-site.js';

const PAGES = 60;
const temp = mkdtempSync(join(tmpdir(), 'docsc-bench-hugo-'));
const hugo = spawnSync('hugo', ['version'], { encoding: 'utf8' });
const hasHugo = hugo.status === 0;

test('components become shortcodes, snippets a shortcode, fence meta Hugo attributes, links folder URLs', () => {
  const mdx = [
    "import ApiKeyNote from '/snippets/api-key-note.mdx';",
    '',
    'See [the guide](/guides/start#install) and [a sibling](./other).',
    '',
    '<ApiKeyNote />',
    '',
    '<CardGroup cols={2}>',
    '  <Card title="Start" icon="rocket" href="/guides/start">',
    '    Read this first.',
    '  </Card>',
    '</CardGroup>',
    '',
    '<ParamField query="limit" type="integer" required>',
    '  How many.',
    '</ParamField>',
    '',
    '<Warning>',
    '  Careful.',
    '</Warning>',
    '',
    '```python title="main.py" {1,3-4}',
    '    indented = "kept"',
    '```',
  ].join('\n');
  assert.is(
    convertBody(mdx),
    [
      '',
      'See [the guide](/guides/start/#install) and [a sibling](../other/).',
      '',
      '{{< snippet "api-key-note" >}}',
      '',
      '{{% cardgroup cols="2" %}}',
      '{{% card title="Start" icon="rocket" href="/guides/start/" %}}',
      'Read this first.',
      '{{% /card %}}',
      '{{% /cardgroup %}}',
      '',
      '{{% paramfield query="limit" type="integer" required="true" %}}',
      'How many.',
      '{{% /paramfield %}}',
      '',
      '{{% callout kind="warning" %}}',
      'Careful.',
      '{{% /callout %}}',
      '',
      '```python {title="main.py" hl_lines=["1","3-4"]}',
      '    indented = "kept"',
      '```',
    ].join('\n'),
  );
});

const withHugo = hasHugo ? test : test.skip;
if (!hasHugo) {
  if (process.env.CI === 'true') test('hugo, the bench peer, is installed', () => assert.unreachable('hugo is missing (.ci/run installs it)'));
  else console.log('bench Hugo site tests skipped: hugo is missing (apt-get install hugo)');
}

withHugo('Hugo builds the site written from a generated corpus: every page, no component left as text, snippets and redirects in', () => {
  const corpus = join(temp, 'corpus');
  generateCorpus({ pages: PAGES, seed: 3, variant: 'basic', outDir: corpus });
  const site = join(temp, 'site');
  const written = writeHugoSite(corpus, site);
  assert.is(written.pages, PAGES);
  const out = join(temp, 'public');
  const run = spawnSync('hugo', ['--source', site, '--destination', out, '--cacheDir', join(temp, 'cache'), '--noBuildLock', '--quiet'], {
    encoding: 'utf8',
  });
  assert.is(run.status, 0, run.stderr);
  const pages = readdirSync(corpus, { recursive: true })
    .map(String)
    .filter((path) => path.endsWith('.mdx') && !path.startsWith('snippets/'));
  assert.is(pages.length, PAGES);
  for (const page of pages) {
    const path = page.slice(0, -'.mdx'.length);
    const html = join(out, path === 'index' ? '' : path, 'index.html');
    assert.ok(existsSync(html), `no output for ${page}`);
    const text = readFileSync(html, 'utf8');
    assert.not.match(
      text,
      /&lt;\/?[A-Z]\w*|<\/?(Card|Note|Tip|Warning|Info|Check|Tabs?|Steps?|Accordion|CodeGroup|ParamField|ResponseField|Expandable)\b|\{\{[<%]/,
      page,
    );
    assert.match(text, /<nav class="sidebar">[\s\S]*<a href="\//, `${page} has no sidebar`);
  }
  // A page that uses a snippet shows the snippet's text.
  const withSnippet = pages.find((page) => readFileSync(join(corpus, page), 'utf8').includes("from '/snippets/"));
  assert.ok(withSnippet, 'some page imports a snippet');
  const snippet = /from '\/(snippets\/[^']+)'/.exec(readFileSync(join(corpus, withSnippet as string), 'utf8'))?.[1] as string;
  // Its first line of text, up to its link (a callout's sentence, or an example's).
  const lines = readFileSync(join(corpus, snippet), 'utf8').split('\n');
  const sentence = lines
    .map((line) => line.trim())
    .find((line) => line !== '' && !line.startsWith('<'))
    ?.split(' See [')[0];
  const output = readFileSync(join(out, (withSnippet as string).slice(0, -'.mdx'.length), 'index.html'), 'utf8');
  assert.ok(sentence && output.includes(sentence), `the snippet's text (${sentence}) is in ${withSnippet}`);
  // docs.json's redirects are Hugo aliases: a redirect page at each old path.
  const redirects = (JSON.parse(readFileSync(join(corpus, 'docs.json'), 'utf8')) as { redirects: { source: string }[] }).redirects;
  for (const { source } of redirects) assert.ok(existsSync(join(out, source, 'index.html')), `no redirect page at ${source}`);
  // The search index lists every page.
  const index = JSON.parse(readFileSync(join(out, 'index.json'), 'utf8')) as unknown[];
  assert.is(index.length, PAGES);
});

test.after(() => rmSync(temp, { recursive: true, force: true }));

test.run();
