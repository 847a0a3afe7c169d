// The playground under `docsc dev`, in chromium: requests go through the dev
// server's proxy (compiler/dev/dev-proxy.ts), so an API that sends no CORS
// headers can be tried, and cookie parameters and API keys reach it as a
// `Cookie` header, which a page cannot set on a cross-origin request itself.

import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type DevSession, startDev } from '../compiler/dev/dev-session.js';
import { launchBrowser, newContext } from './support/browser.js';

const received: { method: string; url: string; headers: IncomingMessage['headers']; body: string }[] = [];
let api: Server;
let dir: string;
let session: DevSession;
let browser: Browser;

test.before(async () => {
  // No CORS headers at all: a browser calling it directly could not read the answer.
  api = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString() });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"through":"proxy"}');
    });
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  const port = (api.address() as AddressInfo).port;
  dir = mkdtempSync(join(tmpdir(), 'docsc-playground-dev-'));
  const root = join(dir, 'docs');
  cpSync('tests/fixtures/api/site', root, { recursive: true });
  const spec = join(root, 'openapi.yaml');
  writeFileSync(spec, readFileSync(spec, 'utf8').replace(`default: '9'`, `default: '${port}'`));
  session = await startDev({ root, port: 0, threads: 1, cacheDir: join(dir, 'cache'), quietMs: 30 });
  await session.firstBuild;
  browser = await launchBrowser();
});

test.after(async () => {
  await browser?.close();
  await session?.close();
  api?.closeAllConnections();
  api?.close();
  rmSync(dir, { recursive: true, force: true });
});

test('through the dev proxy: an API without CORS answers, cookies arrive', async () => {
  const context = await newContext(browser);
  const page = await context.newPage();
  await page.goto(`${session.url}/api-reference/pets/list-pets`);
  await page.click('[data-docsc-try-it]');
  await page.waitForSelector('[data-pg="send"]');
  await page.selectOption('[data-pg="auth"]', { index: 2 });
  await page.fill('[data-pg-cred="apiKeyCookie:value"]', 'c-key');
  await page.fill('[data-pg-param="cookie:session"]', 's1');
  await page.click('[data-pg="send"]');
  await page.waitForSelector('[data-pg="status"], [data-pg="error"]');
  assert.match((await page.textContent('[data-pg="status"]')) ?? '', /^200/);
  assert.match((await page.textContent('[data-pg="response-body"]')) ?? '', '"through": "proxy"');
  const request = received.at(-1);
  assert.ok(request);
  assert.is(request?.method, 'GET');
  assert.match(request?.url ?? '', /^\/v1\/pets\?limit=20&kind=cat/);
  assert.is(request?.headers.cookie, 'session=s1; token=c-key');
  assert.is(request?.headers.origin, undefined);
  await context.close();
});

test.run();
