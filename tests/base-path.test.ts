// The base path a site is served under (compiler/site/base-path.ts): how a
// value given on the command line is read, where the base goes in front of a
// URL, and the layout markup's rewrite — which must touch site paths only,
// never a URL that leaves the site or text that merely looks like one; and
// images written with the base in front, read without it as on Mintlify.

import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { build } from '../compiler/build/build.js';
import { check } from '../compiler/check.js';
import { renderDescription } from '../compiler/reference/render-description.js';
import { rewriteUrl, type UrlUse } from '../compiler/render/rewrite-url.js';
import { parseBasePath, rebaseMarkup, rebaseReference, withBase } from '../compiler/site/base-path.js';
import { renderRedirectPage, renderRedirectsFile } from '../compiler/site/redirect-pages.js';
import { renderSitemap } from '../compiler/site/sitemap-xml.js';
import { matchBaseline } from './support/baseline.js';
import { formatDiagnosticLines } from './support/diagnostic-lines.js';

test('a base path is read with or without its slashes; the root is no base', () => {
  for (const [value, base] of [
    ['/docs', '/docs'],
    ['docs/', '/docs'],
    ['/org/repo/', '/org/repo'],
    ['/', ''],
    ['', ''],
    ['/v1.2_beta~x', '/v1.2_beta~x'],
  ])
    assert.equal(parseBasePath(value as string), { base }, value);
  for (const value of ['/a/../b', '/a//b', '/./a', '/my docs', '/a"b', '/%2e', '/a?b', '/a#b', '/<x>', '/ünï'])
    assert.ok('error' in parseBasePath(value), value);
});

test('withBase puts the base in front of site paths only', () => {
  assert.is(withBase('/repo', '/quickstart'), '/repo/quickstart');
  assert.is(withBase('/repo', '/'), '/repo/');
  for (const url of ['//cdn.example.com/x.js', '/\\evil.example', 'https://example.com/', 'mailto:a@example.com', '#top', 'relative/page'])
    assert.is(withBase('/repo', url), url, url);
  assert.is(withBase('', '/quickstart'), '/quickstart');
});

test('the layout rewrite: site paths in its attributes and CSS urls, nothing else', () => {
  const markup = [
    '<a href="/guides/setup">Setup</a>',
    '<img src="/images/logo.svg" alt="">',
    '<ul data-docsc-nav="/_docsc/nav/ab12.html"></ul>',
    '<button data-markdown="/x.md" data-page="/x"></button>',
    '<style>body{background-image:url("/bg.png")}</style>',
    '<a href="https://example.com/a">out</a><a href="//cdn.example.com/b">cdn</a><a href="#top">top</a><a href="mailto:a@b.c">m</a>',
    // Text is escaped (`"` is &quot;), so what reads like an attribute in text is never rewritten.
    '<p>write href=&quot;/x&quot; or src=/y</p>',
  ].join('');
  assert.is(
    rebaseMarkup(markup, '/repo'),
    [
      '<a href="/repo/guides/setup">Setup</a>',
      '<img src="/repo/images/logo.svg" alt="">',
      '<ul data-docsc-nav="/repo/_docsc/nav/ab12.html"></ul>',
      '<button data-markdown="/repo/x.md" data-page="/repo/x"></button>',
      '<style>body{background-image:url("/repo/bg.png")}</style>',
      '<a href="https://example.com/a">out</a><a href="//cdn.example.com/b">cdn</a><a href="#top">top</a><a href="mailto:a@b.c">m</a>',
      '<p>write href=&quot;/x&quot; or src=/y</p>',
    ].join(''),
  );
  assert.is(rebaseMarkup(markup, ''), markup);
});

test("the reference's rewrite: links and images of descriptions, never text or other URLs", () => {
  const description = renderDescription(
    'See [a](/guides/a), ![b](/images/b.png), [c](https://example.com/c), [d](#d), [e](//cdn/e) and `<a href="/f">`. <a href="/g">',
  );
  assert.is(
    rebaseReference(description, '/repo'),
    '<p>See <a href="/repo/guides/a">a</a>, <img src="/repo/images/b.png" alt="b" />, <a href="https://example.com/c">c</a>, <a href="#d">d</a>, <a href="//cdn/e">e</a> and <code>&lt;a href=&quot;/f&quot;&gt;</code>. &lt;a href=&quot;/g&quot;&gt;</p>',
  );
  assert.is(rebaseReference(description, ''), description);
});

test("a body's links and images resolve to site paths under the base", () => {
  const at = (url: string, isLink = true, use: UrlUse = {}) => {
    const verdict = rewriteUrl(url, { url: 'guides/setup', file: 'guides/setup.mdx' }, isLink, '/repo', use);
    return verdict.safe ? verdict.url : undefined;
  };
  assert.is(at('/quickstart'), '/repo/quickstart');
  assert.is(at('../images/a.png', false), '/repo/images/a.png');
  assert.is(at('install.mdx#step-2'), '/repo/guides/install#step-2');
  assert.is(at('https://example.com/x'), 'https://example.com/x');
  assert.is(at('#here'), '#here');
  assert.is(at('javascript:alert(1)'), undefined);
  // An image's source written with the base in front keeps it once (Mintlify's removeBasePath); a link gets it again.
  const image = (url: string) => at(url, false, { image: true });
  assert.is(image('/repo/images/a.png'), '/repo/images/a.png');
  assert.is(image('../../repo/images/a.png'), '/repo/images/a.png');
  assert.is(image('/images/a.png'), '/repo/images/a.png');
  assert.is(image('/repository/a.png'), '/repo/repository/a.png');
  assert.is(at('/repo/quickstart'), '/repo/repo/quickstart');
  // So does an HTML element's URL written in JSX (`<a href="/repo/x">`), which Mintlify leaves as written.
  const literal = (url: string) => at(url, true, { literal: true });
  assert.is(literal('/repo/quickstart'), '/repo/quickstart');
  assert.is(literal('/quickstart'), '/repo/quickstart');
  assert.is(literal('/repository'), '/repo/repository');
});

test('redirects and the sitemap under a base path: sources and site-path destinations are what the host is asked for', () => {
  const redirects = [
    { source: '/old', destination: '/new', permanent: true },
    { source: '/blog/:slug*', destination: 'https://example.com/blog/:slug*', permanent: false },
  ];
  assert.is(renderRedirectsFile(redirects, '/repo'), '/repo/old /repo/new 308\n/repo/blog/* https://example.com/blog/:splat 307\n');
  assert.match(renderRedirectPage(redirects[0] as (typeof redirects)[0], '/repo'), '<meta http-equiv="refresh" content="0; url=/repo/new">');
  assert.match(
    renderSitemap(['', 'a/b'], 'https://o.github.io', '/repo'),
    '<loc>https://o.github.io/repo/</loc></url>\n  <url><loc>https://o.github.io/repo/a/b</loc>',
  );
  assert.match(renderSitemap(['a'], undefined, '/repo'), '<loc>/repo/a</loc>');
});

test('images and HTML links written with the base path in front: the files and pages without it, checked and built as Mintlify reads them', async () => {
  const root = 'tests/fixtures/check/links-under-base-path';
  // Without a base path, tests/fixtures/check says what is reported (each with a hint to give one).
  const checked = await check({ root, threads: 1, basePath: '/docs' });
  matchBaseline('tests/fixtures/base-path/links-under-docs.expected.txt', formatDiagnosticLines(checked.diagnostics));
  const out = mkdtempSync(join(tmpdir(), 'docsc-base-images-'));
  try {
    const built = await build({ root, outDir: out, cacheDir: false, threads: 1, basePath: '/docs' });
    assert.equal(
      built.diagnostics.filter((d) => d.code.startsWith('link/')).map((d) => `${d.file}:${d.line}`),
      checked.diagnostics.filter((d) => d.code.startsWith('link/')).map((d) => `${d.file}:${d.line}`),
    );
    const sources = (path: string) => [...readFileSync(join(out, path), 'utf8').matchAll(/<img [^>]*src="([^"]*)"/g)].map((m) => m[1]);
    assert.equal(sources('index.html'), [
      '/docs/images/admin/orders.png',
      '/docs/images/logo.png',
      '/docs/images/admin/orders.png',
      '/docs/images/admin/refunds.png',
    ]);
    assert.equal(sources('guides/orders/index.html'), ['/docs/images/admin/orders.png']);
    assert.ok(existsSync(join(out, 'images/admin/orders.png')));
    const body = readFileSync(join(out, 'index.html'), 'utf8').split('<article')[1] ?? '';
    const links = [...body.matchAll(/<a href="([^"]*)">Orders/g)].map((m) => m[1]);
    assert.equal(links, ['/docs/docs/guides/orders', '/docs/guides/orders'], 'the Markdown link gets the base again, the HTML one keeps it once');
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});

test.run();
