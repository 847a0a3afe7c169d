// The benchmark corpus generator (bench/corpus/generate.ts): a corpus is
// deterministic (same seed, same bytes; another seed, other bytes) and checks
// clean, in both variants and with the mid-size spec mounted. No timings are
// asserted here.

import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { generateCorpus, MID_SPEC_FILE, type Variant } from '../bench/corpus/generate.js';
import { check } from '../compiler/check.js';

const PAGES = 60;
const temp = mkdtempSync(join(tmpdir(), 'docsc-bench-corpus-'));

function generate(name: string, seed: number, variant: Variant = 'basic'): string {
  const outDir = join(temp, name);
  generateCorpus({ pages: PAGES, seed, variant, outDir });
  return outDir;
}

/** Every file of the tree, by relative path. */
function snapshot(dir: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) files.set(relative(dir, join(entry.parentPath, entry.name)), readFileSync(join(entry.parentPath, entry.name)));
  }
  return files;
}

function sameTrees(a: Map<string, Buffer>, b: Map<string, Buffer>): boolean {
  return a.size === b.size && [...a].every(([path, bytes]) => b.get(path)?.equals(bytes) === true);
}

test('the same seed generates byte-identical corpora', () => {
  const first = snapshot(generate('a', 7));
  assert.ok(first.size > PAGES, `expected more than ${PAGES} files, got ${first.size}`);
  assert.ok(sameTrees(first, snapshot(generate('b', 7))));
});

test('another seed generates another corpus', () => {
  assert.not.ok(sameTrees(snapshot(generate('c', 7)), snapshot(generate('d', 8))));
});

test('a generated corpus checks without errors', async () => {
  const result = await check({ root: generate('e', 1), threads: 1 });
  assert.equal(result.pageCount, PAGES);
  assert.equal(
    result.diagnostics.filter((d) => d.severity === 'error'),
    [],
  );
});

test('the versions-languages variant copies each page 6 times and checks without errors', async () => {
  const dir = generate('f', 1, 'versions-languages');
  const pages = [...snapshot(dir)].filter(([path]) => path.endsWith('.mdx') && !path.startsWith('snippets/'));
  assert.equal(pages.length, PAGES);
  assert.equal(new Set(pages.map(([, bytes]) => bytes.toString())).size, PAGES / 6);
  const result = await check({ root: dir, threads: 1 });
  assert.equal(
    result.diagnostics.filter((d) => d.severity === 'error'),
    [],
  );
});

test("a mid-size spec is mounted beside GitHub's as a second openapi group of the API reference tab, and the corpus checks clean", async () => {
  // A stand-in for the bench's mid-size spec (corpus/mid-spec.ts installs the real one on demand; tests stay offline).
  const standIn = join(temp, 'petstore.json');
  writeFileSync(standIn, readFileSync(createRequire(import.meta.url).resolve('@readme/oas-examples/3.0/json/petstore.json')));
  const generateMid = (name: string) => {
    const outDir = join(temp, name);
    return {
      outDir,
      manifest: generateCorpus({ pages: PAGES, seed: 2, variant: 'basic', openapi: true, midSpec: { path: standIn, name: 'Pet Store' }, outDir }),
    };
  };
  const { outDir, manifest } = generateMid('mid-a');
  assert.ok(sameTrees(snapshot(outDir), snapshot(generateMid('mid-b').outDir)), 'deterministic');
  const config = JSON.parse(readFileSync(join(outDir, 'docs.json'), 'utf8')) as { navigation: { tabs: { tab: string; groups: object[] }[] } };
  const api = config.navigation.tabs.find((tab) => tab.tab === 'API reference');
  assert.equal(api?.groups, [
    { group: 'GitHub REST API', openapi: 'openapi/github.json' },
    { group: 'Pet Store', openapi: MID_SPEC_FILE },
  ]);
  assert.ok(readFileSync(join(outDir, MID_SPEC_FILE)).equals(readFileSync(standIn)));
  assert.ok(manifest.midSpecOperations !== undefined && manifest.midSpecOperations >= 15, `${manifest.midSpecOperations} operations`);
  const result = await check({ root: outDir, threads: 1 });
  assert.is(result.pageCount, PAGES + manifest.apiOperations);
  assert.equal(
    result.diagnostics.filter((d) => d.severity === 'error'),
    [],
  );
});

test.after(() => rmSync(temp, { recursive: true, force: true }));

test.run();
