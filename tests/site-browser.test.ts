// The reader's site in a real browser: the fixture in tests/fixtures/site/docs
// (every navigation pattern: languages → versions → tabs with groups,
// products, dropdowns, anchors and a menu; global anchors; eyebrows
// breadcrumbs) is built with the real build() into a temporary folder, served
// on loopback, and driven with playwright-core and Debian's chromium. A
// second build of the same fixture with `interaction.drilldown: true` checks
// drilldown. A generated section over FULL_SIDEBAR_LIMIT checks that its full
// sidebar is loaded from its fragment. Screenshots go to tests/screenshots/
// (gitignored).

import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { build } from '../compiler/build/build.js';
import { FULL_SIDEBAR_LIMIT, NAVIGATION_FRAGMENT_FOLDER } from '../compiler/site/page-layout.js';
import { type ContextOptions, launchBrowser, openPage, pathOf, type StaticSite, seriousViolations, serveSite } from './support/browser.js';

const FIXTURE = 'tests/fixtures/site/docs';
const SCREENSHOTS = 'tests/screenshots';

let dir: string;
let out: string;
let browser: Browser;
let site: StaticSite;
let drilldownSite: StaticSite;
let largeRoot: string;
let largeSite: StaticSite;

async function buildFixture(
  name: string,
  edit?: (config: Record<string, unknown>) => void,
  options: { basePath?: string; siteUrl?: string } = {},
): Promise<string> {
  const root = join(dir, name);
  cpSync(FIXTURE, root, { recursive: true });
  if (edit) {
    const config = JSON.parse(readFileSync(join(root, 'docs.json'), 'utf8')) as Record<string, unknown>;
    edit(config);
    writeFileSync(join(root, 'docs.json'), JSON.stringify(config));
  }
  const output = join(dir, `${name}-out`);
  const result = await build({ root, outDir: output, cacheDir: false, threads: 1, ...options });
  assert.ok(result.ok, 'the fixture builds');
  return output;
}

/**
 * A project whose one section is over the limit: three top-level groups of
 * pages `/p/<a|b|c><n>`, and in the third a nested group of pages `/p/n<n>`.
 */
function writeLargeProject(root: string): void {
  mkdirSync(join(root, 'p'), { recursive: true });
  const per = Math.ceil(FULL_SIDEBAR_LIMIT / 3) + 5;
  const pages = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `p/${prefix}${i}`);
  const nested = { group: 'Nested', pages: pages('n', 5) };
  const groups = [
    { group: 'Alpha', pages: pages('a', per) },
    { group: 'Beta', pages: pages('b', per) },
    { group: 'Gamma', pages: [...pages('c', per), nested] },
  ];
  const all = [...pages('a', per), ...pages('b', per), ...pages('c', per), ...nested.pages];
  for (const page of all) writeFileSync(join(root, `${page}.mdx`), `---\ntitle: Page ${page.slice(2)}\n---\n\nText of ${page}.\n`);
  writeFileSync(join(root, 'docs.json'), JSON.stringify({ name: 'Large', theme: 'mint', colors: { primary: '#1f6feb' }, navigation: { groups } }));
}

async function buildLarge(out: string): Promise<void> {
  const result = await build({ root: largeRoot, outDir: out, cacheDir: false, threads: 1 });
  assert.ok(result.ok, 'the large project builds');
}

test.before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'docsc-site-'));
  out = await buildFixture('site');
  const drilldownOut = await buildFixture('drilldown', (config) => {
    config.interaction = { drilldown: true };
  });
  browser = await launchBrowser();
  site = await serveSite(out);
  drilldownSite = await serveSite(drilldownOut);
  largeRoot = join(dir, 'large');
  writeLargeProject(largeRoot);
  await buildLarge(join(dir, 'large-out'));
  largeSite = await serveSite(join(dir, 'large-out'));
  mkdirSync(SCREENSHOTS, { recursive: true });
});

test.after(async () => {
  await site?.close();
  await drilldownSite?.close();
  await largeSite?.close();
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

function open(path: string, options: ContextOptions = {}, origin = site.origin): Promise<Page> {
  return openPage(browser, origin + path, options);
}

async function done(page: Page): Promise<void> {
  await page.context().close();
}

test('a tab changes section and URL; an href tab links out', async () => {
  const page = await open('/quickstart');
  try {
    await page.locator('.docsc-tabs a', { hasText: 'Products' }).click();
    await page.waitForURL('**/products/payments/overview');
    assert.equal(await page.locator('.docsc-tabs a[aria-current]').innerText(), 'Products');
    assert.equal(await page.locator('.docsc-groups a[aria-current="page"]').innerText(), 'Payments overview');
    assert.equal(await page.locator('.docsc-tabs a', { hasText: 'Blog' }).getAttribute('href'), 'https://example.com/blog');
  } finally {
    await done(page);
  }
});

test("a tab's menu is a dropdown of its items", async () => {
  const page = await open('/');
  try {
    const menu = page.locator('.docsc-tab-menu summary', { hasText: 'SDKs' });
    await menu.click();
    const python = page.locator('.docsc-tab-menu a', { hasText: 'Python' });
    assert.ok(await python.isVisible(), 'the menu opens');
    assert.match(await page.locator('.docsc-tab-menu').innerText(), 'Node and browsers');
    await python.click();
    await page.waitForURL('**/sdks/python');
    assert.equal(await page.locator('.docsc-tab-menu summary').getAttribute('aria-current'), 'true');
  } finally {
    await done(page);
  }
});

test('the product switcher shows descriptions and lands on the product', async () => {
  const page = await open('/products/payments/overview');
  try {
    const selector = page.locator('details[data-kind="product"]');
    assert.match(await selector.locator('summary').innerText(), 'Payments');
    await selector.locator('summary').click();
    assert.ok(await selector.getByText('Verify your users').isVisible(), 'descriptions are shown');
    await selector.locator('a', { hasText: 'Identity' }).click();
    await page.waitForURL('**/products/identity/overview');
    assert.match(await page.locator('details[data-kind="product"] summary').innerText(), 'Identity');
  } finally {
    await done(page);
  }
});

test('keyboard: arrow keys move through a selector, Enter follows, Escape closes', async () => {
  const page = await open('/quickstart');
  try {
    const summary = page.locator('details[data-kind="language"] summary');
    await summary.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Français');
    await page.keyboard.press('Escape');
    assert.equal(await page.locator('details[data-kind="language"]').getAttribute('open'), null);
    await summary.focus();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/fr/quickstart');
  } finally {
    await done(page);
  }
});

test('the dropdown selector leads to the other section', async () => {
  const page = await open('/platform/cloud/regions');
  try {
    const selector = page.locator('details[data-kind="dropdown"]');
    await selector.locator('summary').click();
    await selector.locator('a', { hasText: 'Self-hosted' }).click();
    await page.waitForURL('**/platform/self-hosted/install');
    assert.match(await page.locator('details[data-kind="dropdown"] summary').innerText(), 'Self-hosted');
  } finally {
    await done(page);
  }
});

test('anchors are persistent items at the top of the sidebar', async () => {
  const page = await open('/tutorials/first-app');
  try {
    const anchors = page.locator('.docsc-sidebar ul.docsc-anchors:not(.docsc-global-anchors) a');
    assert.equal(await anchors.allInnerTexts(), ['Tutorials', 'Recipes']);
    await anchors.nth(1).click();
    await page.waitForURL('**/recipes/pagination');
    assert.equal(await page.locator('ul.docsc-anchors a[aria-current]').first().innerText(), 'Recipes');
  } finally {
    await done(page);
  }
});

test('the version and language switchers keep the reader on the equivalent page', async () => {
  const page = await open('/quickstart');
  try {
    await page.locator('details[data-kind="version"] summary').click();
    await page.locator('details[data-kind="version"] a', { hasText: 'v1' }).click();
    await page.waitForURL('**/v1/quickstart');
    await page.goto(`${site.origin}/quickstart`);
    await page.locator('details[data-kind="language"] summary').click();
    await page.locator('details[data-kind="language"] a', { hasText: 'Français' }).click();
    await page.waitForURL('**/fr/quickstart');
    await page.locator('details[data-kind="language"] summary').click();
    await page.locator('details[data-kind="language"] a', { hasText: 'English' }).click();
    await page.waitForURL((url) => url.pathname === '/quickstart');
    // No equivalent: the version's first page.
    await page.goto(`${site.origin}/guides/install`);
    await page.locator('details[data-kind="version"] summary').click();
    await page.locator('details[data-kind="version"] a', { hasText: 'v1' }).click();
    await page.waitForURL((url) => url.pathname === '/v1');
  } finally {
    await done(page);
  }
});

test('a collapsed nested group expands; a top-level group cannot collapse; the current page opens its groups', async () => {
  const page = await open('/');
  try {
    const setup = page.locator('details:has(> summary:has-text("Setup"))');
    assert.equal(await setup.getAttribute('open'), null, 'nested groups start collapsed');
    assert.not.ok(await page.locator('.docsc-groups a', { hasText: 'Install' }).isVisible());
    await setup.locator('summary').click();
    assert.ok(await page.locator('.docsc-groups a', { hasText: 'Install' }).isVisible(), 'it expands');
    assert.equal(pathOf(page), '/', 'drilldown false: the group only toggles');
    await setup.locator('summary').click();
    assert.not.ok(await page.locator('.docsc-groups a', { hasText: 'Install' }).isVisible(), 'and collapses');

    assert.not.equal(await page.locator('details[open]:has(> summary:has-text("Advanced"))').count(), 0, '`expanded: true` starts open');
    const top = page.locator('.docsc-group-top', { hasText: 'Get started' });
    assert.equal(await top.locator(':scope > details').count(), 0, 'a top-level group is not a <details>');
    await top.locator('.docsc-group-title').click();
    assert.ok(await page.locator('.docsc-groups a', { hasText: 'Quickstart' }).isVisible(), 'clicking its title changes nothing');

    await page.goto(`${site.origin}/guides/advanced/internals`);
    assert.ok(await page.locator('.docsc-groups a[aria-current="page"]', { hasText: 'Internals' }).isVisible(), "the page's groups are open");
  } finally {
    await done(page);
  }
});

test('a large section loads its full sidebar: top-level groups expanded and fixed, the current page marked', async () => {
  const page = await open('/p/c60', {}, largeSite.origin);
  try {
    const groups = page.locator('.docsc-groups');
    await page.locator('.docsc-groups[data-docsc-full]').waitFor({ state: 'attached' });
    const tops = groups.locator('.docsc-group-top');
    assert.equal(await tops.locator('.docsc-group-title').allInnerTexts(), ['Alpha', 'Beta', 'Gamma']);
    assert.equal(await groups.locator('.docsc-folded').count(), 0, 'nothing folded');
    for (let n = 0; n < 3; n++) {
      assert.equal(await tops.nth(n).locator(':scope > details, :scope > .docsc-group-title button').count(), 0, 'no collapse control');
      assert.ok(await tops.nth(n).locator(':scope > ul > li > a').first().isVisible(), 'its pages are listed');
    }
    assert.ok(await groups.locator('a[href="/p/a3"]').isVisible(), 'a page of another group is listed');
    const current = groups.locator('a[aria-current="page"]');
    assert.equal(await current.count(), 1);
    assert.equal(await current.getAttribute('href'), '/p/c60');
    // The current link is in view in the sidebar, where the folded one showed it.
    const sidebar = await page.locator('#docsc-sidebar').boundingBox();
    const link = await current.boundingBox();
    assert.ok(sidebar && link && link.y >= sidebar.y && link.y + link.height <= sidebar.y + sidebar.height, 'the current link stays in view');
    assert.equal(
      await groups.locator('details[data-g]:has(a[href="/p/n0"])').getAttribute('open'),
      null,
      'a nested group the page is not in is closed',
    );

    await page.goto(`${largeSite.origin}/p/n2`);
    await page.locator('.docsc-groups[data-docsc-full]').waitFor({ state: 'attached' });
    assert.ok(await groups.locator('a[aria-current="page"]', { hasText: 'Page n2' }).isVisible(), "the page's nested group is open");
    assert.equal(await groups.locator('a[aria-current="page"]').count(), 1);
    await page.screenshot({ path: join(SCREENSHOTS, 'large-section.png') });
  } finally {
    await done(page);
  }
});

test('a large section without JavaScript: the folded sidebar, its current page and links', async () => {
  const page = await open('/p/b5', { javaScriptEnabled: false }, largeSite.origin);
  try {
    const groups = page.locator('.docsc-groups');
    assert.equal(await groups.locator('a[aria-current="page"]').getAttribute('href'), '/p/b5');
    assert.ok(await groups.locator('a[href="/p/b7"]').isVisible(), 'its own group is open');
    assert.equal(await groups.locator('a[href="/p/a3"]').count(), 0, 'other groups are folded');
    await groups.locator('.docsc-folded a', { hasText: 'Gamma' }).click();
    await page.waitForURL('**/p/c0');
    await page.locator('.docsc-groups a[href="/p/c1"]').click();
    await page.waitForURL('**/p/c1');
    assert.equal(await page.locator('.docsc-groups a[aria-current="page"]').getAttribute('href'), '/p/c1');
  } finally {
    await done(page);
  }
});

test("a large section's fragment is written once, named by its content; a navigation edit replaces it", async () => {
  const first = join(dir, 'large-out');
  const fragments = (out: string) => readdirSync(join(out, NAVIGATION_FRAGMENT_FOLDER)).sort();
  const names = fragments(first);
  assert.equal(names.length, 1);
  assert.match(names[0] ?? '', /^[0-9a-f]{16}\.html$/);
  const html = readFileSync(join(first, 'p/b5/index.html'), 'utf8');
  assert.match(html, `data-docsc-nav="/${NAVIGATION_FRAGMENT_FOLDER}/${names[0]}"`);
  const fragment = readFileSync(join(first, NAVIGATION_FRAGMENT_FOLDER, names[0] ?? ''), 'utf8');
  assert.not.match(fragment, 'aria-current');
  assert.not.match(fragment, 'docsc-folded');
  assert.ok(html.length < fragment.length, 'a page does not carry the full sidebar');

  const again = join(dir, 'large-again');
  await buildLarge(again);
  assert.equal(fragments(again), names, 'the same name in another build');
  assert.equal(readFileSync(join(again, NAVIGATION_FRAGMENT_FOLDER, names[0] ?? ''), 'utf8'), fragment, 'and the same bytes');
  writeFileSync(join(largeRoot, 'p/a1.mdx'), '---\ntitle: Renamed\n---\n\nText.\n');
  try {
    await buildLarge(again);
    const after = fragments(again);
    assert.equal(after.length, 1, 'the stale fragment is removed');
    assert.not.equal(after, names);
    assert.match(readFileSync(join(again, NAVIGATION_FRAGMENT_FOLDER, after[0] ?? ''), 'utf8'), '>Renamed</a>');
  } finally {
    writeFileSync(join(largeRoot, 'p/a1.mdx'), '---\ntitle: Page a1\n---\n\nText of p/a1.\n');
  }
});

test('drilldown true: selecting a group opens its first page', async () => {
  const page = await open('/', {}, drilldownSite.origin);
  try {
    await page.locator('.docsc-groups summary', { hasText: 'Setup' }).locator('a').click();
    await page.waitForURL('**/guides/install');
    assert.ok(await page.locator('details[open]:has(> summary:has-text("Setup"))').count(), 'and the group is open there');
  } finally {
    await done(page);
  }
});

test('breadcrumbs show the full navigation path; labels, tags and the deprecated label', async () => {
  const page = await open('/guides/advanced/internals');
  try {
    assert.equal(await page.locator('.docsc-breadcrumbs li').allInnerTexts(), ['Guides', 'Get started', 'Advanced', 'Deep dive']);
    await page.goto(`${site.origin}/guides/legacy`);
    assert.match(await page.locator('h1').innerText(), 'Deprecated');
    assert.match(await page.locator('.docsc-groups a', { hasText: 'Legacy API' }).innerText(), 'deprecated');
    assert.match(await page.locator('.docsc-groups a', { hasText: 'Webhooks' }).innerText(), 'BETA');
    assert.equal(await page.locator('.docsc-groups a', { hasText: 'Configuration' }).count(), 1, 'sidebarTitle');
    assert.equal(await page.locator('.docsc-groups a', { hasText: 'Hidden page' }).count(), 0, 'hidden pages are not listed');
    assert.equal(
      await page.locator('.docsc-edit a', { hasText: 'Edit this page' }).getAttribute('href'),
      'https://github.com/example/fixture-docs/edit/HEAD/guides/legacy.mdx',
    );
  } finally {
    await done(page);
  }
});

test('global anchors are on every page', async () => {
  const pages = listHtml(out);
  assert.ok(pages.length >= 20);
  for (const file of pages) {
    const html = readFileSync(file, 'utf8');
    if (html.includes('http-equiv="refresh"')) continue;
    assert.match(html, '<a href="https://status.example.com" rel="noopener">', file);
  }
  const page = await open('/platform/cloud/regions');
  try {
    assert.ok(await page.locator('.docsc-global-anchors a', { hasText: 'Status page' }).isVisible());
  } finally {
    await done(page);
  }
});

test('search finds a page by a word in its body, from the button and the keyboard', async () => {
  const page = await open('/guides/install');
  try {
    await page.keyboard.press('Control+k');
    const input = page.locator('.docsc-search-dialog input');
    await input.fill('xylophone');
    const first = page.locator('.docsc-search-results a').first();
    await first.waitFor();
    assert.equal(new URL(await first.evaluate((a) => (a as HTMLAnchorElement).href)).pathname, '/quickstart');
    await page.screenshot({ path: join(SCREENSHOTS, 'search.png') });
    // A typo (two letters swapped) still finds it.
    await input.fill('xylophnoe');
    await page.locator('.docsc-search-results a[href="/quickstart"]').waitFor();
    await input.fill('the in');
    await page.locator('.docsc-search-results a', { hasText: 'Install' }).first().waitFor();
    await input.fill('xylophone');
    await first.waitFor();
    await input.press('Enter');
    await page.waitForURL('**/quickstart');
    await page.keyboard.press('/');
    assert.ok(await page.locator('.docsc-search-dialog').isVisible(), '`/` opens search');
    await page.locator('.docsc-search-dialog input').fill('zzzznotaword');
    await page.locator('.docsc-search-status', { hasText: 'No results' }).waitFor();
    // Results come from the reader's version and language.
    await page.goto(`${site.origin}/v1`);
    await page.keyboard.press('Control+k');
    await page.locator('.docsc-search-dialog input').fill('quickstart');
    await page.locator('.docsc-search-results a').first().waitFor();
    const v1 = await page
      .locator('.docsc-search-results a')
      .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
    assert.ok(v1.includes('/v1/quickstart'), v1.join(' '));
    assert.not.ok(v1.includes('/quickstart'), 'not the other version’s page');
  } finally {
    await done(page);
  }
});

test('dark mode persists across navigation and reload; appearance.default applies first', async () => {
  const page = await open('/', { colorScheme: 'dark' });
  try {
    assert.equal(await page.locator('html').getAttribute('data-theme'), 'light', '`appearance.default: light` beats the system');
    await page.locator('.docsc-theme-toggle').click();
    assert.equal(await page.locator('html').getAttribute('data-theme'), 'dark');
    await page.locator('.docsc-groups a', { hasText: 'Quickstart' }).click();
    await page.waitForURL('**/quickstart');
    assert.equal(await page.locator('html').getAttribute('data-theme'), 'dark', 'after navigation');
    await page.reload();
    assert.equal(await page.locator('html').getAttribute('data-theme'), 'dark', 'after reload');
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    assert.not.equal(background, 'rgb(255, 255, 255)');
    await page.screenshot({ path: join(SCREENSHOTS, 'quickstart-dark.png') });
    await page.locator('.docsc-theme-toggle').click();
    await page.reload();
    assert.equal(await page.locator('html').getAttribute('data-theme'), 'light');
  } finally {
    await done(page);
  }
});

test('a dismissible banner stays dismissed across pages until its text changes', async () => {
  const page = await open('/');
  try {
    const banner = page.locator('.docsc-banner');
    assert.match(await banner.innerText(), 'version 2 is out');
    assert.equal(await banner.locator('a').getAttribute('href'), '/quickstart');
    await page.locator('.docsc-banner-close').click();
    assert.not.ok(await banner.isVisible());
    await page.goto(`${site.origin}/quickstart`);
    assert.not.ok(await page.locator('.docsc-banner').isVisible(), 'on the next page');
    await page.reload();
    assert.not.ok(await page.locator('.docsc-banner').isVisible(), 'after reload');
  } finally {
    await done(page);
  }
});

test('axe-core reports no serious or critical violation', async () => {
  for (const path of ['/', '/quickstart', '/products/payments/overview', '/guides/legacy', '/sdks/javascript', '/no-such-page']) {
    const page = await open(path);
    try {
      for (const theme of ['light', 'dark']) {
        await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);
        assert.equal(await seriousViolations(page), [], `${path} in ${theme}`);
      }
    } finally {
      await done(page);
    }
  }
  const page = await open('/quickstart');
  try {
    await page.locator('details[data-kind="version"] summary').click();
    assert.equal(await seriousViolations(page), [], 'with a selector open');
    await page.locator('.docsc-search-button').click();
    await page.locator('.docsc-search-dialog input').fill('install');
    await page.locator('.docsc-search-results a').first().waitFor();
    assert.equal(await seriousViolations(page), [], 'with search results shown');
  } finally {
    await done(page);
  }
});

test('with JavaScript disabled the sidebar, groups and links still work', async () => {
  const page = await open('/', { javaScriptEnabled: false });
  try {
    assert.not.ok(await page.locator('.docsc-search-button').isVisible(), 'no search button without its script');
    const setup = page.locator('details:has(> summary:has-text("Setup"))');
    await setup.locator('summary').click();
    await page.locator('.docsc-groups a', { hasText: 'Install' }).click();
    await page.waitForURL('**/guides/install');
    await page.locator('details[data-kind="version"] summary').click();
    await page.locator('details[data-kind="version"] a', { hasText: 'v1' }).click();
    await page.waitForURL((url) => url.pathname === '/v1');
    await page.locator('.docsc-pager a', { hasText: 'Quickstart (v1)' }).click();
    await page.waitForURL('**/v1/quickstart');
  } finally {
    await done(page);
  }
});

test('narrow screens: the menu button opens the sidebar; keyboard focus reaches the content', async () => {
  const page = await open('/quickstart', { width: 420 });
  try {
    assert.not.ok(await page.locator('#docsc-sidebar').isVisible(), 'the sidebar is folded away');
    await page.locator('.docsc-menu-button').click();
    assert.ok(await page.locator('#docsc-sidebar').isVisible());
    assert.equal(await page.locator('.docsc-menu-button').getAttribute('aria-expanded'), 'true');
    await page.screenshot({ path: join(SCREENSHOTS, 'mobile-menu.png') });
    await page.keyboard.press('Escape');
    assert.not.ok(await page.locator('#docsc-sidebar').isVisible());
    await page.reload();
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.className), 'docsc-skip-link');
  } finally {
    await done(page);
  }
});

test('screenshots of a few pages', async () => {
  for (const [path, name] of [
    ['/', 'home'],
    ['/quickstart', 'quickstart'],
    ['/products/payments/overview', 'products'],
    ['/guides/advanced/internals', 'breadcrumbs'],
  ] as const) {
    const page = await open(path);
    try {
      await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
      assert.ok(statSync(join(SCREENSHOTS, `${name}.png`)).size > 5000);
    } finally {
      await done(page);
    }
  }
});

test('under a base path (a GitHub Pages project site) the styles, links, search, full sidebars and 404 page stay under it', async () => {
  const basedOut = await buildFixture('based', undefined, { basePath: '/repo', siteUrl: 'https://owner.github.io' });
  const largeBasedOut = join(dir, 'large-based-out');
  assert.ok((await build({ root: largeRoot, outDir: largeBasedOut, cacheDir: false, threads: 1, basePath: '/repo' })).ok);
  const based = await serveSite(basedOut, '/repo');
  const largeBased = await serveSite(largeBasedOut, '/repo');
  const page = await open('/repo/guides/install', {}, based.origin);
  // Every request the pages make goes under the base path and is answered (the host serves nothing else).
  const astray: string[] = [];
  const watch = (p: Page) =>
    p.on('response', (response) => {
      const url = new URL(response.url());
      const ours = url.origin === based.origin || url.origin === largeBased.origin;
      if (ours && (!url.pathname.startsWith('/repo/') || response.status() >= 400) && !url.pathname.includes('no-such-page'))
        astray.push(`${response.status()} ${url.pathname}`);
    });
  watch(page);
  try {
    await page.reload();
    assert.equal(await page.locator('link[rel="canonical"]').getAttribute('href'), 'https://owner.github.io/repo/guides/install');
    assert.not.equal(await page.locator('.docsc-header').evaluate((header) => getComputedStyle(header).position), 'static', 'the stylesheet applies');
    await page.locator('#docsc-sidebar a', { hasText: 'Quickstart' }).first().click();
    await page.waitForURL('**/repo/quickstart');

    await page.keyboard.press('Control+k');
    await page.locator('.docsc-search-dialog input').fill('xylophone');
    const first = page.locator('.docsc-search-results a').first();
    await first.waitFor();
    assert.equal(new URL(await first.evaluate((a) => (a as HTMLAnchorElement).href)).pathname, '/repo/quickstart');

    await page.goto(`${based.origin}/repo/no-such-page`);
    assert.equal(await page.locator('.docsc-page a', { hasText: 'home page' }).getAttribute('href'), '/repo/');

    await page.goto(`${largeBased.origin}/repo/p/c60`);
    await page.locator('.docsc-groups[data-docsc-full]').waitFor({ state: 'attached' });
    assert.equal(await page.locator('.docsc-groups a[aria-current="page"]').getAttribute('href'), '/repo/p/c60');
    assert.equal(astray, []);
  } finally {
    await done(page);
    await based.close();
    await largeBased.close();
  }
});

function listHtml(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.html'))
    .map((file) => join(folder, file));
}

test.run();
