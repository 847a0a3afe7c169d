// Page summaries and link checks. tests/fixtures/pages/ is a small docs
// repository: each page is a case, and `<name>.expected.txt` beside it lists
// the diagnostics its summary and the link check report for it
// (UPDATE_BASELINES=1 rewrites them). `site.json` adds what pages alone do not
// give: generated API pages and static files. A baseline without its page
// fails the run. The tests after the fixtures pin summary fields.

import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { redirectSource } from '../compiler/config/read-redirects.js';
import { folderPages } from '../compiler/ir/folder-pages.js';
import { pagePathOfFile, pageUrl } from '../compiler/ir/page-urls.js';
import { GENERATED_PAGE_ANCHORS, type PageAnchors, pageAnchors, type SiteIndex } from '../compiler/ir/site-index.js';
import { headingSlug, headingTypography } from '../compiler/pages/heading-slug.js';
import { type PageSummaryResult, summarizePage } from '../compiler/pages/summarize-page.js';
import { IN_PROCESS_BELOW, summarizePages } from '../compiler/pages/summarize-pages.js';
import { checkLinks, resolveLink } from '../compiler/passes/check-links.js';
import { matchBaseline } from './support/baseline.js';
import { formatDiagnosticLines } from './support/diagnostic-lines.js';

const fixtures = 'tests/fixtures/pages';

function listFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(fixtures, join(entry.parentPath, entry.name)).split('\\').join('/'))
    .sort();
}

const allFiles = listFiles(fixtures);
const pageFiles = allFiles.filter((path) => pagePathOfFile(path) !== undefined);
const pages = pageFiles.map((path) => ({ path, text: readFileSync(join(fixtures, path), 'utf8') }));
const results = new Map(pages.map((page) => [page.path, summarizePage(page.path, page.text)]));

function result(path: string): PageSummaryResult {
  const found = results.get(path);
  if (found === undefined) throw new Error(`no fixture page ${path}`);
  return found;
}

function fixtureSite(): SiteIndex {
  const extras = JSON.parse(readFileSync(join(fixtures, 'site.json'), 'utf8')) as {
    generatedPages: string[];
    staticFiles: string[];
    redirects: string[];
  };
  const entries: [string, PageAnchors][] = [...results.values()].map((r) => [pageUrl(pagePathOfFile(r.summary.path) ?? ''), pageAnchors(r.summary)]);
  for (const url of extras.generatedPages) entries.push([url, GENERATED_PAGE_ANCHORS]);
  const redirects = extras.redirects.map((source) => redirectSource(source));
  const pages = new Map(entries);
  const staticFiles = new Set(extras.staticFiles);
  const isRedirected = (url: string) => redirects.some((r) => r.matches(url));
  return {
    pages,
    staticFiles,
    isRedirected,
    folders: folderPages(pages.keys(), [], (url) => pages.has(url) || staticFiles.has(url) || isRedirected(url)),
    linkOutside: () => undefined,
    unloadedApi: new Map(),
  };
}

const linkDiagnostics = checkLinks(
  [...results.values()].map((r) => r.summary),
  fixtureSite(),
);

for (const { path } of pages) {
  test(`page: ${path}`, () => {
    const diagnostics = [...result(path).diagnostics, ...linkDiagnostics.filter((d) => d.file === path)];
    matchBaseline(join(fixtures, `${pagePathOfFile(path)}.expected.txt`), formatDiagnosticLines(diagnostics));
  });
}

test('every baseline has its page', () => {
  const stems = new Set(pageFiles.map((path) => pagePathOfFile(path)));
  const orphans = allFiles.filter((path) => path.endsWith('.expected.txt') && !stems.has(path.slice(0, -'.expected.txt'.length)));
  assert.equal(orphans, []);
});

test('frontmatter: a quoted value that goes on at the first column over blank lines keeps them, as Mintlify reads it', () => {
  const { frontmatter } = result('frontmatter-blank-lines.mdx').summary;
  // A blank line (here one holding a space, then an empty one) is a line break in the value, as js-yaml 3 reads it.
  assert.is(frontmatter.description, 'Pick the colours on this site: \nhttps://example.com/theme-playground\nThen copy the colours back to the team');
});

test('frontmatter: every known field, typed', () => {
  const { frontmatter, title } = result('valid-frontmatter.mdx').summary;
  assert.is(title, 'Every field');
  assert.equal(
    { ...frontmatter, openapi: undefined, 'openapi-schema': undefined, api: undefined },
    {
      title: 'Every field',
      sidebarTitle: 'Fields',
      description: 'A page that sets every frontmatter key docsc knows.',
      icon: 'list',
      tag: 'NEW',
      hidden: false,
      deprecated: true,
      version: '1.10',
      mode: 'wide',
      openapi: undefined,
      'openapi-schema': undefined,
      api: undefined,
      url: 'https://example.com/elsewhere',
      keywords: ['fields', 'front matter'],
      noindex: true,
      openGraph: { 'og:title': 'Every field', 'og:image': '/images/logo.png' },
      rss: true,
      boost: 2.5,
    },
  );
});

test('frontmatter: keywords written as comma-separated text are the list of its parts', () => {
  assert.equal(result('keywords-text.mdx').summary.frontmatter.keywords, ['agents', 'simulations', 'local testing']);
});

test('frontmatter: openapi values keep their place and parsed reference', () => {
  const { openapi, 'openapi-schema': schema, api } = result('valid-frontmatter.mdx').summary.frontmatter;
  // `openapi: "openapi.json GET /pets/{id}"` is line 11; the text starts after the quote.
  assert.equal(openapi?.at, { file: 'valid-frontmatter.mdx', line: 11, column: 11, length: 27 });
  assert.is(openapi?.verbatim, true);
  assert.equal(openapi?.reference.kind === 'endpoint' && [openapi.reference.spec?.text, openapi.reference.method, openapi.reference.path], [
    'openapi.json',
    'get',
    '/pets/{id}',
  ]);
  assert.equal(schema?.at, { file: 'valid-frontmatter.mdx', line: 12, column: 17, length: 3 });
  assert.equal(schema?.reference.kind === 'schema' && schema.reference.name, 'Pet');
  assert.equal(api?.at, { file: 'valid-frontmatter.mdx', line: 13, column: 6, length: 33 });
});

test('title: the frontmatter title, else the first `#` heading', () => {
  assert.is(result('duplicate-headings.mdx').summary.title, 'Duplicates');
  assert.is(result('custom-ids.mdx').summary.title, 'Custom ids');
  assert.is(result('attributes.mdx').summary.title, 'Attributes');
  assert.is(result('snippets/intro.mdx').summary.title, undefined);
});

test('headings: `{#custom-id}` sets the id, positions stay true', () => {
  assert.equal(result('custom-ids.mdx').summary.headings, [
    { depth: 2, text: 'Getting started', line: 5, column: 1, id: 'start' },
    { depth: 3, text: 'Step one', line: 7, column: 1, id: 'step-1' },
    { depth: 2, text: 'No custom id', line: 9, column: 1, id: 'no-custom-id' },
    { depth: 2, text: 'In a component', line: 19, column: 5, id: 'inside' },
    // Mintlify's `normalizeCustomId`: spaces inside the braces, runs of spaces a `-`, quotes dropped.
    { depth: 2, text: 'Run workflows', line: 25, column: 1, id: 'comfy-run' },
    { depth: 2, text: 'What’s new', line: 27, column: 1, id: 'whats-new' },
  ]);
});

test('headings: duplicates are numbered from 2, as Mintlify does', () => {
  assert.equal(
    result('duplicate-headings.mdx').summary.headings.map((h) => h.id),
    ['duplicates', 'intro', 'intro-2', 'intro-3', 'code-and-emphasis'],
  );
});

test('headings: ids as Mintlify makes them, so that links written for Mintlify sites reach their sections', () => {
  // Each id below is what @mintlify/common's slugify and cleanHeadingId give (after remark-smartypants for the
  // headings' text), run on the same titles.
  const cases: [string, string][] = [
    ['context.sleepUntil', 'context-sleepuntil'],
    ["What's next?", 'what’s-next'],
    ['Step 1: Issue a proxy secret', 'step-1-issue-a-proxy-secret'],
    ['Fees & billing', 'fees-&-billing'],
    ['Input / output', 'input-/-output'],
    ['v1.0.0 (April 2019)', 'v1-0-0-april-2019'],
    ['snake_case and kebab-case', 'snake_case-and-kebab-case'],
    ['Ünïcödé 🎉 heading', 'ünïcödé--heading'],
    ['4. Write the tool code', '4-write-the-tool-code'],
    ['Hello -- World', 'hello-—-world'],
    ['a --- b', 'a-b'],
    ['Wait...', 'wait…'],
    ['🚀 Launch', '-launch'],
    ['方法 1：対象マシン上でサインイン', '方法-1：対象マシン上でサインイン'],
    ['C++ and C#', 'c++-and-c#'],
    ['Split configuration with $ref', 'split-configuration-with-$ref'],
    ['"Quoted" text', '“quoted”-text'],
    ["Don't stop", 'don’t-stop'],
    ['100% sure', '100%-sure'],
  ];
  for (const [text, id] of cases) assert.is(headingSlug(headingTypography(text)), id, text);
  // Props (an Update's label) are not typeset: a straight apostrophe is a contraction.
  assert.is(headingSlug("What's new"), 'whats-new');
});

test('imports: module specifiers of imports and re-exports, with places and kinds', () => {
  assert.equal(result('snippet-imports.mdx').summary.imports, [
    { specifier: '/snippets/intro.mdx', kind: 'import', line: 5, column: 19, length: 21 },
    { specifier: '/snippets/install.mdx', kind: 'import', line: 6, column: 39, length: 23 },
    { specifier: '../snippets/outro.mdx', kind: 'reexport', line: 7, column: 34, length: 23 },
    { specifier: '/snippets/styles.mdx', kind: 'bare', line: 8, column: 8, length: 22 },
  ]);
});

test('links: internal links from markdown, definitions and `href` attributes only', () => {
  const hrefs = result('guides/links.mdx').summary.links.map((l) => l.href);
  assert.equal(hrefs, [
    '/guides/setup',
    '/',
    './setup',
    'setup',
    '../readme',
    '#every-shape',
    '#nope',
    '/guides/setup#configure',
    '/guides/setup#configuration',
    '/guides/setup?tab=npm#install',
    '/guides/setup/',
    './setup.mdx',
    '/readme.md',
    '/index',
    '/files/guide%20pdf.pdf',
    '/images/logo.png',
    '/images/logo.svg',
    '/api-reference/pets/list-pets#parameters',
    '/guides/setpu',
    './nothing-here',
    '#top',
    '#',
    '/guides/seutp',
    '/guides/setup#install',
    '/guides/missing',
    '#custom-target',
  ]);
  assert.equal(result('guides/links.mdx').summary.elementIds, ['custom-target']);
});

test('links: the place is the written URL', () => {
  const links = result('guides/links.mdx').summary.links;
  // `- [relative](./setup), …` is line 10; `./setup` starts at column 14.
  assert.equal(links[2], { href: './setup', line: 10, column: 14, length: 7 });
  // `<Card title="Card" href="/guides/setup#install" />` is line 25.
  assert.equal(links.at(-3), { href: '/guides/setup#install', line: 25, column: 26, length: 21 });
});

test('resolveLink: as a browser resolves against the page URL', () => {
  assert.equal(resolveLink('./next', 'guides/setup'), { url: 'guides/next' });
  assert.equal(resolveLink('next', 'guides/setup'), { url: 'guides/next' });
  assert.equal(resolveLink('../../../x', 'guides/setup'), { url: 'x' });
  assert.equal(resolveLink('/a/b/?q=1#Sec%20tion', 'guides/setup'), { url: 'a/b', anchor: 'Sec tion' });
  assert.equal(resolveLink('#part', 'guides/setup'), { url: 'guides/setup', anchor: 'part' });
  assert.equal(resolveLink('/guides/index.mdx', ''), { url: 'guides' });
  assert.equal(resolveLink('/bad%E0%A4%A', ''), { url: 'bad%E0%A4%A' });
});

test('syntax errors: an unclosed tag is marked whole', () => {
  const [unclosed] = result('unclosed-tag.mdx').diagnostics;
  assert.equal([unclosed?.line, unclosed?.column, unclosed?.length], [5, 1, '<Note>'.length]);
  const card = result('several-syntax-errors.mdx').diagnostics.find((d) => d.line === 8);
  assert.equal([card?.column, card?.length], [1, '<Card title="Plans">'.length]);
});

test('syntax errors: at most 10 a page, and only the first on a page over 256 KB', () => {
  const broken = Array.from({ length: 15 }, (_, i) => `Line ${i} {a b}\n`).join('\n');
  const syntax = (text: string) => summarizePage('broken.mdx', text).diagnostics.filter((d) => d.code === 'page/mdx-syntax');
  assert.is(syntax(broken).length, 10);
  const large = `${'Filler text for a large page.\n\n'.repeat(9000)}${broken}`;
  assert.ok(large.length > 256 * 1024);
  assert.equal(
    syntax(large).map((d) => d.line),
    [18001],
  );
});

test('a deeply nested page does not overflow the stack', () => {
  const { summary, diagnostics } = summarizePage('deep.mdx', `${'> '.repeat(10000)}## Deep\n`);
  assert.equal(diagnostics, []);
  assert.equal(
    summary.headings.map((h) => h.id),
    ['deep'],
  );
});

test('pool: more pages than the threshold give the same results through workers', async () => {
  const many = Array.from({ length: IN_PROCESS_BELOW + 50 }, (_, i) => {
    const page = pages[i % pages.length] as { path: string; text: string };
    return { path: `copy-${i}/${page.path}`, text: page.text };
  });
  const inProcess = many.map((page) => summarizePage(page.path, page.text));
  const pooled = await summarizePages(many, { threads: 2 });
  assert.equal(pooled, inProcess);
});

test('summary: <Visibility for="agents"> content is not the site\'s (no heading, id or anchor), its links are still checked; the blocks are located', () => {
  const { summary } = result('visibility.mdx');
  assert.equal(
    summary.headings.map((h) => h.id),
    ['for-everyone', 'click-path'],
  );
  assert.equal(summary.elementIds, []);
  assert.equal(summary.componentIds, []);
  assert.equal(
    summary.links.map((l) => l.href),
    ['/dashboard', '/reference'],
  );
  const text = readFileSync(join(fixtures, 'visibility.mdx'), 'utf8');
  const [humans, agents] = summary.visibility ?? [];
  assert.ok(humans !== undefined && humans.length === 2 && text.slice(humans[0], humans[1]).startsWith('<Visibility for="humans">'));
  assert.ok(agents !== undefined && agents.length === 4);
  assert.ok(text.slice(agents[0], agents[1]).startsWith('<Visibility for="agents">') && text.slice(agents[0], agents[1]).endsWith('</Visibility>'));
  assert.ok(text.slice(agents[2], agents[3]).startsWith('## API path {#api}') && text.slice(agents[2], agents[3]).endsWith('</div>'));
  assert.is(result('custom-ids.mdx').summary.visibility, undefined, 'absent without blocks');
});

test.run();
