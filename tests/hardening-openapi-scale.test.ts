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
import { ProjectHost } from '../compiler/host/project-host.js';
import { loadOpenApi } from '../compiler/openapi/load-openapi.js';
import { MAX_SCHEMA_PROBLEMS, validateSchema } from '../compiler/openapi/validate-schema.js';

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
  test(`OpenAPI ${version}: one mistake in a shared schema of a large document is one error, where it is written`, async () => {
    const root = mkdtempSync(join(tmpdir(), 'docsc-openapi-scale-'));
    try {
      const text = JSON.stringify(bigSpec(version), null, 2);
      assert.ok(text.length > 1_000_000, 'large enough for the direct pass');
      writeFileSync(join(root, 'openapi.json'), text);
      const started = performance.now();
      const before = process.memoryUsage().rss;
      const result = await loadOpenApi('openapi.json', new ProjectHost(root), {});
      const ms = performance.now() - started;
      const invalid = result.diagnostics.filter((d) => d.code === 'openapi/invalid');
      assert.is(invalid.length, 1, result.diagnostics.map((d) => `${d.line}:${d.column} ${d.message}`).join('\n'));
      const line = text.slice(0, text.indexOf('"querry"')).split('\n').length;
      assert.is(invalid[0]?.line, line, invalid[0]?.message);
      assert.match(invalid[0]?.message ?? '', '`#/components/parameters/Id/in`');
      assert.ok(ms < 30_000, `${Math.round(ms)} ms`);
      assert.ok(process.memoryUsage().rss - before < 1_000_000_000, 'under 1 GB more memory');
      assert.ok(result.document, 'the document is still usable');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
}

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

test.run();
