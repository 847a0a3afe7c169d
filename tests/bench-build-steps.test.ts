// The unmeasured steps of the bench's build scenarios (bench/build-steps.ts):
// each edit is a new change confined to what the scenario claims, and the
// checks fail a run whose build did something else — a benchmark that
// silently measures the wrong thing is a defect. No build runs here.

import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  addAndRemovePage,
  addedPage,
  type BuildReport,
  CORPUS_SPEC,
  cliCheck,
  clientAssets,
  clientJs,
  copyCorpus,
  corpusCopy,
  diskUse,
  EDITED_MID_OPERATION,
  EDITED_OPERATION,
  editedPage,
  editedSnippet,
  editGroupLabel,
  editOperation,
  editPage,
  editSnippet,
  resetWork,
  SET_ASIDE,
  verifyAddRemove,
  verifyCheck,
  verifyCold,
  verifyNavEdit,
  verifyNoop,
  verifyOneEdit,
  verifyOperationEdit,
  verifySnippetEdit,
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

test('the snippet-edit scenario edits the snippet imported most, and expects exactly its importers', () => {
  const work = join(temp, 'snippet-edit');
  copyCorpus(corpus, work);
  const { snippet, importers } = editedSnippet(corpus);
  assert.match(snippet, /^snippets\/.+\.mdx$/);
  assert.ok(importers.length >= 1);
  for (const page of importers) assert.match(readFileSync(join(corpus, page), 'utf8'), `/${snippet}`);
  const original = readFileSync(join(corpus, snippet), 'utf8');
  editSnippet(corpus, corpusCopy(work), snippet, 1);
  const first = readFileSync(join(corpusCopy(work), snippet), 'utf8');
  editSnippet(corpus, corpusCopy(work), snippet, 2);
  assert.ok(first.startsWith(original.trimEnd()) && first !== original);
  assert.is.not(readFileSync(join(corpusCopy(work), snippet), 'utf8'), first);
  assert.is(readFileSync(join(corpus, snippet), 'utf8'), original, 'the shared corpus is never edited');
  verifySnippetEdit(report({}, { bodies: { count: importers.length, first: importers.slice(0, 10) } }), importers);
  assert.throws(() => verifySnippetEdit(report({}, { bodies: none }), importers), /importers compiled/);
  assert.throws(() => verifySnippetEdit(report({}, { bodies: { count: importers.length, first: ['other.mdx'] } }), importers), /importers compiled/);
});

test('the add-remove scenario adds a page and removes the previous run’s, in files and docs.json', () => {
  const work = join(temp, 'add-remove');
  copyCorpus(corpus, work);
  const copy = corpusCopy(work);
  const listed = () => JSON.stringify(JSON.parse(readFileSync(join(copy, 'docs.json'), 'utf8')));
  addAndRemovePage(corpus, copy, 0);
  assert.ok(existsSync(join(copy, `${addedPage(0)}.mdx`)));
  assert.match(listed(), `"${addedPage(0)}"`);
  addAndRemovePage(corpus, copy, 1);
  assert.not.ok(existsSync(join(copy, `${addedPage(0)}.mdx`)));
  assert.ok(existsSync(join(copy, `${addedPage(1)}.mdx`)));
  assert.not.match(listed(), `"${addedPage(0)}"`);
  assert.match(listed(), `"${addedPage(1)}"`);
  assert.not.ok(existsSync(join(corpus, `${addedPage(0)}.mdx`)), 'the shared corpus is never edited');
  verifyAddRemove(report({}, { bodies: { count: 1, first: [`${addedPage(1)}.mdx`] }, deleted: 1 }), 1);
  assert.throws(() => verifyAddRemove(report({}, { bodies: { count: 1, first: [`${addedPage(1)}.mdx`] }, deleted: 0 }), 1), /deleted/);
  assert.throws(() => verifyAddRemove(report({}, { bodies: none, deleted: 1 }), 1), /exactly one body/);
});

test('the OpenAPI-edit scenario changes one operation’s description, new at every run, and expects one API page', () => {
  const withSpec = join(temp, 'with-spec');
  generateCorpus({ pages: 6, seed: 3, variant: 'basic', openapi: true, outDir: withSpec });
  const work = join(temp, 'openapi-edit');
  copyCorpus(withSpec, work);
  type Spec = { paths: Record<string, Record<string, { description?: string }>> };
  const read = (root: string) => JSON.parse(readFileSync(join(root, CORPUS_SPEC), 'utf8')) as Spec;
  const original = read(withSpec);
  editOperation(withSpec, corpusCopy(work), 1);
  const first = read(corpusCopy(work));
  const description = (spec: Spec) => spec.paths[EDITED_OPERATION.path]?.[EDITED_OPERATION.method]?.description;
  assert.match(description(first) ?? '', /bench run 1/);
  const { [EDITED_OPERATION.path]: _edited, ...restBefore } = original.paths;
  const { [EDITED_OPERATION.path]: _same, ...restAfter } = first.paths;
  assert.equal(restAfter, restBefore, 'no other path changes');
  editOperation(withSpec, corpusCopy(work), 2);
  assert.match(description(read(corpusCopy(work))) ?? '', /bench run 2/);
  assert.not.match(description(read(corpusCopy(work))) ?? '', /bench run 1/);
  verifyOperationEdit(report({}, { apiPages: { count: 1, first: ['/api-reference/repos/get-a-repository'] } }));
  assert.throws(() => verifyOperationEdit(report({}, { apiPages: none })), /exactly one API page/);
  assert.throws(
    () => verifyOperationEdit(report({}, { apiPages: { count: 1, first: ['/x'] }, bodies: { count: 1, first: ['a.mdx'] } })),
    /no MDX body/,
  );
});

test('the mid-size spec edit changes its operation in the mid-size spec only (a stand-in spec with that operation)', () => {
  const standIn = join(temp, 'mid-stand-in.json');
  const operation = (summary: string) => ({ summary, responses: { '200': { description: 'OK' } } });
  writeFileSync(
    standIn,
    JSON.stringify({
      openapi: '3.0.2',
      info: { title: 'Stand-in', version: '1' },
      paths: {
        [EDITED_MID_OPERATION.path]: { get: operation('Get file information'), delete: operation('Delete file') },
        '/folders': { get: operation('List folders') },
      },
    }),
  );
  const withSpecs = join(temp, 'with-mid-spec');
  generateCorpus({ pages: 6, seed: 3, variant: 'basic', openapi: true, midSpec: { path: standIn, name: 'Stand-in API' }, outDir: withSpecs });
  const work = join(temp, 'mid-edit');
  copyCorpus(withSpecs, work);
  const github = readFileSync(join(corpusCopy(work), CORPUS_SPEC), 'utf8');
  editOperation(withSpecs, corpusCopy(work), 1, EDITED_MID_OPERATION);
  type Spec = { paths: Record<string, Record<string, { description?: string; summary?: string }>> };
  const edited = JSON.parse(readFileSync(join(corpusCopy(work), EDITED_MID_OPERATION.spec), 'utf8')) as Spec;
  assert.match(edited.paths[EDITED_MID_OPERATION.path]?.get?.description ?? '', /bench run 1/);
  assert.is(edited.paths[EDITED_MID_OPERATION.path]?.delete?.description, undefined);
  assert.is(edited.paths['/folders']?.get?.summary, 'List folders');
  assert.is(readFileSync(join(corpusCopy(work), CORPUS_SPEC), 'utf8'), github, "GitHub's spec is not touched");
});

test('the check scenarios use their own cache folder and accept only a clean JSON report', () => {
  const args = cliCheck({ cli: 'dist/cli/main.js', corpus: '/c', work: '/w' });
  assert.equal(args, ['dist/cli/main.js', 'check', '/c', '--cache-dir', join('/w', 'cache'), '--format', 'json']);
  verifyCheck(JSON.stringify({ version: 1, diagnostics: [], summary: { errors: 0, warnings: 1, infos: 0 } }));
  assert.throws(() => verifyCheck(JSON.stringify({ version: 1, diagnostics: [], summary: { errors: 2, warnings: 0, infos: 0 } })), /2 errors/);
  assert.throws(() => verifyCheck('✔ No problems'), /JSON report/);
});

test('client JavaScript per page: the scripts a page names and their static imports, gzipped; inline scripts apart', () => {
  const out = join(temp, 'js-out');
  mkdirSync(join(out, '_docsc'), { recursive: true });
  mkdirSync(join(out, 'api-reference', 'pets', 'list'), { recursive: true });
  writeFileSync(join(out, '_docsc', 'site.js'), `import{a}from"./chunk.js";${'console.log(a);'.repeat(40)}import("./search.js");`);
  writeFileSync(join(out, '_docsc', 'chunk.js'), 'export const a=1;');
  writeFileSync(join(out, '_docsc', 'search.js'), 'export {};'.repeat(100));
  writeFileSync(join(out, '_docsc', 'playground.js'), 'export {};'.repeat(10));
  writeFileSync(join(out, 'index.html'), '<script>var x=1</script><script type="module" src="/_docsc/site.js"></script>');
  writeFileSync(
    join(out, 'api-reference', 'pets', 'list', 'index.html'),
    '<script type="module" src="/_docsc/site.js"></script><script type="module" src="/_docsc/playground.js"></script>',
  );
  const js = clientJs(out);
  assert.equal(
    js.page.scripts.map((s) => s.path),
    ['_docsc/site.js', '_docsc/chunk.js'],
  );
  assert.is(js.page.inlineBytes, 7);
  assert.is(js.page.gzipBytes, js.page.scripts[0]!.gzipBytes + js.page.scripts[1]!.gzipBytes);
  assert.is(js.apiPage?.page, 'api-reference/pets/list/index.html');
  assert.equal(
    js.apiPage?.scripts.map((s) => s.path),
    ['_docsc/site.js', '_docsc/playground.js', '_docsc/chunk.js'],
  );
  const disk = diskUse({ root: temp, out, cache: join(temp, 'no-cache') }, 2);
  assert.is(disk.outputFiles, 6);
  assert.is(disk.outputBytesPerPage, Math.round(disk.outputBytes / 2));
  assert.is(disk.cacheBytes, 0);
});

test('emptying a work folder sets its contents aside beside it, unchanged, instead of deleting them', () => {
  const parent = join(temp, 'reset');
  const work = join(parent, 'build-cold');
  resetWork(work);
  assert.equal(readdirSync(work), []);
  for (const run of [1, 2]) {
    mkdirSync(join(work, 'out', 'page'), { recursive: true });
    writeFileSync(join(work, 'out', 'page', 'index.html'), `run ${run}`);
    resetWork(work);
    assert.equal(readdirSync(work), [], 'the work folder is empty again');
  }
  const aside = readdirSync(join(parent, SET_ASIDE)).sort();
  assert.is(aside.length, 2);
  const contents = aside.map((name) => readFileSync(join(parent, SET_ASIDE, name, 'out', 'page', 'index.html'), 'utf8')).sort();
  assert.equal(contents, ['run 1', 'run 2']);
  assert.equal(readdirSync(parent).sort(), [SET_ASIDE, 'build-cold'].sort());
});

test.after(() => rmSync(temp, { recursive: true, force: true }));

test.run();
