// `docsc dev` serves the page asked for before its first build is done: on a
// site of a few hundred pages, a page requested as the session starts is
// compiled on demand and answered while that build has not finished (its
// file is not in the output yet), and it is the very HTML the build then
// writes — so the browser is not reloaded; a page whose sidebar the sketch
// got wrong is. What the preview cannot make waits for the build.

import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DEFAULT_DEV_OUT_DIR, type DevSession, startDev } from '../compiler/dev/dev-session.js';
import type { PreviewFile } from '../compiler/dev/page-preview.js';
import { asBuild } from './support/dev-build.js';

const PAGES = 120;

/** A site of PAGES pages in three groups, each page with a table and highlighted code; `extra` adds files. */
function writeSite(root: string, extra: Record<string, string> = {}): void {
  const pages = Array.from({ length: PAGES }, (_, n) => `pages/page-${n}`);
  const groups = [0, 1, 2].map((g) => ({ group: `Group ${g}`, pages: pages.slice(g * 40, (g + 1) * 40) }));
  groups[0]?.pages.unshift('index');
  const docs = { name: 'Many pages', theme: 'mint', colors: { primary: '#0D9373' }, navigation: { groups } };
  mkdirSync(join(root, 'pages'), { recursive: true });
  writeFileSync(join(root, 'docs.json'), JSON.stringify(docs, null, 2));
  writeFileSync(join(root, 'index.mdx'), '---\ntitle: Home\n---\n\nWelcome. See [the first page](/pages/page-0).\n');
  for (const [n, page] of pages.entries()) {
    const code = ['```ts title="example.ts"', `export const page = ${n};`, '```'].join('\n');
    writeFileSync(join(root, `${page}.mdx`), `---\ntitle: Page ${n}\n---\n\n## Part ${n}\n\n| a | b |\n| - | - |\n| ${n} | x |\n\n${code}\n`);
  }
  for (const [path, text] of Object.entries(extra)) writeFileSync(join(root, path), text);
}

interface Reply {
  status: number;
  body: string;
  /** Whether the session's first build had finished when the answer came. */
  afterBuild: boolean;
}

async function withSite(
  extra: Record<string, string>,
  run: (session: DevSession, root: string, previewed: PreviewFile[], get: (path: string) => Promise<Reply>) => Promise<void>,
): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'docsc-dev-first-'));
  const root = join(dir, 'docs');
  writeSite(root, extra);
  const previewed: PreviewFile[] = [];
  const session = await startDev({ root, port: 0, cacheDir: join(dir, 'cache'), quietMs: 30, onPreview: (file) => previewed.push(file) });
  let built = false;
  void session.firstBuild.then(() => {
    built = true;
  });
  const get = (path: string) =>
    new Promise<Reply>((resolve, reject) => {
      const url = new URL(session.url);
      request({ host: url.hostname, port: url.port, path }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, afterBuild: built }));
      })
        .on('error', reject)
        .end();
    });
  try {
    await run(session, root, previewed, get);
  } finally {
    await session.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Server-sent events of a page's client (`?page=`), as `name data` lines. */
function listen(base: string, page: string): { lines: string[]; close: () => void } {
  const url = new URL(base);
  const lines: string[] = [];
  const req = request({ host: url.hostname, port: url.port, path: `/_docsc/dev/events?page=${encodeURIComponent(page)}` }, (res) => {
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => {
      for (const match of chunk.matchAll(/^event: (\w+)\ndata: (.*)$/gm)) lines.push(`${match[1]} ${match[2]}`);
    });
  });
  req.on('error', () => {});
  req.end();
  return { lines, close: () => req.destroy() };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

test('dev: the page asked for is served before the first build is done, and is the HTML that build writes', () =>
  withSite({}, async (session, root, previewed, get) => {
    const page = await get('/pages/page-100');
    const output = join(root, DEFAULT_DEV_OUT_DIR, 'pages/page-100/index.html');
    assert.is(page.status, 200);
    assert.not.ok(page.afterBuild, 'answered while the first build runs');
    assert.not.ok(existsSync(output), 'before the build wrote the page');
    assert.match(page.body, '<title>Page 100 - Many pages</title>');
    assert.match(page.body, '<script src="/_docsc/dev/client.js" defer></script>');
    assert.equal(
      previewed.map((file) => file.page?.url),
      ['pages/page-100'],
    );
    // What the page loads comes with it: docsc's stylesheet and client script.
    const css = await get('/_docsc/site.css');
    assert.is(css.status, 200);
    assert.not.ok(css.afterBuild);
    const client = listen(session.url, '/pages/page-100');
    // What the preview does not make (the sitemap) waits for the build.
    const sitemap = await get('/sitemap.xml');
    assert.is(sitemap.status, 200);
    assert.ok(sitemap.afterBuild, 'answered once the build is done');
    const result = asBuild(await session.firstBuild);
    assert.ok(result.ok);
    assert.is(result.stats.pages, PAGES + 1);
    assert.is(readFileSync(output, 'utf8'), page.body, 'the page served is the page built');
    await settle();
    client.close();
    assert.ok(
      client.lines.some((line) => line.startsWith('problems ')),
      'the client heard the build',
    );
    assert.not.ok(client.lines.includes('reload {}'), 'a page the build made alike is not reloaded');
    // From then on, pages come from the output.
    const after = await get('/pages/page-100');
    assert.is(after.body, page.body);
    assert.is(previewed.length, 1);
  }));

test('dev: a page served before the first build that the build lays out otherwise is reloaded', () =>
  // A title from a heading the sketch reads more simply than the parser: the sidebar differs on every page of the group.
  withSite({ 'pages/page-1.mdx': '# Title with \\*stars\\*\n\nText.\n' }, async (session, root, _previewed, get) => {
    const page = await get('/pages/page-2');
    assert.not.ok(page.afterBuild);
    const client = listen(session.url, '/pages/page-2');
    asBuild(await session.firstBuild);
    await settle();
    client.close();
    assert.is.not(readFileSync(join(root, DEFAULT_DEV_OUT_DIR, 'pages/page-2/index.html'), 'utf8'), page.body);
    assert.ok(client.lines.includes('reload {}'), 'the browser reloads the page');
  }));

test('dev: a page asked for before the first build shows its own errors in the overlay, as the build then does', () =>
  withSite({ 'pages/page-3.mdx': '---\ntitle: Broken\n---\n\nText {a b}\n' }, async (session, _root, previewed, get) => {
    const page = await get('/pages/page-3');
    assert.not.ok(page.afterBuild);
    assert.is(page.status, 200);
    assert.match(previewed[0]?.page?.errors[0]?.code ?? '', 'page/mdx-syntax');
    const client = listen(session.url, '/pages/page-3');
    await settle();
    assert.match(client.lines[0] ?? '', /^problems \{"failed":false,"diagnostics":\[\{"code":"page\/mdx-syntax"/);
    const result = asBuild(await session.firstBuild);
    await settle();
    client.close();
    assert.ok(result.diagnostics.some((d) => d.code === 'page/mdx-syntax' && d.file === 'pages/page-3.mdx'));
    assert.match(client.lines.at(-1) ?? '', /^problems \{"failed":false,"diagnostics":\[\{"code":"page\/mdx-syntax"/);
  }));

test('dev: a redirect page (a folder to its first page) is served before the first build, as that build writes it', () =>
  withSite({}, async (session, root, _previewed, get) => {
    const folder = await get('/pages');
    assert.is(folder.status, 200);
    assert.not.ok(folder.afterBuild, 'answered while the first build runs');
    assert.match(folder.body, 'url=/pages/page-0');
    assert.ok(asBuild(await session.firstBuild).ok);
    assert.is(readFileSync(join(root, DEFAULT_DEV_OUT_DIR, 'pages/index.html'), 'utf8'), folder.body, 'the page served is the page built');
  }));

test.run();
