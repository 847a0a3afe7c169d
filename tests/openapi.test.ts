// OpenAPI loading: every spec under tests/fixtures/openapi/ against the
// diagnostics baseline beside it (UPDATE_BASELINES=1 rewrites them), the
// index a document yields, paths inside and outside the docs root, hosted
// documents served by a real HTTP server on loopback, and the public
// examples of @readme/oas-examples (generated page paths: api-page-paths.test.ts).

import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { contentHash } from '../compiler/cache/value-key.js';
import { type Diagnostic, makeDiagnostic } from '../compiler/diagnostics/diagnostic.js';
import { ProjectHost } from '../compiler/host/project-host.js';
import { type LoadOptions, type LoadResult, loadOpenApi } from '../compiler/openapi/load-openapi.js';
import type { OpenApiDocument, OperationInfo, WebhookInfo } from '../compiler/openapi/openapi-document.js';
import { SourceFile } from '../compiler/source/source-file.js';
import { matchBaseline } from './support/baseline.js';
import { formatDiagnosticLines } from './support/diagnostic-lines.js';
import { loopbackServer } from './support/loopback-server.js';
import { exampleFiles, examplesRoot } from './support/oas-examples.js';

const fixtures = 'tests/fixtures/openapi';
const fixtureHost = new ProjectHost(fixtures);
const expectedSuffix = '.expected.txt';

function codes(diagnostics: readonly Diagnostic[]): string[] {
  return diagnostics.map((d) => d.code);
}

async function loadFixture(name: string): Promise<OpenApiDocument> {
  const result = await loadOpenApi(name, fixtureHost);
  if (!result.document) assert.unreachable(`${name} did not load: ${formatDiagnosticLines(result.diagnostics)}`);
  return result.document as OpenApiDocument;
}

// ---------------------------------------------------------------------------
// Baselines

const specs = readdirSync(fixtures)
  .filter((name) => !name.endsWith(expectedSuffix))
  .sort();

for (const spec of specs) {
  test(`diagnostics of ${spec}`, async () => {
    const result = await loadOpenApi(spec, fixtureHost);
    matchBaseline(`${fixtures}/${spec}${expectedSuffix}`, formatDiagnosticLines(result.diagnostics));
  });
}

test('every baseline has its spec', () => {
  const orphans = readdirSync(fixtures)
    .filter((name) => name.endsWith(expectedSuffix))
    .filter((name) => !specs.includes(name.slice(0, -expectedSuffix.length)));
  assert.equal(orphans, []);
});

// ---------------------------------------------------------------------------
// The index

test('operations of a 3.0 YAML document, in document order', async () => {
  const doc = await loadFixture('petstore-3.0.yaml');
  assert.is(doc.key, 'petstore-3.0.yaml');
  assert.is(doc.version, '3.0.3');
  assert.equal(
    doc.operations.map((op) => `${op.method} ${op.path}`),
    ['get /pets', 'post /pets', 'get /pets/{petId}', 'delete /pets/{petId}'],
  );
  assert.equal(doc.operations[0], {
    method: 'get',
    path: '/pets',
    operationId: 'listPets',
    summary: 'List all pets',
    description: 'Returns every pet in the store.',
    deprecated: false,
    tags: ['Pets', 'Store'],
    hidden: false,
    excluded: false,
    pointer: ['paths', '/pets', 'get'],
  });
  const [, create, show, remove] = doc.operations as [OperationInfo, OperationInfo, OperationInfo, OperationInfo];
  assert.ok(create.deprecated);
  assert.ok(show.hidden && !show.excluded);
  assert.ok(remove.excluded && !remove.hidden);
  assert.is(show.summary, undefined);
  assert.equal(doc.webhooks, []);
  assert.equal(doc.schemaNames, ['Pet', 'Error']);
});

test('webhooks of a 3.1 JSON document, through a Path Item $ref', async () => {
  const doc = await loadFixture('webhooks-3.1.json');
  assert.equal(
    doc.webhooks.map((w: WebhookInfo) => [w.name, w.method, w.summary, w.deprecated, w.pointer.join('/')]),
    [
      ['pet.created', 'post', 'Pet created', false, 'webhooks/pet.created/post'],
      ['pet.deleted', 'post', undefined, true, 'components/pathItems/PetDeleted/post'],
    ],
  );
  assert.equal(doc.operations[0]?.xDocs, {
    metadata: { title: 'Subscribe to events', 'og:title': 'Subscribe' },
    content: '<Note>Subscriptions expire after 30 days.</Note>',
  });
});

test('x-docs wins over x-mint, and metadata loses `openapi`', async () => {
  const doc = await loadFixture('x-docs.yaml');
  const byPath = new Map(doc.operations.map((op) => [op.path, op.xDocs]));
  assert.equal(byPath.get('/both'), { content: 'from x-docs' });
  assert.equal(byPath.get('/link'), { href: 'https://example.com/elsewhere' });
  assert.equal(byPath.get('/metadata-openapi'), { metadata: { title: 'Kept' } });
  assert.equal(byPath.get('/script'), {});
  assert.is(byPath.get('/not-object'), undefined);
});

test('the value keeps its $refs: the validator works on a copy', async () => {
  const doc = await loadFixture('petstore-3.0.yaml');
  const paths = doc.value.paths as Record<string, Record<string, Record<string, unknown>>>;
  assert.equal(paths['/pets']?.post?.requestBody, { content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } });
});

test('$ref keys in example data stay in the value, unreported', async () => {
  const result = await loadOpenApi('ref-in-examples.yaml', fixtureHost);
  assert.equal(codes(result.diagnostics), []);
  const text = JSON.stringify(result.document?.value);
  assert.ok(text.includes('"$ref":"#/nowhere"'));
  assert.ok(text.includes('"$ref":"refs/heads/main"'));
});

test('locate: YAML and JSON pointers to spans, nearest ancestor when missing', async () => {
  const yaml = await loadFixture('petstore-3.0.yaml');
  const at = (doc: OpenApiDocument, pointer: (string | number)[]) => {
    const span = doc.locate(pointer);
    return { ...span.file.position(span.start), text: span.file.text.slice(span.start, span.end).split('\n')[0] };
  };
  assert.equal(at(yaml, ['paths', '/pets', 'get', 'operationId']), { line: 17, column: 20, text: 'listPets' });
  assert.equal(at(yaml, ['paths', '/pets', 'get', 'tags', 1]), { line: 20, column: 20, text: 'Store' });
  assert.equal(at(yaml, ['paths', '/pets', 'get', 'nothing', 'here']), at(yaml, ['paths', '/pets', 'get']));
  const json = await loadFixture('webhooks-3.1.json');
  assert.equal(at(json, ['webhooks', 'pet.created', 'post', 'summary']), { line: 22, column: 20, text: '"Pet created"' });
  assert.equal(at(json, ['servers', '0', 'url']), { line: 4, column: 24, text: '"https://api.example.com"' });
});

test('`__proto__` keys are data: no prototype changes anywhere', async () => {
  const doc = await loadFixture('proto.json');
  assert.is(({} as Record<string, unknown>).polluted, undefined);
  assert.is(Object.getPrototypeOf(doc.value), Object.prototype);
  assert.ok(Object.hasOwn(doc.value, '__proto__'));
  const metadata = doc.operations[0]?.xDocs?.metadata ?? {};
  assert.is(Object.getPrototypeOf(metadata), Object.prototype);
  assert.ok(Object.hasOwn(metadata, '__proto__'));
  assert.equal(doc.schemaNames, ['__proto__', 'constructor']);
});

// ---------------------------------------------------------------------------
// Local paths

test('paths as users write them: leading `/` or `./`', async () => {
  for (const source of ['/no-servers.yaml', './no-servers.yaml', 'sub/../no-servers.yaml']) {
    const result = await loadOpenApi(source, fixtureHost);
    assert.is(result.document?.key, 'no-servers.yaml', source);
  }
});

test('missing, outside the root, a folder', async () => {
  const docsJson = new SourceFile('docs.json', '{"openapi": "specs/missing.yaml"}');
  const at = { file: docsJson, start: 12, end: 32 };
  const missing = await loadOpenApi('specs/missing.yaml', fixtureHost, { at });
  assert.equal(
    formatDiagnosticLines(missing.diagnostics),
    'docs.json:1:13 error openapi/not-found OpenAPI document `specs/missing.yaml` not found\n',
  );
  const outside = await loadOpenApi('../openapi.test.ts', fixtureHost, { at });
  assert.equal(codes(outside.diagnostics), ['file/outside-root']);
  assert.is(outside.diagnostics[0]?.file, 'docs.json');
  const folder = await loadOpenApi('.', fixtureHost);
  assert.equal(codes(folder.diagnostics), ['file/unreadable']);
});

test('a symbolic link out of the docs root is not followed', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'docsc-openapi-'));
  try {
    mkdirSync(join(dir, 'docs'));
    writeFileSync(join(dir, 'secret.json'), '{"openapi": "3.1.0", "info": {"title": "s", "version": "1"}, "paths": {}}');
    symlinkSync(join(dir, 'secret.json'), join(dir, 'docs', 'openapi.json'));
    const result = await loadOpenApi('openapi.json', new ProjectHost(join(dir, 'docs')));
    assert.is(result.document, undefined);
    assert.equal(codes(result.diagnostics), ['file/outside-root']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a remembered document places a pointer where the first run did, without decoding its text', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'docsc-openapi-'));
  try {
    const spec = {
      openapi: '3.1.0',
      info: { title: 'Pets', version: '1' },
      paths: { '/pets': { get: { summary: 'List pets', responses: { 200: { description: 'ok' } } } } },
    };
    writeFileSync(join(dir, 'openapi.json'), `${JSON.stringify(spec, null, 2)}\n`);
    const remembered = new Map<string, unknown>();
    const memo = {
      get: <T>(key: string) => remembered.get(key) as T | undefined,
      put: (key: string, value: unknown) => void remembered.set(key, value),
    };
    const pointers = [
      ['paths', '/pets', 'get', 'summary'],
      ['paths', '/pets', 'get', 'responses', '200'],
      ['info', 'title'],
    ];
    const text = `${JSON.stringify(spec, null, 2)}\n`;
    const placed = async () => {
      // As in a build: the input snapshot gives the file's hash, so the text is decoded only when read.
      const host = new ProjectHost(dir);
      host.knowHashes(new Map([['openapi.json', contentHash(text)]]));
      const { document } = await loadOpenApi('openapi.json', host, { memo });
      assert.ok(document);
      return {
        parsed: document.parsed,
        places: pointers.map((pointer) =>
          makeDiagnostic('openapi/duplicate-slug', document.locate(pointer), { entry: 'e', original: 'o', url: 'u' }),
        ),
      };
    };
    const first = await placed();
    const second = await placed();
    assert.is(second.parsed, false, 'the second run takes the remembered analysis');
    assert.equal(
      second.places.map((d) => [d.line, d.column, d.length]),
      first.places.map((d) => [d.line, d.column, d.length]),
    );
    assert.equal([first.places[0]?.line, first.places[0]?.column], [10, 20], 'the summary is on line 10, its value at column 20');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

// ---------------------------------------------------------------------------
// Hosted documents

const hostedSpec = JSON.stringify({
  openapi: '3.1.0',
  info: { title: 'Hosted', version: '1' },
  servers: [{ url: 'https://api.example.com' }],
  paths: { '/ping': { get: { summary: 'Ping', responses: { '200': { description: 'ok' } } } } },
});

function serve(req: IncomingMessage, res: ServerResponse): void {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const hop = /^\/hop\/(\d+)$/.exec(url.pathname);
  if (hop) {
    const left = Number(hop[1]);
    res.writeHead(302, { location: left === 0 ? '/spec.json' : `/hop/${left - 1}` }).end();
  } else if (url.pathname === '/spec.json') {
    res.writeHead(200, { 'content-type': 'application/json' }).end(hostedSpec);
  } else if (url.pathname === '/spec.yaml') {
    res.writeHead(200, { 'content-type': 'application/yaml' }).end('openapi: 3.0.3\ninfo: {title: Y, version: "1"}\npaths: {}\n');
  } else if (url.pathname === '/to-file') {
    res.writeHead(301, { location: 'file:///etc/passwd' }).end();
  } else if (url.pathname === '/big') {
    res.writeHead(200, { 'content-length': '4096' }).end('x'.repeat(4096));
  } else if (url.pathname === '/big-chunked') {
    res.writeHead(200);
    for (let i = 0; i < 8; i++) res.write('y'.repeat(512));
    res.end();
  } else if (url.pathname === '/slow-body') {
    res.writeHead(200).write('{"openapi": ');
  } else if (url.pathname === '/silent') {
    // Never answers.
  } else {
    res.writeHead(404, 'Not Found').end();
  }
}

const server = loopbackServer(test, serve);

async function fetchSpec(path: string, options: LoadOptions = {}): Promise<LoadResult> {
  return loadOpenApi(`${server.origin}${path}`, fixtureHost, options);
}

function onlyMessage(result: LoadResult): string {
  assert.is(result.document, undefined);
  assert.is(result.diagnostics.length, 1, formatDiagnosticLines(result.diagnostics));
  return `${result.diagnostics[0]?.code} ${result.diagnostics[0]?.message}`.replace(server.origin, 'ORIGIN');
}

test('a hosted document loads, keyed by its URL', async () => {
  const result = await fetchSpec('/spec.json');
  assert.equal(codes(result.diagnostics), []);
  assert.is(result.document?.key, `${server.origin}/spec.json`);
  assert.is(result.document?.file.path, `${server.origin}/spec.json`);
  assert.equal(
    result.document?.operations.map((op) => op.summary),
    ['Ping'],
  );
  const yaml = await fetchSpec('/spec.yaml');
  assert.is(yaml.document?.version, '3.0.3');
});

test('HTTP errors name the URL and the status', async () => {
  assert.is(onlyMessage(await fetchSpec('/missing')), 'openapi/fetch-failed Cannot fetch `ORIGIN/missing`: the server answered HTTP 404 Not Found');
});

test('redirects: followed up to the limit, http(s) only', async () => {
  const five = await fetchSpec('/hop/4');
  assert.equal(codes(five.diagnostics), []);
  assert.is(five.document?.key, `${server.origin}/hop/4`);
  assert.is(onlyMessage(await fetchSpec('/hop/5')), 'openapi/fetch-failed Cannot fetch `ORIGIN/hop/5`: more than 5 redirects');
  assert.is(onlyMessage(await fetchSpec('/hop/1', { maxRedirects: 1 })), 'openapi/fetch-failed Cannot fetch `ORIGIN/hop/1`: more than 1 redirects');
  assert.is(
    onlyMessage(await fetchSpec('/to-file')),
    'openapi/fetch-failed Cannot fetch `ORIGIN/to-file`: redirected to `file:///etc/passwd`, expected an http(s) URL',
  );
});

test('bodies over the size cap are refused, declared or not', async () => {
  const limit = 'the document is larger than the limit of 1024 bytes';
  assert.is(onlyMessage(await fetchSpec('/big', { maxBytes: 1024 })), `openapi/fetch-failed Cannot fetch \`ORIGIN/big\`: ${limit}`);
  assert.is(onlyMessage(await fetchSpec('/big-chunked', { maxBytes: 1024 })), `openapi/fetch-failed Cannot fetch \`ORIGIN/big-chunked\`: ${limit}`);
});

test('slow servers hit the timeout, before or during the body', async () => {
  assert.is(
    onlyMessage(await fetchSpec('/silent', { timeoutMs: 200 })),
    'openapi/fetch-failed Cannot fetch `ORIGIN/silent`: no complete answer within 0.2 s',
  );
  assert.is(
    onlyMessage(await fetchSpec('/slow-body', { timeoutMs: 200 })),
    'openapi/fetch-failed Cannot fetch `ORIGIN/slow-body`: no complete answer within 0.2 s',
  );
});

test('unreachable hosts say why', async () => {
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const port = (closed.address() as AddressInfo).port;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  const result = await loadOpenApi(`http://127.0.0.1:${port}/spec.json`, fixtureHost);
  assert.equal(codes(result.diagnostics), ['openapi/fetch-failed']);
  assert.match(result.diagnostics[0]?.message ?? '', 'ECONNREFUSED');
});

test('only http and https URLs are fetched', async () => {
  for (const [url, scheme] of [
    ['file:///etc/passwd', 'file:'],
    ['ftp://example.com/openapi.json', 'ftp:'],
    ['javascript:alert(1)', 'javascript:'],
  ]) {
    const result = await loadOpenApi(url as string, fixtureHost);
    assert.is(onlyMessage(result), `openapi/url-scheme Unexpected URL scheme \`${scheme}\` in \`${url}\`, expected \`http:\` or \`https:\``);
  }
});

// ---------------------------------------------------------------------------
// @readme/oas-examples: real documents load without errors

/** Examples that are invalid on purpose, with the reason. */
const deliberatelyInvalid: Record<string, string> = {
  '3.0/json/openapi-workshop/post.json': 'a workshop step with `responses: {}`, which OpenAPI 3.0 forbids',
};

test('@readme/oas-examples 3.0 and 3.1 load with no errors', async () => {
  const host = new ProjectHost(examplesRoot);
  const files = ['3.0', '3.1'].flatMap(exampleFiles);
  assert.ok(files.length > 100, `only ${files.length} examples found`);
  const failures: string[] = [];
  for (const file of files) {
    const result = await loadOpenApi(file, host);
    const errors = result.diagnostics.filter((d) => d.severity === 'error');
    const expectErrors = file in deliberatelyInvalid;
    if (!result.document) failures.push(`${file}: not loaded`);
    if (expectErrors !== errors.length > 0) failures.push(`${file}: ${errors.length} errors\n${formatDiagnosticLines(errors)}`);
  }
  assert.equal(failures, []);
});

test('@readme/oas-examples 2.0 documents are refused as Swagger', async () => {
  const host = new ProjectHost(examplesRoot);
  for (const file of exampleFiles('2.0')) {
    const result = await loadOpenApi(file, host);
    assert.equal(codes(result.diagnostics), ['openapi/swagger'], file);
  }
});

test.run();
