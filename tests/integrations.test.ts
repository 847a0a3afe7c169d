// docs.json `integrations`: the analytics loaders docsc writes into every
// page's head (values escaped, http(s) only), the services it cannot load
// reported where they are configured, and, in Debian's chromium, the consent
// gate of `integrations.cookies` — nothing is requested until local storage
// holds the value; then the loaders run in order. Vendors' scripts are
// answered by the test itself (no request leaves the machine). And the other
// settings docsc does not act on (`thumbnails`, `api.asyncapi`), reported.

import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { build } from '../compiler/build/build.js';
import { readIntegrations } from '../compiler/site/integrations.js';
import { launchBrowser, newContext, serveSite } from './support/browser.js';

const FIXTURE = 'tests/fixtures/site-settings/docs';

async function buildWith(integrations: unknown): Promise<{ dir: string; out: string; result: Awaited<ReturnType<typeof build>> }> {
  const dir = mkdtempSync(join(tmpdir(), 'docsc-integrations-'));
  const root = join(dir, 'docs');
  cpSync(FIXTURE, root, { recursive: true });
  const config = JSON.parse(readFileSync(join(root, 'docs.json'), 'utf8'));
  writeFileSync(join(root, 'docs.json'), JSON.stringify({ ...config, integrations }, null, 2));
  const out = join(dir, 'out');
  const result = await build({ root, outDir: out, cacheDir: false, threads: 1 });
  return { dir, out, result };
}

test('loaders in every head, values escaped; services docsc cannot load are reported where they are configured', async () => {
  const { dir, out, result } = await buildWith({
    ga4: { measurementId: 'G-TEST123' },
    plausible: { domain: 'docs.example.com', server: 'https://stats.example.com/' },
    hotjar: { hjid: '42', hjsv: '6' },
    adobe: { launchUrl: 'javascript:alert(1)' },
    segment: { key: 'wk' },
    telemetry: { enabled: false },
  });
  try {
    const reported = result.diagnostics.filter((d) => d.code === 'build/integration-unsupported');
    assert.equal(
      reported.map((d) => `${d.file}:${d.line}:${d.column} ${d.message}`),
      ['docs.json:87:16 `integrations.segment` is not supported: docsc does not load it, and pages carry no code for it'],
    );
    for (const page of ['index.html', 'guides/setup/index.html']) {
      const head = readFileSync(join(out, page), 'utf8').split('</head>')[0] ?? '';
      assert.match(head, '<script src="https://www.googletagmanager.com/gtag/js?id=G-TEST123" async></script>');
      assert.match(head, `gtag('config',"G-TEST123");`);
      assert.match(head, '<script src="https://stats.example.com/js/script.js" defer data-domain="docs.example.com"></script>');
      assert.match(head, 'window._hjSettings={hjid:"42",hjsv:"6"}');
      assert.not.match(head, 'javascript:', 'an adobe launchUrl that is not http(s) is not loaded');
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const evil = '"</script><script>alert(1)</script>';
  const html = readIntegrations({ ga4: { measurementId: evil }, fathom: { siteId: evil }, cookies: { key: evil, value: evil } }).html;
  assert.not.match(html, '<script>alert(1)');
  assert.not.match(html.replace(/<script>\(function|<\/script>$/g, ''), '</script>', 'one script, nothing closes it early');
  assert.is(readIntegrations({ fathom: { siteId: evil } }).html.match(/<script/g)?.length, 1);
  assert.match(readIntegrations({ fathom: { siteId: evil } }).html, 'data-site="&quot;&lt;/script&gt;');
});

test('in the browser: with integrations.cookies the loaders run only once the reader consented, in order', async () => {
  const { dir, out } = await buildWith({
    ga4: { measurementId: 'G-TEST123' },
    fathom: { siteId: 'ABCDE' },
    posthog: { apiKey: 'phc_test' },
    intercom: { appId: 'abc123' },
    cookies: { key: 'docs-consent', value: 'granted' },
  });
  let browser: Browser | undefined;
  let server: Awaited<ReturnType<typeof serveSite>> | undefined;
  try {
    const head = readFileSync(join(out, 'index.html'), 'utf8').split('</head>')[0] ?? '';
    assert.not.match(head, '<script src="https://www.googletagmanager.com', 'no loader outside the gate');
    browser = await launchBrowser();
    server = await serveSite(out);
    const context = await newContext(browser);
    const requested: string[] = [];
    // The vendors' scripts, answered here: each records that it ran.
    await context.route(/^https:\/\/(www\.googletagmanager\.com|cdn\.usefathom\.com|us-assets\.i\.posthog\.com|widget\.intercom\.io)\//, (route) => {
      requested.push(route.request().url());
      return route.fulfill({ contentType: 'text/javascript', body: `(window.ran=window.ran||[]).push(${JSON.stringify(route.request().url())});` });
    });
    const page = await context.newPage();
    await page.goto(`${server.origin}/`);
    await page.waitForLoadState('load');
    assert.equal(requested, [], 'nothing before consent');
    assert.is(await page.evaluate(() => (window as unknown as { dataLayer?: unknown }).dataLayer), undefined);

    await page.evaluate(() => localStorage.setItem('docs-consent', 'granted'));
    await page.reload();
    await page.waitForFunction(() => ((window as unknown as { ran?: string[] }).ran ?? []).length === 4);
    assert.equal(requested.sort(), [
      'https://cdn.usefathom.com/script.js',
      'https://us-assets.i.posthog.com/static/array.js',
      'https://widget.intercom.io/widget/abc123',
      'https://www.googletagmanager.com/gtag/js?id=G-TEST123',
    ]);
    const queued = await page.evaluate(() => {
      const w = window as unknown as { posthog: { _i: unknown[][] }; intercomSettings: { app_id: string }; Intercom: unknown };
      return { posthog: w.posthog._i[0], intercom: w.intercomSettings.app_id, stub: typeof w.Intercom };
    });
    assert.equal(queued, {
      posthog: ['phc_test', { api_host: 'https://us.i.posthog.com', disable_session_recording: true }, 'posthog'],
      intercom: 'abc123',
      stub: 'function',
    });
    const layer = await page.evaluate(() => JSON.stringify((window as unknown as { dataLayer: IArguments[] }).dataLayer.map((a) => [...a])));
    assert.match(layer, '["config","G-TEST123"]', 'gtag was set up by the inline part');
    assert.is(await page.locator('script[data-site="ABCDE"][defer]').count(), 1);
    await context.close();
  } finally {
    await server?.close();
    await browser?.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('settings docsc does not act on are reported where they are written: thumbnails, api.asyncapi', async () => {
  const { dir, result } = await buildWith({});
  rmSync(dir, { recursive: true, force: true });
  assert.equal(
    result.diagnostics.filter((d) => d.code === 'build/setting-unsupported'),
    [],
  );
  const root = mkdtempSync(join(tmpdir(), 'docsc-unsupported-'));
  try {
    cpSync(FIXTURE, join(root, 'docs'), { recursive: true });
    const config = JSON.parse(readFileSync(join(root, 'docs/docs.json'), 'utf8'));
    const extra = { thumbnails: { appearance: 'dark' }, api: { asyncapi: 'asyncapi.yaml' } };
    writeFileSync(join(root, 'docs/docs.json'), JSON.stringify({ ...config, ...extra }, null, 2));
    const built = await build({ root: join(root, 'docs'), outDir: join(root, 'out'), cacheDir: false, threads: 1 });
    assert.ok(built.ok, 'the build goes on');
    // In the order they are written (docs.json's own order: `thumbnails` comes before the added `api`).
    assert.equal(
      built.diagnostics.filter((d) => d.code === 'build/setting-unsupported').map((d) => `${d.severity} ${d.message}`),
      [
        'info `thumbnails` is not supported: no social preview images are generated; pages keep the `og:image` their metadata gives',
        'info `api.asyncapi` is not supported: AsyncAPI documents are not read, and no page is generated from them',
      ],
    );
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test.run();
