// mint.json read as Mintlify reads it. Each tests/fixtures/mint-json/<case>.json is a mint.json written in the
// shape real repositories use; <case>.docs.json beside it is what Mintlify's own conversion makes of it
// (`upgradeToDocsConfig` of @mintlify/validation 0.1.878, written by `npm run mint-upgrade -- --write`), not
// docsc's output: these expectations are never rewritten by UPDATE_BASELINES.

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { upgradeMintConfig } from '../compiler/config/upgrade-mint-json.js';
import { SourceFile } from '../compiler/source/source-file.js';
import { parseJson } from '../compiler/syntax/json-parser.js';
import { type JsonNode, nodeAt, toPlain } from '../compiler/syntax/json-tree.js';

const FIXTURES = 'tests/fixtures/mint-json';
const cases = readdirSync(FIXTURES).filter((name) => name.endsWith('.json') && !name.endsWith('.docs.json'));

function upgrade(name: string) {
  const file = new SourceFile('mint.json', readFileSync(join(FIXTURES, name), 'utf8'));
  const root = parseJson(file).root;
  if (root.kind !== 'object') throw new Error(`${name} is not a JSON object`);
  return { file, tree: upgradeMintConfig(root) };
}

test('the case list is not empty', () => {
  assert.ok(cases.length >= 5, `${cases.length} cases`);
});

for (const name of cases) {
  test(`${name}: the same docs.json as Mintlify's conversion`, () => {
    const expected = JSON.parse(readFileSync(join(FIXTURES, name.replace(/\.json$/, '.docs.json')), 'utf8'));
    assert.equal(toPlain(upgrade(name).tree), expected);
  });
}

/** The text a node's span covers in mint.json. */
const textAt = (node: JsonNode | undefined) => (node ? node.span.file.text.slice(node.span.start, node.span.end) : undefined);

test('moved values keep their place in mint.json; renamed keys point at the key the author wrote', () => {
  const { tree } = upgrade('tabs-and-anchors.json');
  assert.is(textAt(nodeAt(tree, ['navigation', 'anchors', 0, 'tabs', 1, 'groups', 0, 'pages', 1])), '"api-reference/endpoint/create"');
  assert.is(textAt(nodeAt(tree, ['navigation', 'anchors', 2, 'anchor'])), '"Python SDK"');
  const anchor = nodeAt(tree, ['navigation', 'anchors', 2]);
  assert.ok(anchor?.kind === 'object');
  const label = anchor.members.find((m) => m.key === 'anchor');
  assert.is(label && anchor.span.file.text.slice(label.keySpan.start, label.keySpan.end), '"name"');
  // A made value (the icon object from `icon` and `iconType`) points at the icon.
  assert.is(textAt(nodeAt(tree, ['navigation', 'anchors', 0, 'tabs', 0, 'groups', 0, 'icon'])), '"rocket"');
});

test('a navbar label made from a link type, and the default color, point into mint.json', () => {
  const { tree } = upgrade('settings.json');
  const label = nodeAt(tree, ['navbar', 'links', 1, 'label']);
  assert.equal(toPlain(label as JsonNode), 'Github');
  assert.ok(textAt(label)?.startsWith('{ "type": "github"'));
  const bare = upgrade('links-out.json').tree;
  assert.equal(toPlain(nodeAt(bare, ['colors']) as JsonNode), { primary: '#16A34A' });
  assert.is(nodeAt(bare, ['colors', 'primary'])?.span.file.path, 'mint.json');
});

/** Every value of a tree replaced in turn by each JSON kind: the mint.json a typo makes. */
function* mutations(node: JsonNode): Generator<JsonNode> {
  const others: JsonNode[] = [
    { kind: 'null', span: node.span },
    { kind: 'number', span: node.span, value: 1 },
    { kind: 'string', span: node.span, value: 'x' },
    { kind: 'array', span: node.span, items: [] },
    { kind: 'object', span: node.span, members: [] },
    { kind: 'invalid', span: node.span },
  ];
  yield* others.filter((other) => other.kind !== node.kind);
  if (node.kind === 'object') {
    for (let i = 0; i < node.members.length; i++) {
      const at = node.members[i] as (typeof node.members)[number];
      for (const value of mutations(at.value)) yield { ...node, members: node.members.map((m, j) => (j === i ? { ...at, value } : m)) };
    }
  } else if (node.kind === 'array') {
    for (let i = 0; i < node.items.length; i++) {
      for (const item of mutations(node.items[i] as JsonNode)) yield { ...node, items: node.items.map((x, j) => (j === i ? item : x)) };
    }
  }
}

test('a value of the wrong kind anywhere in mint.json never stops the conversion', () => {
  let tried = 0;
  for (const name of ['tabs-and-anchors.json', 'versions.json', 'languages.json', 'settings.json']) {
    const root = parseJson(new SourceFile('mint.json', readFileSync(join(FIXTURES, name), 'utf8'))).root;
    for (const mutated of mutations(root)) {
      if (mutated.kind !== 'object') continue;
      const converted = upgradeMintConfig(mutated);
      assert.is(converted.kind, 'object');
      tried++;
    }
  }
  assert.ok(tried > 1000, `${tried} mutated files`);
});

test.run();
