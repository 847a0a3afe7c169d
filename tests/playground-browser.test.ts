// The API playground in a real browser: the fixture tests/fixtures/api/site
// (servers with variables, every security type the playground sends, every
// parameter location, JSON, form and multipart bodies, nested body fields, a
// recursive schema, a page without servers, a page documented with
// <ParamField>s) is built with
// the real build(), its servers pointed at an API server on loopback that
// this test starts and that answers CORS preflights, then driven with
// playwright-core and Debian's chromium. What the API server receives is the
// assertion: method, path, query, headers, cookies, body and credentials;
// and what the playground shows of its answer (JSON and XML coloured, as text).
// Cookies work here because the site and the API share the host 127.0.0.1
// (cookies are scoped by host, not port); across sites only `docsc dev`'s
// proxy can send them (tests/api-dev-proxy.test.ts).

import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { build } from '../compiler/build/build.js';
import { goString, javaString, phpString, SAMPLE_LANGUAGES, sh } from '../compiler/reference/request-samples.js';
import { focused, launchBrowser, newContext, type StaticSite, serveSite, tabTo } from './support/browser.js';
import { corsApi } from './support/loopback-server.js';

const FIXTURE = 'tests/fixtures/api/site';

interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** An API on loopback that records what reaches it and allows the site's origin (CORS, with credentials). */
async function apiServer(): Promise<{ origin: string; port: number; received: Received[]; server: Server }> {
  const received: Received[] = [];
  const server = createServer(
    corsApi(
      (req, res, cors) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('latin1') });
          if (req.url?.includes('/pets/302')) {
            res.writeHead(302, { ...cors, location: 'http://127.0.0.2:1/elsewhere' });
            res.end();
            return;
          }
          if (req.url?.includes('/pets/xml')) {
            res.writeHead(200, { ...cors, 'content-type': 'application/xml; charset=utf-8' });
            res.end('<pet id="7"><!-- found --><name>Rex</name><note><script>alert(1)</script></note></pet>');
            return;
          }
          res.writeHead(200, { ...cors, 'content-type': 'application/json', 'x-total': '42' });
          res.end(JSON.stringify({ ok: true, html: '<b>not markup</b>' }));
        });
      },
      { expose: 'x-total' },
    ),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return { origin: `http://127.0.0.1:${port}`, port, received, server };
}

let dir: string;
let browser: Browser;
let site: StaticSite;
let api: Awaited<ReturnType<typeof apiServer>>;
let other: Awaited<ReturnType<typeof apiServer>>;
let context: BrowserContext;

test.before(async () => {
  api = await apiServer();
  other = await apiServer();
  dir = mkdtempSync(join(tmpdir(), 'docsc-playground-'));
  const root = join(dir, 'docs');
  cpSync(FIXTURE, root, { recursive: true });
  for (const file of ['openapi.yaml', 'guides/create-widget.mdx']) {
    const path = join(root, file);
    writeFileSync(
      path,
      readFileSync(path, 'utf8').replaceAll('127.0.0.1:9/', `127.0.0.1:${api.port}/`).replace(`default: '9'`, `default: '${api.port}'`),
    );
  }
  const result = await build({ root, outDir: join(dir, 'out'), cacheDir: false, threads: 1 });
  assert.ok(result.ok, 'the fixture builds');
  site = await serveSite(join(dir, 'out'));
  browser = await launchBrowser();
});

test.after(async () => {
  await site?.close();
  await browser?.close();
  for (const s of [api, other]) {
    s?.server.closeAllConnections();
    s?.server.close();
  }
  rmSync(dir, { recursive: true, force: true });
});

test.before.each(async () => {
  context = await newContext(browser);
  api.received.length = 0;
  other.received.length = 0;
});

test.after.each(async () => {
  await context.close();
});

/** The page with its playground open (the bar's Try it opens it over the page). */
async function open(path: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${site.origin}${path}`);
  await openPlayground(page);
  return page;
}

async function openPlayground(page: Page): Promise<void> {
  await page.click('[data-docsc-try-it]');
  await page.waitForSelector('[data-docsc-playground] form');
}

/** Types a JSON body as text: the raw editor, behind the switch when the body has typed fields. */
async function fillBody(page: Page, text: string): Promise<void> {
  const raw = page.locator('[data-pg="raw"]');
  if ((await raw.count()) > 0 && (await raw.getAttribute('aria-pressed')) !== 'true') await raw.click();
  await page.fill('[data-pg="body"]', text);
}

async function send(page: Page): Promise<void> {
  await page.click('[data-pg="send"]');
  await page.waitForSelector('[data-pg="status"], [data-pg="error"]');
}

async function text(page: Page, selector: string): Promise<string> {
  return (await page.textContent(selector)) ?? '';
}

function last(server = api): Received {
  const request = server.received.at(-1);
  assert.ok(request, 'a request arrived');
  return request as Received;
}

test('without JavaScript: the reference is complete, the playground says it needs JavaScript', async () => {
  const noJs = await newContext(browser, { javaScriptEnabled: false });
  const page = await noJs.newPage();
  await page.goto(`${site.origin}/api-reference/pets/list-pets`);
  assert.ok(await page.isVisible('text=Query parameters'));
  assert.is(await page.locator('[data-pg="send"]').count(), 0);
  assert.match(await page.content(), 'The API playground needs JavaScript');
  await noJs.close();
});

test('query, header and cookie parameters, with an API key in a header', async () => {
  const page = await open('/api-reference/pets/list-pets');
  await page.selectOption('[data-pg="auth"]', { index: 0 });
  await page.fill('[data-pg-cred="apiKeyHeader:value"]', 'key-123');
  await page.fill('[data-pg-param="query:limit"]', '5');
  await page.selectOption('[data-pg-param="query:kind"]', 'dog');
  await page.fill('[data-pg-param="header:X-Request-Id"]', 'req-1');
  await page.fill('[data-pg-param="cookie:session"]', 's1');
  await send(page);
  const request = last();
  assert.is(request.method, 'GET');
  assert.is(request.url, '/v1/pets?limit=5&kind=dog');
  assert.is(request.headers['x-api-key'], 'key-123');
  assert.is(request.headers['x-request-id'], 'req-1');
  assert.match(String(request.headers.cookie), 'session=s1');
  assert.match(await text(page, '[data-pg="status"]'), /^200/);
  assert.match(await text(page, '[data-pg="response-body"]'), '"html": "<b>not markup</b>"');
  assert.is(await page.locator('[data-pg="response-body"] b').count(), 0, 'HTML in a response is text');
  const preview = await text(page, '[data-pg="preview"]');
  assert.match(preview, '<api-key>');
  assert.not.match(preview, 'key-123', 'credentials never appear in code samples');
  const curl = await text(page, '[data-docsc-code-samples] figure[data-language="bash"] code');
  assert.match(curl, 'limit=5', 'the reference’s samples follow the inputs');
  assert.match(curl, '<api-key>');
  assert.not.match(curl, 'key-123');
});

/** The reference's sample in one language (cURL, JavaScript, Python, Go, Java, PHP). */
const sampleCode = (page: Page, language: string) => text(page, `[data-docsc-code-samples] figure[data-generated="${language}"] code`);

test('every reference sample and the preview follow a query parameter and the bearer token, shown as a placeholder', async () => {
  const page = await open('/api-reference/pets/get-a-pet');
  const before = await sampleCode(page, 'go');
  assert.not.match(before, 'fields=', 'an optional parameter without a value is left out');
  await page.fill('[data-pg-cred="bearerAuth:value"]', 'tok-secret');
  await page.fill('[data-pg-param="query:fields"]', 'name,tag');
  for (const language of SAMPLE_LANGUAGES) {
    const code = await sampleCode(page, language);
    assert.match(code, `${api.origin}/v1/pets/7?fields=name%2Ctag`, language);
    assert.match(code, 'Bearer <token>', language);
    assert.not.match(code, 'tok-secret', `${language}: credentials never appear in code samples`);
    await page.click(`[data-pg-language="${language}"]`);
    const preview = await text(page, '[data-pg="preview"]');
    assert.is(preview, code, `${language}: the preview is the reference's sample`);
  }
  assert.match(await sampleCode(page, 'go'), 'req.Header.Add("Authorization", "Bearer <token>")');
  assert.match(await sampleCode(page, 'java'), '.addHeader("Authorization", "Bearer <token>")');
  assert.match(await sampleCode(page, 'php'), '"Authorization: Bearer <token>"');
});

/** The reference's sample as markup: its coloured tokens. */
const sampleMarkup = (page: Page, language: string) =>
  page.locator(`[data-docsc-code-samples] figure[data-generated="${language}"] code`).evaluate((code) => code.innerHTML);

test('the build’s samples are the playground’s for the same request: nothing changes shape or colour on the first edit', async () => {
  const page = await open('/api-reference/pets/get-a-pet');
  const built = await Promise.all(SAMPLE_LANGUAGES.map((language) => sampleCode(page, language)));
  const builtMarkup = await Promise.all(SAMPLE_LANGUAGES.map((language) => sampleMarkup(page, language)));
  for (const [i, markup] of builtMarkup.entries()) assert.match(markup, '<span style="color:#', `${SAMPLE_LANGUAGES[i]}: highlighted by the build`);
  await page.fill('[data-pg-param="query:fields"]', 'x');
  assert.match(await sampleCode(page, 'java'), '?fields=x');
  assert.match(await sampleMarkup(page, 'java'), '<span style="color:#032f62;--sdark:#9ecbff">"http://127.0.0.1:', 'and live');
  await page.fill('[data-pg-param="query:fields"]', '');
  const live = await Promise.all(SAMPLE_LANGUAGES.map((language) => sampleCode(page, language)));
  assert.equal(live, built);
  assert.equal(await Promise.all(SAMPLE_LANGUAGES.map((language) => sampleMarkup(page, language))), builtMarkup, 'the same tokens, the same colours');
});

test('typed values are text in the highlighted samples and the preview, in every language', async () => {
  const page = await open('/api-reference/pets/list-pets');
  const typed = `</code><script>window.pwned=1</script><img src=x onerror="window.pwned=2">'"\\$x`;
  await page.fill('[data-pg-param="header:X-Request-Id"]', typed);
  for (const language of SAMPLE_LANGUAGES) {
    await page.click(`[data-pg-language="${language}"]`);
    const preview = page.locator('[data-pg="preview"]');
    assert.ok((await preview.locator('span[style]').count()) > 3, `${language}: the preview is highlighted`);
    assert.is(await preview.textContent(), await sampleCode(page, language), language);
    assert.match(await sampleCode(page, language), '</code><script>window.pwned=1</script><img src=x onerror=', language);
  }
  assert.is(await page.locator('[data-docsc-code-samples] :is(script, img), [data-pg="preview"] :not(span)').count(), 0);
  assert.is(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned), undefined);
});

test('quotes, backslashes, line breaks and $ in the inputs make valid escaped strings in every sample', async () => {
  const page = await open('/api-reference/pets/create-a-pet');
  const body = '{"name": "O\'Brien \\"Bo\\" $HOME {$x}",\n"tag": "a\\\\b"}';
  await fillBody(page, body);
  assert.match(await sampleCode(page, 'go'), `payload := strings.NewReader(${goString(body)})`);
  assert.match(await sampleCode(page, 'java'), `RequestBody.create(mediaType, ${javaString(body)})`);
  const php = await sampleCode(page, 'php');
  assert.match(php, `CURLOPT_POSTFIELDS => ${phpString(body)},`);
  assert.match(php, '\\$HOME {\\$x}', 'PHP interpolates nothing');
  assert.match(await sampleCode(page, 'curl'), `--data ${sh(body)}`);
  const python = await sampleCode(page, 'python');
  assert.match(python, `"name": "O'Brien \\"Bo\\" $HOME {$x}",\n"tag": "a\\\\b"`);
  const javascript = await sampleCode(page, 'javascript');
  assert.match(javascript, 'body: JSON.stringify({"name"');
  for (const language of ['go', 'java', 'php'])
    for (const line of (await sampleCode(page, language)).split('\n'))
      assert.is((line.replace(/\\./g, '').match(/"/g) ?? []).length % 2, 0, `${language}: every literal closes on its line: ${line}`);
});

test('an API key in the query and in a cookie; HTTP basic; no authentication', async () => {
  const page = await open('/api-reference/pets/list-pets');
  await page.selectOption('[data-pg="auth"]', { index: 1 });
  await page.fill('[data-pg-cred="apiKeyQuery:value"]', 'q-key');
  await send(page);
  assert.match(last().url, /[?&]api_key=q-key(&|$)/);

  await page.selectOption('[data-pg="auth"]', { index: 2 });
  await page.fill('[data-pg-cred="apiKeyCookie:value"]', 'c-key');
  await send(page);
  assert.match(String(last().headers.cookie), 'token=c-key');
  assert.not.match(last().url, 'c-key');

  await page.selectOption('[data-pg="auth"]', { index: 3 });
  await page.fill('[data-pg-cred="basicAuth:username"]', 'ann');
  await page.fill('[data-pg-cred="basicAuth:password"]', 'pä55');
  await send(page);
  assert.is(last().headers.authorization, `Basic ${Buffer.from('ann:pä55').toString('base64')}`);

  await page.selectOption('[data-pg="auth"]', '-1');
  await send(page);
  assert.is(last().headers.authorization, undefined);
  assert.is(last().headers['x-api-key'], undefined);
});

test('bearer token and a JSON body; then the form-urlencoded body', async () => {
  const page = await open('/api-reference/pets/create-a-pet');
  await page.fill('[data-pg-cred="bearerAuth:value"]', 'tok');
  await fillBody(page, '{"name": "Bo"}');
  await send(page);
  let request = last();
  assert.is(request.method, 'POST');
  assert.is(request.url, '/v1/pets');
  assert.is(request.headers.authorization, 'Bearer tok');
  assert.is(request.headers['content-type'], 'application/json');
  assert.equal(JSON.parse(request.body), { name: 'Bo' });

  await page.selectOption('[data-pg="media"]', { index: 1 });
  await page.fill('[data-pg-form="age"]', '3');
  await send(page);
  request = last();
  assert.is(request.headers['content-type'], 'application/x-www-form-urlencoded');
  assert.is(request.body, 'name=Rex&age=3');
});

test('nested body fields by keyboard: an object two levels down, array items added and removed; sent, and in the request example', async () => {
  const page = await open('/api-reference/pets/create-a-pet');
  await page.fill('[data-pg-cred="bearerAuth:value"]', 'tok');
  await tabTo(page, '[data-pg-body="owner.address.city"]');
  await page.keyboard.type('Oslo');
  await tabTo(page, '[data-pg-body="owner.address.zip"]');
  await page.keyboard.type('150');
  // An array of strings: Add item puts the focus in the new item; its Remove button puts it on the item before.
  await tabTo(page, '[data-pg-add="nicknames"]');
  await page.keyboard.press('Enter');
  assert.ok(await focused(page, '[data-pg-body="nicknames.0"]'), 'the new item has the focus');
  await page.keyboard.type('Bo');
  await tabTo(page, '[data-pg-add="nicknames"]');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Bobby');
  await tabTo(page, '[data-pg-remove="nicknames.1"]');
  await page.keyboard.press('Enter');
  assert.ok(await focused(page, '[data-pg-remove="nicknames.0"]'), 'the focus stays in the list');
  // An array of objects: the new item's first field has the focus.
  await tabTo(page, '[data-pg-add="toys"]');
  await page.keyboard.press('Enter');
  assert.ok(await focused(page, '[data-pg-body="toys.0.label"]'));
  await page.keyboard.type('ball');
  // A recursive schema stops: the friend's friend is typed as JSON.
  assert.is(await page.locator('[data-pg-body="friend.name"]').count(), 1);
  assert.is(await page.locator('[data-pg-body="friend.friend"]').evaluate((e) => e.tagName), 'TEXTAREA');
  await send(page);
  const sent = {
    name: 'Rex',
    animal: { kind: 'dog', barks: true },
    owner: { address: { city: 'Oslo', zip: 150 } },
    nicknames: ['Bo'],
    toys: [{ label: 'ball' }],
  };
  assert.equal(JSON.parse(last().body), sent);
  for (const language of ['curl', 'python'])
    for (const line of ['"city": "Oslo"', '"zip": 150', '"label": "ball"'])
      assert.match(await sampleCode(page, language), line, `${language}: the request example follows the nested fields`);
  assert.match(await text(page, '[data-pg="preview"]'), '"city": "Oslo"');
  // Emptied by hand, the nested object leaves the body whole.
  await page.fill('[data-pg-body="owner.address.city"]', '');
  await page.fill('[data-pg-body="owner.address.zip"]', '');
  await page.click('[data-pg="raw"]');
  assert.equal(JSON.parse(await page.inputValue('[data-pg="body"]')), {
    name: 'Rex',
    animal: sent.animal,
    nicknames: ['Bo'],
    toys: [{ label: 'ball' }],
  });
});

test('an XML answer is coloured as markup, and stays text', async () => {
  const page = await open('/api-reference/pets/get-a-pet');
  await page.fill('[data-pg-param="path:petId"]', 'xml');
  await send(page);
  assert.is(last().url, '/v1/pets/xml');
  const body = '[data-pg="response-body"] code[data-language="xml"]';
  assert.is(await text(page, body), '<pet id="7"><!-- found --><name>Rex</name><note><script>alert(1)</script></note></pet>');
  assert.equal(await page.locator(`${body} .docsc-j-key`).allTextContents(), [
    '<pet',
    '<name',
    '</name',
    '<note',
    '<script',
    '</script',
    '</note',
    '</pet',
  ]);
  assert.equal(await page.locator(`${body} .docsc-j-comment`).allTextContents(), ['<!-- found -->']);
  assert.equal(await page.locator(`${body} .docsc-j-string`).allTextContents(), ['"7"']);
  assert.is(await page.locator('[data-pg="response-body"] script').count(), 0, 'markup in a response is text');
});

test('multipart body with a file upload, and a path parameter', async () => {
  const page = await open('/api-reference/pets/upload-a-photo');
  await page.fill('[data-pg-param="path:petId"]', '12');
  await page.setInputFiles('[data-pg-form="file"]', { name: 'cat.txt', mimeType: 'text/plain', buffer: Buffer.from('meow') });
  await send(page);
  const request = last();
  assert.is(request.method, 'PUT');
  assert.is(request.url, '/v1/pets/12/photo');
  assert.match(String(request.headers['content-type']), /^multipart\/form-data; boundary=/);
  assert.match(request.body, 'name="caption"\r\n\r\nSmile');
  assert.match(request.body, 'filename="cat.txt"');
  assert.match(request.body, 'meow');
});

test('the server dropdown and its variables change the target', async () => {
  const page = await open('/api-reference/pets/get-a-pet');
  assert.match(await text(page, '[data-pg="preview"]'), `${api.origin}/v1/pets/7`);
  await page.fill('[data-pg-var="port"]', String(other.port));
  await send(page);
  assert.is(api.received.length, 0);
  assert.is(last(other).url, '/v1/pets/7');

  await page.fill('[data-pg-var="port"]', 'evil.example/x');
  assert.match(await text(page, '[data-pg="problem"]'), 'host');

  await page.selectOption('[data-pg="server"]', { index: 1 });
  assert.match(await text(page, '[data-pg="preview"]'), 'https://eu.pets.example.com/v1/pets/7');
  await page.selectOption('[data-pg-var="region"]', 'us');
  assert.match(await text(page, '[data-pg="preview"]'), 'https://us.pets.example.com/v1/pets/7');
});

test('an operation’s own servers override the document’s', async () => {
  const page = await open('/api-reference/pets/delete-a-pet');
  await page.fill('[data-pg-cred="bearerAuth:value"]', 't');
  await send(page);
  assert.is(last().method, 'DELETE');
  assert.is(last().url, '/admin/pets/7');
});

test('a redirect is not followed', async () => {
  const page = await open('/api-reference/pets/get-a-pet');
  await page.fill('[data-pg-param="path:petId"]', '302');
  await send(page);
  assert.match(await text(page, '[data-pg="status"]'), 'redirect');
});

test('simple mode: no server, no send button, a message why', async () => {
  const page = await open('/api-reference/status');
  assert.is(await page.locator('[data-pg="send"]').count(), 0);
  assert.match(await text(page, '[data-pg="simple"]'), 'no server');
});

test('a recursive schema renders, marked', async () => {
  const page = await context.newPage();
  await page.goto(`${site.origin}/api-reference/pets/list-pets`);
  const marks = await page.locator('.docsc-recursive').allTextContents();
  assert.ok(marks.some((m) => m.includes('Pet')));
});

test('credentials stay out of localStorage unless the reader opts in', async () => {
  const page = await open('/api-reference/pets/create-a-pet');
  await page.fill('[data-pg-cred="bearerAuth:value"]', 'secret-tok');
  await send(page);
  const stored = () => page.evaluate(() => JSON.stringify({ ...localStorage }));
  assert.not.match(await stored(), 'secret-tok');
  await page.check('[data-pg="remember"]');
  assert.match(await stored(), 'secret-tok');
  await page.reload();
  await openPlayground(page);
  assert.is(await page.inputValue('[data-pg-cred="bearerAuth:value"]'), 'secret-tok');
  await page.uncheck('[data-pg="remember"]');
  assert.not.match(await stored(), 'secret-tok');
});

test('a page documented with ParamFields gets the playground from its fields', async () => {
  const page = await open('/guides/create-widget');
  await page.fill('[data-pg-param="path:widget_id"]', 'w1');
  await page.fill('[data-pg-param="header:X-Trace"]', 'tr');
  await fillBody(page, '{"name":"gizmo","size":3}');
  await send(page);
  const request = last();
  assert.is(request.method, 'POST');
  assert.is(request.url, '/v1/widgets/w1?dry_run=false');
  assert.is(request.headers['x-trace'], 'tr');
  assert.equal(JSON.parse(request.body), { name: 'gizmo', size: 3 });
});

test('api.mdx.auth authenticates ParamField pages; api.playground.credentials sends the browser’s cookies for the API', async () => {
  await context.addCookies([{ name: 'session', value: 'from-browser', domain: '127.0.0.1', path: '/' }]);
  const fill = async (page: Page) => {
    await page.fill('[data-pg-param="path:widget_id"]', 'w1');
    await fillBody(page, '{"name":"gizmo"}');
  };
  // The default site: no way to authenticate, and no cookie goes to the API.
  const plain = await open('/guides/create-widget');
  assert.is(await plain.locator('[data-pg="auth"]').count(), 0);
  await fill(plain);
  await send(plain);
  assert.is(last().headers.cookie, undefined);

  const root = join(dir, 'docs');
  const config = JSON.parse(readFileSync(join(root, 'docs.json'), 'utf8'));
  config.api = { playground: { display: 'interactive', credentials: true }, mdx: { auth: { method: 'key', name: 'X-Widget-Key' } } };
  writeFileSync(join(root, 'docs.json'), JSON.stringify(config));
  const out = join(dir, 'out-auth');
  assert.ok((await build({ root, outDir: out, cacheDir: false, threads: 1 })).ok);
  const authSite = await serveSite(out);
  try {
    const page = await context.newPage();
    await page.goto(`${authSite.origin}/guides/create-widget`);
    await openPlayground(page);
    await page.fill('[data-pg-cred="key:value"]', 'wk-1');
    await fill(page);
    await send(page);
    const request = last();
    assert.is(request.headers['x-widget-key'], 'wk-1');
    assert.is(request.headers.cookie, 'session=from-browser');
    assert.match(await text(page, '[data-pg="preview"]'), '<api-key>', 'the key itself stays out of the preview');
  } finally {
    await authSite.close();
  }
});

test.run();
