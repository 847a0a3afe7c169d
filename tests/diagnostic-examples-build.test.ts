// Diagnostic examples only `docsc build` reports (tests/support/diagnostic-example.ts):
// settings a static site cannot honour, a docs.json without navigation, two
// files of the output on one path, and content nested past what is rendered
// (`page/internal-error` has no case: only a bug in docsc reports it,
// tests/catalogue.test.ts). Each case is a committed docs repository built
// in a temporary folder (outside any git repository, which
// `metadata.timestamp` needs).

import { test } from 'uvu';
import { build } from '../compiler/build/build.js';
import { ExampleCase } from './support/diagnostic-example.js';

async function buildExample(name: string): Promise<void> {
  const example = new ExampleCase(name);
  try {
    example.command('build --no-cache');
    const result = await build({ root: example.root, cacheDir: false, threads: 1 });
    example.record(result.diagnostics);
  } finally {
    example.remove();
  }
}

test('build/thumbs-rating-unsupported, setting-unsupported, codeblocks-theme-unsupported, integration-unsupported, timestamps-unavailable', () =>
  buildExample('build-settings'));

test('build/no-navigation: docs.json without `navigation`', () => buildExample('build-no-navigation'));

test("build/output-conflict: a redirect from the path of a page's Markdown copy", () => buildExample('build-output-conflict'));

test('render/too-deep: 1001 block quotes in one another', () => buildExample('render-too-deep'));

test.run();
