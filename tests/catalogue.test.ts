// The diagnostic catalogue (spec/diagnostics/*.json) stays honest: no code is
// defined twice across the area files (a later file would silently win), every
// code is reported somewhere in the compiler, every code is exercised by a
// test (an expected-output baseline or a test file names it), and
// spec/diagnostics.md is generated from the current catalogue.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { catalogue, catalogueFiles } from '../compiler/diagnostics/catalogue.js';

function filesUnder(dir: string, keep: (path: string) => boolean): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path, keep) : keep(path) ? [path] : [];
  });
}

const codes = Object.keys(catalogue);

test('no code is defined in two catalogue files, and each has its area prefix', () => {
  const seen = new Map<string, string>();
  for (const area of catalogueFiles) {
    const entries = JSON.parse(readFileSync(`spec/diagnostics/${area}.json`, 'utf8')) as Record<string, unknown>;
    for (const code of Object.keys(entries)) {
      assert.is(seen.get(code), undefined, `${code} is defined in ${seen.get(code)} and ${area}`);
      seen.set(code, area);
      assert.match(code, /^[a-z]+\/[a-z0-9.-]+$/, code);
    }
  }
  assert.is(seen.size, codes.length);
});

test('every entry has a severity, a message and a description', () => {
  for (const [code, entry] of Object.entries(catalogue)) {
    assert.ok(['error', 'warning', 'info'].includes(entry.severity), code);
    assert.ok(entry.message.length > 0 && entry.description.length > 20, code);
  }
});

test('every code is reported by the compiler', () => {
  const source = filesUnder('compiler', (p) => p.endsWith('.ts'))
    .map((p) => readFileSync(p, 'utf8'))
    .join('\n');
  const unused = codes.filter((code) => !source.includes(`'${code}'`));
  assert.equal(unused, [], 'codes in the catalogue that no compiler file reports');
});

/**
 * Codes no input can produce, each with why (openapi/parse-failed and openapi/more-errors, once thought to be, have
 * cases in tests/fixtures/diagnostic-examples/). The docs site's diagnostics reference says so under each of them.
 */
const unreachableByDesign: Record<string, string> = {
  // Reported only when docsc itself fails on a page (a throw in the summary or the renderer): a bug, fixed when found,
  // so no test can keep an input that makes it. The last one was an object as a callout's `icon` (render/prop-type now).
  'page/internal-error': 'reported only when docsc itself fails on a page',
};

test('every code is exercised by a test', () => {
  // Conformance cases' `.urls.txt` hold the build's own diagnostics.
  const evidence = [...filesUnder('tests', (p) => p.endsWith('.expected.txt') || p.endsWith('.urls.txt') || p.endsWith('.test.ts'))]
    .map((p) => readFileSync(p, 'utf8'))
    .join('\n');
  const untested = codes.filter((code) => !evidence.includes(code) && unreachableByDesign[code] === undefined);
  assert.equal(untested, [], 'codes no baseline or test mentions');
});

test.run();
