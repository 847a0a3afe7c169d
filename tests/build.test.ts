// Fixture tests of `docsc build`: the site fixture's whole output against its
// baseline (tests/fixtures/build/<case>.expected.txt), determinism, the
// output folders the build refuses, and an incremental session whose log —
// what each build recomputed and wrote — is itself a baseline
// (tests/fixtures/build/incremental.expected.txt).

import { appendFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type BuildOptions, BuildRefusedError, type BuildResult, build } from '../compiler/build/build.js';
import { BuildSession } from '../compiler/build/build-session.js';
import { FRAGMENT_PAGE_LIMIT, NAVIGATION_FRAGMENT_FOLDER, SIDEBAR_WINDOW_BLOCK, SIDEBAR_WINDOW_LIMIT } from '../compiler/site/page-layout.js';
import { parseShard, shardOf, shardPath } from '../compiler/site/search-index.js';
import { matchBaseline } from './support/baseline.js';
import { formatDiagnosticLines } from './support/diagnostic-lines.js';
import { dumpOutput, listFiles } from './support/output-tree.js';

const FIXTURES = 'tests/fixtures/build';

function scratch(): string {
  return mkdtempSync(join(tmpdir(), 'docsc-build-'));
}

/** A copy of a fixture, so that tests can edit it. */
function copyFixture(name: string): { root: string; out: string; cache: string; dir: string } {
  const dir = scratch();
  const root = join(dir, 'docs');
  cpSync(join(FIXTURES, name), root, { recursive: true });
  return { root, out: join(dir, 'out'), cache: join(dir, 'cache'), dir };
}

function buildIn(site: { root: string; out: string; cache: string }, extra: Partial<BuildOptions> = {}): Promise<BuildResult> {
  return build({ root: site.root, outDir: site.out, cacheDir: site.cache, threads: 1, ...extra });
}

test('build: the site fixture, page by page', async () => {
  const site = copyFixture('site');
  try {
    const result = await buildIn(site);
    assert.ok(result.ok);
    assert.equal([result.stats.compiled, result.stats.fromCache], [7, 0], 'a page sharing a body compiled in this build is not from the cache');
    const text = `${formatDiagnosticLines(result.diagnostics)}\n${dumpOutput(site.out)}\n`;
    matchBaseline(join(FIXTURES, 'site.expected.txt'), text);
  } finally {
    rmSync(site.dir, { recursive: true, force: true });
  }
});

test('build: two clean builds are byte-identical', async () => {
  const first = copyFixture('site');
  const second = copyFixture('site');
  try {
    await buildIn(first, { cacheDir: false });
    await buildIn(second, { cacheDir: false });
    assert.equal(dumpOutput(second.out, { full: true }), dumpOutput(first.out, { full: true }));
  } finally {
    rmSync(first.dir, { recursive: true, force: true });
    rmSync(second.dir, { recursive: true, force: true });
  }
});

test('build: a build from the cache writes what a clean build writes', async () => {
  const site = copyFixture('site');
  const clean = copyFixture('site');
  try {
    await buildIn(site);
    rmSync(site.out, { recursive: true });
    const again = await buildIn(site);
    assert.equal(again.recomputed.bodies, [], 'every body came from the cache');
    assert.equal([again.stats.compiled, again.stats.fromCache], [0, 7]);
    await buildIn(clean, { cacheDir: false });
    assert.equal(dumpOutput(site.out, { full: true }), dumpOutput(clean.out, { full: true }));
  } finally {
    rmSync(site.dir, { recursive: true, force: true });
    rmSync(clean.dir, { recursive: true, force: true });
  }
});

test('build: a base path is in every site path written, and switching it over one cache and output gives clean builds', async () => {
  const site = copyFixture('site');
  const clean = copyFixture('site');
  try {
    const based = await buildIn(site, { basePath: '/repo' });
    assert.ok(based.ok);
    const sitePaths = listFiles(site.out)
      .filter((file) => file.endsWith('.html'))
      .flatMap((file) => [
        ...readFileSync(join(site.out, file), 'utf8').matchAll(/\s(?:href|src|data-docsc-nav|data-markdown|data-page)="(\/[^"]*)"/g),
      ])
      .map((match) => match[1] as string);
    assert.ok(sitePaths.length > 50, `${sitePaths.length} site paths`);
    assert.equal(
      sitePaths.filter((path) => !path.startsWith('/repo/')),
      [],
      'every site path is under the base',
    );
    // The same cache and output without the base: bodies rendered again, pages laid out again, nothing stale.
    const root = await buildIn(site);
    assert.equal([root.stats.compiled, root.stats.fromCache], [7, 0], 'bodies are keyed by the base path');
    await buildIn(clean, { cacheDir: false });
    assert.equal(dumpOutput(site.out, { full: true }), dumpOutput(clean.out, { full: true }));
    // And back: what the first build cached is used again.
    const again = await buildIn(site, { basePath: '/repo' });
    assert.equal(again.recomputed.bodies, []);
    assert.match(readFileSync(join(site.out, 'index.html'), 'utf8'), '<html lang="en" data-docsc-base="/repo"');
  } finally {
    rmSync(site.dir, { recursive: true, force: true });
    rmSync(clean.dir, { recursive: true, force: true });
  }
});

test('build: dangerous output folders are refused before anything is written', async () => {
  const site = copyFixture('site');
  try {
    for (const out of [site.root, join(site.root, '..'), '/', homedir(), join(site.root, '../..')]) {
      const error = await build({ root: site.root, outDir: out, cacheDir: false, threads: 1 }).catch((e: unknown) => e);
      assert.instance(error, BuildRefusedError, `-o ${out}`);
      assert.match((error as Error).message, /Refusing to write the site to/);
    }
    assert.not.ok(existsSync(join(site.root, '.docsc-output.json')));
  } finally {
    rmSync(site.dir, { recursive: true, force: true });
  }
});

test('build: files docsc did not write stay; pages removed from the repository go', async () => {
  const site = copyFixture('site');
  try {
    await buildIn(site);
    mkdirSync(join(site.out, 'extra'), { recursive: true });
    writeFileSync(join(site.out, 'extra/keep.txt'), 'mine');
    writeFileSync(join(site.out, 'CNAME'), 'docs.example.com');
    rmSync(join(site.root, 'hidden.mdx'));
    const result = await buildIn(site);
    assert.equal(result.recomputed.deleted, ['hidden/index.html']);
    assert.ok(existsSync(join(site.out, 'extra/keep.txt')));
    assert.ok(existsSync(join(site.out, 'CNAME')));
    assert.not.ok(existsSync(join(site.out, 'hidden')), 'the emptied folder goes too');
  } finally {
    rmSync(site.dir, { recursive: true, force: true });
  }
});

test('build: a page that does not compile is reported and shown as such; the rest is built', async () => {
  const site = copyFixture('site');
  try {
    writeFileSync(join(site.root, 'hidden.mdx'), '---\ntitle: Broken\nhidden: true\n---\n\n<Note>never closed\n');
    const result = await buildIn(site);
    assert.ok(result.ok);
    const errors = result.diagnostics.filter((d) => d.severity === 'error' && d.file === 'hidden.mdx');
    assert.equal(
      errors.map((d) => d.code),
      ['page/mdx-syntax'],
    );
    assert.is(result.stats.failed, 1);
    assert.ok(existsSync(join(site.out, 'hidden/index.html')), 'the broken page still has a page');
    assert.match(readFileSync(join(site.out, 'quickstart/index.html'), 'utf8'), 'Keys are secret.');
  } finally {
    rmSync(site.dir, { recursive: true, force: true });
  }
});

test('build: without docs.json nothing is written and the previous output stays', async () => {
  const site = copyFixture('site');
  try {
    await buildIn(site);
    const before = dumpOutput(site.out, { full: true });
    writeFileSync(join(site.root, 'docs.json'), '{ "navigation": ');
    const result = await buildIn(site);
    assert.not.ok(result.ok);
    assert.ok(result.diagnostics.some((d) => d.code === 'build/no-navigation'));
    assert.equal(dumpOutput(site.out, { full: true }), before);
  } finally {
    rmSync(site.dir, { recursive: true, force: true });
  }
});

test('build: an incremental session recomputes only what changed', async () => {
  const site = copyFixture('site');
  const log: string[] = [];
  const record = (step: string, result: BuildResult) => {
    const r = result.recomputed;
    const list = (items: readonly string[]) => (items.length === 0 ? '-' : [...items].sort().join(' '));
    log.push(
      `## ${step}`,
      `up to date: ${r.noop}`,
      `read: ${list(r.read)}`,
      `summaries: ${list(r.summaries)}`,
      `bodies: ${list(r.bodies)}`,
      `OpenAPI documents parsed: ${list(r.documents)}`,
      `api pages: ${list(r.apiPages)}`,
      `laid out: ${list(r.laidOut.map((url) => url || '/'))}`,
      `links checked: ${list(r.linksChecked)}`,
      `written: ${list(r.written)}`,
      `deleted: ${list(r.deleted)}`,
      '',
    );
  };
  const edit = (path: string, change: (text: string) => string) => {
    const file = join(site.root, path);
    writeFileSync(file, change(readFileSync(file, 'utf8')));
  };
  try {
    record('cold build', await buildIn(site));
    record('no change', await buildIn(site));
    edit('quickstart.mdx', (t) => t.replace('Keys are secret.', 'Keys are very secret.'));
    record('one page body edited', await buildIn(site));
    edit('docs.json', (t) => t.replace('"group": "More"', '"group": "Further reading"'));
    record('navigation edited (a group renamed)', await buildIn(site));
    writeFileSync(join(site.root, 'guides/new.mdx'), '---\ntitle: New page\n---\n\nFresh.\n');
    edit('docs.json', (t) => t.replace('"guides/copy-b"]', '"guides/copy-b", "guides/new"]'));
    record('page added', await buildIn(site));
    rmSync(join(site.root, 'guides/new.mdx'));
    edit('docs.json', (t) => t.replace(', "guides/new"]', ']'));
    record('page removed', await buildIn(site));
    edit('api/pets.yaml', (t) => t.replace('description: Created.', 'description: Created, with its id.'));
    record('one OpenAPI operation edited', await buildIn(site));
    edit('snippets/intro.mdx', (t) => t.replace('comes from a snippet', 'comes from an edited snippet'));
    record('snippet edited', await buildIn(site));
    appendFileSync(join(site.root, 'images/logo.svg'), '\n');
    record('image edited', await buildIn(site));
    record('tool version changed', await buildIn(site, { toolVersion: '99.0.0' }));
    matchBaseline(join(FIXTURES, 'incremental.expected.txt'), log.join('\n'));
    assert.equal(listFiles(site.out).includes('guides/new/index.html'), false);
  } finally {
    rmSync(site.dir, { recursive: true, force: true });
  }
});

test('build: a navigation edit lays out only the pages it changes, and writes what a clean build writes', async () => {
  const site = copyFixture('site');
  const clean = join(site.dir, 'clean');
  try {
    // A page that reports a warning is kept like the others: its record replays the warning.
    appendFileSync(join(site.root, 'hidden.mdx'), '\n<NoSuchComponent />\n');
    // A relative link keys the body by its folder; the summary read back from the cache must say so without its links parsed.
    appendFileSync(join(site.root, 'quickstart.mdx'), '\nSee [the guide](guides/copy-a).\n');
    const first = await buildIn(site);
    assert.ok(first.diagnostics.some((d) => d.file === 'hidden.mdx'));
    const config = join(site.root, 'docs.json');
    writeFileSync(config, readFileSync(config, 'utf8').replace('"group": "Pets"', '"group": "Pet store"'));
    // A kept page's file that is gone is written again.
    rmSync(join(site.out, 'quickstart/index.html'));
    const edited = await buildIn(site);
    assert.equal(edited.recomputed.bodies, []);
    // Its API pages are laid out again from their cached bodies: the OpenAPI document is not parsed.
    assert.equal(edited.recomputed.documents, []);
    assert.equal([...edited.recomputed.laidOut].sort(), ['api-reference/pets/create-a-pet', 'api-reference/pets/list-pets', 'quickstart']);
    assert.ok(edited.diagnostics.some((d) => d.file === 'hidden.mdx'));
    assert.equal(edited.stats.fromCache, 7);
    const full = await build({ root: site.root, outDir: clean, cacheDir: false, threads: 1 });
    assert.equal(formatDiagnosticLines(edited.diagnostics), formatDiagnosticLines(full.diagnostics));
    assert.equal(dumpOutput(site.out, { full: true }), dumpOutput(clean, { full: true }));
  } finally {
    rmSync(site.dir, { recursive: true, force: true });
  }
});

test("build: a body edit lays out that page alone: `openapi:` pages, pages with a warning and docsc's assets stay, as a clean build writes them", async () => {
  const site = copyFixture('site');
  const clean = join(site.dir, 'clean');
  try {
    const docsJson = join(site.root, 'docs.json');
    const config = readFileSync(docsJson, 'utf8')
      .replace('"pages": ["index", "quickstart",', '"pages": ["index", "quickstart", "pets", "agents",')
      .replace('"navigation": {', '"contextual": { "options": ["copy"] },\n  "navigation": {');
    writeFileSync(docsJson, config);
    writeFileSync(join(site.root, 'pets.mdx'), '---\nopenapi: api/pets.yaml GET /pets\n---\n\nAbout pets.\n');
    // Its Markdown copy is made from its summary's <Visibility> blocks, in a clean build and after one from the cache.
    writeFileSync(
      join(site.root, 'agents.mdx'),
      '---\ntitle: Agents\n---\n\n<Visibility for="agents">\nFor agents.\n</Visibility>\n\n<NoSuchThing />\n',
    );
    const first = await buildIn(site);
    assert.ok(first.diagnostics.some((d) => d.file === 'agents.mdx'));
    appendFileSync(join(site.root, 'quickstart.mdx'), '\nA new paragraph.\n');
    const edited = await buildIn(site);
    assert.equal(edited.recomputed.laidOut, ['quickstart']);
    assert.equal(
      edited.recomputed.written.filter((path) => path.startsWith('_docsc/') && !path.startsWith('_docsc/search/')),
      [],
      "docsc's assets are kept",
    );
    await build({ root: site.root, outDir: clean, cacheDir: false, threads: 1 });
    assert.equal(dumpOutput(site.out, { full: true }), dumpOutput(clean, { full: true }));
    // The operation's edit lays its `openapi:` page out again.
    const spec = join(site.root, 'api/pets.yaml');
    writeFileSync(spec, readFileSync(spec, 'utf8').replace('summary: List pets', 'summary: List all pets'));
    const operation = await buildIn(site);
    assert.ok(operation.recomputed.laidOut.includes('pets'));
    const full = await build({ root: site.root, outDir: clean, cacheDir: false, threads: 1 });
    assert.equal(formatDiagnosticLines(operation.diagnostics), formatDiagnosticLines(full.diagnostics));
    assert.equal(dumpOutput(site.out, { full: true }), dumpOutput(clean, { full: true }));
  } finally {
    rmSync(site.dir, { recursive: true, force: true });
  }
});

/** The URLs of the pages whose entry has `term`, in the search shard of the page at `url`. */
function pagesWithTerm(out: string, url: string, term: string): string[] {
  const shard = parseShard(readFileSync(join(out, shardPath(shardOf(url))), 'utf8'));
  const postings = shard?.postings[shard.terms.indexOf(term)] ?? [];
  return postings.filter((_, i) => i % 2 === 0).map((page) => shard?.pages[page]?.url ?? '');
}

/** A session on a copy of the site fixture, after its first build, and the path of its quickstart page. */
async function startSession(site: { root: string; out: string; cache: string }): Promise<{ session: BuildSession; page: string }> {
  const session = new BuildSession({ root: site.root, outDir: site.out, cacheDir: site.cache, threads: 1 });
  await session.build();
  return { session, page: join(site.root, 'quickstart.mdx') };
}

test('build session: a body edit is patched, and gives what a full build gives', async () => {
  const site = copyFixture('site');
  const clean = join(site.dir, 'clean');
  try {
    const { session, page } = await startSession(site);
    writeFileSync(page, readFileSync(page, 'utf8').replace('See [install](#install).', 'See [install](#install) and [nowhere](/nowhere).'));
    const patched = await session.build(['quickstart.mdx']);
    assert.ok(patched.recomputed.patched);
    assert.equal(patched.recomputed.summaries, ['quickstart.mdx']);
    assert.ok(
      patched.diagnostics.some((d) => d.code === 'link/broken' && d.file === 'quickstart.mdx'),
      'links of the page are checked again',
    );
    // The patch returns before its record is durable and its folders unlocked (the lock file is in the output until then).
    assert.equal(await session.settled(), []);
    const full = await build({ root: site.root, outDir: clean, cacheDir: false, threads: 1 });
    assert.equal(formatDiagnosticLines(patched.diagnostics), formatDiagnosticLines(full.diagnostics));
    assert.equal(dumpOutput(site.out, { full: true }), dumpOutput(clean, { full: true }));
    // Once settled, the next process finds the output up to date.
    const upToDate = await build({ root: site.root, outDir: site.out, cacheDir: site.cache, threads: 1 });
    assert.ok(upToDate.recomputed.noop);
    assert.equal(formatDiagnosticLines(upToDate.diagnostics), formatDiagnosticLines(full.diagnostics));

    writeFileSync(page, readFileSync(page, 'utf8').replace('title: Quickstart', 'title: Quick start'));
    const retitled = await session.build(['quickstart.mdx']);
    assert.not.ok(retitled.recomputed.patched, 'a new title changes other pages: a full build');
    assert.match(readFileSync(join(site.out, 'index.html'), 'utf8'), 'Start fast');
    assert.match(readFileSync(join(site.out, 'quickstart/index.html'), 'utf8'), '<title>Quick start - ');
    const again = await build({ root: site.root, outDir: site.out, cacheDir: site.cache, threads: 1 });
    assert.ok(again.recomputed.noop, 'the next build of the same input is up to date');
  } finally {
    rmSync(site.dir, { recursive: true, force: true });
  }
});

test('build session: patches edit the search shard they wrote, and never one changed by hand since', async () => {
  const site = copyFixture('site');
  const clean = join(site.dir, 'clean');
  try {
    const { session, page } = await startSession(site);
    const shard = join(site.out, shardPath(shardOf('/quickstart')));
    // Changed by hand: its hash no longer matches the manifest, so the patch makes it from the pages' entries.
    writeFileSync(shard, readFileSync(shard, 'utf8').replace('"version":2', '"version":2,"hand":"edit"'));
    for (const word of ['zebra', 'yak']) {
      appendFileSync(page, `\nA ${word} paragraph.\n`);
      const patched = await session.build(['quickstart.mdx']);
      assert.ok(patched.recomputed.patched);
      assert.ok(patched.recomputed.written.includes(shardPath(shardOf('/quickstart'))));
      assert.match(readFileSync(shard, 'utf8'), `"${word}"`, 'the new term is in the shard');
      assert.not.match(readFileSync(shard, 'utf8'), '"hand"');
    }
    await session.settled();
    await build({ root: site.root, outDir: clean, cacheDir: false, threads: 1 });
    assert.equal(dumpOutput(site.out, { full: true }), dumpOutput(clean, { full: true }));
  } finally {
    rmSync(site.dir, { recursive: true, force: true });
  }
});

test('build session: a body edit of a page with an API reference or playground gives what a full build gives', async () => {
  const site = copyFixture('site');
  const clean = join(site.dir, 'clean');
  try {
    const docsJson = join(site.root, 'docs.json');
    writeFileSync(
      docsJson,
      readFileSync(docsJson, 'utf8').replace('"pages": ["index", "quickstart",', '"pages": ["index", "quickstart", "pets", "call",'),
    );
    writeFileSync(join(site.root, 'pets.mdx'), '---\nopenapi: api/pets.yaml GET /pets\n---\n\nAbout pets.\n');
    writeFileSync(
      join(site.root, 'call.mdx'),
      '---\ntitle: Call\napi: POST https://api.example.com/call\n---\n\n<ParamField body="name" type="string">A name.</ParamField>\n',
    );
    const session = new BuildSession({ root: site.root, outDir: site.out, cacheDir: site.cache, threads: 1 });
    await session.build();
    for (const page of ['pets.mdx', 'call.mdx']) {
      appendFileSync(join(site.root, page), '\nA new paragraph.\n');
      await session.build([page]);
    }
    const pets = readFileSync(join(site.out, 'pets/index.html'), 'utf8');
    assert.match(pets, 'A new paragraph.');
    assert.match(pets, '<title>List pets - ', 'a page naming no title takes its operation’s summary');
    // Its search entry has its reference's terms (a parameter's name), not only its body's.
    assert.ok(pagesWithTerm(site.out, '/pets', 'limit').includes('/pets'));
    assert.ok(pagesWithTerm(site.out, '/pets', 'paragraph').includes('/pets'));
    await session.settled();
    await build({ root: site.root, outDir: clean, cacheDir: false, threads: 1 });
    assert.equal(dumpOutput(site.out, { full: true }), dumpOutput(clean, { full: true }));
  } finally {
    rmSync(site.dir, { recursive: true, force: true });
  }
});

test('build: a huge section windows its long lists, every page reachable from the sidebar alone, and has no full fragment', async () => {
  const dir = scratch();
  try {
    const root = join(dir, 'docs');
    mkdirSync(join(root, 'p'), { recursive: true });
    // More top-level groups than a window shows, one group with more pages than a window shows, and more pages than a fragment holds.
    const count = SIDEBAR_WINDOW_LIMIT + 5;
    const per = Math.ceil(FRAGMENT_PAGE_LIMIT / count);
    const groups: { group: string; pages: string[] }[] = Array.from({ length: count }, (_, g) => ({
      group: `G${g}`,
      pages: Array.from({ length: g === 1 ? SIDEBAR_WINDOW_LIMIT + 20 : per }, (_, i) => `p/g${g}-${i}`),
    }));
    const all = groups.flatMap((g) => g.pages);
    assert.ok(all.length > FRAGMENT_PAGE_LIMIT);
    for (const page of all) writeFileSync(join(root, `${page}.mdx`), `---\ntitle: ${page}\n---\n\nText.\n`);
    writeFileSync(join(root, 'docs.json'), JSON.stringify({ name: 'Huge', theme: 'mint', colors: { primary: '#000000' }, navigation: { groups } }));
    const out = join(dir, 'out');
    await build({ root, outDir: out, cacheDir: false, threads: 2 });
    const sidebar = (page: string) => {
      const html = readFileSync(join(out, page, 'index.html'), 'utf8');
      const match = /<div class="docsc-groups"( data-docsc-nav)?[^>]*>(.*?)<\/div>/s.exec(html);
      assert.ok(match, `${page} has a sidebar`);
      assert.is(match[1], undefined, 'a section over FRAGMENT_PAGE_LIMIT names no fragment');
      return match[2] ?? '';
    };
    assert.not.ok(existsSync(join(out, NAVIGATION_FRAGMENT_FOLDER)));

    // The window around the 60th group: its block and the blocks beside it.
    const middle = sidebar('p/g60-0');
    const block = Math.floor(60 / SIDEBAR_WINDOW_BLOCK);
    const start = (block - 1) * SIDEBAR_WINDOW_BLOCK;
    const end = (block + 2) * SIDEBAR_WINDOW_BLOCK;
    assert.match(middle, `<li class="docsc-more"><a href="/p/g${start - 1}-0">${start} more above</a></li>`);
    assert.match(middle, `<li class="docsc-more"><a href="/p/g${end}-0">${count - end} more below</a></li>`);
    assert.match(middle, `<a href="/p/g${start}-0">G${start}</a>`);
    assert.not.match(middle, `>G${start - 1}<`);
    assert.not.match(middle, `>G${end}<`);
    assert.match(middle, '<a href="/p/g60-1">', 'its own group is open');
    // Group 1's own list of pages is windowed around the page.
    const long = sidebar('p/g1-110');
    assert.match(long, '<a href="/p/g1-110" aria-current="page">');
    assert.match(long, '<li class="docsc-more"><a href="/p/g1-74">75 more above</a></li>');
    assert.not.match(long, 'href="/p/g1-74">p/g1-74');
    assert.match(sidebar('p/g3-0'), '<a href="/p/g0-0">G0</a>', 'the first window starts at the top');
    assert.not.match(sidebar('p/g3-0'), 'more above');
    assert.not.match(sidebar(`p/g${count - 1}-0`), 'more below', 'the last window ends at the bottom');

    // Without JavaScript, following sidebar links from the first page reaches every page.
    const seen = new Set<string>(['p/g0-0']);
    const queue = ['p/g0-0'];
    for (let page = queue.shift(); page !== undefined; page = queue.shift())
      for (const [, href] of sidebar(page).matchAll(/href="\/([^"]+)"/g))
        if (href !== undefined && !seen.has(href)) {
          seen.add(href);
          queue.push(href);
        }
    assert.equal(
      all.filter((page) => !seen.has(page)),
      [],
      'no page is out of reach',
    );
    const biggest = Math.max(...all.slice(0, 200).map((page) => readFileSync(join(out, page, 'index.html')).length));
    assert.ok(biggest < 40_000, `a page stays small (${biggest} bytes)`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('build: a large section folds the groups a page is not in', async () => {
  const dir = scratch();
  try {
    const root = join(dir, 'docs');
    mkdirSync(join(root, 'p'), { recursive: true });
    const groups = ['A', 'B', 'C'].map((group) => ({ group, pages: Array.from({ length: 90 }, (_, i) => `p/${group.toLowerCase()}${i}`) }));
    for (const { pages } of groups) for (const page of pages) writeFileSync(join(root, `${page}.mdx`), `---\ntitle: ${page}\n---\n\nText.\n`);
    writeFileSync(join(root, 'docs.json'), JSON.stringify({ name: 'Large', theme: 'mint', colors: { primary: '#000000' }, navigation: { groups } }));
    await build({ root, outDir: join(dir, 'out'), cacheDir: false, threads: 1 });
    const html = readFileSync(join(dir, 'out/p/b5/index.html'), 'utf8');
    assert.match(html, '<a href="/p/b5" aria-current="page">p/b5</a>');
    assert.match(html, '<a href="/p/b89">p/b89</a>', 'its own group is open');
    assert.match(html, '<li class="docsc-group docsc-folded"><a href="/p/a0">A</a> <span class="docsc-count">90</span></li>');
    assert.not.match(html, 'href="/p/c1"', 'other groups are folded');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('build: icons.library "tabler" takes names from Tabler\'s outline icons, then Font Awesome', async () => {
  const dir = scratch();
  try {
    const root = join(dir, 'docs');
    const site = { root, out: join(dir, 'out'), cache: join(dir, 'cache') };
    mkdirSync(root, { recursive: true });
    writeFileSync(
      join(root, 'index.mdx'),
      '---\ntitle: Home\n---\n\n<Icon icon="home" /> <Icon icon="face-smile-beam" /> <Icon icon="no-such-icon" />\n',
    );
    writeFileSync(
      join(root, 'docs.json'),
      JSON.stringify({
        name: 'Tabler',
        theme: 'mint',
        colors: { primary: '#000000' },
        icons: { library: 'tabler' },
        navigation: { groups: [{ group: 'A', icon: 'brand-github', pages: ['index'] }] },
      }),
    );
    const result = await buildIn(site);
    assert.equal(
      result.diagnostics.filter((d) => d.severity !== 'info').map((d) => [d.code, d.message]),
      [['render/unknown-icon', '`no-such-icon` is not a known icon; nothing is shown in its place']],
    );
    const page = readFileSync(join(site.out, 'index.html'), 'utf8');
    const iconOf = (name: string) =>
      new RegExp(`<span class="docsc-icon" data-icon="${name}" aria-hidden="true">(<svg.*?</svg>)`).exec(page)?.[1] ?? '';
    // Tabler's own drawing of a house (Font Awesome and Lucide have other ones), without its invisible 24×24 box.
    assert.match(iconOf('home'), 'viewBox="0 0 24 24"');
    assert.match(iconOf('home'), '<path d="M5 12l-2 0l9 -9l9 9l-2 0"/>');
    assert.not.match(iconOf('home'), 'stroke="none"');
    assert.match(iconOf('face-smile-beam'), /viewBox="0 0 \d{3} 512"/, 'a name Tabler lacks: Font Awesome');
    assert.match(page, 'href="/_docsc/icons.svg#tabler-brand-github"', 'the navigation icon too');
    assert.match(
      readFileSync(join(site.out, '_docsc/icons.svg'), 'utf8'),
      /<symbol id="tabler-brand-github" viewBox="0 0 24 24"><g [^>]*stroke="currentColor"[^>]*><path d="M9 19c-4.3/,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('build: icons.library decides which set an icon name comes from, and a change of it renders the bodies again', async () => {
  const dir = scratch();
  try {
    const root = join(dir, 'docs');
    const site = { root, out: join(dir, 'out'), cache: join(dir, 'cache') };
    mkdirSync(root, { recursive: true });
    writeFileSync(join(root, 'index.mdx'), '---\ntitle: Home\n---\n\n<Icon icon="house" /> Home.\n');
    // An operation's `x-mint.content` is MDX too: its API body is keyed by the library as well.
    writeFileSync(
      join(root, 'api.yaml'),
      [
        'openapi: 3.1.0',
        'info: { title: Pets, version: "1" }',
        'paths:',
        '  /pets:',
        '    get:',
        '      summary: List pets',
        '      x-mint:',
        '        content: \'<Icon icon="house" /> All the pets.\'',
        '      responses:',
        '        "200": { description: OK }',
        '',
      ].join('\n'),
    );
    const config = (icons: object | undefined) =>
      JSON.stringify({
        name: 'Icons',
        theme: 'mint',
        colors: { primary: '#000000' },
        icons,
        navigation: {
          groups: [
            { group: 'A', icon: 'house', pages: ['index'] },
            { group: 'API', openapi: 'api.yaml', pages: ['GET /pets'] },
          ],
        },
      });
    const page = () => readFileSync(join(site.out, 'index.html'), 'utf8');
    const iconOf = (html: string) => /<span class="docsc-icon" data-icon="house" aria-hidden="true">(<svg[^>]*>)/.exec(html)?.[1] ?? '';
    writeFileSync(join(root, 'docs.json'), config(undefined));
    const first = await buildIn(site);
    assert.equal(
      first.diagnostics.filter((d) => d.severity !== 'info'),
      [],
    );
    const fontAwesome = page();
    assert.match(iconOf(fontAwesome), 'viewBox="0 0 512 512" width="1em" height="1em" fill="currentColor"', 'Font Awesome by default');
    const [apiUrl] = first.recomputed.apiPages;
    assert.ok(apiUrl !== undefined, 'the API page is rendered');
    const apiPage = () => readFileSync(join(site.out, apiUrl, 'index.html'), 'utf8');
    assert.match(iconOf(apiPage()), 'viewBox="0 0 512 512"');
    writeFileSync(join(root, 'docs.json'), config({ library: 'lucide' }));
    const lucide = await buildIn(site);
    assert.equal(lucide.recomputed.bodies, ['index.mdx'], 'the body is rendered again');
    assert.equal(lucide.recomputed.apiPages, [apiUrl], 'and the API body');
    assert.match(iconOf(apiPage()), 'viewBox="0 0 24 24"');
    assert.match(iconOf(page()), 'viewBox="0 0 24 24"');
    assert.match(iconOf(page()), 'stroke="currentColor"');
    assert.match(page(), 'href="/_docsc/icons.svg#lucide-house"', 'the navigation icon too');
    assert.match(readFileSync(join(site.out, '_docsc/icons.svg'), 'utf8'), '<symbol id="lucide-house" viewBox="0 0 24 24">');
    writeFileSync(join(root, 'docs.json'), config({ library: 'fontawesome' }));
    const back = await buildIn(site);
    assert.equal(back.recomputed.bodies, [], 'each library keeps its own cached body');
    assert.equal(back.recomputed.apiPages, []);
    assert.is(page(), fontAwesome);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
