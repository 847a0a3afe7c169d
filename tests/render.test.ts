// Page bodies. tests/fixtures/render/<case>/ is a small docs folder: every
// page (`.mdx`/`.md` outside `snippets/`) is compiled with the folder's files
// as its snippet table, and two baselines sit beside it —
// `<page>.expected.html` (the body) and `<page>.expected.txt` (diagnostics,
// dependencies and search text); UPDATE_BASELINES=1 rewrites them, and a
// baseline without its page fails the run. The tests after the fixtures pin
// the contract: one parse gives summarizePage's summary, heading ids agree
// with it, output is deterministic, `want` selects what is made.

import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { isSnippet, pagePathOfFile } from '../compiler/ir/page-urls.js';
import { summarizePage } from '../compiler/pages/summarize-page.js';
import { type CompiledPage, compilePage, type SnippetTable } from '../compiler/render/compile-page.js';
import { MAX_TEXT } from '../compiler/render/finish-body.js';
import { matchBaseline } from './support/baseline.js';
import { formatDiagnosticLines } from './support/diagnostic-lines.js';

const fixtures = 'tests/fixtures/render';

interface FixtureCase {
  name: string;
  files: Map<string, string>;
  pages: string[];
}

function listFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(folder, join(entry.parentPath, entry.name)).split('\\').join('/'))
    .sort();
}

const cases: FixtureCase[] = readdirSync(fixtures)
  .sort()
  .map((name) => {
    const folder = join(fixtures, name);
    const paths = listFiles(folder).filter((path) => !path.includes('.expected.'));
    const files = new Map(paths.map((path) => [path, readFileSync(join(folder, path), 'utf8')]));
    const pages = paths.filter((path) => pagePathOfFile(path) !== undefined && !isSnippet(path));
    return { name, files, pages };
  });

function tableOf(files: ReadonlyMap<string, string>): SnippetTable {
  return { get: (path) => files.get(path) };
}

function compileFixture(fixture: FixtureCase, path: string): CompiledPage {
  return compilePage({ path, text: fixture.files.get(path) ?? '', want: { summary: true, body: true } }, tableOf(fixture.files));
}

function report(result: CompiledPage): string {
  const body = result.body;
  return [
    '# diagnostics',
    formatDiagnosticLines(result.diagnostics).trimEnd(),
    '# dependencies',
    ...(body?.dependencies ?? []),
    ...(body?.classes === undefined ? [] : ['# classes', body.classes.join(' ')]),
    '# text',
    body?.text ?? '',
    '',
  ].join('\n');
}

for (const fixture of cases) {
  for (const path of fixture.pages) {
    test(`render: ${fixture.name}/${path}`, () => {
      const result = compileFixture(fixture, path);
      const stem = join(fixtures, fixture.name, pagePathOfFile(path) ?? path);
      const panel = result.body?.panel === undefined ? '' : `<!-- side panel -->\n${result.body.panel}\n`;
      matchBaseline(`${stem}.expected.html`, `${result.body?.html ?? ''}\n${panel}`);
      matchBaseline(`${stem}.expected.txt`, report(result));
    });
  }
}

test('every baseline has its page', () => {
  const orphans = cases.flatMap((fixture) => {
    const stems = new Set(fixture.pages.map((path) => pagePathOfFile(path)));
    return listFiles(join(fixtures, fixture.name))
      .filter((path) => path.includes('.expected.'))
      .filter((path) => !stems.has(path.replace(/\.expected\.(html|txt)$/, '')))
      .map((path) => `${fixture.name}/${path}`);
  });
  assert.equal(orphans, []);
});

/** Every page of the render fixtures and of the page-summary fixtures. */
function allPages(): { path: string; text: string; files: ReadonlyMap<string, string> }[] {
  const pages = cases.flatMap((fixture) => fixture.pages.map((path) => ({ path, text: fixture.files.get(path) ?? '', files: fixture.files })));
  const summaryFixtures = 'tests/fixtures/pages';
  const files = new Map(listFiles(summaryFixtures).map((path) => [path, readFileSync(join(summaryFixtures, path), 'utf8')]));
  for (const [path, text] of files) if (pagePathOfFile(path) !== undefined) pages.push({ path, text, files });
  return pages;
}

test('one parse: the summary and its diagnostics are exactly summarizePage’s', () => {
  for (const page of allPages()) {
    const compiled = compilePage({ path: page.path, text: page.text, want: { summary: true, body: false } }, tableOf(page.files));
    const alone = summarizePage(page.path, page.text);
    assert.equal(compiled.summary, alone.summary, page.path);
    assert.equal(compiled.diagnostics, alone.diagnostics, page.path);
    assert.is(compiled.body, undefined);
  }
});

test('want.body alone: the body, and only the body’s diagnostics', () => {
  const fixture = cases.find((c) => c.name === 'expressions') as FixtureCase;
  const both = compileFixture(fixture, 'undefined-names.mdx');
  const bodyOnly = compilePage(
    { path: 'undefined-names.mdx', text: fixture.files.get('undefined-names.mdx') ?? '', want: { summary: false, body: true } },
    tableOf(fixture.files),
  );
  assert.is(bodyOnly.summary, undefined);
  assert.is(bodyOnly.body?.html, both.body?.html);
  assert.ok(both.diagnostics.some((d) => d.code === 'page/undefined-name'));
  assert.equal(bodyOnly.diagnostics, []);
});

test('heading and component anchor ids in the HTML are the summary’s ids', () => {
  for (const page of allPages()) {
    const compiled = compilePage({ path: page.path, text: page.text, want: { summary: true, body: true } }, tableOf(page.files));
    const html = compiled.body?.html ?? '';
    // Attribute values as the browser reads them (`&` is written `&#x26;`).
    const value = (raw: string | undefined) => (raw ?? '').replace(/&#x26;|&amp;/g, '&');
    const headingIds = [...html.matchAll(/<h[1-6] id="([^"]*)"/g)].map((m) => value(m[1]));
    const allIds = [...html.matchAll(/ id="([^"]*)"/g)].map((m) => value(m[1]));
    for (const heading of compiled.summary?.headings ?? []) {
      const found = heading.component === undefined ? headingIds : allIds;
      assert.ok(found.includes(heading.id), `${page.path}: #${heading.id} missing in ${found}`);
    }
    for (const id of compiled.summary?.componentIds ?? [])
      assert.ok(allIds.includes(id), `${page.path}: component anchor #${id} missing in ${allIds}`);
  }
});

test('deterministic: the same input twice gives the same bytes (snippet caches warm or not)', () => {
  for (const page of allPages()) {
    const first = compilePage({ path: page.path, text: page.text, want: { summary: true, body: true } }, tableOf(page.files));
    const second = compilePage({ path: page.path, text: page.text, want: { summary: true, body: true } }, tableOf(page.files));
    assert.equal(second, first, page.path);
  }
});

test('a changed snippet is read again (the per-thread cache is keyed by content)', () => {
  const fixture = cases.find((c) => c.name === 'snippets') as FixtureCase;
  const changed = new Map(fixture.files);
  changed.set('snippets/intro.mdx', 'Changed intro.\n');
  const html = compilePage(
    { path: 'absolute.mdx', text: fixture.files.get('absolute.mdx') ?? '', want: { summary: false, body: true } },
    tableOf(changed),
  ).body?.html;
  assert.match(html ?? '', 'Changed intro.');
});

test('search text is capped at a word boundary', () => {
  const text = `${'word '.repeat(2000)}\n`;
  const body = compilePage({ path: 'long.mdx', text, want: { summary: false, body: true } }, tableOf(new Map())).body;
  assert.ok((body?.text.length ?? 0) <= MAX_TEXT && (body?.text.length ?? 0) > MAX_TEXT - 10);
  assert.ok(body?.text.endsWith('word'));
});

test('a page that is not valid MDX gets an error block, and the summary reports why', () => {
  const result = compilePage({ path: 'bad.mdx', text: '# Title\n\n<Note>\n', want: { summary: true, body: true } }, tableOf(new Map()));
  assert.match(result.body?.html ?? '', 'docsc-render-error');
  assert.equal(
    result.diagnostics.map((d) => d.code),
    ['page/mdx-syntax'],
  );
});

test('nesting: deep pages render; absurdly deep ones are refused, never a stack overflow', () => {
  const deep = compilePage({ path: 'deep.mdx', text: `${'> '.repeat(500)}## Deep\n`, want: { summary: true, body: true } }, tableOf(new Map()));
  assert.equal(deep.diagnostics, []);
  assert.match(deep.body?.html ?? '', '<h2 id="deep">Deep</h2>');
  const absurd = compilePage({ path: 'absurd.mdx', text: `${'> '.repeat(10000)}## Deep\n`, want: { summary: true, body: true } }, tableOf(new Map()));
  assert.equal(
    absurd.summary?.headings.map((h) => h.id),
    ['deep'],
  );
  assert.equal(
    formatDiagnosticLines(absurd.diagnostics),
    'absurd.mdx:1:1 error render/too-deep This content nests 10002 levels deep, more than the 1000 docsc renders; it is replaced by an error block\n',
  );
  assert.match(absurd.body?.html ?? '', 'docsc-render-error');
});

test.run();
