// The MDX components in a real browser: tests/fixtures/components/docs is
// built with the real build() into a temporary folder, served on loopback,
// and driven with playwright-core and Debian's chromium — tab groups that
// switch and keep in step by label, accordions, copy buttons, foldable code,
// dark-mode code colours, links that open what hides their target, and the
// page with JavaScript off. Screenshots go to tests/screenshots/ (gitignored).

import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { build } from '../compiler/build/build.js';
import { launchBrowser, newContext, type StaticSite, seriousViolations, serveSite } from './support/browser.js';

const FIXTURE = 'tests/fixtures/components/docs';
const SCREENSHOTS = 'tests/screenshots';

let dir: string;
let browser: Browser;
let site: StaticSite;

test.before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'docsc-components-'));
  const out = join(dir, 'out');
  const result = await build({ root: FIXTURE, outDir: out, cacheDir: false, threads: 1 });
  assert.ok(result.ok, 'the fixture builds');
  browser = await launchBrowser();
  site = await serveSite(out);
  mkdirSync(SCREENSHOTS, { recursive: true });
});

test.after(async () => {
  await site?.close();
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function open(path: string, options: Parameters<typeof newContext>[1] = {}): Promise<Page> {
  const context = await newContext(browser, options);
  const page = await context.newPage();
  await page.goto(site.origin + path);
  return page;
}

/** The visible text of every tab panel of the page, in document order (hidden ones left out). */
function visiblePanels(page: Page): Promise<string[]> {
  return page.$$eval('[role="tabpanel"]', (panels) =>
    panels.filter((panel) => (panel as HTMLElement).offsetParent !== null).map((panel) => (panel.textContent ?? '').replace(/\s+/g, ' ').trim()),
  );
}

test('a tab click switches its group and every group with a tab of the same label', async () => {
  const page = await open('/');
  try {
    assert.equal(await visiblePanels(page), ['Install with npm.', 'npm install docsc-example', 'JavaScript usage.']);
    await page.getByRole('tab', { name: 'Python' }).first().click();
    assert.equal(await visiblePanels(page), ['Install with pip.', 'pip install docsc-example', 'Python usage.']);
    assert.equal(await page.getByRole('tab', { name: 'Python' }).nth(1).getAttribute('aria-selected'), 'true');
    // A label only one group has switches only that group.
    await page.getByRole('tab', { name: 'Go' }).click();
    assert.equal(await visiblePanels(page), ['Install with pip.', 'pip install docsc-example', 'Go usage. Details for Go.']);
    // Arrow keys move along the tablist.
    await page.getByRole('tab', { name: 'Go' }).press('ArrowLeft');
    assert.equal(await visiblePanels(page), ['Install with pip.', 'pip install docsc-example', 'Python usage.']);
    await page.screenshot({ path: join(SCREENSHOTS, 'components-tabs.png'), fullPage: true });
  } finally {
    await page.context().close();
  }
});

test('the chosen label is remembered on the next page load', async () => {
  const page = await open('/');
  try {
    await page.getByRole('tab', { name: 'Python' }).nth(2).click();
    await page.reload();
    assert.equal(await visiblePanels(page), ['Install with pip.', 'pip install docsc-example', 'Python usage.']);
  } finally {
    await page.context().close();
  }
});

test('accordions open on click; defaultOpen ones start open', async () => {
  const page = await open('/');
  try {
    const closed = page.locator('details.docsc-accordion', { hasText: 'Is it open?' });
    const opened = page.locator('details.docsc-accordion', { hasText: 'Open by default' });
    assert.is(await closed.evaluate((d) => (d as HTMLDetailsElement).open), false);
    assert.is(await opened.evaluate((d) => (d as HTMLDetailsElement).open), true);
    assert.is(await page.getByText('Only after a click.').isVisible(), false);
    await page.getByText('Is it open?').click();
    assert.is(await page.getByText('Only after a click.').isVisible(), true);
  } finally {
    await page.context().close();
  }
});

test('the copy button puts the code as written on the clipboard', async () => {
  const page = await open('/');
  try {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.origin });
    const block = page.locator('.docsc-code-block', { hasText: 'import docsc' });
    await block.hover();
    await block.locator('.docsc-copy').click();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    assert.is(copied, 'import docsc\nprint(docsc.version())');
    assert.is(await block.locator('.docsc-copy').getAttribute('aria-label'), 'Copied');
  } finally {
    await page.context().close();
  }
});

test('expandable code is folded, and the button shows it whole', async () => {
  const page = await open('/');
  try {
    const block = page.locator('.docsc-code-block', { hasText: 'line12' });
    const lastLine = block.locator('.line').last();
    const pre = block.locator('pre');
    const foldedHeight = await pre.evaluate((p) => p.getBoundingClientRect().height);
    assert.ok(
      await lastLine.evaluate(
        (line, bottom) => line.getBoundingClientRect().top > bottom,
        await pre.evaluate((p) => p.getBoundingClientRect().bottom),
      ),
    );
    await block.getByRole('button', { name: 'Show all 12 lines' }).click();
    const fullHeight = await pre.evaluate((p) => p.getBoundingClientRect().height);
    assert.ok(fullHeight > foldedHeight, `${fullHeight} > ${foldedHeight}`);
    assert.is(await block.getByRole('button', { name: 'Show less' }).isVisible(), true);
  } finally {
    await page.context().close();
  }
});

test('code colours follow dark mode without another render', async () => {
  const page = await open('/');
  try {
    const token = page.locator('.docsc-code-block', { hasText: 'import docsc' }).locator('span[style]').first();
    const light = await token.evaluate((span) => getComputedStyle(span).color);
    await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
    const dark = await token.evaluate((span) => getComputedStyle(span).color);
    const expected = await token.evaluate((span) => getComputedStyle(span).getPropertyValue('--sdark').trim());
    assert.is.not(dark, light);
    assert.ok(expected.startsWith('#'), `--sdark is ${expected}`);
    await page.screenshot({ path: join(SCREENSHOTS, 'components-dark.png'), fullPage: true });
  } finally {
    await page.context().close();
  }
});

test('a link to something in a hidden tab panel selects its tab', async () => {
  const page = await open('/#go-details');
  try {
    assert.is(await page.getByText('Details for Go.').isVisible(), true);
    assert.is(await page.getByRole('tab', { name: 'Go' }).getAttribute('aria-selected'), 'true');
  } finally {
    await page.context().close();
  }
});

test('a link to a field inside a closed Expandable opens it', async () => {
  const page = await open('/reference#response-id');
  try {
    assert.is(await page.getByText("The owner's id.").isVisible(), true);
    const field = page.locator('[data-param-name="name"]');
    assert.is(await field.getAttribute('data-param-in'), 'body');
    assert.is(await field.getAttribute('data-param-type'), 'string');
    assert.is(await field.getAttribute('data-param-required'), '');
    assert.is(await page.locator('[data-param-name="limit"]').getAttribute('data-param-default'), '10');
    // Maths as MathML, drawn by the browser.
    assert.ok((await page.locator('.docsc-latex math').boundingBox())?.width ?? 0 > 20);
    await page.screenshot({ path: join(SCREENSHOTS, 'components-reference.png'), fullPage: true });
  } finally {
    await page.context().close();
  }
});

test('Views: one selector shows one View at a time; a tooltip shows on hover', async () => {
  const page = await open('/reference');
  try {
    const picker = page.getByRole('combobox', { name: 'View' });
    assert.is(await page.getByText('The JavaScript view.').isVisible(), true);
    assert.is(await page.getByText('The Python view.').isVisible(), false);
    await picker.selectOption({ label: 'Python' });
    assert.is(await page.getByText('The JavaScript view.').isVisible(), false);
    assert.is(await page.getByText('The Python view.').isVisible(), true);
    assert.is(await page.getByRole('tooltip').isVisible(), false);
    await page.locator('.docsc-tooltip-trigger').hover();
    assert.is(await page.getByRole('tooltip').isVisible(), true);
    assert.is(await page.getByRole('tooltip').textContent(), 'Forty-two');
  } finally {
    await page.context().close();
  }
});

test('without JavaScript: every View shows under its title', async () => {
  const page = await open('/reference', { javaScriptEnabled: false });
  try {
    assert.is(await page.getByText('The JavaScript view.').isVisible(), true);
    assert.is(await page.getByText('The Python view.').isVisible(), true);
    assert.is(await page.locator('.docsc-view-title', { hasText: 'Python' }).isVisible(), true);
  } finally {
    await page.context().close();
  }
});

test('without JavaScript: the first tab shows, accordions work, code is whole', async () => {
  const page = await open('/', { javaScriptEnabled: false });
  try {
    assert.equal(await visiblePanels(page), ['Install with npm.', 'npm install docsc-example', 'JavaScript usage.']);
    assert.is(await page.getByText('Shown from the start.').isVisible(), true);
    await page.getByText('Is it open?').click();
    assert.is(await page.getByText('Only after a click.').isVisible(), true);
    assert.is(await page.locator('.docsc-code-block', { hasText: 'line12' }).locator('.line').last().isVisible(), true);
    assert.is(await page.locator('.docsc-copy').count(), 0);
    await page.screenshot({ path: join(SCREENSHOTS, 'components-no-js.png'), fullPage: true });
  } finally {
    await page.context().close();
  }
});

test('axe-core reports no serious or critical violation in the components, light and dark', async () => {
  for (const path of ['/', '/reference']) {
    const page = await open(path);
    try {
      for (const theme of ['light', 'dark']) {
        await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);
        assert.equal(await seriousViolations(page), [], `${path} in ${theme}`);
      }
    } finally {
      await page.context().close();
    }
  }
});

test.run();
