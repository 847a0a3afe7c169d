// The Markdown of generated API pages (`contextual` copy and view): the
// fixture document's pages against a baseline
// (tests/fixtures/api/reference.expected.md), the fixture site built with the
// menu (each generated page's `.md` beside it, kept and restored like the
// page), and the bounds that keep a document's giant schemas from making
// megabytes of Markdown.

import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { build } from '../compiler/build/build.js';
import { BuildSession } from '../compiler/build/build-session.js';
import type { OpenApiDocument } from '../compiler/openapi/openapi-document.js';
import { DEFAULT_API_SETTINGS } from '../compiler/reference/api-settings.js';
import { inlineCode, MAX_CHARS } from '../compiler/reference/render-api-markdown.js';
import { renderApiPage } from '../compiler/reference/render-api-page.js';
import { matchBaseline } from './support/baseline.js';
import { loadDocument } from './support/load-document.js';
import { dumpOutput, listFiles } from './support/output-tree.js';

const SITE = 'tests/fixtures/api/site';

function items(document: OpenApiDocument) {
  return [
    ...document.operations.map((operation) => ({ title: operation.summary ?? operation.path, item: { type: 'operation' as const, operation } })),
    ...document.webhooks.map((webhook) => ({ title: webhook.name, item: { type: 'webhook' as const, webhook } })),
  ];
}

/** Fence lines (```…) come in pairs: an open one would swallow the rest of the file. */
function assertFencesClosed(markdown: string): void {
  let open: string | undefined;
  for (const line of markdown.split('\n')) {
    const fence = /^`{3,}/.exec(line)?.[0];
    if (fence === undefined) continue;
    if (open === undefined) open = fence;
    else if (/^`+\s*$/.test(line) && fence.length >= open.length) open = undefined;
  }
  assert.is(open, undefined, 'a fence is left open');
}

test('the fixture document as Markdown, against the baseline', async () => {
  const document = await loadDocument(SITE, 'openapi.yaml');
  const parts = items(document).map(({ title, item }) => {
    const markdown = renderApiPage(document, item, DEFAULT_API_SETTINGS, title).markdown ?? '';
    assertFencesClosed(markdown);
    return `=== ${title}\n${markdown}`;
  });
  matchBaseline('tests/fixtures/api/reference.expected.md', parts.join('\n'));
  const html = renderApiPage(document, items(document)[0]?.item as never, DEFAULT_API_SETTINGS);
  assert.is(html.markdown, undefined, 'made only when asked for');
});

test('with contextual copy and view, each generated page has its Markdown, kept and restored like the page', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'docsc-api-md-'));
  try {
    const root = join(dir, 'docs');
    cpSync(SITE, root, { recursive: true });
    const config = JSON.parse(readFileSync(join(root, 'docs.json'), 'utf8'));
    writeFileSync(join(root, 'docs.json'), JSON.stringify({ ...config, contextual: { options: ['copy', 'view'] } }));
    const out = join(dir, 'out');
    const cache = join(dir, 'cache');
    const first = await build({ root, outDir: out, cacheDir: cache, threads: 1 });
    assert.ok(first.ok);
    const markdown = listFiles(out).filter((file) => file.endsWith('.md'));
    assert.equal(markdown, [
      'api-reference/hidden-thing.md',
      'api-reference/new-pet.md',
      'api-reference/pets/create-a-pet.md',
      'api-reference/pets/delete-a-pet.md',
      'api-reference/pets/get-a-pet.md',
      'api-reference/pets/list-pets.md',
      'api-reference/pets/upload-a-photo.md',
      'api-reference/status.md',
      'guides/create-widget.md',
      'guides/manual-get.md',
      'guides/pet-schema.md',
      'index.md',
    ]);
    const read = (path: string) => readFileSync(join(out, path), 'utf8');
    assert.ok(
      read('api-reference/pets/get-a-pet.md').startsWith(
        '# Get a pet\n\n<Note>Pets are fetched from the nearest shelter.</Note>\n\n`GET /pets/{petId}`\n',
      ),
      'the title, x-docs content as written, then the reference',
    );
    assert.is(read('guides/manual-get.md'), readFileSync(join(root, 'guides/manual-get.mdx'), 'utf8'), 'a hand-written page: its MDX');
    const create = read('api-reference/pets/create-a-pet/index.html');
    assert.match(create, '<button type="button" class="docsc-page-copy" data-markdown="/api-reference/pets/create-a-pet.md">');
    assert.match(create, '<a href="/api-reference/pets/create-a-pet.md"><span class="docsc-action-title">View as Markdown</span>');
    assert.match(
      read('llms.txt'),
      '\n- [Create a pet](/api-reference/pets/create-a-pet.md): Adds a pet to the shelter.\n',
      'llms.txt links to the Markdown',
    );

    // A deleted Markdown file is written again by the next build that is not a no-op, with its page.
    rmSync(join(out, 'api-reference/pets/create-a-pet.md'));
    writeFileSync(join(root, 'index.mdx'), `${readFileSync(join(root, 'index.mdx'), 'utf8')}\nMore.\n`);
    const second = await build({ root, outDir: out, cacheDir: cache, threads: 1 });
    assert.ok(second.recomputed.laidOut.includes('api-reference/pets/create-a-pet'));
    assert.not.ok(second.recomputed.laidOut.includes('api-reference/pets/list-pets'), 'the others are kept');
    assert.equal(second.recomputed.apiPages, [], 'from the cache');
    const clean = join(dir, 'clean');
    await build({ root, outDir: clean, cacheDir: false, threads: 1 });
    assert.equal(dumpOutput(out, { full: true }), dumpOutput(clean, { full: true }));

    // Without copy or view, generated pages have no Markdown (and no menu item for it).
    writeFileSync(join(root, 'docs.json'), JSON.stringify({ ...config, contextual: { options: ['chatgpt'] } }));
    await build({ root, outDir: out, cacheDir: cache, threads: 1 });
    assert.equal(
      listFiles(out).filter((file) => file.endsWith('.md')),
      [],
    );
    assert.not.match(read('api-reference/pets/create-a-pet/index.html'), 'data-markdown=');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('bounded: fields, depth, examples and the page are cut with a note; code spans and fences hold any backticks', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'docsc-api-md-bounds-'));
  try {
    const long = 'A field of the giant. '.repeat(40);
    const properties = Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`field${i}`, { type: 'string', description: long }]));
    let deep: Record<string, unknown> = { type: 'string' };
    for (let i = 9; i >= 0; i--) deep = { type: 'object', properties: { [`level${i}`]: deep } };
    const responses = Object.fromEntries(
      Array.from({ length: 40 }, (_, i) => [
        String(200 + i),
        { description: 'Giant.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Giant' } } } },
      ]),
    );
    const spec = {
      openapi: '3.1.0',
      info: { title: 'Giant', version: '1' },
      paths: {
        '/giant': {
          post: {
            summary: 'Giant',
            description: 'Has a fence:\n\n```\ncode\n```\n',
            requestBody: {
              content: {
                'application/json': {
                  schema: { type: 'object', properties: { 'a`b': { type: 'string' }, deep } },
                  example: { text: 'x'.repeat(10_000), fence: '````' },
                },
              },
            },
            responses,
          },
        },
      },
      components: { schemas: { Giant: { type: 'object', properties } } },
    };
    writeFileSync(join(dir, 'giant.json'), JSON.stringify(spec));
    const document = await loadDocument(dir, 'giant.json');
    const markdown = renderApiPage(document, items(document)[0]?.item as never, DEFAULT_API_SETTINGS, 'Giant').markdown ?? '';
    assert.ok(markdown.length <= MAX_CHARS + 200, `${markdown.length} characters`);
    assert.ok(markdown.endsWith('…the rest of this reference is on the page; it is longer than this file shows.\n'));
    assertFencesClosed(markdown);
    assert.match(markdown, '100 more properties not listed', 'at most 200 fields a tree');
    assert.match(markdown, '- ``a`b`` (string)');
    assert.match(markdown, '`level4` (object)');
    assert.not.match(markdown, '`level5`', 'six levels of nesting at most');
    assert.not.match(markdown, 'x'.repeat(4_001), 'an example is cut');
    assert.is(inlineCode('`x`'), '`` `x` ``');
    assert.is(inlineCode('a\nb'), '`a b`');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a page's Markdown copy applies <Visibility>: humans' content left out, agents' content unwrapped; the site the reverse; a dev patch follows", async () => {
  const dir = mkdtempSync(join(tmpdir(), 'docsc-visibility-'));
  try {
    const root = join(dir, 'docs');
    cpSync('tests/fixtures/components/docs', root, { recursive: true });
    const config = JSON.parse(readFileSync(join(root, 'docs.json'), 'utf8'));
    config.contextual = { options: ['copy'] };
    config.navigation.groups[0].pages.push('audiences');
    writeFileSync(join(root, 'docs.json'), JSON.stringify(config));
    const page = [
      '---',
      'title: Audiences',
      '---',
      '',
      '## Shared',
      '',
      '<Visibility for="humans">',
      '  ## Click path',
      '',
      '  Click **Create**.',
      '</Visibility>',
      '',
      '<Visibility for="agents">',
      '  ## API path',
      '',
      '  ```bash',
      '  curl -X POST /v1/things',
      '  ```',
      '</Visibility>',
      '',
      'The end.',
      '',
    ].join('\n');
    writeFileSync(join(root, 'audiences.mdx'), page);
    const out = join(dir, 'out');
    const options = { root, outDir: out, cacheDir: join(dir, 'cache'), threads: 1 };
    const session = new BuildSession(options);
    await session.build();
    const markdown = () => readFileSync(join(out, 'audiences.md'), 'utf8');
    assert.is(markdown(), '---\ntitle: Audiences\n---\n\n## Shared\n\n## API path\n\n```bash\ncurl -X POST /v1/things\n```\n\nThe end.\n');
    const html = readFileSync(join(out, 'audiences/index.html'), 'utf8');
    assert.match(html, 'id="click-path"');
    assert.not.match(html, 'API path', "agents' content is not on the site, nor in its table of contents");
    assert.is(readFileSync(join(out, 'index.md'), 'utf8'), readFileSync(join(root, 'index.mdx'), 'utf8'), 'a page without blocks: as written');
    writeFileSync(join(root, 'audiences.mdx'), page.replace('The end.', 'The very end.'));
    const patched = await session.build(['audiences.mdx']);
    assert.ok(patched.recomputed.patched);
    await session.settled();
    assert.match(markdown(), '```\n\nThe very end.\n');
    assert.not.match(markdown(), 'Click');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
