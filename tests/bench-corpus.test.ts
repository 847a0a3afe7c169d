// The benchmark corpus generator (bench/corpus/generate.ts): a corpus is
// deterministic (same seed, same bytes; another seed, other bytes) and checks
// clean, in both variants. No timings are asserted here.

import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { generateCorpus, type Variant } from '../bench/corpus/generate.js';
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

test.after(() => rmSync(temp, { recursive: true, force: true }));

test.run();
