// Untrusted text in the built site. An OpenAPI document puts HTML, `</script>`,
// event handlers and `javascript:`/`data:`/`vbscript:` URLs (mixed case,
// tabs and newlines inside) in every string it has — title, descriptions,
// summaries, tag names, parameter and property names, examples,
// externalDocs, contact, license, servers — and docs.json puts them in its
// name, description, links, anchors, footer and metatags. The site is built
// and its output read back: no element, attribute or URL from those strings
// is live anywhere — page bodies, navigation, table of contents, meta tags,
// inline JSON, the search index, the sitemap, redirects. Then every page is
// opened in Chromium: no payload runs.
//
// This file tests code owned by several areas (compiler/reference,
// compiler/site, compiler/render, runtime/); a failure names the file and the
// input, for whoever owns it.

import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { build } from '../compiler/build/build.js';
import { escapeHtml, safeHref } from '../compiler/site/escape-html.js';

/** Sets `window.__xss` when it runs. */
const RUN = 'window.__xss=1';
const HTML = `<img src=x onerror="${RUN}"><script>${RUN}</script></script><svg onload=${RUN}><iframe src="javascript:${RUN}">`;
const URLS = [
  `javascript:${RUN}`,
  `JaVaScRiPt:${RUN}`,
  `java\tscript:${RUN}`,
  `java\nscript:${RUN}`,
  `data:text/html,<script>${RUN}</script>`,
  `vbscript:${RUN}`,
  `  javascript:${RUN}`,
];
const BREAKOUT = `"'><script>${RUN}</script><!--`;

function hostileSpec(): Record<string, unknown> {
  const md = `Intro ${HTML} ${URLS.map((u, i) => `[link ${i}](${u.replace(/\n/g, ' ')})`).join(' ')} <a href="javascript:${RUN}">raw</a>`;
  return {
    openapi: '3.1.0',
    info: {
      title: `API ${BREAKOUT}`,
      version: `1 ${BREAKOUT}`,
      description: md,
      contact: { name: BREAKOUT, url: `javascript:${RUN}`, email: `a@b.example"><script>${RUN}</script>` },
      license: { name: BREAKOUT, url: `vbscript:${RUN}` },
      termsOfService: `javascript:${RUN}`,
    },
    externalDocs: { url: `JaVaScRiPt:${RUN}`, description: md },
    servers: [{ url: `javascript:${RUN}` }, { url: 'https://{host}/v1', variables: { host: { default: `evil.example"><script>${RUN}</script>` } } }],
    tags: [{ name: 'Pets', description: md, externalDocs: { url: `data:text/html,<script>${RUN}</script>` } }],
    paths: {
      '/pets': {
        get: {
          tags: ['Pets'],
          summary: `List ${BREAKOUT}`,
          description: md,
          operationId: `list${BREAKOUT}`,
          externalDocs: { url: `java\tscript:${RUN}`, description: md },
          parameters: [
            {
              name: `q${BREAKOUT}`,
              in: 'query',
              description: md,
              schema: { type: 'string', default: BREAKOUT, enum: [BREAKOUT, 'x'] },
              example: BREAKOUT,
            },
            { name: 'X-Key', in: 'header', schema: { type: 'string', pattern: `</script><script>${RUN}</script>` } },
          ],
          responses: {
            200: {
              description: md,
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    description: md,
                    properties: {
                      [`name${BREAKOUT}`]: { type: 'string', description: md, example: BREAKOUT },
                      [HTML]: { type: 'integer', title: BREAKOUT },
                    },
                  },
                  example: { [`key${BREAKOUT}`]: BREAKOUT, html: HTML, script: `</script><script>${RUN}</script>` },
                  examples: { [`ex${BREAKOUT}`]: { summary: BREAKOUT, description: md, value: { a: `</script><script>${RUN}</script>` } } },
                },
              },
            },
          },
        },
      },
    },
    components: { securitySchemes: { [`key${BREAKOUT}`]: { type: 'apiKey', in: 'header', name: `X${BREAKOUT}`, description: md } } },
  };
}

function hostileConfig(): Record<string, unknown> {
  return {
    name: `Docs ${BREAKOUT}`,
    description: `Desc ${BREAKOUT}`,
    colors: { primary: '#0D9373' },
    logo: { light: `javascript:${RUN}`, dark: `data:image/svg+xml,<svg onload=${RUN}>`, href: `javascript:${RUN}` },
    favicon: `javascript:${RUN}`,
    navbar: {
      links: URLS.map((href, i) => ({ label: `L${i} ${BREAKOUT}`, href })),
      primary: { type: 'button', label: BREAKOUT, href: `vbscript:${RUN}` },
    },
    footer: {
      socials: { x: `javascript:${RUN}`, github: `data:text/html,${RUN}` },
      links: [{ header: BREAKOUT, items: [{ label: BREAKOUT, href: `javascript:${RUN}` }] }],
    },
    seo: { metatags: { 'og:title': BREAKOUT, [`x${BREAKOUT}`]: 'y' } },
    redirects: [{ source: '/old', destination: `javascript:${RUN}` }],
    navigation: {
      global: { anchors: [{ anchor: BREAKOUT, href: `JaVaScRiPt:${RUN}` }] },
      tabs: [
        { tab: `Guides ${BREAKOUT}`, groups: [{ group: `Start ${BREAKOUT}`, pages: ['index'] }] },
        { tab: 'API', openapi: 'openapi.json' },
        { tab: 'Out', href: `java\tscript:${RUN}` },
      ],
    },
  };
}

const PAGE = `---
title: "Home ${BREAKOUT.replace(/"/g, '\\"')}"
description: "Meta ${BREAKOUT.replace(/"/g, '\\"')}"
sidebarTitle: "${BREAKOUT.replace(/"/g, '\\"')}"
---

## Heading ${BREAKOUT.replace(/[<>{}]/g, '')}

Text.
`;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** Entities decoded, as a browser reads an attribute. */
function decodeEntities(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);?/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(
      /&(colon|tab|newline|quot|apos|lt|gt|amp);/gi,
      (_, name: string) => ({ colon: ':', tab: '\t', newline: '\n', quot: '"', apos: "'", lt: '<', gt: '>', amp: '&' })[name.toLowerCase()] as string,
    );
}

/** What is live in one HTML file: problems found, as messages. */
function liveHazards(html: string): string[] {
  const found: string[] = [];
  for (const tag of html.matchAll(/<([a-zA-Z][\w:-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g)) {
    const [whole, name = '', attrs = ''] = tag;
    for (const attr of attrs.matchAll(/([^\s=/>]+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s>]+))?/g)) {
      const attrName = (attr[1] ?? '').toLowerCase();
      const raw = (attr[2] ?? '').replace(/^["']|["']$/g, '');
      const value = decodeEntities(raw);
      if (/^on/.test(attrName)) found.push(`event handler ${attrName} on <${name}>: ${whole.slice(0, 120)}`);
      if (
        ['href', 'src', 'action', 'formaction', 'xlink:href', 'poster', 'data', 'content', 'srcdoc'].includes(attrName) ||
        attrName.endsWith('href')
      ) {
        const squeezed = value.replace(/[\u0000-\u0020\u007f]/g, '').toLowerCase();
        if (/^(javascript|vbscript|data):/.test(squeezed) && !(attrName === 'src' && /^data:image\/(png|gif|jpeg|webp);/.test(squeezed))) {
          found.push(`${attrName}="${value.slice(0, 60)}" on <${name}>`);
        }
        if (attrName === 'content' && /url=\s*(javascript|vbscript|data):/i.test(value.replace(/\s/g, ''))) found.push(`meta refresh to ${value}`);
      }
    }
    if (name.toLowerCase() === 'iframe' || name.toLowerCase() === 'svg' || name.toLowerCase() === 'img') {
      if (/__xss/.test(whole)) found.push(`injected <${name}>: ${whole.slice(0, 120)}`);
    }
  }
  // Script elements: every one must be docsc's own; inline ones must not carry the payload.
  for (const script of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const body = script[2] ?? '';
    if (body.includes('__xss') && !/type=["']?application\/(ld\+)?json/i.test(script[1] ?? ''))
      found.push(`script runs the payload: ${body.slice(0, 120)}`);
    if (/<!--|<\/script/i.test(body)) found.push(`inline script holds <!-- or </script: ${body.slice(0, 120)}`);
  }
  return found;
}

test('escaping primitives: safeHref refuses scripts and protocol-relative URLs in every spelling; escapeHtml escapes quotes', () => {
  const refused = [
    ...URLS,
    '\u0001javascript:x',
    'javascript\u0000:x',
    'DATA:image/svg+xml,<svg onload=alert(1)>',
    '//evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '\\/evil.example',
  ];
  for (const href of refused) assert.is(safeHref(href), undefined, JSON.stringify(href));
  // Schemes that run no script are kept, as Mintlify keeps them: applications' own ("install in your editor").
  const kept = ['https://ok.example/a?b=c#d', 'http://ok.example', 'mailto:a@b.example', '/docs/a', 'docs/a', '../a', '#anchor', '?q=1'];
  for (const href of [...kept, 'cursor://anysphere.cursor-deeplink/mcp/install?name=x', 'vscode:extension/x', 'x-custom:y', 'file:///etc/passwd']) {
    assert.is(safeHref(href), href, href);
  }
  assert.is(escapeHtml(BREAKOUT), '&quot;&#39;&gt;&lt;script&gt;window.__xss=1&lt;/script&gt;&lt;!--');
});

test('the detector itself finds each kind of live payload (so the checks below can fail)', () => {
  const live = [
    `<img src=x onerror="${RUN}">`,
    `<a href="java&#x09;script:${RUN}">x</a>`,
    `<a href=" JaVaScRiPt:${RUN}">x</a>`,
    `<a href="javascript&colon;${RUN}">x</a>`,
    `<iframe src="data:text/html,x"></iframe>`,
    `<meta http-equiv="refresh" content="0;url=javascript:${RUN}">`,
    `<script>${RUN}</script>`,
    `<script type="application/json">{"a":"</script><script>${RUN}</script>"}</script>`,
    `<svg onload=${RUN}>`,
  ];
  for (const html of live) assert.ok(liveHazards(html).length > 0, html);
  const inert = [
    `<p>&lt;img src=x onerror=&quot;${RUN}&quot;&gt;</p>`,
    '<a href="/docs">x</a>',
    `<script type="application/json">{"a":"\u003c/script\u003e"}</script>`,
  ];
  for (const html of inert) assert.equal(liveHazards(html), [], html);
});

let site: { dir: string; out: string } | undefined;

async function built(): Promise<{ dir: string; out: string }> {
  if (site) return site;
  const dir = mkdtempSync(join(tmpdir(), 'docsc-untrusted-'));
  const root = join(dir, 'docs');
  mkdirSync(root);
  writeFileSync(join(root, 'docs.json'), JSON.stringify(hostileConfig(), null, 2));
  writeFileSync(join(root, 'openapi.json'), JSON.stringify(hostileSpec(), null, 2));
  writeFileSync(join(root, 'index.mdx'), PAGE);
  const out = join(dir, 'out');
  const result = await build({ root, outDir: out, cacheDir: false, threads: 1 });
  if (process.env.DOCSC_KEEP_UNTRUSTED) console.log(out, result.diagnostics.map((d) => `${d.file}:${d.line} ${d.code}`).join('\n'));
  site = { dir, out };
  return site;
}

test.after(() => {
  if (site && !process.env.DOCSC_KEEP_UNTRUSTED) rmSync(site.dir, { recursive: true, force: true });
});

test('built HTML: no live element, handler or URL from untrusted text (bodies, navigation, TOC, meta, inline JSON)', async () => {
  const { out } = await built();
  const pages = filesUnder(out).filter((f) => f.endsWith('.html'));
  assert.ok(pages.length >= 2, `pages built: ${pages.map((p) => relative(out, p)).join(', ')}`);
  const problems = pages.flatMap((file) => liveHazards(readFileSync(file, 'utf8')).map((p) => `${relative(out, file)}: ${p}`));
  assert.equal(problems, [], problems.join('\n'));
});

test('search index, sitemap, redirects: data only, valid JSON, no live URL', async () => {
  const { out } = await built();
  for (const file of filesUnder(out)) {
    const rel = relative(out, file);
    const text = readFileSync(file, 'utf8');
    if (rel.endsWith('.json')) assert.not.throws(() => JSON.parse(text), rel);
    if (rel === '_redirects') assert.not.match(text.toLowerCase(), /javascript:|vbscript:|data:/, rel);
    if (rel.endsWith('.xml')) assert.not.match(text, /<script|javascript:/i, rel);
  }
});

test('in Chromium, no page runs a payload on load, on hover or on search', async () => {
  const { out } = await built();
  const { launchBrowser, newContext, serveSite } = await import('./support/browser.js');
  const server = await serveSite(out);
  const browser = await launchBrowser();
  try {
    const context = await newContext(browser);
    const page = await context.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const urls = filesUnder(out)
      .filter((f) => f.endsWith('.html'))
      .map(
        (f) =>
          `/${relative(out, f)
            .replace(/(^|\/)index\.html$/, '$1')
            .replace(/\.html$/, '')}`,
      );
    for (const url of urls) {
      await page.goto(`${server.origin}${url}`, { waitUntil: 'load' });
      await page.waitForTimeout(150);
      for (const link of await page.locator('a').all()) await link.hover({ timeout: 200 }).catch(() => undefined);
      const search = page.locator('input[type="search"], [data-search] input').first();
      if ((await search.count()) > 0) {
        await search.fill('script').catch(() => undefined);
        await page.waitForTimeout(200);
      }
      const ran = await page.evaluate(() => (window as unknown as { __xss?: number }).__xss);
      assert.is(ran, undefined, `a payload ran on ${url}`);
    }
    assert.equal(dialogs, []);
  } finally {
    await browser.close();
    await server.close();
  }
});

test.run();
