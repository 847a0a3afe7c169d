// compiler/openapi/parser-rules.ts against @readme/openapi-parser itself:
// each document (valid as written, so the direct pass would hand it on) is
// validated both ways — the parser on the copy validate-document.ts gives it
// (component schemas cut to one level), the rules on the document as
// written — and the findings must be the same, word for word and in order.
// Then which documents the rules alone may judge.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { rulesSuffice, runParserRules } from '../compiler/openapi/parser-rules.js';
import { validateSchema } from '../compiler/openapi/validate-schema.js';

type Doc = Record<string, unknown>;

const ok = { description: 'ok' };

function doc(version: string, paths: Doc, components: Doc = {}): Doc {
  return { openapi: version, info: { title: 'Rules', version: '1' }, paths, components };
}

/** The parser's findings as validate-document.ts asks for them, on its copy. */
async function parserFindings(document: Doc) {
  const copy = structuredClone(document) as { components?: { schemas?: Record<string, Doc> } };
  const schemas = copy.components?.schemas ?? {};
  for (const [name, schema] of Object.entries(schemas)) {
    schemas[name] =
      typeof schema.$ref === 'string'
        ? { $ref: schema.$ref }
        : { ...('type' in schema ? { type: schema.type } : {}), ...('items' in schema ? { items: {} } : {}) };
  }
  const { validate } = await import('@readme/openapi-parser');
  const result = await validate(copy as Parameters<typeof validate>[0], {
    resolve: { external: false, file: false },
    dereference: { circular: 'ignore' },
    validate: { rules: { openapi: { 'array-without-items': 'warning' } } },
  });
  return { valid: result.valid, errors: (result.valid ? [] : result.errors).map((e) => e.message), warnings: result.warnings.map((w) => w.message) };
}

function ruleFindings(document: Doc) {
  const result = runParserRules(document);
  return { valid: result.valid, errors: result.errors.map((e) => e.message), warnings: result.warnings.map((w) => w.message) };
}

const cases: Record<string, Doc> = {
  'path parameters: named but not in the path, in the path but not declared, declared twice': doc('3.0.3', {
    '/a': { get: { parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }], responses: { 200: ok } } },
    '/b/{x}/{y}': {
      parameters: [
        { name: 'q', in: 'query', schema: { type: 'string' } },
        { name: 'q', in: 'query', schema: { type: 'integer' } },
      ],
      get: {
        parameters: [
          { name: 'z', in: 'path', required: true, schema: { type: 'string' } },
          { name: 'w', in: 'path', required: true, schema: { type: 'string' } },
        ],
        responses: { 200: ok },
      },
      post: { parameters: [{ name: 'q', in: 'query', schema: { type: 'integer' } }], responses: { 200: ok } },
    },
  }),
  'arrays without items, behind `$ref`s and inline: parameters, parameter content, headers, header content, response content': doc(
    '3.0.3',
    {
      '/items/{id}': {
        parameters: [{ $ref: '#/components/parameters/Id' }],
        get: {
          parameters: [
            { name: 'tags', in: 'query', schema: { $ref: '#/components/schemas/List' } },
            { name: 'filter', in: 'query', content: { 'application/json': { schema: { type: 'array' } } } },
          ],
          responses: {
            200: {
              description: 'ok',
              headers: {
                'X-List': { schema: { type: 'array' } },
                'X-Content': { content: { 'text/plain': { schema: { $ref: '#/components/schemas/List' } } } },
                'X-Shared': { $ref: '#/components/headers/Shared' },
              },
              content: { 'application/json': { schema: { type: 'array' } } },
            },
            404: { $ref: '#/components/responses/NotFound' },
          },
        },
      },
    },
    {
      schemas: { List: { type: 'array' }, Alias: { $ref: '#/components/schemas/List' } },
      parameters: { Id: { name: 'id', in: 'path', required: true, schema: { $ref: '#/components/schemas/Alias' } } },
      headers: { Shared: { schema: { type: 'array' } } },
      responses: { NotFound: { description: 'gone', content: { 'application/json': { schema: { type: 'array', items: { type: 'string' } } } } } },
    },
  ),
  'a chain of parameter `$ref`s that comes round again stays a `$ref` (not a duplicate), beside a real duplicate': doc(
    '3.0.3',
    {
      '/loop': {
        get: {
          parameters: [
            { $ref: '#/components/parameters/A' },
            { $ref: '#/components/parameters/B' },
            { $ref: '#/components/parameters/C' },
            { name: 'c', in: 'header', schema: { type: 'integer' } },
          ],
          responses: { 200: ok },
        },
      },
    },
    {
      parameters: {
        A: { $ref: '#/components/parameters/B' },
        B: { $ref: '#/components/parameters/A' },
        C: { name: 'c', in: 'header', schema: { type: 'string' } },
      },
    },
  ),
  'an OAuth 2 scheme without flows: its error, and nothing else': doc(
    '3.0.3',
    { '/a/{id}': { get: { responses: { 200: ok } } } },
    { securitySchemes: { oauth: { type: 'oauth2', flows: {} }, key: { type: 'apiKey', name: 'k', in: 'cookie' } } },
  ),
  'OpenAPI 3.1 with nothing in paths, webhooks or components': { openapi: '3.1.0', info: { title: 'Empty', version: '1' }, paths: {} },
  'OpenAPI 3.1: arrays without items and path parameters': {
    openapi: '3.1.0',
    info: { title: 'Rules', version: '1' },
    paths: {
      '/a/{b}': {
        get: {
          parameters: [{ name: 'c', in: 'path', required: true, schema: { type: 'array' } }],
          responses: { 200: { $ref: '#/components/responses/R' } },
        },
      },
    },
    components: { responses: { R: { description: 'r', content: { 'application/json': { schema: { type: 'array' } } } } } },
  },
};

for (const [name, document] of Object.entries(cases)) {
  test(`the rules say what the parser says: ${name}`, async () => {
    assert.equal(validateSchema(document, String(document.openapi)).problems, [], 'valid as written, as the direct pass requires');
    const theirs = await parserFindings(document);
    assert.ok(theirs.errors.length + theirs.warnings.length > 0 || name.startsWith('OpenAPI 3.1 with nothing'), 'the case finds something');
    assert.equal(ruleFindings(document), theirs);
  });
}

test('the rules alone judge a document whose `$ref`s are bare references to components of their place’s kind', () => {
  const document = cases[
    'arrays without items, behind `$ref`s and inline: parameters, parameter content, headers, header content, response content'
  ] as Doc;
  const refs: { pointer: string[]; holder: object; target: string[] }[] = [];
  const walk = (value: unknown, pointer: string[]) => {
    if (Array.isArray(value)) {
      for (const [i, item] of value.entries()) walk(item, [...pointer, String(i)]);
    } else if (value && typeof value === 'object') {
      const object = value as Doc;
      if (typeof object.$ref === 'string') refs.push({ pointer, holder: object, target: object.$ref.slice(2).split('/') });
      for (const [key, child] of Object.entries(object)) walk(child, [...pointer, key]);
    }
  };
  walk(document, []);
  assert.ok(refs.length >= 6);
  const text = JSON.stringify(document);
  assert.ok(rulesSuffice(refs, text));
  // A `$ref` to another kind, one with a sibling, one on a path item, one in a schema's `discriminator` (no schema),
  // and `$id`s each send the document to the parser.
  const at = (pointer: string[], target: string, holder: object = { $ref: `#/${target}` }) => ({ pointer, holder, target: target.split('/') });
  assert.not.ok(rulesSuffice([...refs, at(['paths', '/items/{id}', 'parameters', '0'], 'components/schemas/List')], text));
  assert.not.ok(
    rulesSuffice([at(['components', 'schemas', 'List'], 'components/schemas/Alias', { $ref: '#/components/schemas/Alias', description: 'x' })], text),
  );
  assert.not.ok(rulesSuffice([at(['paths', '/items/{id}'], 'components/pathItems/P')], text));
  assert.not.ok(rulesSuffice([at(['components', 'schemas', 'List', 'discriminator'], 'components/schemas/Alias')], text));
  assert.not.ok(rulesSuffice(refs, text.replace('"title"', '"$id":"x","title"')));
});

test.run();
