// API reference pages: the fixture document's pages rendered against a
// baseline (tests/fixtures/api/reference.expected.txt), untrusted text that
// must not become markup, and every OpenAPI 3.0 and 3.1 example of
// @readme/oas-examples (webhooks, callbacks, circular schemas, polymorphism,
// server variables, every security type) built into one site without error.

import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { build } from '../compiler/build/build.js';
import type { OpenApiDocument } from '../compiler/openapi/openapi-document.js';
import { DEFAULT_API_SETTINGS } from '../compiler/reference/api-settings.js';
import { renderApiPage } from '../compiler/reference/render-api-page.js';
import { schemaBody } from '../compiler/reference/render-schema-page.js';
import { inlineJson } from '../compiler/site/escape-html.js';
import { matchBaseline } from './support/baseline.js';
import { htmlText } from './support/html-text.js';
import { loadDocument } from './support/load-document.js';
import { exampleFiles, examplesRoot } from './support/oas-examples.js';

function pagesOf(document: OpenApiDocument) {
  return [
    ...document.operations.map((operation) => ({
      label: `${operation.method.toUpperCase()} ${operation.path}`,
      item: { type: 'operation' as const, operation },
    })),
    ...document.webhooks.map((webhook) => ({ label: `webhook ${webhook.name}`, item: { type: 'webhook' as const, webhook } })),
  ];
}

/** Markup that must never come from a document's text: scripts other than the playground's data, event handlers, script URLs. */
function assertInert(html: string, where: string): void {
  const scripts = html.match(/<script\b[^>]*>/g) ?? [];
  assert.ok(
    scripts.every((s) => s === '<script type="application/json" class="docsc-playground-data">'),
    `${where}: ${scripts.join(' ')}`,
  );
  const tags = html.replace(/="[^"]*"/g, '=""');
  assert.not.match(tags, /<[a-z][^>]*\son[a-z]+=/i, `${where}: an event handler attribute`);
  assert.not.match(html, /(href|src)="\s*javascript:/i, `${where}: a javascript: URL`);
  for (const data of html.matchAll(/class="docsc-playground-data">([^<]*)<\/script>/g)) JSON.parse(data[1] as string);
}

test('reference pages of the fixture document, against the baseline', async () => {
  const document = await loadDocument('tests/fixtures/api/site', 'openapi.yaml');
  const parts = pagesOf(document).map(({ label, item }) => {
    const body = renderApiPage(document, item, DEFAULT_API_SETTINGS);
    assertInert(body.html, label);
    return `=== ${label}\n${body.toc.map((t) => `${'  '.repeat(t.depth - 2)}- ${t.text} #${t.id}`).join('\n')}\n${body.html}\n`;
  });
  parts.push(`=== schema Pet\n${schemaBody(document, 'Pet').html}\n`);
  matchBaseline('tests/fixtures/api/reference.expected.txt', parts.join('\n'));
});

test('the fixture site: x-docs content, hand-written and schema pages, x-hidden, ParamField pages, simple mode', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'docsc-api-site-'));
  try {
    const out = join(dir, 'out');
    const result = await build({ root: 'tests/fixtures/api/site', outDir: out, cacheDir: false, threads: 1 });
    assert.ok(result.ok);
    assert.equal(
      result.diagnostics.filter((d) => d.severity !== 'info').map((d) => d.code),
      [],
    );
    const page = (url: string) => readFileSync(join(out, url, 'index.html'), 'utf8');
    const getPet = page('api-reference/pets/get-a-pet');
    const note = getPet.indexOf('Pets are fetched from the nearest shelter.');
    assert.ok(note > 0 && note < getPet.indexOf('class="docsc-responses"'), 'x-docs content (MDX, with components) comes before the reference');
    assert.ok(getPet.indexOf('class="docsc-api-bar"') < note, 'the bar stays under the title, above the content');
    assert.match(getPet, 'class="docsc-api-content"');
    const manual = page('guides/manual-get');
    assert.ok(
      manual.indexOf('This page is written by hand') < manual.indexOf('class="docsc-responses"'),
      'a hand-written page shows its MDX, then the reference',
    );
    assert.not.match(manual, 'nearest shelter', 'x-docs content is for generated pages');
    const schema = page('guides/pet-schema');
    assert.match(schema, 'data-schema="Pet"');
    assert.match(schema, 'class="docsc-recursive"');
    assert.match(page('api-reference/hidden-thing'), 'Hidden thing');
    assert.match(page('api-reference/pets/list-pets'), 'href="/api-reference/pets/create-a-pet"');
    assert.not.match(page('api-reference/pets/list-pets'), 'href="/api-reference/hidden-thing"', 'x-hidden: published, not listed');
    assert.match(page('api-reference/pets/delete-a-pet'), /<div class="docsc-api-bar">.*docsc-badge-deprecated/, 'marked deprecated in the bar');
    const widget = page('guides/create-widget');
    assert.match(widget, '"fromParamFields":true');
    assert.match(widget, 'src="/_docsc/playground.js"');
    assert.match(page('api-reference/status'), '"mode":"simple"');
    // A description is shown once: a one-paragraph plain one under the title, any other formatted in the body.
    const create = page('api-reference/pets/create-a-pet');
    assert.match(create, '<meta name="description" content="Adds a pet to the shelter.">');
    assert.not.match(create, 'class="docsc-description"', 'not repeated as text under the title');
    assert.match(create, /<div class="docsc-api-description"><p>Adds a pet to the shelter.<\/p>\n<p>The name must be <strong>unique<\/strong>/);
    const shown = (html: string, text: string) => html.slice(html.indexOf('<body')).split(text).length - 1;
    assert.is(shown(getPet, 'Fetches one pet.'), 1, 'a plain one: under the title only');
    assert.is(shown(create, 'Adds a pet to the shelter.'), 1, 'a longer one: in the body only');
    assert.match(getPet, '<p class="docsc-description">Fetches one pet.</p>');
    assert.not.match(getPet, 'docsc-api-description');
    assert.match(
      manual,
      '<p class="docsc-description">Fetches one pet.</p>',
      'a hand-written reference page without a description shows the operation’s',
    );
    assert.match(page('api-reference/new-pet'), '>Payload</h2>');
    assert.not.match(page('api-reference/new-pet'), 'data-docsc-playground', 'webhooks are sent by the API, not tried');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the fixture site under a base path: site paths in descriptions and the reference carry it too', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'docsc-api-base-'));
  try {
    const out = join(dir, 'out');
    const result = await build({ root: 'tests/fixtures/api/site', outDir: out, cacheDir: false, threads: 1, basePath: '/repo' });
    assert.ok(result.ok);
    const html = readdirSync(out, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.html'))
      .map((file) => [file, readFileSync(join(out, file), 'utf8')] as const);
    const sitePaths = html.flatMap(([file, text]) =>
      [...text.matchAll(/\s(?:href|src|data-docsc-nav|data-markdown|data-page)="(\/[^"]*)"/g)].map((m) => `${file}: ${m[1]}`),
    );
    assert.ok(sitePaths.length > 100, `${sitePaths.length} site paths`);
    assert.equal(
      sitePaths.filter((path) => !path.includes(': /repo/')),
      [],
      'every site path is under the base',
    );
    const create = readFileSync(join(out, 'api-reference/pets/create-a-pet/index.html'), 'utf8');
    assert.match(create, '<a href="/repo/guides/create-widget">how to create a widget</a>');
    assert.match(create, '<a href="/repo/guides/pet-schema#schema">the pet schema</a>');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('OpenAPI documents are published at their paths, as on Mintlify; api.spec.download adds the link on API pages', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'docsc-api-download-'));
  try {
    const root = join(dir, 'docs');
    cpSync('tests/fixtures/api/site', root, { recursive: true });
    const config = JSON.parse(readFileSync(join(root, 'docs.json'), 'utf8'));
    const link = '<p class="docsc-spec-download"><a href="/openapi.yaml" download>Download the OpenAPI document</a></p>';
    for (const download of [true, false]) {
      writeFileSync(join(root, 'docs.json'), JSON.stringify({ ...config, api: { ...config.api, spec: { download } } }));
      const out = join(dir, `out-${download}`);
      await build({ root, outDir: out, cacheDir: false, threads: 1 });
      const page = (url: string) => readFileSync(join(out, url, 'index.html'), 'utf8');
      assert.ok(existsSync(join(out, 'openapi.yaml')), 'published with or without the setting');
      for (const url of ['api-reference/pets/create-a-pet', 'guides/manual-get']) assert.is(page(url).includes(link), download, url);
      assert.not.match(page(''), 'docsc-spec-download', 'not on other pages');
    }
    assert.is(readFileSync(join(dir, 'out-true/openapi.yaml'), 'utf8'), readFileSync(join(root, 'openapi.yaml'), 'utf8'));
    assert.match(readFileSync(join(dir, 'out-true/api-reference/status/index.html'), 'utf8'), 'href="/local.yaml" download');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('docs.json api settings: sample languages in order, simple and hidden playgrounds', async () => {
  const document = await loadDocument('tests/fixtures/api/site', 'openapi.yaml');
  const create = pagesOf(document).find((p) => p.label === 'POST /pets')?.item as never;
  // The request example's tabs, one per sample (the panels' headings, which show without JavaScript).
  const languages = (html: string) =>
    [...html.matchAll(/<p class="docsc-tab-heading">([^<]*)<\/p><figure class="docsc-code-block docsc-code-sample"/g)].map((m) => m[1]);
  const custom = renderApiPage(document, create, { ...DEFAULT_API_SETTINGS, languages: ['python', 'shell', 'klingon'] });
  assert.equal(languages(custom.html), ['Ruby SDK', 'Python', 'cURL']);
  const handWrittenOnly = renderApiPage(document, create, { ...DEFAULT_API_SETTINGS, autogenerate: false });
  assert.equal(languages(handWrittenOnly.html), ['Ruby SDK']);
  assert.match(renderApiPage(document, create, { ...DEFAULT_API_SETTINGS, display: 'simple' }).html, '"mode":"simple"');
  const none = renderApiPage(document, create, { ...DEFAULT_API_SETTINGS, display: 'none' });
  assert.not.match(none.html, 'data-docsc-playground');
  assert.not.match(none.html, 'data-docsc-try-it');
  assert.is(none.scripts, undefined);
});

test('document text never becomes markup, not even inside the playground data', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'docsc-api-xss-'));
  try {
    const evil = '</script><script>alert(1)</script><img src=x onerror=alert(1)> [x](javascript:alert(1))';
    const spec = {
      openapi: '3.1.0',
      info: { title: evil, version: '1' },
      servers: [{ url: 'javascript:alert(1)' }, { url: `https://ok.example/${evil}` }],
      paths: {
        '/a/{id}': {
          post: {
            summary: evil,
            description: evil,
            parameters: [{ name: evil, in: 'path', required: true, description: evil, schema: { type: 'string', example: evil, enum: [evil] } }],
            requestBody: {
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    properties: {
                      [evil]: { type: 'string', description: evil },
                      nested: { type: 'object', properties: { [evil]: { type: 'array', items: { type: 'string', enum: [evil] } } } },
                    },
                  },
                  example: { a: evil },
                },
              },
            },
            responses: {
              '200': { description: evil, headers: { [evil]: { schema: { type: 'string' } } }, content: { 'application/xml': { example: evil } } },
              '201': { description: evil, content: { 'text/html': { example: evil } } },
              '202': { description: evil, content: { 'application/yaml': { example: evil } } },
              '203': { description: evil, content: { 'application/x-www-form-urlencoded': { example: evil } } },
              '204': { description: evil, content: { [`text/${evil}`]: { example: evil } } },
            },
            'x-codeSamples': [
              { lang: evil, label: evil, source: evil },
              ...['cURL', 'Python', 'JavaScript', '__proto__', 'constructor', '../../x', ''].map((lang) => ({
                lang,
                label: lang,
                source: `x = "</code>${evil}"`,
              })),
            ],
          },
        },
      },
    };
    writeFileSync(join(dir, 'evil.json'), JSON.stringify(spec));
    const document = await loadDocument(dir, 'evil.json');
    const body = renderApiPage(document, pagesOf(document)[0]?.item as never, DEFAULT_API_SETTINGS);
    assertInert(body.html, 'evil');
    // Highlighted or not, each example is the document's text, escaped.
    for (const language of ['xml', 'html', 'yaml', 'form-urlencoded', 'text']) {
      const code = new RegExp(`data-language="${language}".*?<code[^>]*>(.*?)</code>`, 's').exec(body.html)?.[1];
      assert.ok(code !== undefined, language);
      assert.is(htmlText(code), evil, language);
    }
    // Code samples, highlighted (shiki for cURL, Python, JavaScript; docsc's tokens for its own) or not (any other lang): the text, escaped.
    const samples = [...body.html.matchAll(/<figure class="docsc-code-block docsc-code-sample"[^>]*>.*?<code[^>]*>(.*?)<\/code>/gs)].map(
      (m) => m[1] as string,
    );
    assert.is(samples.length, 8 + 6, 'the written samples and the six generated ones');
    assert.equal(samples.slice(0, 8).map(htmlText), [evil, ...Array(7).fill(`x = "</code>${evil}"`)]);
    for (const html of samples.slice(1, 4)) assert.match(html, /^<span class="line">.*<span style="color:/, 'cURL, Python and JavaScript by shiki');
    assert.ok(
      samples.slice(8).every((html) => html.includes('<span style="color:')),
      'the generated samples by their tokens',
    );
    assert.ok(
      samples.slice(8).every((html) => htmlText(html).includes(evil)),
      'which hold the example values',
    );
    assert.not.match(body.html, '"url":"javascript:', 'a javascript: server is not offered to the playground');
    assert.is(inlineJson('</script>\u2028'), '"\\u003c/script\\u003e\\u2028"');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('every OpenAPI 3.0 and 3.1 example of @readme/oas-examples builds, each in its own tab', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'docsc-oas-examples-'));
  try {
    const root = join(dir, 'docs');
    mkdirSync(join(root, 'specs'), { recursive: true });
    const files = [...exampleFiles('3.0'), ...exampleFiles('3.1')].filter((f) => f.endsWith('.json'));
    const tabs = files.map((file) => {
      const name = file.replace(/[/.]/g, '-');
      copyFileSync(join(examplesRoot, file), join(root, 'specs', `${name}.json`));
      return { tab: name, openapi: { source: `specs/${name}.json`, directory: `api/${name}` } };
    });
    writeFileSync(join(root, 'index.mdx'), '---\ntitle: Examples\n---\n\nHome.\n');
    writeFileSync(
      join(root, 'docs.json'),
      JSON.stringify({
        name: 'Examples',
        theme: 'mint',
        colors: { primary: '#000000' },
        navigation: { tabs: [{ tab: 'Home', pages: ['index'] }, ...tabs] },
      }),
    );
    const out = join(dir, 'out');
    const result = await build({ root, outDir: out, cacheDir: false, threads: 1 });
    // One example is an invalid document, and is reported as such; nothing else is an error (an undeclared security
    // scheme, in response-http-behavior, is a warning: its pages render).
    const errors = new Set(result.diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.file}: ${d.code}`));
    assert.equal([...errors].sort(), ['specs/3-0-json-openapi-workshop-post-json.json: openapi/invalid']);
    const pages = readdirSync(join(out, 'api'), { recursive: true }).filter((p) => String(p).endsWith('index.html'));
    assert.ok(pages.length > 300, `${pages.length} API pages`);
    for (const page of pages) {
      const html = readFileSync(join(out, 'api', String(page)), 'utf8');
      assertInert(html.slice(html.indexOf('<main'), html.lastIndexOf('</main>')), String(page));
    }
    const webhooks = pages.filter((p) => String(p).startsWith('3-1-json-webhooks-json'));
    assert.ok(webhooks.length >= 2, webhooks.join(', '));
    const texts = webhooks.map((page) => readFileSync(join(out, 'api', String(page)), 'utf8'));
    assert.ok(
      texts.some((t) => t.includes('>Payload</h2>') && t.includes('>WEBHOOK</span>')),
      'a webhook page with its payload',
    );
    assert.ok(statSync(join(out, '_docsc', 'playground.js')).size > 1000);
    assert.ok(basename(out));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
