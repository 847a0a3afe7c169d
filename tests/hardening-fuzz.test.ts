// Property tests (fast-check, bounded runs with fixed seeds so a run takes
// seconds and a failure replays): the docs.json grammar, the entry-string
// grammar, frontmatter and OpenAPI loading never throw, never hang, and every
// diagnostic stands at a real place of its file — line ≥ 1 and column ≥ 1
// within the text — or, for what concerns a whole file, at none (line 0).

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { check } from '../compiler/check.js';
import type { Diagnostic } from '../compiler/diagnostics/diagnostic.js';
import { ProjectHost } from '../compiler/host/project-host.js';
import { loadOpenApi } from '../compiler/openapi/load-openapi.js';
import { parseFrontmatter } from '../compiler/pages/parse-frontmatter.js';
import { SourceFile } from '../compiler/source/source-file.js';
import { parseEntry, parseOpenApiReference, parseSchemaReference, type StringRange } from '../compiler/syntax/entry-parser.js';
import { parseJson } from '../compiler/syntax/json-parser.js';

/** Codes that concern a whole file and so carry no line. */
const WHOLE_FILE = new Set([
  'file/too-large',
  'file/large-page',
  'file/outside-root',
  'file/unreadable',
  'openapi/no-servers',
  'openapi/not-object',
  'openapi/parse-failed',
  'openapi/alias-limit',
  'openapi/too-deep',
  'openapi/validator-failed',
  'openapi/more-errors',
  'openapi/invalid',
  'openapi/invalid-warning',
  'openapi/spec-rule',
  'openapi/syntax',
  'nav/unreachable-page',
]);

function assertPlaced(d: Diagnostic, text: string): void {
  const where = `${d.code} at ${d.line}:${d.column}: ${d.message}`;
  if (d.line === 0 && d.column === 0) {
    assert.ok(WHOLE_FILE.has(d.code), `${where} has no place`);
    return;
  }
  const lines = text.split(/\r\n|\r|\n/);
  assert.ok(d.line >= 1 && d.line <= Math.max(lines.length, 1), `${where}: line out of range (${lines.length} lines)`);
  const length = lines[d.line - 1]?.length ?? 0;
  assert.ok(d.column >= 1 && d.column <= length + 1, `${where}: column out of range (line of ${length})`);
}

function assertRange(range: StringRange, text: string): void {
  assert.ok(range.start >= 0 && range.start <= range.end && range.end <= text.length, `range ${range.start}-${range.end} in ${JSON.stringify(text)}`);
}

// Text that looks like JSON often enough to reach deep into the grammar.
const jsonPieces = fc.constantFrom(
  '{',
  '}',
  '[',
  ']',
  ':',
  ',',
  '"',
  "'",
  '\\',
  '/',
  '*',
  '//',
  '/*',
  '*/',
  '\n',
  ' ',
  '\t',
  'true',
  'null',
  '-1.5e3',
  '0',
  '"a"',
  '"$ref"',
  '"name"',
  '"navigation"',
  '"pages"',
  '"groups"',
  '\u0000',
  '\uFEFF',
  '\u2028',
  '"\\u12"',
  'x',
);
const jsonish = fc.oneof(
  fc.array(jsonPieces, { maxLength: 80 }).map((parts) => parts.join('')),
  fc.json({ maxDepth: 4 }),
  fc.tuple(fc.json({ maxDepth: 4 }), fc.nat(), fc.nat({ max: 5 }), fc.string({ maxLength: 4 })).map(([text, at, cut, insert]) => {
    const i = at % (text.length + 1);
    return text.slice(0, i) + insert + text.slice(i + cut);
  }),
  fc.string({ maxLength: 60 }),
);

test('docs.json grammar: never throws, every diagnostic placed', () => {
  fc.assert(
    fc.property(jsonish, (text) => {
      const file = new SourceFile('docs.json', text);
      const result = parseJson(file);
      assert.ok(result.root !== undefined);
      for (const d of result.diagnostics) assertPlaced(d, text);
    }),
    { numRuns: 3_000, seed: 8, endOnFailure: true },
  );
});

const entryPieces = fc.constantFrom(
  'GET',
  'get',
  'POST',
  'FETCH',
  'webhook',
  'Webhook',
  '/pets',
  '/pets/{id}',
  'openapi.json',
  'https://x.test/o.yaml',
  ' ',
  '  ',
  '\t',
  '\n',
  'page',
  'a/b',
  '{',
  '}',
  '"',
  '\u00a0',
  '\u2028',
  'é',
);
const entries = fc.oneof(
  fc.array(entryPieces, { maxLength: 8 }).map((parts) => parts.join('')),
  fc.array(entryPieces, { maxLength: 6 }).map((parts) => parts.join(' ')),
  fc.string({ maxLength: 30 }),
);

test('entry grammar: never throws, every range inside the string', () => {
  fc.assert(
    fc.property(entries, (text) => {
      for (const entry of [parseEntry(text), parseOpenApiReference(text)]) {
        if (entry.kind === 'page' || entry.kind === 'invalid') assertRange(entry.range, text);
        if (entry.kind === 'invalid') assert.ok(entry.message.length > 0);
        if (entry.kind === 'endpoint') {
          assertRange(entry.methodRange, text);
          assertRange(entry.pathRange, text);
        }
        if (entry.kind === 'webhook') assertRange(entry.nameRange, text);
        if ((entry.kind === 'endpoint' || entry.kind === 'webhook') && entry.spec) assertRange(entry.spec.range, text);
      }
      const schema = parseSchemaReference(text);
      assertRange(schema.kind === 'schema' ? schema.nameRange : schema.range, text);
    }),
    { numRuns: 5_000, seed: 8, endOnFailure: true },
  );
});

const yamlPieces = fc.constantFrom(
  'title: ',
  'openapi: ',
  'description: ',
  'sidebarTitle: ',
  'hidden: ',
  'icon: ',
  'mode: ',
  'tag: ',
  'x',
  'true',
  '"a"',
  "'b'",
  '&a ',
  '*a',
  '<<: ',
  '__proto__: ',
  '[',
  ']',
  '{',
  '}',
  '- ',
  ': ',
  '\n',
  '  ',
  '\t',
  '#',
  '!!str ',
  '!tag ',
  '? ',
  '|\n',
  '>\n',
  'GET /pets',
  '---',
  '...',
  '%YAML 1.2\n',
);
const pages = fc.oneof(
  fc.array(yamlPieces, { maxLength: 40 }).map((parts) => `---\n${parts.join('')}\n---\n# Body\n`),
  fc.array(yamlPieces, { maxLength: 40 }).map((parts) => `---\n${parts.join('')}`),
  fc.string({ maxLength: 80 }).map((s) => `---\n${s}\n---\n`),
);

test('frontmatter: never throws, every diagnostic placed', () => {
  fc.assert(
    fc.property(pages, (text) => {
      const result = parseFrontmatter(new SourceFile('page.mdx', text));
      for (const d of result.diagnostics) assertPlaced(d, text);
    }),
    { numRuns: 3_000, seed: 8, endOnFailure: true },
  );
});

// OpenAPI documents: random values in the places a document has, as JSON and as YAML.
const anyValue = fc.jsonValue({ maxDepth: 3 });
const operation = fc.record(
  {
    summary: fc.oneof(fc.string({ maxLength: 10 }), anyValue),
    operationId: fc.string({ maxLength: 6 }),
    parameters: fc.array(
      fc.record(
        { name: fc.string({ maxLength: 4 }), in: fc.constantFrom('path', 'query', 'header', 'body'), schema: anyValue },
        { requiredKeys: [] },
      ),
      { maxLength: 3 },
    ),
    responses: fc.oneof(anyValue, fc.constant({ 200: { description: 'ok' } })),
    'x-mint': anyValue,
    security: anyValue,
  },
  { requiredKeys: [] },
);
const documents = fc.record(
  {
    openapi: fc.constantFrom('3.0.3', '3.1.0', '3.1', '2.0', '4.0.0', 'x'),
    info: fc.oneof(fc.constant({ title: 'T', version: '1' }), anyValue),
    paths: fc.oneof(
      fc.dictionary(
        fc.constantFrom('/a', '/b/{id}', 'c', '/d'),
        fc.dictionary(fc.constantFrom('get', 'post', 'parameters', 'x'), operation, { maxKeys: 3 }),
        { maxKeys: 3 },
      ),
      anyValue,
    ),
    webhooks: anyValue,
    components: fc.oneof(fc.record({ schemas: fc.dictionary(fc.string({ maxLength: 4 }), anyValue, { maxKeys: 3 }) }), anyValue),
    servers: anyValue,
    security: anyValue,
    'x-ref': fc.constantFrom({ $ref: '#/components/schemas/a' }, { $ref: '#/nowhere' }, { $ref: 'other.json' }, { $ref: 5 }),
  },
  { requiredKeys: ['openapi'] },
);

test('OpenAPI loading: never throws, every diagnostic placed, JSON and YAML', async () => {
  const root = mkdtempSync(join(tmpdir(), 'docsc-fuzz-openapi-'));
  try {
    const host = new ProjectHost(root);
    await fc.assert(
      fc.asyncProperty(documents, fc.boolean(), fc.nat({ max: 5 }), async (doc, asYaml, cut) => {
        let text = JSON.stringify(doc, null, asYaml ? undefined : 1);
        if (asYaml) text = (await import('yaml')).stringify(doc);
        if (cut > 0) text = text.slice(0, Math.max(0, text.length - cut * 7));
        const name = asYaml ? 'spec.yaml' : 'spec.json';
        writeFileSync(join(root, name), text);
        host.forget([name]);
        const result = await loadOpenApi(name, host, { timeoutMs: 1_000 });
        for (const d of result.diagnostics) {
          assert.is(d.file, name);
          assertPlaced(d, text);
        }
      }),
      { numRuns: 150, seed: 8, endOnFailure: true },
    );
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('check() on mutated docs.json texts: never throws, every docs.json diagnostic placed', async () => {
  const root = mkdtempSync(join(tmpdir(), 'docsc-fuzz-check-'));
  try {
    writeFileSync(join(root, 'index.mdx'), '# Hi\n');
    const valid = JSON.stringify(
      {
        name: 'F',
        colors: { primary: '#000000' },
        navigation: { tabs: [{ tab: 'T', groups: [{ group: 'G', pages: ['index', { $ref: 'x.json' }] }] }] },
      },
      null,
      2,
    );
    await fc.assert(
      fc.asyncProperty(fc.nat(), fc.nat({ max: 8 }), fc.oneof(jsonPieces, fc.string({ maxLength: 3 })), async (at, cut, insert) => {
        const i = at % (valid.length + 1);
        const text = valid.slice(0, i) + insert + valid.slice(i + cut);
        writeFileSync(join(root, 'docs.json'), text);
        const result = await check({ root, threads: 1 });
        for (const d of result.diagnostics) if (d.file === 'docs.json') assertPlaced(d, text);
      }),
      { numRuns: 40, seed: 8, endOnFailure: true },
    );
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test.run();
