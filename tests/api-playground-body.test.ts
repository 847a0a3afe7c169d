// The playground's typed body inputs without a browser: what the build
// describes of a body's schema (compiler/reference/playground-body-fields.ts:
// nested objects and arrays, read-only fields left out, recursion and depth
// and size bounded) and how the inputs rewrite the JSON text
// (runtime/client/playground/json-body.ts: values set at a path, emptied
// objects removed, array items added and removed, any property name an own
// property). The browser tests (playground-browser.test.ts) type into them.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { bodyProperties } from '../compiler/reference/playground-body-fields.js';
import { RefResolver } from '../compiler/reference/resolve-ref.js';
import { parsedObject, valueAt, withItem, withoutItem, withValue } from '../runtime/client/playground/json-body.js';
import type { BodyValue } from '../runtime/client/playground/playground-data.js';

/** A value's shape, one line: `object{a:string,b:array[number]}`, `json`. */
function shape(value: BodyValue): string {
  if (value.kind === 'object') return `object{${(value.properties ?? []).map((p) => `${p.name}:${shape(p)}`).join(',')}}`;
  if (value.kind === 'array') return `array[${value.items ? shape(value.items) : '?'}]`;
  return value.kind;
}

const shapes = (schema: unknown, components: Record<string, unknown> = {}) =>
  bodyProperties(schema, new RefResolver({ components: { schemas: components } })).map((p) => `${p.name}:${shape(p)}`);

test('nested objects and arrays of scalars, objects and arrays; allOf merged, read-only fields left out', () => {
  const schema = {
    allOf: [
      { type: 'object', required: ['id'], properties: { id: { type: 'integer', readOnly: true }, name: { type: 'string' } } },
      {
        properties: {
          owner: { type: 'object', properties: { address: { type: ['object', 'null'], properties: { zip: { type: 'integer' } } } } },
          tags: { type: 'array', items: { type: 'string', enum: ['a', 'b'] } },
          grid: { type: 'array', items: { type: 'array', items: { type: 'number' } } },
          toys: { type: 'array', items: { $ref: '#/components/schemas/Toy' } },
          choice: { oneOf: [{ type: 'string' }, { type: 'integer' }] },
          map: { type: 'object', additionalProperties: { type: 'string' } },
          either: { type: ['string', 'integer'] },
        },
      },
    ],
  };
  const toy = { type: 'object', properties: { label: { type: 'string' }, squeaky: { type: 'boolean' } } };
  assert.equal(shapes(schema, { Toy: toy }), [
    'name:string',
    'owner:object{address:object{zip:number}}',
    'tags:array[string]',
    'grid:array[array[number]]',
    'toys:array[object{label:string,squeaky:boolean}]',
    'choice:json',
    'map:json',
    'either:json',
  ]);
  assert.equal(shapes({ type: 'array', items: toy }), [], 'an array body has no properties: it is edited as JSON');
});

test('a recursive schema is expanded once; groups nest four levels deep; a body holds at most 100 nested inputs', () => {
  const node = { type: 'object', properties: { name: { type: 'string' }, next: { $ref: '#/components/schemas/Node' } } };
  assert.equal(shapes({ $ref: '#/components/schemas/Node' }, { Node: node }), ['name:string', 'next:json']);
  assert.equal(shapes({ type: 'object', properties: { head: { $ref: '#/components/schemas/Node' } } }, { Node: node }), [
    'head:object{name:string,next:json}',
  ]);
  let deep: Record<string, unknown> = { type: 'string' };
  for (let i = 0; i < 8; i++) deep = { type: 'object', properties: { [`l${8 - i}`]: deep } };
  assert.equal(shapes(deep), ['l1:object{l2:object{l3:object{l4:object{l5:json}}}}']);
  const wide = (n: number) => ({
    type: 'object',
    properties: Object.fromEntries(Array.from({ length: n }, (_, i) => [`f${i}`, { type: 'string' }])),
  });
  const [first, second] = bodyProperties({ type: 'object', properties: { a: wide(60), b: wide(60) } }, new RefResolver({}));
  assert.is(first?.kind, 'object');
  assert.is(second?.kind, 'json', 'past the budget');
  assert.is(bodyProperties(wide(500), new RefResolver({})).length, 500, 'top-level properties are all listed');
});

test('the JSON text: a value set at a path, emptied objects removed, array items added and removed', () => {
  let text = '{"name": "Rex"}';
  text = withValue(text, ['owner', 'address', 'city'], 'Oslo');
  assert.equal(JSON.parse(text), { name: 'Rex', owner: { address: { city: 'Oslo' } } });
  text = withItem(text, ['toys'], {});
  text = withValue(text, ['toys', 0, 'label'], 'ball');
  text = withItem(text, ['toys'], {});
  assert.equal(valueAt(parsedObject(text), ['toys']), [{ label: 'ball' }, {}]);
  text = withoutItem(text, ['toys'], 0);
  assert.equal(valueAt(parsedObject(text), ['toys']), [{}]);
  text = withValue(text, ['toys', 0, 'label'], 'rope');
  text = withValue(text, ['toys', 0, 'label'], undefined);
  assert.equal(valueAt(parsedObject(text), ['toys']), [{}], 'an item stays where it is, emptied');
  text = withValue(text, ['owner', 'address', 'city'], undefined);
  assert.equal(JSON.parse(text), { name: 'Rex', toys: [{}] }, 'the emptied owner and address are gone');
  assert.equal(JSON.parse(withValue('{"owner": "text"}', ['owner', 'name'], 'Ann')), { owner: { name: 'Ann' } });
  assert.is(parsedObject('[1]'), undefined);
  assert.is(parsedObject('{'), undefined);
});

test('property names are own properties: __proto__, constructor', () => {
  const text = withValue(withValue('{}', ['__proto__', 'polluted'], true), ['constructor'], 'c');
  assert.equal(Object.keys(JSON.parse(text)), ['__proto__', 'constructor']);
  assert.is(({} as Record<string, unknown>).polluted, undefined);
  assert.is(valueAt(parsedObject('{}'), ['constructor']), undefined);
  assert.is(valueAt(parsedObject(text), ['__proto__', 'polluted']), true);
});

test.run();
