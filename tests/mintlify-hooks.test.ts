// Mintlify's styling hooks (compiler/site/mintlify-hooks.ts) on
// tests/fixtures/site/mintlify-hooks: its ids on the parts of docsc's layout
// that do the same job, `class="dark"` and `data-current-path` on `<html>`,
// so that a repository's style.css and scripts written against Mintlify's
// layout apply. A page whose own markup uses one of the ids keeps it. In
// Chromium: the stylesheet applies, the dark class follows the toggle, and a
// script's `getElementById('search-bar-entry').click()` opens search.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { HOOK_IDS } from '../compiler/site/mintlify-hooks.js';
import { servedBuild } from './support/served-build.js';

const served = servedBuild(test, 'tests/fixtures/site/mintlify-hooks');

function page(path: string): string {
  return readFileSync(join(served.out, path, 'index.html'), 'utf8');
}

/** How many elements of the page have `id`. */
function count(html: string, id: string): number {
  return html.split(` id="${id}"`).length - 1;
}

test('every hook id is on one element of a page; the page carries its path', () => {
  const home = page('');
  for (const id of HOOK_IDS) assert.is(count(home, id), 1, `#${id}`);
  assert.match(home, /<html [^>]*data-current-path="\/">/);
  assert.match(home, '<nav id="sidebar" class="docsc-sidebar"');
  assert.match(home, 'aria-controls="sidebar"');
  assert.match(home, /<h1 id="page-title" class="docsc-title">Welcome<\/h1>/);
  assert.match(home, /<a id="topbar-cta-button" href="https:\/\/example.com\/signup" class="docsc-primary-button"/);
});

test("a page's own ids win: its headings and elements keep them, the layout's parts go without", () => {
  const html = page('settings/layout');
  assert.match(html, /<html [^>]*data-current-path="\/settings\/layout">/);
  for (const id of ['sidebar', 'footer', 'table-of-contents']) assert.is(count(html, id), 1, `#${id} once`);
  assert.match(html, /<h2 id="sidebar"/);
  assert.match(html, /<h2 id="footer"/);
  assert.match(html, '<div id="table-of-contents">');
  // The sidebar keeps docsc's own id, which the menu button names.
  assert.match(html, '<nav id="docsc-sidebar" class="docsc-sidebar"');
  assert.match(html, 'aria-controls="docsc-sidebar"');
  assert.match(html, '<footer class="docsc-footer">');
  assert.match(html, '<aside class="docsc-toc"');
  // The others are there as on every page.
  for (const id of ['navbar', 'banner', 'content-area', 'page-title', 'search-bar-entry']) assert.is(count(html, id), 1, `#${id}`);
});

test("in Chromium the repository's stylesheet applies, the dark class follows the toggle, a script opens search", async () => {
  const browserPage = await served.open('/');
  try {
    const style = (selector: string, property: string) =>
      browserPage
        .locator(selector)
        .first()
        .evaluate((element, name) => getComputedStyle(element).getPropertyValue(name), property);
    assert.is(await style('#navbar', 'border-bottom-width'), '3px');
    assert.is(await style('#sidebar', 'outline-color'), 'rgb(7, 8, 9)');
    assert.is(await style('#content-area h2', 'letter-spacing'), '3px');
    assert.is(await style('#page-title', 'text-transform'), 'uppercase');
    assert.is(await style('#footer', 'border-top-width'), '4px');
    assert.is(await style('#content-area', 'word-spacing'), '5px');

    const dark = () => browserPage.evaluate(() => document.documentElement.classList.contains('dark'));
    const before = await dark();
    assert.is(before, (await browserPage.evaluate(() => document.documentElement.dataset.theme)) === 'dark');
    await browserPage.locator('.docsc-theme-toggle').click();
    assert.is(await dark(), !before);
    assert.is(await style('#navbar', 'border-bottom-color'), before ? 'rgb(1, 2, 3)' : 'rgb(4, 5, 6)');

    await browserPage.locator('button.open-search').click();
    await browserPage.locator('.docsc-search-dialog input').waitFor({ state: 'visible' });
  } finally {
    await browserPage.context().close();
  }
  const other = await served.open('/settings/layout');
  try {
    // The path selector is the home page's only; the heading link leads to the heading, not the sidebar.
    assert.is(await other.locator('#content-area').evaluate((element) => getComputedStyle(element).wordSpacing), '0px');
    await other.getByRole('link', { name: 'To the sidebar heading' }).click();
    assert.is(await other.evaluate(() => document.querySelector(':target')?.tagName), 'H2');
  } finally {
    await other.context().close();
  }
});

test.run();
