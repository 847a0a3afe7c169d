// The MDX components in a real browser: tests/fixtures/components/docs is
// built with the real build() into a temporary folder, served on loopback,
// and driven with playwright-core and Debian's chromium — tab groups that
// switch and keep in step by label, accordions, copy buttons, foldable code,
// dark-mode code colours, utility classes (light/dark pairs), links that open what hides their target (tabs, accordions and Views by their titles' anchors too), a
// CodeGroup dropdown, a Panel in the side column, and the pages with
// JavaScript off (every tab under its heading). Screenshots go to tests/screenshots/ (gitignored).

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { newContext, seriousViolations } from './support/browser.js';
import { servedBuild } from './support/served-build.js';

const FIXTURE = 'tests/fixtures/components/docs';
const SCREENSHOTS = 'tests/screenshots';

const served = servedBuild(test, FIXTURE);
const open = served.open;

test.before(() => {
  mkdirSync(SCREENSHOTS, { recursive: true });
});

/**
 * A page as a reader without JavaScript sees it, in a context where axe can
 * still run: the site's scripts are not loaded and the head script's
 * `docsc-js` class is taken off again, so the stylesheet's no-JavaScript rules apply.
 */
async function openAsWithoutJavaScript(path: string): Promise<Page> {
  const context = await newContext(served.browser);
  await context.route('**/_docsc/*.js', (route) => route.abort());
  const page = await context.newPage();
  await page.goto(served.site.origin + path);
  await page.evaluate(() => document.documentElement.classList.remove('docsc-js'));
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
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: served.site.origin });
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

test('utility classes: block dark:hidden and hidden dark:block swap with the colour mode; flex lays out a row', async () => {
  const page = await open('/more');
  try {
    const shown = (id: string) => page.locator(`#${id}`).isVisible();
    await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'light'));
    assert.equal([await shown('only-light'), await shown('only-dark')], [true, false]);
    await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
    assert.equal([await shown('only-light'), await shown('only-dark')], [false, true]);
    const row = await page.locator('#utility-row').evaluate((el) => [getComputedStyle(el).display, getComputedStyle(el).columnGap]);
    assert.equal(row, ['flex', '16px']);
    // Mintlify's theme colours (docs.json's `colors`, the page colour of each mode) and `not-prose`, as home pages' cards
    // write them: a dark card in dark mode, its border in the primary colours, the link not underlined.
    const card = () =>
      page
        .locator('#home-card')
        .evaluate((el) => [getComputedStyle(el).backgroundColor, getComputedStyle(el).textDecorationLine, getComputedStyle(el).borderTopColor]);
    assert.equal(await card(), ['rgb(15, 17, 21)', 'none', 'rgb(85, 215, 153)']);
    await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'light'));
    assert.equal(await card(), ['rgb(255, 255, 255)', 'none', 'rgb(13, 147, 115)']);
    // A border with no colour class is Tailwind 3's gray-200, as Mintlify's Preflight makes it, not the text's colour;
    // a colour class still wins (`dark:border-zinc-800`), and so do the children of `divide-y`.
    const border = (selector: string) => page.locator(selector).evaluate((el) => getComputedStyle(el).borderTopColor);
    assert.is(await border('#plain-border'), 'rgb(229, 231, 235)');
    // Headings, paragraphs and lists in `not-prose` markup are as Tailwind's Preflight leaves them (no margins, the
    // parent's size, no bullets), their classes still applying (`font-medium`); a heading of the text keeps its look.
    const own = await page.locator('#own-markup').evaluate((el) => {
      const [h4, p, ul] = ['h4', 'p', 'ul'].map((tag) => getComputedStyle(el.querySelector(tag) as Element));
      return [h4?.marginTop, h4?.fontSize === getComputedStyle(el).fontSize, h4?.fontWeight, p?.marginBottom, ul?.listStyleType, ul?.paddingLeft];
    });
    assert.equal(own, ['0px', true, '500', '0px', 'none', '0px']);
    assert.is.not(await page.locator('#prose-heading').evaluate((el) => getComputedStyle(el).marginTop), '0px');
    // `shadow-sm` and `rounded-sm` as Tailwind 3 (Mintlify's) makes them, not Tailwind 4's one step larger.
    // (Tailwind 4 lists the ring and inset layers first, transparent.)
    const small = await page
      .locator('#small-steps')
      .evaluate((el) => [getComputedStyle(el).boxShadow.split(', rgba').at(-1), getComputedStyle(el).borderTopLeftRadius]);
    assert.equal(small, ['(0, 0, 0, 0.05) 0px 1px 2px 0px', '2px']);
    assert.is(await border('#divided > p:nth-child(2)'), 'rgb(229, 231, 235)');
    await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
    assert.is.not(await border('#plain-border'), 'rgb(229, 231, 235)');
  } finally {
    await page.context().close();
  }
});

test('a frame page is a canvas, as on Mintlify: its markup has no text styles (links, headings, lists), but a `prose` element and the built-ins keep theirs', async () => {
  const page = await open('/canvas');
  try {
    const style = (selector: string, ...properties: string[]) =>
      page
        .locator(selector)
        .first()
        .evaluate((el, names) => names.map((name) => getComputedStyle(el).getPropertyValue(name)), properties);
    const body = await page.locator('body').evaluate((el) => getComputedStyle(el).color);
    assert.equal(await style('#hero-card', 'color', 'text-decoration-line'), [body, 'none']);
    const paragraph = await page.locator('#prose-block p').evaluate((el) => getComputedStyle(el).fontSize);
    assert.equal(await style('#hero-card h3', 'margin-bottom', 'font-weight'), ['0px', '500']);
    assert.is((await style('#hero-card h3', 'font-size'))[0], (await style('#hero-card', 'font-size'))[0]);
    assert.equal(await style('#canvas-list', 'list-style-type', 'padding-left'), ['none', '0px']);
    // A `prose` element has the text's styles back: a heading larger than its paragraph, with margins, a coloured link.
    const [headingSize, headingMargin] = await style('#prose-heading', 'font-size', 'margin-top');
    assert.ok(Number.parseFloat(headingSize as string) > Number.parseFloat(paragraph), 'a larger heading');
    assert.is.not(headingMargin, '0px');
    assert.is.not((await style('#prose-link', 'color'))[0], body);
    // A built-in's link is styled as in the text.
    assert.is.not((await style('.docsc-callout a', 'color'))[0], body);
  } finally {
    await page.context().close();
  }
});

test("the repository's own stylesheet and script apply on every page (Mintlify's custom CSS and JS)", async () => {
  const page = await open('/more');
  try {
    const border = await page.locator('#brand-box').evaluate((el) => getComputedStyle(el).borderTopColor);
    assert.is(border, 'rgb(200, 0, 0)');
    // Mintlify's custom properties (`rgb(var(--primary))`, its grays) are defined; the repository's own one wins.
    const mint = await page
      .locator('#mint-variables')
      .evaluate((el) => [getComputedStyle(el).borderLeftColor, getComputedStyle(el).backgroundColor, getComputedStyle(el).borderTopColor]);
    assert.equal(mint, ['rgb(13, 147, 115)', 'rgba(3, 7, 18, 0.1)', 'rgb(1, 2, 3)']);
    await page.waitForFunction(() => document.documentElement.dataset.customScript === 'ran');
  } finally {
    await page.context().close();
  }
});

test('a mermaid fence is drawn as a diagram; without JavaScript its source shows', async () => {
  const page = await open('/more');
  try {
    const diagram = page.locator('pre.docsc-mermaid');
    await diagram.locator('svg').waitFor({ timeout: 20_000 });
    const labels = await diagram.locator('svg').textContent();
    for (const label of ['Write', 'Build', 'Publish']) assert.ok(labels?.includes(label), `${label} in the diagram`);
  } finally {
    await page.context().close();
  }
  const plain = await openAsWithoutJavaScript('/more');
  try {
    assert.match((await plain.locator('pre.docsc-mermaid').textContent()) ?? '', 'Write --> Build --> Publish');
  } finally {
    await plain.context().close();
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

test("a link to a Tab, an Accordion or a View by the anchor Mintlify gives it (its title's slug) shows it", async () => {
  const page = await open('/#go');
  try {
    assert.is(await page.getByRole('tab', { name: 'Go' }).getAttribute('aria-selected'), 'true');
    assert.is(await page.getByText('Details for Go.').isVisible(), true);
    assert.is(await page.getByText('Only after a click.').isVisible(), false);
    await page.evaluate(() => {
      location.hash = '#is-it-open';
    });
    await page.getByText('Only after a click.').waitFor({ state: 'visible' });
    // The second `Python` tab of the page is `#python-2`.
    await page.evaluate(() => {
      location.hash = '#python-2';
    });
    await page.getByText('Python usage.').waitFor({ state: 'visible' });
  } finally {
    await page.context().close();
  }
  const reference = await open('/reference#python');
  try {
    assert.is(await reference.getByText('The Python view.').isVisible(), true);
    assert.is(await reference.getByText('The JavaScript view.').isVisible(), false);
  } finally {
    await reference.context().close();
  }
});

test('a link to a field inside a closed Expandable opens it', async () => {
  const page = await open('/reference#param-id');
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

test('without JavaScript: every tab shows under its heading, accordions work, code is whole', async () => {
  const page = await open('/', { javaScriptEnabled: false });
  try {
    assert.equal(await visiblePanels(page), [
      'Install with npm.',
      'Install with pip.',
      'npm install docsc-example',
      'pip install docsc-example',
      'JavaScript usage.',
      'Python usage.',
      'Go usage. Details for Go.',
    ]);
    assert.is(await page.locator('.docsc-tablist').first().isVisible(), false, 'tab buttons do nothing without JavaScript');
    const headings = await page
      .locator('.docsc-tab-heading')
      .evaluateAll((nodes) => nodes.filter((n) => (n as HTMLElement).offsetParent !== null).map((n) => n.textContent));
    assert.equal(headings, ['JavaScript', 'Python', 'JavaScript', 'Python', 'JavaScript', 'Python', 'Go']);
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

test('with JavaScript the tab headings are hidden', async () => {
  const page = await open('/');
  try {
    assert.is(await page.locator('.docsc-tab-heading').first().isVisible(), false);
    assert.is(await page.locator('.docsc-tablist').first().isVisible(), true);
  } finally {
    await page.context().close();
  }
});

test('CodeGroup dropdown: a select switches the code and keeps the page in step by title', async () => {
  const page = await open('/more');
  try {
    const picker = page.getByRole('combobox', { name: 'Code example' });
    const group = page.locator('.docsc-code-group[data-dropdown]');
    const chosen = () => picker.evaluate((select) => (select as HTMLSelectElement).selectedOptions[0]?.textContent);
    assert.is(await group.locator('.docsc-tablist').isVisible(), false, 'the select replaces the tabs');
    assert.equal(await visiblePanels(page), ['Tabs: JavaScript.', "console.log('dropdown js');"]);
    await picker.selectOption({ label: 'Python' });
    assert.equal(await visiblePanels(page), ['Tabs: Python.', "print('dropdown python')"], 'the Tabs block follows');
    await picker.selectOption({ label: 'Go' });
    assert.equal(await visiblePanels(page), ['Tabs: Python.', 'fmt.Println("dropdown go")'], 'a title only one group has');
    await page.getByRole('tab', { name: 'JavaScript' }).click();
    assert.equal(await visiblePanels(page), ['Tabs: JavaScript.', "console.log('dropdown js');"]);
    assert.is(await chosen(), 'JavaScript', 'the select follows the tabs');
    await page.reload();
    assert.is(await chosen(), 'JavaScript', 'the remembered title selects the option too');
    await page.screenshot({ path: join(SCREENSHOTS, 'components-dropdown.png'), fullPage: true });
  } finally {
    await page.context().close();
  }
});

test('without JavaScript a dropdown code group shows every block under its title', async () => {
  const page = await open('/more', { javaScriptEnabled: false });
  try {
    assert.equal(await page.getByRole('combobox').count(), 0);
    for (const code of ["console.log('dropdown js');", "print('dropdown python')", 'fmt.Println("dropdown go")'])
      assert.is(await page.getByText(code).isVisible(), true, code);
  } finally {
    await page.context().close();
  }
});

test('Panel: in the side column instead of the table of contents; after the body on a narrow screen', async () => {
  const wide = await open('/more');
  try {
    const panel = wide.locator('aside.docsc-side-panel');
    assert.is(await panel.getByText("The side panel's note.").isVisible(), true);
    assert.is(await wide.locator('article .docsc-panel').count(), 0, 'not in the body');
    assert.is(await wide.locator('.docsc-toc').count(), 0);
    const article = await wide.locator('article').boundingBox();
    const box = await panel.boundingBox();
    assert.ok(article && box && box.x >= article.x + article.width, 'right of the page');
    assert.ok(box && article && box.y < article.y + 200, 'at the top');
  } finally {
    await wide.context().close();
  }
  const narrow = await open('/more', { width: 600 });
  try {
    const box = await narrow.locator('aside.docsc-side-panel').boundingBox();
    const body = await narrow.getByText('More text.').boundingBox();
    assert.ok(box && body && box.y > body.y, 'below the body');
    assert.is(await narrow.getByText("The side panel's note.").isVisible(), true);
    await narrow.screenshot({ path: join(SCREENSHOTS, 'components-panel-narrow.png'), fullPage: true });
  } finally {
    await narrow.context().close();
  }
});

test('axe-core reports no serious or critical violation in the components, light and dark', async () => {
  for (const path of ['/', '/reference', '/more']) {
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

test('axe-core reports no serious or critical violation with JavaScript off (every tab panel shown)', async () => {
  for (const path of ['/', '/more']) {
    const page = await openAsWithoutJavaScript(path);
    try {
      assert.is(await page.locator('.docsc-tab-heading').first().isVisible(), true, 'the no-JavaScript layout');
      assert.equal(await seriousViolations(page), [], path);
    } finally {
      await page.context().close();
    }
  }
});

test("interactive components run in the browser: a page's own and a script snippet's (with the snippets it requires), in cards and callouts; one that renders tabs keeps its first state", async () => {
  const page = await open('/interactive');
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  try {
    const counter = page.locator('button.counter');
    // The first state is in the HTML; Preact takes over, and the handler counts (by the prop's step, from the imported start).
    assert.is((await counter.textContent())?.trim(), 'Clicks: 5');
    // A button the page writes is as Tailwind's Preflight leaves it on Mintlify: no border or background of its own.
    const look = await counter.evaluate((el) => [
      getComputedStyle(el).borderTopWidth,
      getComputedStyle(el).backgroundColor,
      getComputedStyle(el).cursor,
    ]);
    assert.equal(look, ['0px', 'rgba(0, 0, 0, 0)', 'pointer']);
    await page.waitForSelector('[data-docsc-island="live"] button.counter');
    await page.locator('button.counter').click();
    await page.locator('button.counter').click();
    assert.is((await page.locator('button.counter').textContent())?.trim(), 'Clicks: 9');
    const slider = page.getByRole('slider', { name: 'Hue' }).first();
    await page.waitForSelector('[data-docsc-island="live"] .color-generator');
    await slider.fill('20');
    assert.is((await page.locator('.color-value').textContent())?.trim(), 'hsl(20, 70%, 25%)');
    // A page's component that shows an imported one (a script snippet's) on demand: that one runs there too.
    await page.getByRole('button', { name: 'Show colours' }).click();
    assert.is(await page.getByRole('slider', { name: 'Hue' }).count(), 2);
    // A script snippet's component whose module requires another snippet: the required module runs there too.
    await page.waitForSelector('[data-docsc-island="live"] button.stars');
    await page.locator('button.stars').click();
    await page.locator('button.stars').click();
    assert.is((await page.locator('button.stars').textContent())?.trim(), '***');
    // A component that renders a callout runs there too: the callout is made again around its live children.
    await page.waitForSelector('[data-docsc-island="live"] .reveal');
    await page.getByRole('button', { name: 'Reveal' }).click();
    const note = page.locator('.reveal .docsc-callout-note');
    assert.is((await note.locator('.docsc-callout-title').textContent())?.trim(), 'Hidden note');
    assert.ok(await note.getByText('Shown after a click.').isVisible());
    // A card's link that follows the state takes a new target, but never one whose scheme runs script.
    await page.waitForSelector('[data-docsc-island="live"] .link-switch');
    const target = () => page.locator('.link-switch a.docsc-card').getAttribute('href');
    assert.is(await target(), '/more');
    await page.getByRole('button', { name: 'Safe target', exact: true }).click();
    assert.is(await target(), '/reference');
    await page.getByRole('button', { name: 'Unsafe target' }).click();
    assert.is(await target(), '/more', 'the built target stays');
    // One that renders tabs (which read their children) stays as built: its button does nothing.
    await page.getByRole('button', { name: 'Choose' }).click();
    assert.is(await page.locator('.tabbed-choice').getAttribute('data-docsc-island'), null);
    assert.ok(await page.locator('.tabbed-choice').getByText('Chosen: none').isVisible());
    // A script snippet's calculator in cards (`import { Card, Columns } from '@mintlify/components'`): the cards are
    // made again at every change, a title that follows the state too, and the input keeps the focus as it is typed in.
    await page.waitForSelector('[data-docsc-island="live"] input.seats');
    const seats = page.getByRole('spinbutton', { name: 'Seats' });
    await seats.fill('4');
    await seats.press('End');
    await seats.pressSequentially('2');
    assert.is(await page.evaluate(() => document.activeElement?.className), 'seats');
    assert.is((await page.locator('.seat-total').textContent())?.trim(), '42 × $10');
    const calculator = page.locator('[data-docsc-island="live"] .docsc-columns[data-cols="2"]');
    assert.equal(await calculator.locator('.docsc-card-title').allTextContents(), ['Seats', 'Total: $420']);
    assert.is(await calculator.locator('.docsc-card-icon svg').count(), 1);
    // Components that only have effects run there too: one fetches what it lists, one shows its frame once seen.
    await page.waitForSelector('[data-docsc-island="live"] ul.models');
    assert.equal(await page.locator('ul.models li').allTextContents(), ['acme/acme-large', 'acme/acme-small']);
    await page.locator('.lazy-embed').scrollIntoViewIfNeeded();
    await page.waitForSelector('.lazy-embed iframe[title="Embedded video"]');
    // A component an MDX snippet defines and uses, beside a built-in: the snippet is markup, the component an island.
    await page.waitForSelector('[data-docsc-island="live"] .key-prompt');
    await page.getByRole('textbox', { name: 'Your key' }).fill('abc123');
    assert.is((await page.locator('.key-prompt code').textContent())?.trim(), 'export KEY=abc123');
    // Props written as functions, or as arrays of buttons with handlers, go along as code: made again in the browser.
    const bar = page.locator('.button-bar.self-contained');
    await page.waitForSelector('[data-docsc-island="live"] .button-bar.self-contained');
    assert.is((await bar.locator('output').textContent())?.trim(), 'ready', 'onReady ran');
    await bar.getByRole('button', { name: 'Say hello' }).click();
    assert.is((await bar.locator('output').textContent())?.trim(), 'hello');
    await bar.getByRole('button', { name: 'Say the time' }).click();
    assert.is((await bar.locator('output').textContent())?.trim(), 'number');
    // One whose handler reads the page's own `greeting` stays as built.
    const readsPage = page.locator('.button-bar.reads-page');
    await readsPage.getByRole('button', { name: 'Greet them' }).click();
    assert.is((await readsPage.locator('output').textContent())?.trim(), 'nothing');
    assert.is(await page.locator('[data-docsc-island="live"] .button-bar.reads-page').count(), 0);
    // `<script>{…}</script>` runs in the browser, as React would run it, not at build time.
    await page.waitForFunction(() => document.documentElement.dataset.expressionScript === 'ran');
    // An expression that reads the browser's names (a redirect, as SuperDoc's font page writes one) runs there too.
    assert.is(await page.evaluate(() => document.documentElement.dataset.browserOnly), '/interactive');
    assert.equal(errors, []);
    assert.equal(await seriousViolations(page), []);
  } finally {
    await page.context().close();
  }
  const plain = await openAsWithoutJavaScript('/interactive');
  try {
    assert.is((await plain.locator('button.counter').textContent())?.trim(), 'Clicks: 5');
    assert.is((await plain.locator('.color-value').textContent())?.trim(), 'hsl(165, 70%, 25%)');
    assert.is((await plain.locator('button.stars').textContent())?.trim(), '*');
    assert.is((await plain.locator('.models').textContent())?.trim(), 'Loading models…');
    assert.is(await plain.locator('.lazy-embed iframe').count(), 0);
    assert.is((await plain.locator('.seat-total').textContent())?.trim(), '3 × $10');
    assert.is((await plain.locator('.button-bar.self-contained output').textContent())?.trim(), 'nothing');
    assert.ok(await plain.getByText('Press Reveal.').isVisible());
  } finally {
    await plain.context().close();
  }
});

test("handlers written on the page's own elements, or functions it exports, run in the browser, as on Mintlify's React page; one that reads the page's code does not", async () => {
  const page = await open('/interactive');
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  try {
    const copy = page.locator('button.copy-prompt');
    await copy.click();
    assert.is((await copy.textContent())?.trim(), 'Copied 2 lines');
    assert.is(await copy.getAttribute('data-copied'), 'Set up the project');
    await page.waitForFunction(() => document.querySelector<HTMLElement>('button.copy-prompt')?.dataset.later === 'yes');
    const link = page.locator('a.hover-link');
    await link.hover();
    assert.is(await link.evaluate((element) => (element as HTMLElement).style.opacity), '0.5');
    await page.mouse.move(0, 0);
    assert.is(await link.evaluate((element) => (element as HTMLElement).style.opacity), '1');
    // React's onChange is the DOM's `input` on a text field: every keystroke.
    await page.locator('input.echo-input').pressSequentially('ab');
    assert.is(await page.locator('input.echo-input').getAttribute('data-echo'), 'ab');
    // A handler reading the page's own `greeting` is left out (a warning at build): clicking does nothing.
    assert.is(await page.locator('button.reads-page').getAttribute('data-docsc-on'), null);
    // A function the page exports, named as the handler: it runs when it needs nothing of the page either.
    await page.locator('button.exported-handler').click();
    assert.is(await page.locator('button.exported-handler').getAttribute('data-clicked'), 'yes');
    assert.is(await page.locator('button.exported-reads-page').getAttribute('data-docsc-on'), null);
    assert.equal(errors, []);
  } finally {
    await page.context().close();
  }
});

test.run();
