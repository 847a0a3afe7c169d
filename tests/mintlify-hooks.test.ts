// Mintlify's hooks that repositories' CSS and scripts rely on
// (compiler/site/mintlify-hooks.ts), on tests/fixtures/site/mintlify-hooks:
// `class="dark"` and `data-current-path` on `<html>`, and the search
// button's id, which a page's own heading keeps when it has that anchor. The
// ids of Mintlify's layout parts are left out on purpose (rules under them
// reach into Mintlify's own markup). In Chromium: the stylesheet's dark and
// path rules apply and follow the toggle, a script opens search, the
// heading's anchor wins.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { servedBuild } from './support/served-build.js';

const served = servedBuild(test, 'tests/fixtures/site/mintlify-hooks');

function page(path: string): string {
  return readFileSync(join(served.out, path, 'index.html'), 'utf8');
}

/** How many elements of the page have `id`. */
function count(html: string, id: string): number {
  return html.split(` id="${id}"`).length - 1;
}

test('pages carry their path and the search button its id; no layout id of Mintlify’s', () => {
  const home = page('');
  assert.match(home, /<html [^>]*data-current-path="\/">/);
  assert.match(home, '<button type="button" id="search-bar-entry" class="docsc-search-button"');
  for (const id of ['navbar', 'sidebar', 'content-area', 'footer']) assert.is(count(home, id), 0, `no #${id}`);
  const other = page('settings/layout');
  assert.match(other, /<html [^>]*data-current-path="\/settings\/layout">/);
  // The page's heading has the id: the search button goes without it there.
  assert.is(count(other, 'search-bar-entry'), 1);
  assert.match(other, /<h2 id="search-bar-entry"/);
  assert.match(other, '<button type="button" class="docsc-search-button"');
});

test("in Chromium the stylesheet's dark and path rules apply and follow the toggle; a script opens search", async () => {
  const browserPage = await served.open('/');
  try {
    const style = (selector: string, property: string) =>
      browserPage
        .locator(selector)
        .first()
        .evaluate((element, name) => getComputedStyle(element).getPropertyValue(name), property);
    const dark = () => browserPage.evaluate(() => document.documentElement.classList.contains('dark'));
    const before = await dark();
    assert.is(before, (await browserPage.evaluate(() => document.documentElement.dataset.theme)) === 'dark');
    const expect = async (isDark: boolean) => {
      assert.is(await style('.pricing-card', 'border-top-color'), isDark ? 'rgb(4, 5, 6)' : 'rgb(1, 2, 3)');
      assert.is(await style('.pricing-card', 'outline-style'), isDark ? 'none' : 'solid');
    };
    await expect(before);
    await browserPage.locator('.docsc-theme-toggle').click();
    assert.is(await dark(), !before);
    await expect(!before);
    assert.is(await style('.pricing-card', 'word-spacing'), '5px');
    assert.is(await style('.docsc-navbar a, .docsc-header a', 'text-decoration-line'), 'none');

    await browserPage.locator('button.open-search').click();
    await browserPage.locator('.docsc-search-dialog input').waitFor({ state: 'visible' });
  } finally {
    await browserPage.context().close();
  }
  const other = await served.open('/settings/layout');
  try {
    assert.is(await other.locator('.pricing-card').evaluate((element) => getComputedStyle(element).wordSpacing), '0px');
    await other.getByRole('link', { name: 'To the heading' }).click();
    assert.is(await other.evaluate(() => document.querySelector(':target')?.tagName), 'H2');
  } finally {
    await other.context().close();
  }
});

test.run();
