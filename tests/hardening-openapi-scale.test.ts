// A large OpenAPI document (over 1 MB) with one mistake in a parameter that
// 3,000 operations share: reported once, at the place it is written, in
// bounded time and memory. @readme/openapi-parser reports such a mistake at
// every use of the schema, printing the whole dereferenced document for
// each; on GitHub's spec that took 40 s (184 s on a busy machine) and over
// 2.5 GB (bench/scale/validate-one-error.ts measures it). The direct ajv
// pass (compiler/openapi/validate-schema.ts) is what keeps this bounded.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { check } from '../compiler/check.js';
import { ProjectHost } from '../compiler/host/project-host.js';
import { loadOpenApi } from '../compiler/openapi/load-openapi.js';
import { MAX_SCHEMA_PROBLEMS, validateSchema } from '../compiler/openapi/validate-schema.js';
import { renderPretty } from '../compiler/report/render-pretty.js';

function bigSpec(version: string): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  for (let i = 0; i < 3_000; i++) {
    paths[`/things/${i}`] = {
      get: {
        summary: `Get thing ${i}`,
        description: 'A thing. '.repeat(40),
        parameters: [{ $ref: '#/components/parameters/Id' }],
        responses: { 200: { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/User' } } } } },
      },
    };
  }
  return {
    openapi: version,
    info: { title: 'Big', version: '1' },
    servers: [{ url: 'https://api.example.com' }],
    paths,
    components: {
      schemas: { User: { type: 'object', properties: { login: { type: 'string' }, id: { type: 'integer' } } } },
      parameters: { Id: { name: 'id', in: 'querry', schema: { type: 'string' } } },
    },
  };
}

for (const version of ['3.0.3', '3.1.0']) {
  // Its time and memory (184 s and 3.2 GB before the direct pass) are measured by bench/scale/validate-one-error.ts, not asserted here.
  test(`OpenAPI ${version}: one mistake in a shared schema of a large document is one error, where it is written`, async () => {
    const root = mkdtempSync(join(tmpdir(), 'docsc-openapi-scale-'));
    try {
      const text = JSON.stringify(bigSpec(version), null, 2);
      assert.ok(text.length > 1_000_000, 'large enough for the direct pass');
      writeFileSync(join(root, 'openapi.json'), text);
      const result = await loadOpenApi('openapi.json', new ProjectHost(root), {});
      const invalid = result.diagnostics.filter((d) => d.code === 'openapi/invalid');
      assert.is(invalid.length, 1, result.diagnostics.map((d) => `${d.line}:${d.column} ${d.message}`).join('\n'));
      const line = text.slice(0, text.indexOf('"querry"')).split('\n').length;
      assert.is(invalid[0]?.line, line, invalid[0]?.message);
      assert.match(invalid[0]?.message ?? '', '`#/components/parameters/Id/in`');
      assert.ok(result.document, 'the document is still usable');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
}

test('a large valid document whose $ref points inside a component schema is valid', async () => {
  const root = mkdtempSync(join(tmpdir(), 'docsc-openapi-scale-'));
  try {
    const spec = bigSpec('3.0.3');
    const components = spec.components as { parameters: { Id: { in: string } } };
    components.parameters.Id.in = 'query';
    (spec.paths as Record<string, unknown>)['/login'] = {
      get: {
        summary: 'The login alone',
        responses: {
          200: { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/User/properties/login' } } } },
        },
      },
    };
    const text = JSON.stringify(spec, null, 2);
    assert.ok(text.length > 1_000_000, 'large enough for the direct pass');
    writeFileSync(join(root, 'openapi.json'), text);
    const result = await loadOpenApi('openapi.json', new ProjectHost(root), {});
    const errors = result.diagnostics.filter((d) => d.severity === 'error');
    assert.equal(
      errors.map((d) => d.message),
      [],
    );
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test("a large OpenAPI 3.1 document: what Mintlify's validator accepts is a warning, beside an error where it refuses", async () => {
  const root = mkdtempSync(join(tmpdir(), 'docsc-openapi-scale-'));
  try {
    const spec = bigSpec('3.1.0');
    const components = spec.components as { parameters: { Id: { in: string } } };
    components.parameters.Id.in = 'query';
    const paths = spec.paths as Record<string, { get: Record<string, unknown> }>;
    paths['/things/1'] = { get: { summary: 'No responses', responses: {} } };
    paths['/things/2'] = {
      get: {
        summary: 'A header with a stray key',
        responses: { 200: { description: 'ok', headers: { 'X-Rate': { schema: { type: 'integer' }, type: 'integer' } } } },
      },
    };
    const loaded = async () => {
      const text = JSON.stringify(spec, null, 2);
      assert.ok(text.length > 1_000_000, 'large enough for the direct pass');
      writeFileSync(join(root, 'openapi.json'), text);
      const result = await loadOpenApi('openapi.json', new ProjectHost(root), {});
      return result.diagnostics.map((d) => `${d.severity} ${d.code} ${d.message}`);
    };
    // Accepted by Mintlify's validator: warnings only, and the parser's rules ran (an optional path parameter).
    paths['/things/{id}'] = {
      get: {
        summary: 'Optional id',
        parameters: [{ name: 'id', in: 'path', required: false, schema: { type: 'string' } }],
        responses: { 200: { description: 'ok' } },
      },
    };
    assert.equal(await loaded(), [
      'warning openapi/spec-rule `#/paths/~1things~11/get/responses` lists no response',
      'warning openapi/spec-rule `#/paths/~1things~12/get/responses/200/headers/X-Rate/type` is not a field of a Header Object',
      'warning openapi/spec-rule Path parameters cannot be optional. Set `required=true` for the `id` parameter at `/paths/things/{id}/get`.',
    ]);
    // With a mistake Mintlify refuses too, the direct pass reports each problem where it is written, by its kind.
    (spec.info as Record<string, unknown>).version = undefined;
    assert.equal(await loaded(), [
      "error openapi/invalid `#/info` must have required property 'version'",
      'warning openapi/spec-rule `#/paths/~1things~11/get/responses` lists no response',
      'warning openapi/spec-rule `#/paths/~1things~12/get/responses/200/headers/X-Rate/type` is not a field of a Header Object',
      'warning openapi/spec-rule `#/paths/~1things~1{id}/get/parameters/0/required` is not `true`',
    ]);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('the direct pass caps what it reports and counts the rest', () => {
  const spec = bigSpec('3.0.3');
  for (const [path, item] of Object.entries(spec.paths as Record<string, { get: Record<string, unknown> }>)) {
    item.get.unexpected = path;
  }
  const result = validateSchema(spec, '3.0.3');
  assert.is(result.problems.length, MAX_SCHEMA_PROBLEMS);
  assert.is(result.more, 3_000 + 1 - MAX_SCHEMA_PROBLEMS);
  assert.equal(result.problems[0]?.pointer.slice(-1), ['unexpected']);
});

/**
 * Microsoft Graph's shape, small: one line of JSON over 1 MB, thousands of
 * operations whose summaries repeat (each `$count` path is "Get the number of
 * the resource"), component schemas inheriting through `allOf`. Its 20 MB
 * original took over 6 minutes in `docsc check`: every duplicate-slug warning
 * scanned the text from the start to place itself, and its code frame
 * scanned the whole one-line text again (bench/scale/ measures the original).
 */
function graphLike(): { text: string; summaries: number[] } {
  const paths: Record<string, unknown> = {};
  const schemas: Record<string, unknown> = { entity: { type: 'object', properties: { id: { type: 'string' } } } };
  for (let i = 0; i < 2_000; i++) {
    schemas[`thing${i}`] = { allOf: [{ $ref: '#/components/schemas/entity' }, { type: 'object', properties: { n: { type: 'integer' } } }] };
    const operation = (summary: string, operationId: string) => ({
      tags: ['things'],
      summary,
      operationId,
      description: 'Counts the things of the collection. '.repeat(4),
      responses: { 200: { description: 'ok', content: { 'application/json': { schema: { $ref: `#/components/schemas/thing${i}` } } } } },
    });
    paths[`/things${i}/items/$count`] = {
      get: operation('Get the number of the resource', `count${i}`),
      delete: operation('Delete the count', `deleteCount${i}`),
    };
  }
  // A mistake only the rules over dereferenced parameters see, an array without `items` behind a `$ref` (a warning), and
  // an operationId used twice.
  paths['/broken/{id}'] = {
    get: {
      summary: 'Broken',
      operationId: 'count7',
      parameters: [{ $ref: '#/components/parameters/tags' }],
      responses: { 200: { description: 'ok' } },
    },
  };
  const text = JSON.stringify({
    openapi: '3.0.1',
    info: { title: 'Graph-like', version: '1' },
    servers: [{ url: 'https://graph.example.com' }],
    paths,
    components: {
      schemas: { ...schemas, tagList: { type: 'array' } },
      parameters: { tags: { name: 'tags', in: 'query', schema: { $ref: '#/components/schemas/tagList' } } },
    },
  });
  const summaries = [...text.matchAll(/"summary":/g)].map((m) => (m.index as number) + '"summary":'.length);
  return { text, summaries };
}

test('a one-line document shaped like Microsoft Graph: each duplicate slug placed at its summary, with a code frame; rules over dereferenced parameters still run', async () => {
  const root = mkdtempSync(join(tmpdir(), 'docsc-openapi-graph-'));
  try {
    const { text, summaries } = graphLike();
    assert.ok(text.length > 1_000_000 && !text.includes('\n'), 'one line, large enough for the direct pass');
    writeFileSync(join(root, 'openapi.json'), text);
    writeFileSync(join(root, 'index.mdx'), '---\ntitle: Home\n---\n\nHome.\n');
    const navigation = {
      groups: [
        { group: 'Home', pages: ['index'] },
        // An upper-case `directory` turns Mintlify's numbering off (it compares `API/…` with the lowercased names it
        // listed): every repeated summary is then a page Mintlify publishes over, which docsc keeps and reports.
        { group: 'API', openapi: { source: 'openapi.json', directory: 'API' } },
      ],
    };
    writeFileSync(join(root, 'docs.json'), JSON.stringify({ name: 'Graph', colors: { primary: '#0D9373' }, navigation }));
    const result = await check({ root, threads: 1 });
    const duplicates = result.diagnostics.filter((d) => d.code === 'openapi/duplicate-slug');
    // All but the last of each summary (Mintlify publishes the last); the broken operation's is its own.
    assert.is(duplicates.length, 2 * 2_000 - 2);
    const expected = summaries.filter((_, i) => i < 2 * 2_000 - 2).map((offset) => [1, offset + 1]);
    assert.equal(
      duplicates.map((d) => [d.line, d.column]),
      expected,
    );
    const pretty = renderPretty(duplicates.slice(0, 3), { sources: (path) => result.sources.get(path), color: false });
    assert.is(pretty.match(/ 1 \| …[^\n]*"summary":"(Get the number of the resource|Delete the count)"/g)?.length, 3, pretty);
    const rules = result.diagnostics.filter((d) => d.code.startsWith('openapi/invalid') || d.code === 'openapi/spec-rule');
    assert.equal(
      rules.map((d) => [d.code, /`\{id\}`|`items`|`count7`/.exec(d.message)?.[0], d.column]),
      [
        ['openapi/spec-rule', '`{id}`', text.indexOf('"get"', text.indexOf('"/broken/{id}"')) + 1],
        // At the second use of the id.
        ['openapi/spec-rule', '`count7`', text.lastIndexOf('"count7"') + 1],
        ['openapi/invalid-warning', '`items`', text.indexOf('"parameters"', text.indexOf('"/broken/{id}"')) + 1],
      ],
      rules.map((d) => `${d.code} ${d.message}`).join('\n'),
    );
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test.run();
