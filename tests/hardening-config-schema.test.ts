// The docs.json JSON Schema (for editors) accepts what `docsc check` accepts:
// `{"$ref": …}` objects in every navigation position (split configurations,
// before docsc resolves them), and refuses `$ref` objects with other keys
// beside them, as docsc warns about them.

import { readFileSync } from 'node:fs';
import AjvModule from 'ajv';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import docsSchema from '../spec/docs.schema.json' with { type: 'json' };

const ajv = new AjvModule.default({ allErrors: true, strict: true });
const validate = ajv.compile(docsSchema);

function errors(config: unknown): string[] {
  validate(config);
  return (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}

const base = { name: 'Split', colors: { primary: '#0D9373' } };
const ref = (path: string) => ({ $ref: path });

test('$ref objects are accepted wherever navigation takes an element or a page', () => {
  const navigations = [
    ref('nav.json'),
    { pages: ['index', ref('more.json'), { group: 'G', pages: [ref('g.json#/pages/0')] }] },
    { groups: [ref('groups/a.json'), { group: 'B', pages: ['b'] }] },
    { tabs: [ref('tabs/guides.json'), { tab: 'API', groups: [ref('api.json')] }] },
    { anchors: [ref('a.json')] },
    { dropdowns: [ref('d.json')] },
    { products: [ref('p.json')] },
    { versions: [ref('v1.json'), { version: 'v2', tabs: [ref('t.json')] }] },
    { languages: [ref('nav/en.json'), ref('nav/shared.json#/versions/0')] },
    { tabs: [{ tab: 'T', menu: [ref('menu.json')] }] },
    { pages: ['index'], global: { anchors: [ref('anchors.json')] } },
  ];
  for (const navigation of navigations) assert.equal(errors({ ...base, navigation }), [], JSON.stringify(navigation));
});

test('the split configurations of the check fixtures validate as written', () => {
  const config = JSON.parse(readFileSync('tests/fixtures/check/refs/docs.json', 'utf8'));
  // Their mistakes are docsc's to report (sibling keys, a non-string path); the rest is accepted.
  const found = errors(config);
  const places = new Set(found.map((e) => e.split(' ')[0]).filter((place) => place?.startsWith('/navigation/languages/')));
  assert.equal([...places].sort(), [
    '/navigation/languages/1',
    '/navigation/languages/1/language',
    '/navigation/languages/7',
    '/navigation/languages/7/$ref',
  ]);
});

test('a $ref object with other keys, or a $ref that is not a string, is refused', () => {
  assert.ok(errors({ ...base, navigation: { groups: [{ $ref: 'a.json', group: 'x' }] } }).length > 0);
  assert.ok(errors({ ...base, navigation: { groups: [{ $ref: 42 }] } }).length > 0);
});

test.run();
