// API reference rendering from untrusted documents: descriptions are
// safe Markdown (raw HTML as text, no script URLs), the fast paths give
// exactly the full parser's bytes (checked on every description of the
// @readme/oas-examples corpus and GitHub's REST spec), and an operation's
// slice hash changes with the operation and the components it reaches, and
// only with them.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { micromark } from 'micromark';
import { gfmAutolinkLiteral, gfmAutolinkLiteralHtml } from 'micromark-extension-gfm-autolink-literal';
import { gfmFootnote, gfmFootnoteHtml } from 'micromark-extension-gfm-footnote';
import { gfmStrikethrough, gfmStrikethroughHtml } from 'micromark-extension-gfm-strikethrough';
import { gfmTable, gfmTableHtml } from 'micromark-extension-gfm-table';
import { gfmTaskListItem, gfmTaskListItemHtml } from 'micromark-extension-gfm-task-list-item';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parse as parseYaml } from 'yaml';
import type { OpenApiDocument } from '../compiler/openapi/openapi-document.js';
import { operationSliceHash } from '../compiler/reference/operation-slice.js';
import { renderDescription } from '../compiler/reference/render-description.js';
import { exampleFiles, examplesRoot } from './support/oas-examples.js';

/** All of GFM, always: what the fast paths (plain text, no autolink literal) must equal. */
const throughParser = (markdown: string) =>
  micromark(markdown, {
    extensions: [gfmAutolinkLiteral(), gfmFootnote(), gfmStrikethrough(), gfmTable(), gfmTaskListItem()],
    htmlExtensions: [gfmAutolinkLiteralHtml(), gfmFootnoteHtml(), gfmStrikethroughHtml(), gfmTableHtml(), gfmTaskListItemHtml()],
  });

function descriptions(value: unknown, into: Set<string>): Set<string> {
  if (Array.isArray(value)) for (const item of value) descriptions(item, into);
  else if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if ((key === 'description' || key === 'summary') && typeof child === 'string') into.add(child);
      else descriptions(child, into);
    }
  }
  return into;
}

test('descriptions: script, raw HTML and javascript: links do not survive', () => {
  const html = renderDescription(
    'Hi <script>alert(1)</script> <img src=x onerror=alert(1)> [a](javascript:alert(1)) [b](https://ok.example) **bold**',
  );
  assert.not.match(html, /<(script|img)\b/i);
  assert.not.match(html, /<[^>]*\son\w+=/i);
  assert.not.match(html, /href="\s*javascript:/i);
  assert.match(html, '<a href="https://ok.example">b</a>');
  assert.match(html, '&lt;script&gt;', 'raw HTML is text');
  assert.match(html, '<strong>bold</strong>');
});

test('descriptions: the fast paths (plain text; no autolink literal) give the full parser’s exact bytes, on real documents', () => {
  const texts = new Set<string>([
    '',
    '  one line  ',
    'two\nlines',
    "it's <fine> & done",
    'trailing spaces  \nnext',
    'say "hi"',
    'see www.example.com or a@b.co',
  ]);
  for (const file of exampleFiles('3.0').concat(exampleFiles('3.1'))) {
    const text = readFileSync(join(examplesRoot, file), 'utf8');
    descriptions(file.endsWith('.json') ? JSON.parse(text) : parseYaml(text), texts);
  }
  const github = createRequire(import.meta.url).resolve('@octokit/openapi/generated/api.github.com.json');
  descriptions(JSON.parse(readFileSync(github, 'utf8')).paths, texts);
  assert.ok(texts.size > 5000, `${texts.size} descriptions`);
  const differing = [...texts].filter((t) => renderDescription(t) !== throughParser(t));
  assert.equal(differing.slice(0, 3), []);
});

function documentOf(value: Record<string, unknown>): OpenApiDocument {
  return { value, version: '3.1.0' } as unknown as OpenApiDocument;
}

test('operation slices: a change reaches the pages that use it, and no other', () => {
  const spec = () => ({
    openapi: '3.1.0',
    paths: {
      '/a': { get: { responses: { 200: { content: { 'application/json': { schema: { $ref: '#/components/schemas/A' } } } } } } },
      '/b': { get: { responses: { 200: { description: 'B' } } } },
    },
    components: {
      schemas: {
        A: { type: 'object', properties: { next: { $ref: '#/components/schemas/A' }, b: { $ref: '#/components/schemas/B' } } },
        B: { type: 'string' },
        C: { type: 'number' },
      },
    },
  });
  const base = spec();
  const hash = (value: Record<string, unknown>, path: string) => operationSliceHash(documentOf(value), ['paths', path, 'get']);
  const changedB = spec();
  (changedB.components.schemas.B as { type: string }).type = 'integer';
  assert.is.not(hash(changedB, '/a'), hash(base, '/a'), 'a schema reached through two $refs');
  assert.is(hash(changedB, '/b'), hash(base, '/b'));
  const changedC = spec();
  changedC.components.schemas.C.type = 'boolean';
  assert.is(hash(changedC, '/a'), hash(base, '/a'), 'an unused component');
});

test.run();
