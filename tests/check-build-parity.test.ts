// `check` finds every error `build` finds (issue 35): for every fixture
// repository under tests/fixtures/check, tests/fixtures/real and
// tests/fixtures/conformance, each error the build reports — code, file,
// line and column — is reported by check too, and once only by build
// (build runs check's front end, then compiles: an error both find is one).
// A few errors can only be known by compiling a page's body, which check
// never does (it reads each page's summary); they are listed in BUILD_ONLY,
// each with why. BUILD_OUTCOMES say what the build did about an error check
// reports in its own words.

import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { build } from '../compiler/build/build.js';
import { check } from '../compiler/check.js';
import { catalogue } from '../compiler/diagnostics/catalogue.js';
import type { Diagnostic } from '../compiler/diagnostics/diagnostic.js';

/** Error codes only compiling a page's body can find, and why check cannot know them from the page's summary. */
const BUILD_ONLY: Record<string, string> = {
  'render/evaluation-error': "the page's or a snippet's JavaScript fails when it runs, which check never does",
  'render/too-deep': 'how deep the rendered tree nests, snippets included, is known once the body is rendered',
  'page/out-of-memory': 'depends on the heap the compiling thread was given, not on the page alone',
};

/** Errors that say what the build did about an error check reports itself: where build has one, check must report some error. */
const BUILD_OUTCOMES: Record<string, string> = {
  'build/no-navigation': 'the build stops because docs.json is missing, unreadable or without `navigation`, which check reports',
};

const FOLDERS = ['tests/fixtures/check', 'tests/fixtures/real', 'tests/fixtures/conformance'];

function place(d: Diagnostic): string {
  return `${d.code} ${d.file}:${d.line}:${d.column}`;
}

for (const folder of FOLDERS) {
  const cases = existsSync(folder) ? readdirSync(folder).filter((name) => statSync(join(folder, name)).isDirectory()) : [];
  for (const name of cases.sort()) {
    test(`check reports every error build reports: ${folder}/${name}`, async () => {
      const root = join(folder, name);
      const checked = await check({ root, threads: 1 });
      const out = mkdtempSync(join(tmpdir(), 'docsc-parity-'));
      try {
        const built = await build({ root, outDir: join(out, 'site'), cacheDir: false, threads: 1 });
        const checkErrors = checked.diagnostics.filter((d) => d.severity === 'error');
        const found = new Set(checkErrors.map(place));
        const buildErrors = built.diagnostics.filter((d) => d.severity === 'error' && !(d.code in BUILD_ONLY));
        const missed = buildErrors.filter((d) => !(d.code in BUILD_OUTCOMES) && !found.has(place(d))).map(place);
        assert.equal(missed, [], `errors build reports and check does not, in ${root}`);
        const reported = built.diagnostics.filter((d) => d.severity === 'error').map((d) => `${place(d)} ${d.message}`);
        assert.equal(reported.length, new Set(reported).size, `an error build reports twice, in ${root}`);
        if (buildErrors.some((d) => d.code in BUILD_OUTCOMES)) assert.ok(checkErrors.length > 0, `check reports why the build stopped, in ${root}`);
      } finally {
        rmSync(out, { recursive: true, force: true });
      }
    });
  }
}

test('the build-only codes are codes of the catalogue', () => {
  for (const code of [...Object.keys(BUILD_ONLY), ...Object.keys(BUILD_OUTCOMES)])
    assert.ok(Object.hasOwn(catalogue, code), `${code} is in the catalogue`);
});

test.run();
