// docs.json settings around the page (issue 6): the `contextual` menu and
// the Markdown source written next to each page, `background`, anchor icon
// `color`, `metadata.timestamp` dates from git (deterministic, and a new
// HEAD is not taken as up to date while bodies stay cached), and
// `feedback.thumbsRating` reported as unsupported. Built from
// tests/fixtures/site-settings/docs with the real build(); the menu, the
// colours and axe-core are checked in Debian's chromium.

import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type BuildResult, build } from '../compiler/build/build.js';
import { BuildSession } from '../compiler/build/build-session.js';
import { launchBrowser, newContext, seriousViolations, serveSite } from './support/browser.js';
import { dumpOutput, listFiles } from './support/output-tree.js';

const FIXTURE = 'tests/fixtures/site-settings/docs';
const SCREENSHOTS = 'tests/screenshots';

function copyFixture(into = ''): { dir: string; root: string; out: string; cache: string } {
  const dir = mkdtempSync(join(tmpdir(), 'docsc-settings-'));
  const root = join(dir, into, 'docs');
  cpSync(FIXTURE, root, { recursive: true });
  return { dir, root, out: join(dir, 'out'), cache: join(dir, 'cache') };
}

const buildIn = (site: { root: string; out: string; cache: string }, cache = true): Promise<BuildResult> =>
  build({ root: site.root, outDir: site.out, cacheDir: cache ? site.cache : false, threads: 1 });

const codes = (result: BuildResult) => result.diagnostics.map((d) => `${d.severity} ${d.code}`).sort();

test('contextual menu, Markdown sources, background, anchor colours; thumbs rating and dates reported outside git', async () => {
  const site = copyFixture();
  try {
    const result = await buildIn(site, false);
    assert.equal(codes(result), ['info build/sitemap-relative', 'info build/thumbs-rating-unsupported', 'info build/timestamps-unavailable']);
    assert.match(result.diagnostics.find((d) => d.code === 'build/timestamps-unavailable')?.message ?? '', 'not in a git repository');
    assert.is(readFileSync(join(site.out, 'index.md'), 'utf8'), readFileSync(join(FIXTURE, 'index.mdx'), 'utf8'));
    assert.is(readFileSync(join(site.out, 'guides/setup.md'), 'utf8'), readFileSync(join(FIXTURE, 'guides/setup.mdx'), 'utf8'));
    const html = readFileSync(join(site.out, 'guides/setup/index.html'), 'utf8');
    const menu = /<details class="docsc-page-actions[\s\S]*?<\/details>/.exec(html)?.[0] ?? '';
    assert.match(menu, '<button type="button" class="docsc-page-copy" data-markdown="/guides/setup.md">');
    assert.match(menu, '<a href="/guides/setup.md"><span class="docsc-action-title">View as Markdown</span>');
    assert.match(menu, 'href="https://chatgpt.com/?hints=search&amp;q=Read%20%2Fguides%2Fsetup%20so%20I%20can%20ask%20questions%20about%20it."');
    assert.match(menu, 'data-prompt-base="https://claude.ai/new?q="');
    assert.match(menu, 'href="https://forum.example.com/new?link=%2Fguides%2Fsetup"');
    assert.match(menu, '/_docsc/icons.svg#fa-comments', 'a custom option with its icon');
    assert.equal(menu.match(/<li>/g)?.length, 5, 'mcp needs a server docsc does not run: left out');
    assert.match(html, '<body data-mode="default" data-background="grid">');
    assert.match(html, ':root:root:root:root{--docsc-bg:light-dark(#fafaf7,#101418);--docsc-bg-light:#fafaf7;--docsc-bg-dark:#101418}');
    assert.match(html, ':root body{background-image:url("/images/background.svg")');
    assert.match(html, '<span class="docsc-icon-tint" style="color:light-dark(#b45309,#fbbf24)">');
    assert.match(html, '<span class="docsc-icon-tint" style="color:light-dark(#2563eb,#2563eb)">', 'a string colour serves both modes');
    assert.not.match(html, 'Last modified');
    assert.not.match(html, 'thumb');
  } finally {
    rmSync(site.dir, { recursive: true, force: true });
  }
});

test('with --site-url the prompt links name the page absolutely, without the script', async () => {
  const site = copyFixture();
  try {
    await build({ root: site.root, outDir: site.out, cacheDir: false, threads: 1, siteUrl: 'https://docs.example.com' });
    const html = readFileSync(join(site.out, 'index.html'), 'utf8');
    assert.match(html, 'href="https://claude.ai/new?q=Read%20https%3A%2F%2Fdocs.example.com%2F%20so%20I%20can');
    assert.not.match(html, 'data-prompt-base');
  } finally {
    rmSync(site.dir, { recursive: true, force: true });
  }
});

test('docsc dev: a patched page rewrites its Markdown source too, as a full build would', async () => {
  const site = copyFixture();
  try {
    const session = new BuildSession({ root: site.root, outDir: site.out, cacheDir: site.cache, threads: 1 });
    await session.build();
    const page = join(site.root, 'guides/setup.mdx');
    writeFileSync(page, readFileSync(page, 'utf8').replace('Run the installer.', 'Run the new installer.'));
    const patched = await session.build(['guides/setup.mdx']);
    assert.ok(patched.recomputed.patched);
    assert.match(readFileSync(join(site.out, 'guides/setup.md'), 'utf8'), 'Run the new installer.');
    const clean = join(site.dir, 'clean');
    await session.settled();
    await build({ root: site.root, outDir: clean, cacheDir: false, threads: 1 });
    assert.equal(dumpOutput(site.out, { full: true }), dumpOutput(clean, { full: true }));
  } finally {
    rmSync(site.dir, { recursive: true, force: true });
  }
});

/** Runs git in `cwd` with a fixed identity and the given commit date. */
function git(cwd: string, args: string[], date?: string): string {
  const env = {
    ...process.env,
    GIT_AUTHOR_NAME: 'T',
    GIT_AUTHOR_EMAIL: 't@example.com',
    GIT_COMMITTER_NAME: 'T',
    GIT_COMMITTER_EMAIL: 't@example.com',
  };
  if (date !== undefined) Object.assign(env, { GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date });
  const run = spawnSync('git', args, { cwd, env, encoding: 'utf8' });
  assert.is(run.status, 0, `git ${args.join(' ')}: ${run.stderr}`);
  return run.stdout;
}

test('metadata.timestamp: each page shows its last commit date; a new HEAD lays pages out again with bodies from the cache', async () => {
  const site = copyFixture('repo');
  const repo = join(site.dir, 'repo');
  try {
    git(repo, ['init', '-q']);
    git(repo, ['add', 'docs/docs.json', 'docs/index.mdx', 'docs/images']);
    git(repo, ['commit', '-q', '-m', 'home'], '2024-03-05T10:00:00Z');
    git(repo, ['add', 'docs/guides']);
    git(repo, ['commit', '-q', '-m', 'setup'], '2025-01-02T09:30:00Z');
    const first = await buildIn(site);
    assert.not.ok(codes(first).includes('info build/timestamps-unavailable'));
    const page = (path: string) => readFileSync(join(site.out, path), 'utf8');
    assert.match(
      page('index.html'),
      '<p class="docsc-last-modified">Last modified on <time datetime="2024-03-05T10:00:00Z">March 5, 2024</time></p>',
    );
    assert.match(page('guides/setup/index.html'), '<time datetime="2025-01-02T09:30:00Z">January 2, 2025</time>');
    assert.is((await buildIn(site)).recomputed.noop, true, 'same commit, same inputs: up to date');

    // The same files at another commit (the last one re-dated): the layout is redone, no body is compiled again.
    git(repo, ['commit', '-q', '--amend', '--no-edit', '--date', '2025-06-07T08:00:00Z'], '2025-06-07T08:00:00Z');
    const after = await buildIn(site);
    assert.is(after.recomputed.noop, false);
    assert.equal(after.recomputed.bodies, []);
    assert.match(page('guides/setup/index.html'), '<time datetime="2025-06-07T08:00:00Z">June 7, 2025</time>');
    assert.match(page('index.html'), 'March 5, 2024');

    // Identical inputs give identical bytes: a clean build at this commit writes the same site.
    const clean = join(site.dir, 'clean');
    await build({ root: site.root, outDir: clean, cacheDir: false, threads: 1 });
    for (const file of listFiles(site.out).filter((f) => !f.startsWith('.docsc-output')))
      assert.ok(readFileSync(join(site.out, file)).equals(readFileSync(join(clean, file))), file);
  } finally {
    rmSync(site.dir, { recursive: true, force: true });
  }
});

test('in the browser: the menu copies the Markdown source, prompt links are completed, colours apply, axe is clean', async () => {
  const site = copyFixture();
  let browser: Browser | undefined;
  let server: Awaited<ReturnType<typeof serveSite>> | undefined;
  try {
    await buildIn(site, false);
    browser = await launchBrowser();
    server = await serveSite(site.out);
    const context = await newContext(browser);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.origin });
    const page: Page = await context.newPage();
    await page.goto(`${server.origin}/guides/setup`);
    await page.getByText('Page actions').click();
    const claude = await page.getByRole('link', { name: /Open in Claude/ }).getAttribute('href');
    assert.is(claude, `https://claude.ai/new?q=${encodeURIComponent(`Read ${server.origin}/guides/setup so I can ask questions about it.`)}`);
    await page.getByRole('button', { name: /Copy page/ }).click();
    await page.getByText('Copied').waitFor();
    assert.is(await page.evaluate(() => navigator.clipboard.readText()), readFileSync(join(FIXTURE, 'guides/setup.mdx'), 'utf8'));
    const tint = page.locator('.docsc-anchors .docsc-icon-tint').first();
    assert.is(await tint.evaluate((span) => getComputedStyle(span).color), 'rgb(180, 83, 9)');
    assert.match(await page.evaluate(() => getComputedStyle(document.body).backgroundImage), 'background.svg');
    assert.is(await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor), 'rgb(250, 250, 247)');
    await page.screenshot({ path: join(SCREENSHOTS, 'site-settings.png'), fullPage: true });
    for (const theme of ['light', 'dark']) {
      await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);
      assert.equal(await seriousViolations(page), [], theme);
    }
    assert.is(await tint.evaluate((span) => getComputedStyle(span).color), 'rgb(251, 191, 36)', 'the dark colour in dark mode');
    assert.is(await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor), 'rgb(16, 20, 24)');
    await page.getByRole('link', { name: /View as Markdown/ }).click();
    assert.match((await page.textContent('body')) ?? '', 'Run the installer.');
    await context.close();

    const noScript = await newContext(browser, { javaScriptEnabled: false });
    const plain = await noScript.newPage();
    await plain.goto(`${server.origin}/guides/setup`);
    await plain.getByText('Page actions').click();
    assert.is(await plain.getByRole('link', { name: /View as Markdown/ }).isVisible(), true);
    assert.is(await plain.locator('.docsc-page-copy').isVisible(), false, 'copying needs the script');
    await noScript.close();
  } finally {
    await server?.close();
    await browser?.close();
    rmSync(site.dir, { recursive: true, force: true });
  }
});

test('contextual.display "toc": the menu heads the table of contents, and is beside the title on narrow screens only', async () => {
  const site = copyFixture();
  let browser: Browser | undefined;
  let server: Awaited<ReturnType<typeof serveSite>> | undefined;
  try {
    const config = JSON.parse(readFileSync(join(site.root, 'docs.json'), 'utf8')) as { contextual: Record<string, unknown> };
    config.contextual.display = 'toc';
    writeFileSync(join(site.root, 'docs.json'), JSON.stringify(config));
    writeFileSync(join(site.root, 'guides/plain.mdx'), '---\ntitle: Plain\n---\n\nNo headings, so no table of contents.\n');
    await buildIn(site, false);
    const html = readFileSync(join(site.out, 'guides/setup/index.html'), 'utf8');
    assert.match(
      html,
      /<aside class="docsc-toc" aria-labelledby="docsc-toc-title"><details class="docsc-page-actions docsc-dropdown" data-place="toc">/,
    );
    assert.match(html, '<details class="docsc-page-actions docsc-dropdown" data-place="narrow">');
    const plain = readFileSync(join(site.out, 'guides/plain/index.html'), 'utf8');
    assert.match(plain, '<details class="docsc-page-actions docsc-dropdown"><summary>', 'no table of contents: beside the title');
    assert.not.match(plain, 'data-place=');

    browser = await launchBrowser();
    server = await serveSite(site.out);
    const wide = await newContext(browser);
    const page = await wide.newPage();
    await page.goto(`${server.origin}/guides/setup`);
    assert.is(await page.locator('.docsc-page-actions[data-place="narrow"]').isVisible(), false);
    const inToc = page.locator('.docsc-toc .docsc-page-actions');
    await inToc.getByText('Page actions').click();
    const claude = inToc.getByRole('link', { name: /Open in Claude/ });
    assert.is(await claude.isVisible(), true);
    // Opened in place: the whole list lies inside the column, which scrolls and would clip a floating one.
    const [list, column] = await Promise.all([inToc.locator('ul').boundingBox(), page.locator('.docsc-toc').boundingBox()]);
    assert.ok(list && column && list.x >= column.x && list.x + list.width <= column.x + column.width + 1, JSON.stringify({ list, column }));
    assert.match((await claude.getAttribute('href')) ?? '', encodeURIComponent(`${server.origin}/guides/setup`));
    await wide.close();

    const narrow = await newContext(browser, { width: 600 });
    const small = await narrow.newPage();
    await small.goto(`${server.origin}/guides/setup`);
    assert.is(await small.locator('.docsc-toc').isVisible(), false);
    const beside = small.locator('.docsc-page-actions[data-place="narrow"]');
    await beside.getByText('Page actions').click();
    assert.is(await beside.getByRole('link', { name: /View as Markdown/ }).isVisible(), true);
    await narrow.close();
  } finally {
    await server?.close();
    await browser?.close();
    rmSync(site.dir, { recursive: true, force: true });
  }
});

test.run();
