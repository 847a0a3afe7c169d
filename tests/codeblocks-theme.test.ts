// docs.json `styling.codeblocks`: `dark` makes code blocks dark in both
// colour modes (github-dark's background and token colours, checked in
// Debian's chromium in light mode), `system` (the default) follows the mode,
// every token reads on its block in both modes (axe: github-dark's comments
// are lightened), and a Shiki theme docsc does not apply is reported where it
// is written.

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { build } from '../compiler/build/build.js';
import { launchBrowser, newContext, seriousViolations, serveSite } from './support/browser.js';

async function site(codeblocks: unknown): Promise<{ dir: string; out: string; result: Awaited<ReturnType<typeof build>> }> {
  const dir = mkdtempSync(join(tmpdir(), 'docsc-codeblocks-'));
  const root = join(dir, 'docs');
  const out = join(dir, 'out');
  const config = { name: 'C', theme: 'mint', colors: { primary: '#0D9373' }, navigation: { pages: ['index'] } };
  const styling = codeblocks === undefined ? {} : { styling: { codeblocks } };
  mkdirSync(root, { recursive: true });
  writeFileSync(join(root, 'docs.json'), `${JSON.stringify({ ...config, ...styling }, null, 2)}\n`);
  writeFileSync(join(root, 'index.mdx'), '---\ntitle: Home\n---\n\n```js\nconst answer = 42; // the answer\n```\n');
  const result = await build({ root, outDir: out, cacheDir: false, threads: 1 });
  return { dir, out, result };
}

test('codeblocks "dark": dark blocks in light mode, readable; "system" follows the mode; a Shiki theme is reported', async () => {
  const dark = await site('dark');
  const system = await site(undefined);
  const themed = await site({ theme: { light: 'min-light', dark: 'dracula' } });
  let browser: Browser | undefined;
  const servers: { close(): Promise<void>; origin: string }[] = [];
  try {
    assert.equal(
      themed.result.diagnostics.filter((d) => d.code === 'build/codeblocks-theme-unsupported').map((d) => `${d.line}:${d.column} ${d.message}`),
      ['13:19 Code blocks keep docsc\'s GitHub light and dark colours: the Shiki theme `{"light":"min-light","dark":"dracula"}` is not applied'],
    );
    assert.equal(
      dark.result.diagnostics.filter((d) => d.code === 'build/codeblocks-theme-unsupported'),
      [],
    );
    browser = await launchBrowser();
    const look = async (out: string) => {
      const server = await serveSite(out);
      servers.push(server);
      const context = await newContext(browser as Browser, { colorScheme: 'light' });
      const page = await context.newPage();
      await page.goto(`${server.origin}/`);
      const block = page.locator('.docsc-code-block').first();
      const background = await block.evaluate((el) => getComputedStyle(el).backgroundColor);
      const keyword = page.locator('.docsc-code span[style]', { hasText: 'const' }).first();
      const colour = await keyword.evaluate((el) => getComputedStyle(el).color);
      const violations = await seriousViolations(page);
      // And in dark mode: github-dark's comments are lightened to read on its background.
      await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
      violations.push(...(await seriousViolations(page)));
      await context.close();
      return { background, colour, violations };
    };
    const darkLook = await look(dark.out);
    assert.is(darkLook.background, 'rgb(36, 41, 46)');
    assert.is(darkLook.colour, 'rgb(249, 117, 131)', "github-dark's keyword colour");
    assert.equal(darkLook.violations, []);
    const systemLook = await look(system.out);
    assert.is(systemLook.background, 'rgb(255, 255, 255)');
    assert.is(systemLook.colour, 'rgb(215, 58, 73)', "github-light's keyword colour");
    assert.equal(systemLook.violations, []);
  } finally {
    for (const server of servers) await server.close();
    await browser?.close();
    for (const built of [dark, system, themed]) rmSync(built.dir, { recursive: true, force: true });
  }
});

test.run();
