// Screenshots of the bundled example's `POST /pets` API page, for the
// README's documentation: light and dark, wide (1440×900) and narrow
// (390×844), and the playground open over the wide page. The example is
// built with the real build(), served on loopback and shot in Debian's
// chromium (tests/support/browser.ts).
//   npm run screenshots [-- <folder>]   (default: docs/images)

import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from '../../compiler/build/build.js';
import { launchBrowser, serveSite } from './browser.js';

const PAGE = '/api-reference/pets/create-a-pet';
const folder = resolve(process.argv[2] ?? 'docs/images');
const shots = [
  { name: 'api-page-light-wide', width: 1440, height: 900, scheme: 'light' },
  { name: 'api-page-dark-wide', width: 1440, height: 900, scheme: 'dark' },
  { name: 'api-page-light-narrow', width: 390, height: 844, scheme: 'light' },
  { name: 'api-page-dark-narrow', width: 390, height: 844, scheme: 'dark' },
  { name: 'api-page-playground', width: 1440, height: 900, scheme: 'light', playground: true },
] as const;

const work = mkdtempSync(join(tmpdir(), 'docsc-screenshots-'));
const browser = await launchBrowser();
try {
  const result = await build({ root: 'examples', outDir: join(work, 'out'), cacheDir: false, threads: 1 });
  if (!result.ok) throw new Error('the example did not build');
  const site = await serveSite(join(work, 'out'));
  mkdirSync(folder, { recursive: true });
  try {
    for (const shot of shots) {
      const context = await browser.newContext({
        viewport: { width: shot.width, height: shot.height },
        colorScheme: shot.scheme,
        deviceScaleFactor: 1,
      });
      const page = await context.newPage();
      await page.goto(`${site.origin}${PAGE}`);
      await page.waitForSelector('[data-docsc-try-it]');
      if ('playground' in shot) {
        await page.click('[data-docsc-try-it]');
        await page.waitForSelector('.docsc-pg-dialog[open]');
      }
      const path = join(folder, `${shot.name}.png`);
      await page.screenshot({ path });
      console.log(path);
      await context.close();
    }
  } finally {
    await site.close();
  }
} finally {
  await browser.close();
  rmSync(work, { recursive: true, force: true });
}
