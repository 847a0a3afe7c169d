// The redirects that no static page can stand at (wildcards, parameters),
// followed by the 404 page's script on hosts that do not read `_redirects`:
// the script the build writes into 404.html is run against a location, as a
// browser would run it (node:vm), and must go where `_redirects` would — and
// never to another host by way of the address.

import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { build } from '../compiler/build/build.js';
import { anyRedirectMatches, redirectSource } from '../compiler/config/read-redirects.js';
import { outputRedirects, patternRedirectScript, type Redirect } from '../compiler/site/redirect-pages.js';

const redirect = (source: string, destination: string): Redirect => ({ source, destination, permanent: true });

/** Where the script sends a reader who asked for `address` (path, query, fragment), or undefined when it stays. */
function follow(script: string, address: string): string | undefined {
  const url = new URL(address, 'https://docs.example.com');
  let went: string | undefined;
  const location = { pathname: url.pathname, search: url.search, hash: url.hash, replace: (to: string) => (went = to) };
  const code = /^<script>([\s\S]*)<\/script>$/.exec(script)?.[1];
  assert.ok(code, script);
  runInNewContext(code as string, { location });
  return went;
}

test('wildcards, parameters and splats go where _redirects sends them, with the query and fragment', () => {
  const script = patternRedirectScript([
    redirect('/old-start', '/quickstart'),
    redirect('/blog/:slug*', 'https://example.com/blog/:slug*'),
    redirect('/docs/*', '/:splat'),
    redirect('/users/:id/profile', '/people/:id'),
    redirect('/v0/:slug*', '/:slug*'),
  ]);
  assert.is(follow(script, '/blog/2024/hello?ref=x#top'), 'https://example.com/blog/2024/hello?ref=x#top');
  assert.is(follow(script, '/blog'), 'https://example.com/blog/');
  assert.is(follow(script, '/docs/guides/setup/'), '/guides/setup');
  assert.is(follow(script, '/users/42/profile'), '/people/42');
  assert.is(follow(script, '/users/42'), undefined);
  assert.is(follow(script, '/users/42/profile/more'), undefined);
  assert.is(follow(script, '/nothing/here'), undefined);
  // An exact source has its own page; the script leaves it alone.
  assert.is(follow(script, '/old-start'), undefined);
});

test('a destination without a scheme stays a site path whatever the address holds', () => {
  // As written in docs.json (`:a`, `features/new`): the output's destinations are site paths (outputRedirects).
  const source = redirectSource('/x/:a');
  source.destination = ':a';
  const relative = redirectSource('features/old/:page*');
  relative.destination = 'features/new/:page*';
  const redirects = outputRedirects([source, relative]);
  assert.equal(
    redirects.map((r) => [r.source, r.destination]),
    [
      ['/x/:a', '/:a'],
      ['/features/old/:page*', '/features/new/:page*'],
    ],
  );
  const script = patternRedirectScript(redirects);
  assert.is(follow(script, '/x/javascript:alert(1)'), '/javascript:alert(1)');
  assert.is(follow(script, '/features/old/a/b'), '/features/new/a/b');
  // And a rule that did not come through outputRedirects: the script itself keeps it on this site.
  assert.is(follow(patternRedirectScript([redirect('/x/:a', ':a')]), '/x/javascript:alert(1)'), '/javascript:alert(1)');
});

test('anyRedirectMatches answers as the sources one by one do', () => {
  const sources = ['/old-start', 'features/old/', '/guides/index', '/users/:id/profile', '/docs/:path*', '/blog/*', '/x/:a', '/', '/%61pi/old'];
  const redirects = sources.map((source) => redirectSource(source));
  const any = anyRedirectMatches(redirects);
  const urls = ['', 'old-start', 'old-start/x', 'features/old', 'guides', 'guides/index', 'users/1/profile', 'users/1', 'users/1/profile/x'];
  urls.push('docs', 'docs/a/b', 'blog', 'blog/x', 'x/y', 'x', 'x/y/z', 'api/old', 'nothing/here');
  for (const url of urls)
    assert.is(
      any(url),
      redirects.some((r) => r.matches(url)),
      url,
    );
  assert.ok(any('users/7/profile') && any('docs') && any('api/old') && !any('users/7') && !any('x/y/z'));
  assert.not.ok(anyRedirectMatches([])('x'));
});

test('an address never turns a site path into another host', () => {
  const script = patternRedirectScript([redirect('/v0/:slug*', '/:slug*')]);
  assert.is(follow(script, '/v0//evil.example/x'), '/evil.example/x');
  assert.is(follow(script, '/v0/%5C%5Cevil.example'), '/%5C%5Cevil.example');
  assert.is(follow(script, '/v0/https:/evil.example'), '/https:/evil.example');
});

test('under a base path the script matches addresses below it and sends the reader below it', () => {
  const script = patternRedirectScript(
    [redirect('/docs/*', '/:splat'), redirect('/v0/:slug*', '/:slug*'), redirect('/ext/:a', 'https://example.com/:a')],
    '/repo',
  );
  assert.is(follow(script, '/repo/docs/guides/setup?x=1'), '/repo/guides/setup?x=1');
  // A path on this host, however it is spelt after the base.
  assert.is(follow(script, '/repo/v0//evil.example'), '/repo//evil.example');
  assert.is(follow(script, '/repo/ext/1'), 'https://example.com/1');
  // The same path outside the base is another site's.
  assert.is(follow(script, '/docs/guides/setup'), undefined);
});

test('no pattern, no script; a destination cannot close the script element', () => {
  assert.is(patternRedirectScript([redirect('/old', '/new')]), '');
  const script = patternRedirectScript([redirect('/x/:a', '/y/</script><script>alert(1)//:a')]);
  assert.is(script.indexOf('</script>'), script.length - '</script>'.length);
  assert.is(follow(script, '/x/1'), '/y/</script><script>alert(1)//1');
  // An unsafe destination is never followed: the reader goes home instead.
  assert.is(follow(patternRedirectScript([redirect('/x/:a', 'javascript:alert(1)')]), '/x/1'), '/');
});

test('a build writes the script into 404.html for its pattern redirects', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'docsc-redirects-'));
  try {
    const out = join(dir, 'out');
    await build({ root: 'tests/fixtures/build/site', outDir: out, cacheDir: false, threads: 1 });
    const page = readFileSync(join(out, '404.html'), 'utf8');
    const script = /<script>\(function \(rules, where\)[\s\S]*?<\/script>/.exec(page)?.[0];
    assert.ok(script, 'no redirect script in 404.html');
    assert.is(follow(script as string, '/blog/launch'), 'https://example.com/blog/launch');
    assert.is(follow(script as string, '/old-start'), undefined);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('errors.404: its title and text on the 404 page; with redirect, an address no pattern matches goes home', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'docsc-not-found-'));
  try {
    const root = join(dir, 'docs');
    cpSync('tests/fixtures/build/site', root, { recursive: true });
    const config = JSON.parse(readFileSync(join(root, 'docs.json'), 'utf8'));
    const errors = { 404: { redirect: true, title: 'Lost?', description: 'Try [the quickstart](/quickstart) or **search** <b>x</b>.' } };
    writeFileSync(join(root, 'docs.json'), JSON.stringify({ ...config, errors }));
    for (const base of ['', '/docs']) {
      const out = join(dir, `out${base}`);
      await build({ root, outDir: out, cacheDir: false, threads: 1, basePath: base });
      const page = readFileSync(join(out, '404.html'), 'utf8');
      assert.match(page, '>Lost?</h1>');
      assert.match(page, `<p>Try <a href="${base}/quickstart">the quickstart</a> or <strong>search</strong> &lt;b&gt;x&lt;/b&gt;.</p>`);
      const script = /<script>\(function \(rules, where\)[\s\S]*?<\/script>/.exec(page)?.[0] as string;
      assert.is(follow(script, `${base}/blog/launch`), 'https://example.com/blog/launch', 'the patterns first');
      assert.is(follow(script, `${base}/no/such/page`), `${base}/`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  assert.is(patternRedirectScript([], '', '/'), '<script>location.replace("/")</script>', 'no pattern: home at once');
});

test.run();
