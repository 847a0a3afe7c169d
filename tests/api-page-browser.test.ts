// API reference pages in a real browser (issue 36): the bundled example and
// the API fixture (tests/fixtures/api/site, its servers pointed at an API on
// loopback that answers CORS) are built with the real build(), served on
// loopback and driven with playwright-core and Debian's chromium. At
// 1440×900 the examples column is right of the fields and stays in view
// while they scroll; at 390 px wide the page is one column, examples above
// the fields; Try it opens the playground as a panel that a keyboard-only
// reader fills, sends and closes (focus back on Try it); the request example
// on the page follows a typed parameter, highlighted before and after (and
// copied as text); examples that are not JSON are highlighted; axe-core
// finds no serious or critical violation on a guide page, an API page and
// the open playground, light and dark.

import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { build } from '../compiler/build/build.js';
import { DEFAULT_API_SETTINGS } from '../compiler/reference/api-settings.js';
import { renderApiPage } from '../compiler/reference/render-api-page.js';
import { launchBrowser, newContext, openPage, type StaticSite, seriousViolations, serveSite, tabTo } from './support/browser.js';
import { loadDocument } from './support/load-document.js';
import { corsApi, loopbackServer } from './support/loopback-server.js';

const API_PAGE = '/api-reference/pets/create-a-pet';

const received: { url: string; headers: IncomingMessage['headers'] }[] = [];
const api = loopbackServer(
  test,
  corsApi((req, res, cors) => {
    received.push({ url: req.url ?? '', headers: req.headers });
    res.writeHead(200, { ...cors, 'content-type': 'application/json' });
    res.end(JSON.stringify({ pets: [{ name: 'Rex' }], count: 1 }));
  }),
);

let dir: string;
let browser: Browser;
let example: StaticSite;
let fixture: StaticSite;

test.before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'docsc-api-page-'));
  const root = join(dir, 'fixture');
  cpSync('tests/fixtures/api/site', root, { recursive: true });
  const port = new URL(api.origin).port;
  const spec = join(root, 'openapi.yaml');
  writeFileSync(spec, readFileSync(spec, 'utf8').replaceAll('127.0.0.1:9/', `127.0.0.1:${port}/`).replace(`default: '9'`, `default: '${port}'`));
  // The page actions beside the title, as most sites have them (they float right of it).
  const config = join(root, 'docs.json');
  writeFileSync(config, JSON.stringify({ ...JSON.parse(readFileSync(config, 'utf8')), contextual: { options: ['copy', 'view'] } }));
  const [built, builtFixture] = await Promise.all([
    build({ root: 'examples', outDir: join(dir, 'example'), cacheDir: false, threads: 1 }),
    build({ root, outDir: join(dir, 'fixture-out'), cacheDir: false, threads: 1 }),
  ]);
  assert.ok(built.ok && builtFixture.ok, 'both sites build');
  example = await serveSite(join(dir, 'example'));
  fixture = await serveSite(join(dir, 'fixture-out'));
  browser = await launchBrowser();
});

test.after(async () => {
  await example?.close();
  await fixture?.close();
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function open(site: StaticSite, path: string, width: number, colorScheme: 'light' | 'dark' = 'light'): Promise<Page> {
  const page = await openPage(browser, `${site.origin}${path}`, { width, colorScheme });
  await page.waitForSelector('[data-docsc-try-it]');
  return page;
}

type Box = { x: number; y: number; width: number; height: number };
const box = async (page: Page, selector: string): Promise<Box> => {
  const found = await page.locator(selector).first().boundingBox();
  assert.ok(found, `${selector} is laid out`);
  return found as Box;
};

test('at 1440×900 the examples are right of the fields and stay in view while the fields scroll', async () => {
  const page = await open(example, API_PAGE, 1440);
  const fields = await box(page, '.docsc-page-body');
  const examples = await box(page, '.docsc-examples');
  assert.ok(examples.x >= fields.x + fields.width, `examples (x ${examples.x}) right of the fields (ending at ${fields.x + fields.width})`);
  assert.ok(examples.y < 300, 'the examples start at the top, beside the title');
  assert.ok(await page.isVisible('.docsc-examples [data-example="request"]'));
  assert.ok(await page.isVisible('.docsc-examples [data-example="response"]'));
  assert.is(await page.locator('[data-docsc-code-samples]').count(), 1, 'each sample is shown once');
  assert.is(await page.locator('.docsc-toc').count(), 0, 'no table of contents: the examples take its column');
  const scrollable = await page.evaluate(() => document.documentElement.scrollHeight - innerHeight);
  assert.ok(scrollable > 300, `the page scrolls (${scrollable} px)`);
  const scrolled = Math.min(400, scrollable);
  await page.evaluate((y) => window.scrollTo(0, y), scrolled);
  const after = await box(page, '.docsc-examples');
  assert.ok(after.y > examples.y - scrolled + 100, 'the column did not scroll away with the fields');
  const header = await page.evaluate(() => document.querySelector('.docsc-header')?.getBoundingClientRect().bottom ?? 0);
  assert.ok(after.y >= header - 1 && after.y < 200, `sticky: the column's top is at ${after.y} px after scrolling`);
  assert.ok(after.y + Math.min(after.height, 300) <= 900, 'and in view');
  await page.context().close();
});

test('the bar under the title spans the column beside the page actions, and a long base URL gives way to the path', async () => {
  const page = await open(fixture, '/api-reference/pets/list-pets', 1280);
  const head = await box(page, '.docsc-api-head');
  const bar = await box(page, '.docsc-api-bar');
  assert.ok(await page.isVisible('.docsc-page-actions'), 'the page actions float beside the title');
  assert.ok(Math.abs(bar.width - head.width) < 1, `the bar is as wide as the column (${bar.width} of ${head.width} px)`);
  // A base URL longer than the bar has room for: it is cut, the path is whole.
  await page.evaluate(() => {
    const base = document.querySelector('.docsc-api-base') as HTMLElement;
    base.textContent = `https://${'very-long-subdomain.'.repeat(6)}example.com`;
  });
  const cut = (selector: string) => page.locator(selector).evaluate((element) => element.scrollWidth > element.clientWidth + 1);
  assert.ok(await cut('.docsc-api-base'), 'the base is cut');
  assert.not.ok(await cut('.docsc-api-path'), 'the path is whole');
  await page.context().close();
});

test('at 390 px one column: the bar under the title, the examples above the fields, nothing wider than the screen', async () => {
  const page = await open(example, API_PAGE, 390, 'dark');
  const title = await box(page, '.docsc-title');
  const bar = await box(page, '.docsc-api-bar');
  const examples = await box(page, '.docsc-examples');
  const fields = await box(page, '.docsc-page-body');
  assert.ok(bar.y > title.y && examples.y > bar.y && fields.y >= examples.y + examples.height, 'title, bar, examples, fields, top to bottom');
  assert.ok(Math.abs(examples.x - fields.x) < 2 && Math.abs(examples.width - fields.width) < 2, 'one column');
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 390), 'no horizontal scrolling');
  // The mobile menu still opens.
  await page.click('.docsc-menu-button');
  assert.ok(await page.isVisible('#docsc-sidebar'));
  await page.context().close();
});

test('Try it opens the playground over the page; Escape and the close button give the focus back to Try it', async () => {
  const page = await open(example, API_PAGE, 1440);
  assert.not.ok(await page.isVisible('.docsc-pg-dialog'), 'closed at first');
  await page.click('[data-docsc-try-it]');
  assert.ok(await page.isVisible('.docsc-pg-dialog[open]'));
  assert.ok(await page.isVisible('[data-pg-body="name"]'), 'a typed input for a body field');
  await page.keyboard.press('Escape');
  assert.not.ok(await page.isVisible('.docsc-pg-dialog[open]'));
  assert.ok(await page.evaluate(() => document.activeElement?.hasAttribute('data-docsc-try-it')), 'focus back on Try it (Escape)');
  await page.click('[data-docsc-try-it]');
  await page.click('[data-pg="close"]');
  assert.not.ok(await page.isVisible('.docsc-pg-dialog[open]'));
  assert.ok(await page.evaluate(() => document.activeElement?.hasAttribute('data-docsc-try-it')), 'focus back on Try it (close)');
  await page.context().close();
});

test('keyboard only: Try it, fill a parameter, send to the API on loopback, read the answer, close', async () => {
  const page = await open(fixture, '/api-reference/pets/list-pets', 1440);
  received.length = 0;
  await tabTo(page, '[data-docsc-try-it]');
  await page.keyboard.press('Enter');
  assert.ok(await page.isVisible('.docsc-pg-dialog[open]'));
  await tabTo(page, '[data-pg-param="query:limit"]');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('7');
  await tabTo(page, '[data-pg="send"]');
  await page.keyboard.press('Enter');
  await page.waitForSelector('[data-pg="status"]');
  assert.match((await page.textContent('[data-pg="status"]')) ?? '', /^200/);
  assert.match((await page.textContent('[data-pg="status"]')) ?? '', /\d+ ms/, 'the time it took');
  assert.match((await page.textContent('[data-pg="response-body"]')) ?? '', '"name": "Rex"');
  assert.ok((await page.locator('[data-pg="response-body"] .docsc-j-key').count()) > 0, 'the body is highlighted');
  assert.match(received.at(-1)?.url ?? '', /[?&]limit=7(&|$)/);
  await page.keyboard.press('Escape');
  assert.not.ok(await page.isVisible('.docsc-pg-dialog[open]'));
  assert.ok(await page.evaluate(() => document.activeElement?.hasAttribute('data-docsc-try-it')));
  await page.context().close();
});

test('the request example on the page follows a typed parameter, highlighted as built; its copy button copies the text', async () => {
  const page = await open(fixture, '/api-reference/pets/list-pets', 1440);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: fixture.origin });
  const code = '[data-example="request"] figure[data-generated="curl"] code';
  const sample = () => page.textContent(code);
  /** The sample's coloured pieces, `style` → texts. */
  const colours = () =>
    page.locator(`${code} span[style]`).evaluateAll((spans) => spans.map((span) => [span.getAttribute('style'), span.textContent]));
  const built = await colours();
  assert.ok(built.length > 5, 'the built sample is highlighted');
  assert.ok(
    built.every(([style]) => /^color:#[0-9a-f]{6};--sdark:#[0-9a-f]{6}$/.test(style ?? '')),
    'in the light and dark colours of code blocks',
  );
  assert.equal(built[0], ['color:#6f42c1;--sdark:#b392f0', 'curl']);
  assert.not.match((await sample()) ?? '', 'limit=42');
  await page.click('[data-docsc-try-it]');
  await page.fill('[data-pg-param="query:limit"]', '42');
  await page.keyboard.press('Escape');
  assert.match((await sample()) ?? '', 'limit=42');
  const live = await colours();
  assert.ok(live.length === built.length, 'still highlighted, token for token');
  const url = live.find(([, text]) => text?.includes('limit=42'));
  assert.ok(url && url[0] === built.find(([, text]) => text?.includes('limit='))?.[0], 'the typed value in the URL string’s colour');
  // The copy button copies the text, not the markup.
  await page.hover(code);
  await page.click('[data-example="request"] figure[data-generated="curl"] .docsc-copy');
  assert.is(await page.evaluate(() => navigator.clipboard.readText()), (await sample()) ?? '');
  assert.match(await page.evaluate(() => navigator.clipboard.readText()), /^curl --request GET \\\n {2}--url '[^']*limit=42/);
  // A sample the document gives (x-codeSamples) is coloured by the build's highlighter.
  await page.goto(`${fixture.origin}/api-reference/pets/create-a-pet`);
  const ruby = '[data-example="request"] figure[data-language="ruby"] code';
  assert.is(await page.locator(ruby).textContent(), 'Pets.create(name: "Rex")');
  assert.ok((await page.locator(`${ruby} span.line span[style*="--sdark"]`).count()) > 2, 'x-codeSamples highlighted');
  await page.context().close();
});

test('a typed body field rewrites the JSON body and the request example', async () => {
  const page = await open(example, API_PAGE, 1440);
  await page.click('[data-docsc-try-it]');
  await page.fill('[data-pg-body="name"]', 'Bo');
  await page.selectOption('[data-pg-body="species"]', 'cat');
  const curl = (await page.textContent('[data-example="request"] figure[data-generated="curl"] code')) ?? '';
  assert.match(curl, '"name": "Bo"');
  assert.match(curl, '"species": "cat"');
  await page.click('[data-pg="raw"]');
  assert.equal(JSON.parse(await page.inputValue('[data-pg="body"]')), { name: 'Bo', species: 'cat', birthDate: '2024-03-01', tags: ['friendly'] });
  await page.context().close();
});

test('non-JSON examples are highlighted — XML and form pairs as the playground colours answers, YAML as code fences are — and stay text', async () => {
  const page = await open(fixture, '/api-reference/pets/get-a-pet', 1440);
  const xml = '.docsc-examples figure[data-language="xml"] code.language-xml';
  assert.is(
    await page.locator(xml).textContent(),
    '<error code="404"><!-- not found --><message>No pet &amp; no <script>alert(1)</script></message></error>',
  );
  assert.equal(await page.locator(`${xml} .docsc-j-key`).allTextContents(), ['<error', '<message', '<script', '</script', '</message', '</error']);
  assert.equal(await page.locator(`${xml} .docsc-j-comment`).allTextContents(), ['<!-- not found -->']);
  assert.is(await page.locator('.docsc-examples figure script').count(), 0, 'markup in an example is text');
  const yaml = '.docsc-examples figure[data-language="yaml"] code';
  assert.is(await page.locator(yaml).textContent(), 'adopted: true\nby: Ann # the new owner\n');
  assert.is(await page.locator(`${yaml} > span.line`).count(), 2, 'the last newline starts no empty line');
  const comment = await page.locator(`${yaml} span[style]`, { hasText: '# the new owner' }).getAttribute('style');
  assert.ok(
    comment && comment !== (await page.locator(`${yaml} span[style]`, { hasText: 'Ann' }).getAttribute('style')),
    'a comment has its own colour',
  );
  assert.match(comment ?? '', '--sdark:', 'and one for dark mode');
  await page.goto(`${fixture.origin}/api-reference/new-pet`);
  const form = '.docsc-examples figure[data-language="form-urlencoded"] code';
  assert.is(await page.locator(form).textContent(), 'name=Rex&tag=good+boy');
  assert.equal(await page.locator(`${form} .docsc-j-key`).allTextContents(), ['name', 'tag']);
  assert.equal(await page.locator(`${form} .docsc-j-string`).allTextContents(), ['Rex', 'good+boy']);
  await page.context().close();
});

test('axe-core: no serious or critical violation on a guide page, an API page and the open playground', async () => {
  for (const scheme of ['light', 'dark'] as const) {
    const context = await newContext(browser, { width: 1440, colorScheme: scheme });
    const page = await context.newPage();
    await page.goto(`${example.origin}/quickstart`);
    assert.equal(await seriousViolations(page), [], `guide page (${scheme})`);
    await page.goto(`${example.origin}${API_PAGE}`);
    await page.waitForSelector('[data-docsc-try-it]');
    assert.equal(await seriousViolations(page), [], `API page (${scheme})`);
    await page.click('[data-docsc-try-it]');
    await page.waitForSelector('.docsc-pg-dialog[open]');
    assert.equal(await seriousViolations(page), [], `open playground (${scheme})`);
    await context.close();
  }
});

test('api.playground.display: none leaves no Try it; simple keeps it, without Send', async () => {
  const document = await loadDocument('tests/fixtures/api/site', 'openapi.yaml');
  const operation = document.operations.find((o) => o.method === 'get' && o.path === '/pets');
  assert.ok(operation);
  const item = { type: 'operation' as const, operation };
  const none = renderApiPage(document, item, { ...DEFAULT_API_SETTINGS, display: 'none' });
  assert.not.match(none.html, 'data-docsc-try-it');
  assert.match(none.html, 'data-example="request"', 'the examples stay');
  const simple = renderApiPage(document, item, { ...DEFAULT_API_SETTINGS, display: 'simple' });
  assert.match(simple.html, 'data-docsc-try-it');
  assert.match(simple.html, '"mode":"simple"');
});

test.run();
