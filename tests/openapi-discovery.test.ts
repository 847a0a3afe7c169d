// OpenAPI documents found by content (compiler/openapi/discover-openapi.ts):
// Mintlify's order among them, what is and is not found, and how discovery
// fits the incremental build — a navigation edit parses no document again, an
// edit of a document found by content reaches its pages, and a document added
// or removed is found or missed on the next build.

import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { build } from '../compiler/build/build.js';
import { check } from '../compiler/check.js';
import { mintlifyOrder } from '../compiler/openapi/discover-openapi.js';
import { formatDiagnosticLines } from './support/diagnostic-lines.js';
import { dumpOutput } from './support/output-tree.js';

const FIXTURE = 'tests/fixtures/conformance/openapi-discovered';

test('mintlifyOrder: folders depth first, each folder by name (bytes), hosted documents last in the order given', () => {
  const keys = [
    'https://b.example.com/spec',
    'b.yaml',
    'a-c.json',
    'A.json',
    'a/z.json',
    'https://a.example.com/spec',
    'a/b/c.json',
    'es/openapi.json',
    'openapi.json',
  ];
  assert.equal([...keys].sort(mintlifyOrder), [
    'A.json',
    'a/b/c.json',
    'a/z.json',
    'a-c.json',
    'b.yaml',
    'es/openapi.json',
    'openapi.json',
    'https://b.example.com/spec',
    'https://a.example.com/spec',
  ]);
});

test('discovery: JSON and YAML files whose top level has `openapi`; not Swagger 2, not a nested key, not what .mintignore names', async () => {
  const result = await check({ root: FIXTURE, threads: 1 });
  const legacy = result.diagnostics.find((d) => d.file === 'api-reference/legacy.mdx');
  assert.is(legacy?.code, 'openapi/endpoint-not-found');
  // The four documents searched: no `legacy/swagger.json`, `drafts/openapi.json` or `snippets/settings.json`.
  assert.is(
    legacy?.message,
    '`GET /legacy` is not an operation of `analytics.openapi.json`, `es/analytics.openapi.json`, `api-reference/rest/openapi.json`, `specs/status.yaml`',
  );
});

function copyFixture(): { root: string; out: string; cache: string; dir: string } {
  const dir = mkdtempSync(join(tmpdir(), 'docsc-discovery-'));
  const root = join(dir, 'docs');
  cpSync(FIXTURE, root, { recursive: true });
  return { root, out: join(dir, 'out'), cache: join(dir, 'cache'), dir };
}

test('incremental: documents found by content are inputs like any other', async () => {
  const site = copyFixture();
  const buildIn = () => build({ root: site.root, outDir: site.out, cacheDir: site.cache, threads: 1 });
  const edit = (path: string, change: (text: string) => string) => {
    const file = join(site.root, path);
    writeFileSync(file, change(readFileSync(file, 'utf8')));
  };
  const page = (url: string) => readFileSync(join(site.out, url, 'index.html'), 'utf8');
  try {
    const first = await buildIn();
    assert.ok(page('api-reference/agents/create').includes('https://api.example.com'));

    // A navigation edit: the documents found before are known by their hashes, none is parsed again.
    edit('docs.json', (t) => t.replace('"group": "API reference"', '"group": "Reference"'));
    const renamed = await buildIn();
    assert.equal(renamed.recomputed.documents, []);
    assert.equal(formatDiagnosticLines(renamed.diagnostics), formatDiagnosticLines(first.diagnostics));

    // An edit of a document that no configuration names reaches the page that uses it.
    edit('api-reference/rest/openapi.json', (t) => t.replace('https://api.example.com', 'https://api.example.org'));
    await buildIn();
    assert.ok(page('api-reference/agents/create').includes('https://api.example.org'));

    // Its operation removed, the page finds it nowhere; a new document holding it is found on the next build.
    edit('api-reference/rest/openapi.json', (t) => t.replace('"post": { "tags": ["Agents"]', '"put": { "tags": ["Agents"]'));
    const removed = await buildIn();
    assert.ok(removed.diagnostics.some((d) => d.file === 'api-reference/agents/create.mdx' && d.code === 'openapi/endpoint-not-found'));
    writeFileSync(
      join(site.root, 'agents.yaml'),
      "openapi: 3.1.0\ninfo: {title: Agents, version: '2'}\nservers: [{url: 'https://agents.example.com'}]\npaths:\n  /agents:\n    post: {summary: Create an agent, responses: {'201': {description: Created}}}\n",
    );
    const added = await buildIn();
    assert.not.ok(added.diagnostics.some((d) => d.file === 'api-reference/agents/create.mdx'));
    assert.ok(page('api-reference/agents/create').includes('https://agents.example.com'));

    // And the incremental output is a clean build's.
    const clean = join(site.dir, 'clean');
    const full = await build({ root: site.root, outDir: clean, cacheDir: false, threads: 1 });
    assert.equal(formatDiagnosticLines(added.diagnostics), formatDiagnosticLines(full.diagnostics));
    assert.equal(dumpOutput(site.out, { full: true }), dumpOutput(clean, { full: true }));
  } finally {
    rmSync(site.dir, { recursive: true, force: true });
  }
});

test.run();
