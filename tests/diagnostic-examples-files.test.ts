// Diagnostic examples of files docsc cannot or will not read as they are
// (tests/support/diagnostic-example.ts): a folder where an OpenAPI document
// is named, a page over 2 MiB, a page over the size limit, a page and a
// snippet reached through symbolic links leading out of the docs root, and a
// page that needs more memory than Node gives (`docsc check`, run as a child
// with a 64 MB heap, as tests/page-out-of-memory.test.ts does), pages the
// parser would take minutes over.

import { truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { check } from '../compiler/check.js';
import type { Diagnostic } from '../compiler/diagnostics/diagnostic.js';
import { ISOLATED_PAGE_CHARS, LARGE_PAGE_BYTES, MAX_PAGE_BYTES } from '../compiler/host/project-host.js';
import { ExampleCase } from './support/diagnostic-example.js';
import { runNode } from './support/run-node.js';

const projectRoot = fileURLToPath(new URL('../', import.meta.url));

async function checkExample(name: string, setUp: (example: ExampleCase) => void): Promise<void> {
  const example = new ExampleCase(name);
  try {
    setUp(example);
    example.command('check --no-cache');
    const result = await check({ root: example.root, threads: 1 });
    example.record(result.diagnostics);
  } finally {
    example.remove();
  }
}

test('file/unreadable: the OpenAPI document docs.json names is a folder', () =>
  checkExample('file-unreadable', (example) => example.folder('api.yaml')));

test('file/large-page: a notebook exported with its image inline, over 2 MiB', () =>
  checkExample('file-large-page', (example) => {
    const image = `![plot](data:image/png;base64,${'iVBORw0KGgo'.repeat(Math.ceil(LARGE_PAGE_BYTES / 11) + 1000)})`;
    const page = `---\ntitle: Notebook\n---\n\n# Plot\n\n${image}\n`;
    example.write('notebook.mdx', page, `${Buffer.byteLength(page)} bytes: a title, a heading, and one image inline (base64)`);
  }));

test('file/too-large: a page over the 32 MiB limit', () =>
  checkExample('file-too-large', (example) => {
    writeFileSync(example.at('export.mdx'), '');
    truncateSync(example.at('export.mdx'), MAX_PAGE_BYTES + 1);
    example.step(`export.mdx: ${MAX_PAGE_BYTES + 1} bytes`);
  }));

test('file/link-outside-root, render/snippet-link-outside-root: a page and a snippet are symbolic links to files beside the docs root', () =>
  checkExample('links-outside-root', (example) => {
    example.write('../outside/guide.mdx', '---\ntitle: Guide\n---\n\nKept outside the docs root.\n', 'a page, beside the docs root');
    example.write('../outside/shared.mdx', 'Shared text, kept outside the docs root.\n', 'a snippet, beside the docs root');
    example.symlink('guide.mdx', '../outside/guide.mdx');
    example.symlink('snippets/shared.mdx', '../../outside/shared.mdx');
  }));

test('page/too-complex: a paragraph of 40,001 characters, most of them `*`, and 20,000 list items opened on one line', () =>
  checkExample('page-too-complex', (example) => {
    example.write(
      'emphasis.mdx',
      `---\ntitle: Emphasis\n---\n\n${'*'.repeat(20_000)}x${'*'.repeat(20_000)}\n`,
      '`*` 20,000 times, `x`, `*` 20,000 times',
    );
    example.write('lists.mdx', `---\ntitle: Lists\n---\n\n${'1. '.repeat(20_000)}\n`, '`1. ` 20,000 times on one line');
  }));

/** A table with formatting in every cell, about `chars` long: the densest Markdown there is for the parser. */
function tablePage(chars: number): string {
  let text = '---\ntitle: Table\n---\n\n| a | b | c | d |\n| - | - | - | - |\n';
  while (text.length < chars) text += '| `x` **y** | [l](#a) | z _w_ | 1 2 3 |\n';
  return text;
}

test('page/out-of-memory: a dense table of 300 KB, checked with a heap of 64 MB', async () => {
  const example = new ExampleCase('page-out-of-memory');
  try {
    const page = tablePage(ISOLATED_PAGE_CHARS + 50_000);
    example.write('table.mdx', page, `${Buffer.byteLength(page)} bytes: a table of four columns, with formatting in every cell`);
    example.step('Node.js runs with --max-old-space-size=64 (NODE_OPTIONS), a heap of 64 MB.');
    example.command('check --no-cache');
    const run = await runNode(
      ['--max-old-space-size=64', join(projectRoot, 'dist/cli/main.js'), 'check', '.', '--no-cache', '--format', 'json'],
      example.root,
    );
    assert.ok(run.stdout.trim() !== '', `no report (status ${run.status}), stderr:\n${run.stderr}`);
    example.record((JSON.parse(run.stdout) as { diagnostics: Diagnostic[] }).diagnostics);
  } finally {
    example.remove();
  }
});

test.run();
