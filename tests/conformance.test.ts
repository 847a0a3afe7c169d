// Conformance fixtures (issue 35): each folder under tests/fixtures/conformance/
// is a docs repository written in the shape real Mintlify repositories use,
// one class of real-repository behaviour per case. Beside it:
// - `<case>.expected.txt`: the diagnostics `check` reports, in order;
// - `<case>.urls.txt`: what `build` publishes — one line per page
//   (`page /url`) and per static redirect page (`redirect /url -> target`),
//   then the build's own diagnostics when they differ from check's.
// UPDATE_BASELINES=1 rewrites both. A baseline without its folder fails the run.

import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { build } from '../compiler/build/build.js';
import { check } from '../compiler/check.js';
import type { Diagnostic } from '../compiler/diagnostics/diagnostic.js';
import { matchBaseline } from './support/baseline.js';
import { formatDiagnosticLines } from './support/diagnostic-lines.js';
import { publishedUrls } from './support/published-urls.js';

const FIXTURES = 'tests/fixtures/conformance';

const entries = existsSync(FIXTURES) ? readdirSync(FIXTURES).sort() : [];
const cases = entries.filter((name) => statSync(join(FIXTURES, name)).isDirectory());

for (const name of cases) {
  test(`conformance: ${name}`, async () => {
    const root = join(FIXTURES, name);
    const checked = await check({ root, threads: 1 });
    const checkLines = formatDiagnosticLines(checked.diagnostics);
    assertSpans(checked.diagnostics, 'check');
    matchBaseline(join(FIXTURES, `${name}.expected.txt`), checkLines);

    const dir = mkdtempSync(join(tmpdir(), 'docsc-conformance-'));
    try {
      const built = await build({ root, outDir: join(dir, 'out'), cacheDir: false, threads: 1, siteUrl: 'https://docs.example.com' });
      const buildLines = formatDiagnosticLines(built.diagnostics);
      assertSpans(built.diagnostics, 'build');
      const report = [
        ...publishedUrls(join(dir, 'out')),
        ...(buildLines === checkLines ? [] : ['', '# build diagnostics', ...buildLines.trimEnd().split('\n')]),
      ];
      matchBaseline(join(FIXTURES, `${name}.urls.txt`), `${report.join('\n')}\n`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}

/** Every diagnostic has a length (0 for a point): without one, the pretty report's caret went to the end of the line. */
function assertSpans(diagnostics: readonly Diagnostic[], by: string): void {
  const without = diagnostics.filter((d) => !Number.isInteger(d.length) || d.length < 0);
  assert.equal(
    without.map((d) => `${d.file}:${d.line}:${d.column} ${d.code}`),
    [],
    `${by}: diagnostics without a length`,
  );
}

test('every conformance baseline has its case', () => {
  const orphans = entries.filter(
    (name) => /\.(expected|urls)\.txt$/.test(name) && !existsSync(join(FIXTURES, name.replace(/\.(expected|urls)\.txt$/, ''))),
  );
  assert.equal(orphans, []);
});

test.run();
