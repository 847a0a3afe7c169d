// The entry grammar (spec/entry-grammar.md) on every form users write and on
// the mistakes they make: results and error messages with their ranges.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseEntry, parseOpenApiReference, parseSchemaReference } from '../compiler/syntax/entry-parser.js';

test('page paths, including ones that start like a keyword', () => {
  for (const path of ['quickstart', 'guides/setup', 'get', 'get-started', 'webhooks/intro', 'GET', 'post/index']) {
    assert.equal(parseEntry(path), { kind: 'page', path, range: { start: 0, end: path.length } });
  }
  assert.equal(parseEntry('  padded  '), { kind: 'page', path: 'padded', range: { start: 2, end: 8 } });
});

test('operations, methods in any case, with or without a spec', () => {
  assert.equal(parseEntry('GET /pets/{petId}'), {
    kind: 'endpoint',
    method: 'get',
    path: '/pets/{petId}',
    methodRange: { start: 0, end: 3 },
    pathRange: { start: 4, end: 17 },
  });
  const withSpec = parseEntry('openapi.yaml delete /pets');
  assert.equal(withSpec.kind === 'endpoint' && [withSpec.method, withSpec.spec?.text, withSpec.spec?.range], [
    'delete',
    'openapi.yaml',
    { start: 0, end: 12 },
  ]);
  const leadingSlash = parseEntry('/openapi.json Patch /a');
  assert.equal(leadingSlash.kind === 'endpoint' && [leadingSlash.method, leadingSlash.spec?.text], ['patch', '/openapi.json']);
  const url = parseEntry('https://api.example.com/openapi.json TRACE /x');
  assert.equal(url.kind === 'endpoint' && url.spec?.text, 'https://api.example.com/openapi.json');
});

test('webhooks', () => {
  assert.equal(parseEntry('webhook petAdopted'), { kind: 'webhook', name: 'petAdopted', nameRange: { start: 8, end: 18 } });
  const named = parseEntry('spec.yaml Webhook pet.created');
  assert.equal(named.kind === 'webhook' && [named.spec?.text, named.name], ['spec.yaml', 'pet.created']);
});

test('errors say what was expected and what was found, where', () => {
  const cases: [string, string, { start: number; end: number }][] = [
    ['GET ', 'Expected a path starting with `/` after GET, found the end of the entry', { start: 4, end: 4 }],
    ['GET users', 'Expected a path starting with `/` after GET, found `users`', { start: 4, end: 9 }],
    ['FETCH /users', 'Expected an HTTP method (GET, PUT, POST, DELETE, OPTIONS, HEAD, PATCH, TRACE), found `FETCH`', { start: 0, end: 5 }],
    ['webhook ', 'Expected a name, found the end of the entry', { start: 8, end: 8 }],
    ['', 'Empty page entry', { start: 0, end: 0 }],
  ];
  for (const [text, message, range] of cases) assert.equal(parseEntry(text), { kind: 'invalid', message, range }, text);
  const extra = parseEntry('spec.json GET /a extra');
  assert.ok(extra.kind === 'invalid' && extra.message.startsWith('Unexpected `extra` after the entry'));
  assert.equal(extra.kind === 'invalid' && extra.range, { start: 17, end: 22 });
});

test('frontmatter openapi refuses a page path; openapi-schema takes one or two names', () => {
  const page = parseOpenApiReference('quickstart');
  assert.ok(page.kind === 'invalid' && page.message.includes('found `quickstart`'));
  assert.equal(parseOpenApiReference('GET /pets').kind, 'endpoint');
  assert.equal(parseSchemaReference('Pet'), { kind: 'schema', name: 'Pet', nameRange: { start: 0, end: 3 } });
  const two = parseSchemaReference('spec.json Pet');
  assert.equal(two.kind === 'schema' && [two.spec?.text, two.name], ['spec.json', 'Pet']);
  assert.equal(parseSchemaReference('a b c'), {
    kind: 'invalid',
    message: 'Unexpected `c` after the schema name; write `<name>` or `<spec> <name>`',
    range: { start: 4, end: 5 },
  });
  assert.equal(parseSchemaReference(' ').kind, 'invalid');
});

test.run();
