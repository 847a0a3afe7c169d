// Fixture tests of `docsc check`: every folder under tests/fixtures/check/
// (one case per rule family) and tests/fixtures/real/ (configurations of real
// public repositories, which must show no false errors; see its README) is a
// docs repository, and `<folder>.expected.txt` beside it lists the diagnostics
// check must report, in order. UPDATE_BASELINES=1 rewrites them. A baseline
// without its folder fails the run.

import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { check } from '../compiler/check.js';
import { matchBaseline } from './support/baseline.js';
import { formatDiagnosticLines } from './support/diagnostic-lines.js';

for (const fixtures of ['tests/fixtures/check', 'tests/fixtures/real']) {
  const entries = readdirSync(fixtures).sort();
  const cases = entries.filter((name) => statSync(join(fixtures, name)).isDirectory());

  for (const name of cases) {
    test(`check: ${name}`, async () => {
      const result = await check({ root: join(fixtures, name), threads: 1 });
      matchBaseline(join(fixtures, `${name}.expected.txt`), formatDiagnosticLines(result.diagnostics));
    });
  }

  test(`every baseline in ${fixtures} has its case`, () => {
    const orphans = entries.filter((name) => name.endsWith('.expected.txt') && !existsSync(join(fixtures, name.replace(/\.expected\.txt$/, ''))));
    assert.equal(orphans, []);
  });
}

test.run();
