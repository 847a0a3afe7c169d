// The layout on hostile configuration and pages (tests/fixtures/site/hostile):
// every value from docs.json and frontmatter is escaped, every unsafe URL
// dropped, colors and fonts cannot break out of the inline <style>; unknown
// navigation icons are warnings at their place in docs.json. Also the
// reader's-site fixture's pages without a browser: what each page carries.

import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { build } from '../compiler/build/build.js';
import { formatDiagnosticLines } from './support/diagnostic-lines.js';

function scratch(): string {
  return mkdtempSync(join(tmpdir(), 'docsc-site-layout-'));
}

async function buildCopy(fixture: string, dir: string, edit?: (root: string) => void) {
  const root = join(dir, 'docs');
  cpSync(fixture, root, { recursive: true });
  edit?.(root);
  const out = join(dir, 'out');
  const result = await build({ root, outDir: out, cacheDir: false, threads: 1 });
  return { result, out };
}

function htmlFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.html'))
    .map((file) => join(folder, file));
}

test('hostile configuration and frontmatter: escaped, unsafe URLs dropped, nothing breaks out of <style>', async () => {
  const dir = scratch();
  try {
    const { result, out } = await buildCopy('tests/fixtures/site/hostile', dir);
    const lines = formatDiagnosticLines(result.diagnostics);
    assert.match(lines, /docs\.json:19:75 warning render\/unknown-icon `definitely-not-an-icon`/);
    assert.match(lines, /docs\.json:21:103 warning render\/unknown-icon `nope-icon-name`/);
    assert.not.match(lines, 'unknown-icon `rocket`');
    const pages = htmlFiles(out);
    assert.ok(pages.length >= 2);
    for (const file of pages) {
      const html = readFileSync(file, 'utf8');
      for (const bad of [
        '<script>alert',
        '<img src=x',
        '<svg onload',
        'javascript:',
        'vbscript:',
        'data:text',
        '//evil',
        '<b>',
        '<i>',
        'onerror="',
        '</style><',
      ]) {
        assert.not.ok(html.includes(bad), `${file} contains ${bad}`);
      }
      const style = /<style>([^<]*)<\/style>/.exec(html)?.[1] ?? '';
      assert.not.match(style, 'red;', 'an invalid color is left out');
      assert.not.match(style, /[<>"]"|@font-face|\)\s*;\s*\}/, 'a font family or source cannot inject CSS');
      assert.match(style, '--docsc-font-body:"Interstylescriptalert4script"', 'a family keeps only letters, digits, spaces and hyphens');
      assert.equal((html.match(/<script\b/g) ?? []).length, 2, 'only the color-mode script and the site script');
    }
    const home = readFileSync(join(out, 'index.html'), 'utf8');
    assert.match(
      home,
      '<div class="docsc-banner" data-type="info" role="region" aria-label="Announcement"><p>Hi &lt;script&gt;alert(17)&lt;/script&gt; x <strong>&lt;b&gt;y&lt;/b&gt;</strong></p></div>',
    );
    assert.match(home, 'data-appearance="dark" data-strict data-current-path="/">', '`appearance.strict`: the default mode only');
    assert.not.match(home, 'docsc-theme-toggle', 'and no toggle');
    assert.match(home, 'Evil &lt;script&gt;alert(&#39;name&#39;)&lt;/script&gt;');
    assert.match(home, 'data-prompt="&quot;&gt;&lt;script&gt;alert(9)&lt;/script&gt;"');
    assert.match(home, '<a href="https://example.com/?a=&quot;b&quot;&amp;c=&lt;d&gt;" rel="noopener">');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a language code Mintlify takes as another's (`zh` for `cn`) shows that language's name in the selector", async () => {
  const dir = scratch();
  try {
    const { out } = await buildCopy('tests/fixtures/site/docs', dir, (root) => {
      const config = join(root, 'docs.json');
      writeFileSync(config, readFileSync(config, 'utf8').replace('"language": "fr"', '"language": "zh"'));
    });
    const quickstart = readFileSync(join(out, 'quickstart', 'index.html'), 'utf8');
    assert.match(quickstart, '<a href="/fr/quickstart"><span>简体中文</span></a>');
    assert.match(readFileSync(join(out, 'fr', 'index.html'), 'utf8'), '<html lang="zh"');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the reader-site fixture: tabs, selectors and anchors per page, groups opened per page, search shards', async () => {
  const dir = scratch();
  try {
    const { result, out } = await buildCopy('tests/fixtures/site/docs', dir);
    assert.equal(formatDiagnosticLines(result.diagnostics.filter((d) => d.severity !== 'info')), '');
    const page = (path: string) => readFileSync(join(out, path, 'index.html'), 'utf8');
    const quickstart = page('quickstart');
    assert.match(quickstart, '<a href="/v1/quickstart"><span>v1</span></a>', 'the version link keeps the page');
    assert.match(quickstart, '<a href="/fr/quickstart"><span>Français</span></a>', 'so does the language link');
    assert.match(page('guides/install'), '<a href="/v1"><span>v1</span></a>', "else the version's first page");
    assert.match(page('guides/install'), '<details data-g="0.2" open>', 'its group is open');
    assert.match(quickstart, '<details data-g="0.2">', 'elsewhere it is folded');
    assert.match(quickstart, '<details data-g="0.3" open>', '`expanded: true`');
    assert.match(page('guides/advanced/internals'), '<details data-g="0.3.1" open>');
    assert.match(page('fr'), '<html lang="fr"', "a page's language is its language division's");
    assert.match(quickstart, '<html lang="en"');
    assert.match(page('fr'), '<a href="mailto:aide@example.com" rel="noopener">Aide</a>', "a language's own navbar");
    assert.not.match(page('fr'), '>Support</a>');
    assert.match(page('fr'), '<p>Traduction <em>en cours</em>.</p>', 'and banner');
    // The banner as Markdown reads it: a link in bold, a character reference.
    assert.match(quickstart, '<p><strong>New:</strong> version 2 is out, see the <strong><a href="/quickstart">quickstart</a></strong>\u00a0→</p>');
    assert.not.match(page('fr'), 'Dashboard', "a language's navbar replaces the whole navbar, primary button included");
    assert.match(quickstart, '<meta property="og:title" content="Quickstart">');
    assert.not.match(quickstart, 'name="robots"', 'a page in the navigation may be indexed');
    assert.match(page('guides/hidden'), '<meta name="robots" content="noindex">', 'hidden pages are not');
    const hidden = page('guides/hidden');
    assert.match(hidden, 'id="docsc-sidebar"', 'a hidden page shows the navigation it is listed in');
    assert.match(hidden, '<li>Guides</li><li>Get started</li><li>Setup</li>');
    assert.not.match(quickstart, 'Hidden page', 'without being listed in it');
    assert.match(quickstart, '<li class="docsc-tab-end"><a href="https://example.com/blog" rel="noopener">', 'a tab with `align: end`');
    assert.match(
      quickstart,
      '<a href="https://github.com/example/fixture-docs/issues/new?title=Issue%20on%20docs%3A%20Quickstart&amp;body=Path%3A%20%2Fquickstart" rel="noopener">Raise an issue</a>',
    );
    // A global anchor to a path of the site is a link of the site: no `rel` of a link out.
    assert.match(quickstart, '<li><a href="/guides/legacy"><span>Release notes</span></a></li>');
    assert.match(page('wide'), 'data-mode="wide"');
    assert.not.match(page('wide'), 'docsc-toc', 'no table of contents in wide mode');
    // Frame mode, as Mintlify's: the page's own markup under the top bar, beside the sidebar; no eyebrow, title,
    // description or table of contents of the layout's (the page writes its own heading).
    const frame = page('frame');
    assert.match(frame, 'data-mode="frame"');
    assert.match(frame, 'id="docsc-sidebar"');
    assert.match(frame, '<h1>Landing in a frame</h1>');
    for (const part of ['docsc-title', 'docsc-eyebrow', 'docsc-description', 'docsc-toc']) assert.not.match(frame, `class="${part}"`, `no ${part}`);
    assert.match(page('tutorials/first-app'), '<ul class="docsc-anchors"><li><a href="/tutorials/first-app" aria-current="true">');
    const shard = readdirSync(join(out, '_docsc/search')).map((f) => readFileSync(join(out, '_docsc/search', f), 'utf8'));
    assert.ok(
      shard.some((text) => text.includes('"xylophone"')),
      'body words are indexed',
    );
    assert.not.ok(
      shard.some((text) => text.includes('Hidden page')),
      'hidden pages are not',
    );
    const sprite = readFileSync(join(out, '_docsc/icons.svg'), 'utf8');
    assert.match(sprite, '<symbol id="fa-rocket"');
    assert.match(quickstart, '<use href="/_docsc/icons.svg#fa-rocket"/>');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('icons given as objects (`{name, style, library}`, as Mintlify allows): navbar links show theirs, named by their site when they have no label', async () => {
  const dir = scratch();
  try {
    const { out } = await buildCopy('tests/fixtures/conformance/config-icon-objects', dir);
    const html = readFileSync(join(out, 'index.html'), 'utf8');
    const navbar = /<nav class="docsc-navbar"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? '';
    assert.match(
      navbar,
      /<a href="https:\/\/example.com\/blog" rel="noopener"><svg [^>]*><use href="\/_docsc\/icons.svg#fa-newspaper"\/><\/svg>Blog<\/a>/,
    );
    assert.match(
      navbar,
      /<a href="https:\/\/github.com\/example\/tracing" rel="noopener" aria-label="github.com"><svg [^>]*><use href="\/_docsc\/icons.svg#brands-github"\/><\/svg><\/a>/,
    );
    assert.match(navbar, 'aria-label="bsky.app"><svg');
    // The tab's Lucide icon and the group's default-style one, in the sprite with their paths.
    const sprite = readFileSync(join(out, '_docsc/icons.svg'), 'utf8');
    for (const id of ['brands-github', 'brands-bluesky', 'lucide-book-open', 'fa-rocket', 'brands-google'])
      assert.match(sprite, `<symbol id="${id}"`);
    // A contextual option's icon object too.
    assert.match(html, '<use href="/_docsc/icons.svg#brands-google"/>');
    assert.match(html, '<use href="/_docsc/icons.svg#lucide-book-open"/>');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('fonts: a Google Fonts family is linked, a self-hosted source is an @font-face', async () => {
  const dir = scratch();
  try {
    const root = join(dir, 'docs');
    cpSync('tests/fixtures/site/docs', root, { recursive: true });
    const config = JSON.parse(readFileSync(join(root, 'docs.json'), 'utf8')) as Record<string, unknown>;
    config.fonts = { family: 'Open Sans', weight: 400, heading: { family: 'Brand Serif', source: '/fonts/brand.woff2', format: 'woff2' } };
    writeFileSync(join(root, 'docs.json'), JSON.stringify(config));
    const out = join(dir, 'out');
    await build({ root, outDir: out, cacheDir: false, threads: 1 });
    const html = readFileSync(join(out, 'quickstart/index.html'), 'utf8');
    assert.match(html, '<link rel="stylesheet" href="https://fonts.googleapis.com/css2?family=Open+Sans:wght@400&amp;display=swap">');
    assert.match(html, '@font-face{font-family:"Brand Serif";src:url("/fonts/brand.woff2") format("woff2");font-display:swap}');
    assert.match(html, '--docsc-font-body:"Open Sans",var(--docsc-font-fallback);--docsc-font-heading:"Brand Serif"');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('social cards: a site path in an og:/twitter: URL property gets the base and the site URL, nothing else changes', async () => {
  const dir = scratch();
  try {
    const root = join(dir, 'docs');
    mkdirSync(root, { recursive: true });
    writeFileSync(
      join(root, 'docs.json'),
      JSON.stringify({
        name: 'Cards',
        theme: 'mint',
        colors: { primary: '#000000' },
        seo: { metatags: { 'og:image': '/images/card.png', 'twitter:image': 'https://cdn.example.com/card.png', 'og:title': '/not-a-url' } },
        navigation: { groups: [{ group: 'A', pages: ['index'] }] },
      }),
    );
    writeFileSync(join(root, 'index.mdx'), '---\ntitle: Home\nog:image: /images/page.png\nog:image:alt: /images/page.png\n---\n\nHi.\n');
    const head = async (options: { siteUrl?: string; basePath?: string }) => {
      const out = join(dir, `out-${Object.keys(options).join('-')}`);
      const result = await build({ root, outDir: out, cacheDir: false, threads: 1, ...options });
      assert.ok(result.ok);
      const html = readFileSync(join(out, 'index.html'), 'utf8');
      return html.slice(0, html.indexOf('</head>'));
    };
    const absolute = await head({ siteUrl: 'https://owner.github.io/repo' });
    assert.match(absolute, '<meta property="og:image" content="https://owner.github.io/repo/images/page.png">', 'frontmatter');
    assert.match(absolute, '<meta name="og:image" content="https://owner.github.io/repo/images/card.png">', 'seo.metatags');
    assert.match(absolute, '<meta name="twitter:image" content="https://cdn.example.com/card.png">', 'an absolute URL is as written');
    assert.match(absolute, '<meta property="og:image:alt" content="/images/page.png">', 'text, not a URL');
    assert.match(absolute, '<meta name="og:title" content="/not-a-url">');
    const based = await head({ basePath: '/docs' });
    assert.match(based, '<meta property="og:image" content="/docs/images/page.png">', 'without a site URL: the base at least');
    assert.match(based, '<meta name="og:image" content="/docs/images/card.png">');
    const plain = await head({});
    assert.match(plain, '<meta property="og:image" content="/images/page.png">', 'neither: as written');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
