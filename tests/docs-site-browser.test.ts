// docsc's own documentation site (docs/) in a real browser, built with the
// real build() and served on loopback (tests/support/served-build.ts): a reader
// walks its navigation (tabs, sidebar, the next-page link), finds a page with
// search, and opens the Performance page, whose charts are SVG images, one
// per colour mode, that follow the mode the reader picks.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { pathOf, seriousViolations } from './support/browser.js';
import { servedBuild } from './support/served-build.js';

const served = servedBuild(test, 'docs', (result) => {
  assert.is(result.diagnostics.filter((d) => d.severity !== 'info').length, 0, 'no errors or warnings');
});
const open = served.open;

test('a reader walks the navigation: tabs, the sidebar, the breadcrumbs and the next page', async () => {
  const page = await open('/');
  try {
    assert.is(await page.locator('h1').first().innerText(), 'docsc');
    await page.locator('.docsc-tabs a', { hasText: 'Commands' }).click();
    await page.waitForURL('**/commands/build');
    assert.is(await page.locator('.docsc-tabs a[aria-current]').innerText(), 'Commands');
    await page.locator('.docsc-groups a', { hasText: 'docsc check' }).click();
    await page.waitForURL('**/commands/check');
    assert.is(await page.locator('.docsc-groups a[aria-current="page"]').innerText(), 'docsc check');
    // An option's anchor, as other pages link to it.
    assert.ok(await page.locator('#format').isVisible(), 'the --format option has its anchor');
    await page.locator('.docsc-tabs a', { hasText: 'Reference' }).click();
    await page.waitForURL('**/configuration');
    await page.locator('.docsc-groups a', { hasText: 'Navigation (nav/)' }).click();
    await page.waitForURL('**/diagnostics/nav');
    assert.ok(await page.locator('#nav-page-not-found').isVisible(), 'the anchor a report links to');
    await page.goto(`${served.site.origin}/quickstart`);
    await page.locator('.docsc-pager a', { hasText: 'Migrating from Mintlify' }).first().click();
    await page.waitForURL('**/migrating');
    assert.equal(await seriousViolations(page), [], 'axe on a guide page');
  } finally {
    await page.context().close();
  }
});

test('search finds a page by a word in its body and opens it', async () => {
  const page = await open('/');
  try {
    await page.keyboard.press('Control+k');
    const input = page.locator('.docsc-search-dialog input');
    // A word of the page's opening paragraph: the index keeps the start of each page's text.
    await input.fill('interrupted');
    const first = page.locator('.docsc-search-results a').first();
    await first.waitFor();
    const hrefs = await page
      .locator('.docsc-search-results a')
      .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
    assert.ok(hrefs.includes('/commands/dev'), hrefs.join(' '));
    // A diagnostic code is a heading of its area's page: searching for it leads there.
    await input.fill('page-not-found');
    const code = page.locator('.docsc-search-results a[href^="/diagnostics/nav"]').first();
    await code.waitFor();
    await input.fill('interrupted');
    await page.locator('.docsc-search-results a[href="/commands/dev"]').waitFor();
    await input.press('Enter');
    await page.waitForURL('**/commands/dev');
  } finally {
    await page.context().close();
  }
});

test('the Performance page: each chart is an SVG drawn for the colour mode the reader picks, with its table', async () => {
  const page = await open('/performance', { colorScheme: 'light' });
  try {
    const visibleCharts = () =>
      page
        .locator('img[src^="/images/charts/"]')
        .evaluateAll((images) =>
          images
            .filter((image) => (image as HTMLImageElement).offsetParent !== null)
            .map((image) => ({ src: image.getAttribute('src'), width: (image as HTMLImageElement).naturalWidth })),
        );
    await page.waitForFunction(() => [...document.images].every((image) => image.complete));
    const light = await visibleCharts();
    assert.equal(
      light.map((chart) => chart.src),
      ['cold-build', 'rebuilds', 'openapi-file', 'against-hugo', 'real-repository', 'growth'].map((name) => `/images/charts/${name}-light.svg`),
    );
    assert.ok(
      light.every((chart) => chart.width > 0),
      'every chart loaded',
    );
    assert.ok(await page.locator('table', { hasText: 'build-cold' }).first().isVisible(), 'the table below the chart');
    await page.locator('.docsc-theme-toggle').click();
    assert.is(await page.locator('html').getAttribute('data-theme'), 'dark');
    await page.waitForFunction(() => [...document.images].every((image) => image.complete));
    const dark = await visibleCharts();
    assert.equal(
      dark.map((chart) => chart.src),
      light.map((chart) => chart.src?.replace('-light', '-dark')),
    );
    assert.ok(
      dark.every((chart) => chart.width > 0),
      'every dark chart loaded',
    );
  } finally {
    await page.context().close();
  }
});

test('an API page of the example API has its playground', async () => {
  const page = await open('/example-api/notes/create-a-note');
  try {
    assert.ok(pathOf(page).endsWith('/create-a-note'));
    await page.waitForSelector('[data-docsc-try-it]');
    assert.not.ok(await page.isVisible('.docsc-pg-dialog[open]'), 'closed at first');
    await page.click('[data-docsc-try-it]');
    await page.waitForSelector('.docsc-pg-dialog[open]');
    assert.ok(await page.isVisible('.docsc-pg-dialog[open]'), 'Try it opens the playground');
  } finally {
    await page.context().close();
  }
});

test.run();
