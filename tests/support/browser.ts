// Browser tests: Debian's chromium (`apt-get install -y chromium`, done by
// .ci/run) driven by playwright-core, against a built site served by a real
// HTTP server on loopback. A missing browser fails the suite with a message
// saying how to install it; it is never a silent skip.

import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

export const CHROMIUM = process.env.DOCSC_CHROMIUM ?? '/usr/bin/chromium';

/** Flags for a closed network: no background requests, no sandbox as root. */
const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`No chromium at ${CHROMIUM}: run \`apt-get install -y chromium\` (or set DOCSC_CHROMIUM)`);
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });
}

export interface ContextOptions {
  javaScriptEnabled?: boolean;
  width?: number;
  colorScheme?: 'light' | 'dark';
}

/** A fresh context (own storage, cookies) with a fixed viewport, for one test. */
export function newContext(browser: Browser, options: ContextOptions = {}): Promise<BrowserContext> {
  return browser.newContext({
    viewport: { width: options.width ?? 1280, height: 900 },
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    colorScheme: options.colorScheme ?? 'light',
  });
}

/** A page at `url` in a fresh context of its own: close it with `page.context().close()`. */
export async function openPage(browser: Browser, url: string, options: ContextOptions = {}): Promise<Page> {
  const context = await newContext(browser, options);
  const page = await context.newPage();
  await page.goto(url);
  return page;
}

/** Presses Tab until the focused element matches `selector` (at most 60 times); fails the test when it never does. */
export async function tabTo(page: Page, selector: string): Promise<void> {
  for (let i = 0; i < 60; i++) {
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${selector}`);
}

/** Whether the focused element matches `selector`. */
export function focused(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector);
}

/** The path of the page's URL, without its origin, query or fragment. */
export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.xml': 'application/xml',
  '.txt': 'text/plain; charset=utf-8',
};

export interface StaticSite {
  origin: string;
  close(): Promise<void>;
}

/** Serves a built output folder on 127.0.0.1 as a static host would: `/a/b` → `a/b/index.html`, else `404.html` with status 404. */
/** Serves `root` as a static host would; with `base` (`/repo`), under that path only, as GitHub Pages serves a project site. */
export async function serveSite(root: string, base = ''): Promise<StaticSite> {
  const server: Server = createServer((req, res) => {
    const full = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const underBase = full === base || full.startsWith(`${base}/`);
    const relative = normalize(full.slice(base.length)).replace(/^[/\\]+/, '');
    const candidates = underBase ? [join(root, relative), join(root, relative, 'index.html')] : [];
    const file = candidates.find((f) => (f === root || f.startsWith(root + sep)) && existsSync(f) && statSync(f).isFile());
    if (!file) {
      res.writeHead(404, { 'content-type': TYPES['.html'] });
      res.end(existsSync(join(root, '404.html')) ? readFileSync(join(root, '404.html')) : 'not found');
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const AXE_SOURCE = readFileSync('node_modules/axe-core/axe.min.js', 'utf8');

/** axe-core run on the page as it is: its serious and critical violations, one line each (`id (impact): targets`). */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: AXE_SOURCE });
  return page.evaluate(async () => {
    type Result = { violations: { id: string; impact: string; nodes: { target: string[] }[] }[] };
    const axe = (window as unknown as { axe: { run: (context: Document) => Promise<Result> } }).axe;
    const result = await axe.run(document);
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}
