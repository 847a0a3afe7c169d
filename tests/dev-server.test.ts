// `docsc dev` against a real loopback server: pages at clean URLs with the
// dev client, Host and Origin checks, nothing served outside the output, a
// rebuild and a reload event after an edit, a coalesced burst of changes, and
// the overlay's problems after a bad edit (the server keeps running).

import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DEFAULT_DEV_OUT_DIR, type DevSession, startDev } from '../compiler/dev/dev-session.js';
import { shardOf, shardPath } from '../compiler/site/search-index.js';
import { asBuild } from './support/dev-build.js';

interface Reply {
  status: number;
  body: string;
  type: string | undefined;
}

/** A GET with the headers given (fetch would not let a test set Host). */
function get(base: string, path: string, headers: Record<string, string> = {}): Promise<Reply> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, type: res.headers['content-type'] }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Collects server-sent events (`name data` lines) until one named `until` has been seen. */
function events(base: string, until: string): { seen: Promise<string[]>; close: () => void } {
  const url = new URL(base);
  const names: string[] = [];
  const lines: string[] = [];
  let close = () => {};
  const seen = new Promise<string[]>((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path: '/_docsc/dev/events' }, (res) => {
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        for (const match of chunk.matchAll(/^event: (\w+)\ndata: (.*)$/gm)) {
          names.push(match[1] as string);
          lines.push(`${match[1]} ${match[2]}`);
        }
        if (names.includes(until)) {
          resolve(lines);
          req.destroy();
        }
      });
    });
    req.on('error', (error) => (names.includes(until) ? undefined : reject(error)));
    req.end();
    close = () => req.destroy();
  });
  return { seen, close };
}

async function withSession(run: (session: DevSession, root: string) => Promise<void>, basePath?: string): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'docsc-dev-'));
  const root = join(dir, 'docs');
  cpSync('tests/fixtures/build/site', root, { recursive: true });
  const session = await startDev({ root, port: 0, threads: 1, cacheDir: join(dir, 'cache'), quietMs: 30, ...(basePath ? { basePath } : {}) });
  // What follows is about the built site (dev-first-page.test.ts is about what comes before).
  await session.firstBuild;
  try {
    await run(session, root);
  } finally {
    await session.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

test('dev: serves pages at clean URLs with the live-reload client', () =>
  withSession(async (session, root) => {
    const home = await get(session.url, '/');
    assert.is(home.status, 200);
    assert.match(home.body, '<script src="/_docsc/dev/client.js" defer></script>');
    assert.is((await get(session.url, '/quickstart')).status, 200);
    assert.is((await get(session.url, '/quickstart/')).status, 200);
    assert.is((await get(session.url, '/_docsc/dev/client.js')).status, 200);
    const missing = await get(session.url, '/no/such/page');
    assert.is(missing.status, 404);
    assert.match(missing.body, 'Page not found');
    // A page's Markdown source ("View as Markdown") shows as text in the browser, not as a download.
    writeFileSync(join(root, DEFAULT_DEV_OUT_DIR, 'quickstart.md'), '# Quickstart\n');
    const markdown = await get(session.url, '/quickstart.md');
    assert.is(markdown.type, 'text/plain; charset=utf-8');
    assert.is(markdown.body, '# Quickstart\n');
  }));

test('dev --base-path: the site is served under it, the root leads there, other paths are not found', () =>
  withSession(async (session) => {
    assert.is(new URL(session.url).pathname, '/repo/');
    const home = await get(session.url, '/repo/');
    assert.is(home.status, 200);
    assert.match(home.body, '<link rel="stylesheet" href="/repo/_docsc/site.css">');
    assert.match(home.body, '<script src="/_docsc/dev/client.js" defer></script>');
    assert.is((await get(session.url, '/repo/quickstart')).status, 200);
    assert.is((await get(session.url, '/repo/_docsc/site.css')).status, 200);
    assert.is((await get(session.url, '/_docsc/dev/client.js')).status, 200);
    const root = await new Promise<{ status: number; location?: string }>((resolve, reject) => {
      const url = new URL(session.url);
      request({ host: url.hostname, port: url.port, path: '/' }, (res) => {
        res.resume();
        resolve({ status: res.statusCode ?? 0, ...(res.headers.location ? { location: res.headers.location } : {}) });
      })
        .on('error', reject)
        .end();
    });
    assert.equal(root, { status: 302, location: '/repo/' });
    for (const path of ['/quickstart', '/_docsc/site.css', '/repository', '/repo/no/such/page']) {
      const reply = await get(session.url, path);
      assert.is(reply.status, 404, path);
      assert.match(reply.body, 'Page not found', path);
    }
  }, '/repo'));

test('dev: answers only its own Host and Origin, and nothing outside the output', () =>
  withSession(async (session) => {
    assert.is((await get(session.url, '/', { host: 'attacker.example' })).status, 403);
    assert.is((await get(session.url, '/', { origin: 'http://attacker.example' })).status, 403);
    assert.is((await get(session.url, '/', { host: `localhost:${new URL(session.url).port}` })).status, 200);
    for (const path of ['/../docs.json', '/%2e%2e/docs/docs.json', '/..%2f..%2fetc%2fpasswd', '/%00', '/.docsc-output.json/..%5c..%5cdocs.json']) {
      const reply = await get(session.url, path);
      assert.is.not(reply.status, 200, path);
      assert.not.match(reply.body, '"navigation"', path);
    }
  }));

test('dev: an edit rebuilds one page and reloads open pages', () =>
  withSession(async (session, root) => {
    const stream = events(session.url, 'reload');
    const next = session.nextBuild();
    const page = join(root, 'quickstart.mdx');
    writeFileSync(page, readFileSync(page, 'utf8').replace('Keys are secret.', 'Keys are edited.'));
    const result = asBuild(await next);
    assert.equal(result.recomputed.bodies, ['quickstart.mdx']);
    assert.ok(result.recomputed.patched, 'a body edit is patched into the last build');
    assert.equal(result.recomputed.written, ['quickstart/index.html', shardPath(shardOf('/quickstart'))]);
    assert.ok((await stream.seen).includes('reload {}'));
    assert.match((await get(session.url, '/quickstart')).body, 'Keys are edited.');
  }));

test('dev: a burst of changes is one rebuild', () =>
  withSession(async (session, root) => {
    const next = session.nextBuild();
    for (let i = 0; i < 5; i++) writeFileSync(join(root, `burst-${i}.mdx`), `---\ntitle: Burst ${i}\nhidden: true\n---\n\nText.\n`);
    const result = asBuild(await next);
    assert.equal(
      [...result.recomputed.bodies].sort(),
      [0, 1, 2, 3, 4].map((i) => `burst-${i}.mdx`),
    );
  }));

test('dev: a broken docs.json shows in the overlay, and the server keeps serving', () =>
  withSession(async (session, root) => {
    const next = session.nextBuild();
    writeFileSync(join(root, 'docs.json'), '{ "navigation": ');
    const result = asBuild(await next);
    assert.not.ok(result.ok);
    const stream = events(session.url, 'problems');
    const [problems = ''] = await stream.seen;
    assert.match(problems, /^problems \{"failed":true,/);
    assert.match(problems, '"code":"json/syntax"');
    assert.is((await get(session.url, '/quickstart')).status, 200, 'the last good site is still served');
  }));

test.run();
