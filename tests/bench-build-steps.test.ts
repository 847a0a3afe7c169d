// The unmeasured steps of the bench's build scenarios (bench/build-steps.ts):
// each edit is a new change confined to what the scenario claims, and the
// checks fail a run whose build did something else — a benchmark that
// silently measures the wrong thing is a defect. No build runs here.

import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  type BuildReport,
  clientAssets,
  copyCorpus,
  corpusCopy,
  editedPage,
  editGroupLabel,
  editPage,
  verifyCold,
  verifyNavEdit,
  verifyNoop,
  verifyOneEdit,
} from '../bench/build-steps.js';
import { generateCorpus } from '../bench/corpus/generate.js';

const temp = mkdtempSync(join(tmpdir(), 'docsc-bench-steps-'));
const corpus = join(temp, 'corpus');
generateCorpus({ pages: 24, seed: 3, variant: 'basic', outDir: corpus });

const STATS: BuildReport['stats'] = { pages: 10, compiled: 0, fromCache: 10, failed: 0, written: 0, deleted: 0, unchanged: 10 };
const none = { count: 0, first: [] };

function report(overrides: Partial<BuildReport> = {}, recomputed: Partial<NonNullable<BuildReport['recomputed']>> = {}): string {
  const base: BuildReport = {
    ok: true,
    upToDate: false,
    stats: STATS,
    recomputed: { summaries: none, bodies: none, apiPages: none, written: 3, deleted: 0, noop: false, ...recomputed },
  };
  return JSON.stringify({ ...base, ...overrides });
}

test('the one-edit scenario writes a new text of one page at every run, in the copy only', () => {
  const work = join(temp, 'one-edit');
  copyCorpus(corpus, work);
  const page = editedPage(corpus);
  assert.not.match(page, /^snippets\//);
  const original = readFileSync(join(corpus, page), 'utf8');
  editPage(corpus, corpusCopy(work), page, 1);
  const first = readFileSync(join(corpusCopy(work), page), 'utf8');
  editPage(corpus, corpusCopy(work), page, 2);
  const second = readFileSync(join(corpusCopy(work), page), 'utf8');
  assert.ok(first.startsWith(original.trimEnd()));
  assert.is.not(first, original);
  assert.is.not(second, first);
  assert.is(readFileSync(join(corpus, page), 'utf8'), original, 'the shared corpus is never edited');
});

test('the nav-edit scenario renames one group label, a new one at every run', () => {
  const work = join(temp, 'nav-edit');
  copyCorpus(corpus, work);
  const original = readFileSync(join(corpus, 'docs.json'), 'utf8');
  const label = editGroupLabel(corpus, corpusCopy(work), 1);
  const edited = readFileSync(join(corpusCopy(work), 'docs.json'), 'utf8');
  const changed = original.split('\n').filter((line, i) => edited.split('\n')[i] !== line);
  assert.equal(changed.length, 1, 'one line of docs.json changes');
  assert.match(changed[0] ?? '', /"group": /);
  assert.ok(edited.includes(JSON.stringify(label)));
  assert.is.not(editGroupLabel(corpus, corpusCopy(work), 2), label);
  assert.is(readFileSync(join(corpus, 'docs.json'), 'utf8'), original, 'the shared corpus is never edited');
});

test('a cold build must compile every page', () => {
  verifyCold(report({ stats: { ...STATS, compiled: 10, fromCache: 0 } }), 10);
  assert.throws(() => verifyCold(report({ stats: { ...STATS, compiled: 4, fromCache: 6 } }), 10), /every page compiled/);
  assert.throws(() => verifyCold(report({ stats: { ...STATS, compiled: 10, fromCache: 0 } }), 12), /12 pages/);
});

test('a no-op rebuild must be up to date', () => {
  verifyNoop(report({ upToDate: true }));
  assert.throws(() => verifyNoop(report({ upToDate: false })), /up to date/);
});

test('a one-page edit must compile exactly that body', () => {
  verifyOneEdit(report({}, { bodies: { count: 1, first: ['guides/a.mdx'] } }), 'guides/a.mdx');
  assert.throws(() => verifyOneEdit(report({}, { bodies: none }), 'guides/a.mdx'), /exactly one body compiled/);
  assert.throws(
    () => verifyOneEdit(report({}, { bodies: { count: 2, first: ['guides/a.mdx', 'guides/b.mdx'] } }), 'guides/a.mdx'),
    /exactly one body/,
  );
  assert.throws(() => verifyOneEdit(report({}, { bodies: { count: 1, first: ['guides/a.mdx'] }, noop: true }), 'guides/a.mdx'), /it built/);
});

test('a navigation edit must compile no body and write pages', () => {
  verifyNavEdit(report());
  assert.throws(() => verifyNavEdit(report({}, { bodies: { count: 1, first: ['guides/a.mdx'] } })), /no body compiled/);
  assert.throws(() => verifyNavEdit(report({}, { apiPages: { count: 3, first: ['/api/x'] } })), /no API page rendered/);
  assert.throws(() => verifyNavEdit(report({}, { written: 0 })), /pages written/);
});

test("the client bytes are the files of the site's _docsc/ folder, raw and gzipped", () => {
  const out = join(temp, 'out');
  mkdirSync(join(out, '_docsc'), { recursive: true });
  writeFileSync(join(out, '_docsc', 'site.css'), 'body { color: black; }\n'.repeat(50));
  writeFileSync(join(out, 'index.html'), '<p>not an asset</p>');
  const assets = clientAssets(out);
  assert.equal(
    assets.files.map((f) => f.path),
    ['_docsc/site.css'],
  );
  assert.is(assets.bytes, 1150);
  assert.is(assets.gzipBytes, gzipSync(readFileSync(join(out, '_docsc', 'site.css')), { level: 9 }).length);
  assert.throws(() => clientAssets(join(temp, 'nowhere')), /no _docsc\/ folder/);
});

test.after(() => rmSync(temp, { recursive: true, force: true }));

test.run();
