// The diagnostic examples' folder (tests/fixtures/diagnostic-examples/, made by
// the tests/diagnostic-examples-*.test.ts files) holds no stale case: each
// baseline has its input, each committed folder its baselines (or is shared
// by several cases), and each case records a code of the catalogue.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { catalogue } from '../compiler/diagnostics/catalogue.js';
import { EXAMPLES, SHARED_FOLDERS } from './support/diagnostic-example.js';

const entries = readdirSync(EXAMPLES).sort();
const cases = entries.filter((name) => name.endsWith('.expected.txt')).map((name) => name.replace(/\.expected\.txt$/, ''));

test('each case has its two baselines', () => {
  const inputs = entries.filter((name) => name.endsWith('.input.txt')).map((name) => name.replace(/\.input\.txt$/, ''));
  assert.equal(inputs, cases);
});

test('each committed folder is a case, or shared by cases', () => {
  const folders = entries.filter((name) => statSync(join(EXAMPLES, name)).isDirectory());
  assert.equal(
    folders.filter((name) => !cases.includes(name) && !SHARED_FOLDERS.includes(name)),
    [],
  );
});

test('each case records a code of the catalogue', () => {
  for (const name of cases) {
    const codes = [...readFileSync(join(EXAMPLES, `${name}.expected.txt`), 'utf8').matchAll(/ (?:error|warning|info) ([a-z]+\/[a-z0-9.-]+) /g)];
    assert.ok(
      codes.some((match) => Object.hasOwn(catalogue, match[1] as string)),
      name,
    );
  }
});

test.run();
