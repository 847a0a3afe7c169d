// Navigation entries that link out and changelog feeds, built from
// tests/fixtures/links-and-feeds/site: frontmatter `url` (the entry links to
// the address, the page's own address redirects there, it is in no reading
// order, search or sitemap), `x-docs.href` / `x-mint.href` entries (listed,
// linking out or to a site page: before, they vanished from the sidebar), and
// `rss: true` (the page's Updates, from its snippets too, as an RSS feed next
// to it, against tests/fixtures/links-and-feeds/changelog.rss.expected.xml),
// kept and restored with its page, and patched with it under `docsc dev`;
// and the site's llms.txt (tests/fixtures/links-and-feeds/llms.expected.txt),
// or the repository's own.

import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { build } from '../compiler/build/build.js';
import { BuildSession } from '../compiler/build/build-session.js';
import { entryDate } from '../compiler/site/rss-feed.js';
import { matchBaseline } from './support/baseline.js';
import { dumpOutput } from './support/output-tree.js';

const FIXTURE = 'tests/fixtures/links-and-feeds/site';
const SITE_URL = 'https://docs.example.com';

function copyFixture(): { dir: string; root: string; out: string; cache: string } {
  const dir = mkdtempSync(join(tmpdir(), 'docsc-links-feeds-'));
  const root = join(dir, 'docs');
  cpSync(FIXTURE, root, { recursive: true });
  return { dir, root, out: join(dir, 'out'), cache: join(dir, 'cache') };
}

/** The sidebar's entries as `label -> href [link-out]`. */
function sidebarEntries(html: string): string[] {
  const sidebar = /<nav id="docsc-sidebar"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? '';
  return [...sidebar.matchAll(/<li><a href="([^"]*)"([^>]*)>([\s\S]*?)<\/a>/g)].map(([, href, attributes, inner]) => {
    const label = (inner as string)
      .replace(/<[^>]+>/g, '')
      .replace(/&#8599;/, '')
      .trim();
    return `${label} -> ${href}${(attributes as string).includes('docsc-link-out') ? ' [link-out]' : ''}`;
  });
}

test('frontmatter url and x-docs.href entries link out; a changelog with rss: true gets its feed', async () => {
  const site = copyFixture();
  try {
    const result = await build({ root: site.root, outDir: site.out, cacheDir: false, threads: 1, siteUrl: SITE_URL });
    assert.ok(result.ok);
    assert.equal(
      result.diagnostics.filter((d) => d.severity !== 'info').map((d) => d.code),
      [],
    );
    const read = (path: string) => readFileSync(join(site.out, path), 'utf8');
    const home = read('index.html');
    assert.equal(sidebarEntries(home), [
      'Acme -> /',
      'Package on npm -> https://www.npmjs.com/package/acme [link-out]',
      'Changelog -> /changelog',
      'Guides -> /guides',
      'GET List pets -> /api-reference/list-pets',
      'GET Status page -> https://status.example.com [link-out]',
      'GET Read the guides -> /guides',
    ]);
    assert.match(home, 'rel="noopener"><svg', 'a link out opens no window on the site (and keeps its icon)');
    // The page's own address sends readers to its url; it is in no reading order, search or sitemap.
    const npm = read('npm/index.html');
    assert.match(npm, '<meta http-equiv="refresh" content="0; url=https://www.npmjs.com/package/acme">');
    assert.not.match(npm, 'never shown');
    assert.match(home, '<a class="docsc-next" rel="next" href="/changelog">', "the home page's next page is the changelog, not the link");
    assert.not.match(read('sitemap.xml'), '/npm');
    const shards = readdirSync(join(site.out, '_docsc'), { recursive: true, encoding: 'utf8' }).filter((f) => f.startsWith('search'));
    assert.ok(shards.length > 0);
    for (const shard of shards.filter((f) => f.endsWith('.json'))) assert.not.match(read(join('_docsc', shard)), '"/npm"');

    matchBaseline('tests/fixtures/links-and-feeds/changelog.rss.expected.xml', read('changelog/rss.xml'));
    // llms.txt lists the pages in reading order, absolute with the site URL; links out and hidden pages are not pages.
    matchBaseline('tests/fixtures/links-and-feeds/llms.expected.txt', read('llms.txt'));
    assert.match(read('changelog/index.html'), '<link rel="alternate" type="application/rss+xml" title="Changelog" href="/changelog/rss.xml">');
    assert.not.match(home, 'application/rss+xml', 'only the page with rss: true has a feed');
  } finally {
    rmSync(site.dir, { recursive: true, force: true });
  }
});

test('under a base path without a site URL, the feed and the entries carry the base, root-relative', async () => {
  const site = copyFixture();
  try {
    writeFileSync(join(site.root, 'llms.txt'), '# Acme, by hand\n');
    const result = await build({ root: site.root, outDir: site.out, cacheDir: false, threads: 1, basePath: '/docs' });
    assert.is(readFileSync(join(site.out, 'llms.txt'), 'utf8'), '# Acme, by hand\n', "the repository's own llms.txt is served");
    assert.not.ok(result.diagnostics.some((d) => d.code === 'build/static-file-shadowed'));
    const feed = readFileSync(join(site.out, 'changelog/rss.xml'), 'utf8');
    assert.match(feed, '<link>/docs/changelog</link>');
    assert.match(feed, '<guid isPermaLink="false">/docs/changelog#launch</guid>');
    assert.match(feed, '&lt;a href=&quot;/docs/guides&quot;&gt;');
    const html = readFileSync(join(site.out, 'changelog/index.html'), 'utf8');
    assert.match(html, 'href="/docs/changelog/rss.xml"');
    assert.ok(sidebarEntries(html).includes('GET Read the guides -> /docs/guides'));
  } finally {
    rmSync(site.dir, { recursive: true, force: true });
  }
});

test('the feed is kept with its page, written again when it is gone, and patched with the page under docsc dev', async () => {
  const site = copyFixture();
  try {
    const options = { root: site.root, outDir: site.out, cacheDir: site.cache, threads: 1, siteUrl: SITE_URL };
    await build(options);
    const docsJson = join(site.root, 'docs.json');
    writeFileSync(docsJson, readFileSync(docsJson, 'utf8').replace('"group": "API"', '"group": "Reference"'));
    const navEdit = await build(options);
    assert.ok(navEdit.recomputed.laidOut.includes('changelog'), 'its sidebar changed');
    assert.equal(navEdit.recomputed.bodies, []);
    rmSync(join(site.out, 'changelog/rss.xml'));
    writeFileSync(join(site.root, 'guides.mdx'), `${readFileSync(join(site.root, 'guides.mdx'), 'utf8')}\nMore.\n`);
    const restored = await build(options);
    assert.ok(restored.recomputed.laidOut.includes('changelog'), 'laid out again for its feed');
    assert.equal(restored.recomputed.bodies, ['guides.mdx']);
    assert.match(readFileSync(join(site.out, 'changelog/rss.xml'), 'utf8'), '<title>Launch</title>');

    const session = new BuildSession(options);
    await session.build();
    const changelog = join(site.root, 'changelog.mdx');
    writeFileSync(changelog, readFileSync(changelog, 'utf8').replace('Listing pets is faster.', 'Listing pets is much faster.'));
    writeFileSync(changelog, readFileSync(changelog, 'utf8').replace('Faster lists.', 'Much faster lists.'));
    const patched = await session.build(['changelog.mdx']);
    assert.ok(patched.recomputed.patched);
    await session.settled();
    assert.match(readFileSync(join(site.out, 'changelog/rss.xml'), 'utf8'), '<description>Much faster lists.</description>');
    const clean = join(site.dir, 'clean');
    await build({ ...options, outDir: clean, cacheDir: false });
    assert.equal(dumpOutput(site.out, { full: true }), dumpOutput(clean, { full: true }));
  } finally {
    rmSync(site.dir, { recursive: true, force: true });
  }
});

test('an Update label is a publication date when it is one, read as UTC', () => {
  assert.is(entryDate('2024-10-12'), 'Sat, 12 Oct 2024 00:00:00 GMT');
  assert.is(entryDate('October 1, 2024'), 'Tue, 01 Oct 2024 00:00:00 GMT');
  assert.is(entryDate('Oct. 1st 2024'), 'Tue, 01 Oct 2024 00:00:00 GMT');
  assert.is(entryDate('1 October 2024'), 'Tue, 01 Oct 2024 00:00:00 GMT');
  assert.is(entryDate('v1.2.0'), undefined);
  assert.is(entryDate('2024-02-30'), undefined, 'not a day of February');
  assert.is(entryDate('Octember 1, 2024'), undefined);
});

test.run();
