// The base path a site is served under (compiler/site/base-path.ts): how a
// value given on the command line is read, where the base goes in front of a
// URL, and the layout markup's rewrite — which must touch site paths only,
// never a URL that leaves the site or text that merely looks like one.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { renderDescription } from '../compiler/reference/render-description.js';
import { rewriteUrl } from '../compiler/render/rewrite-url.js';
import { parseBasePath, rebaseMarkup, rebaseReference, withBase } from '../compiler/site/base-path.js';
import { renderRedirectPage, renderRedirectsFile } from '../compiler/site/redirect-pages.js';
import { renderSitemap } from '../compiler/site/sitemap-xml.js';

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
  const at = (url: string, isLink = true) => {
    const verdict = rewriteUrl(url, 'guides/setup', isLink, '/repo');
    return verdict.safe ? verdict.url : undefined;
  };
  assert.is(at('/quickstart'), '/repo/quickstart');
  assert.is(at('../images/a.png', false), '/repo/images/a.png');
  assert.is(at('install.mdx#step-2'), '/repo/guides/install#step-2');
  assert.is(at('https://example.com/x'), 'https://example.com/x');
  assert.is(at('#here'), '#here');
  assert.is(at('javascript:alert(1)'), undefined);
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

test.run();
