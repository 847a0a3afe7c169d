// Hosted OpenAPI documents against hostile servers and addresses: loopback,
// link-local, private and unspecified addresses refused (IP literals, names
// that resolve to them, redirects to them, IPv4 and IPv6), with the
// diagnostic at the URL's place in docs.json and no request made; the
// `--allow-private-urls` switch (DOCSC_ALLOW_PRIVATE_URLS); huge bodies,
// gzip bombs and slow drips stopped at their caps. A real HTTP server on
// 127.0.0.1 plays the hostile server; the policy that lets a test reach it
// refuses every other address as docsc does.

import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { check } from '../compiler/check.js';
import { ALLOW_PRIVATE_URLS_ENV } from '../compiler/openapi/allow-private-urls.js';
import { type AddressPolicy, type FetchLimits, fetchDocument, refusedRange } from '../compiler/openapi/fetch-document.js';

const spec = JSON.stringify({
  openapi: '3.1.0',
  info: { title: 'T', version: '1' },
  servers: [{ url: 'https://api.example.com' }],
  paths: { '/ping': { get: { summary: 'Ping', responses: { '200': { description: 'ok' } } } } },
});
const bomb = gzipSync(Buffer.alloc(64 * 1024 * 1024), { level: 9 }); // 64 MiB of zeros in ~64 kB

let server: Server | undefined;
let origin = '';
let port = 0;
const hits: string[] = [];
let savedEnv: string | undefined;

function serve(req: IncomingMessage, res: ServerResponse): void {
  const path = new URL(req.url ?? '/', 'http://x').pathname;
  hits.push(path);
  if (path === '/spec.json') res.writeHead(200, { 'content-type': 'application/json' }).end(spec);
  else if (path === '/gzip-spec') res.writeHead(200, { 'content-encoding': 'gzip' }).end(gzipSync(spec));
  else if (path === '/to-metadata') res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
  else if (path === '/to-loopback-alias') res.writeHead(307, { location: `http://127.0.0.2:${port}/spec.json` }).end();
  else if (path === '/to-ipv6') res.writeHead(302, { location: `http://[::1]:${port}/spec.json` }).end();
  else if (path === '/bomb') res.writeHead(200, { 'content-encoding': 'gzip' }).end(bomb);
  else if (path === '/endless') endless(res);
  else if (path === '/lying-length') res.writeHead(200, { 'content-length': String(10 * 1024 * 1024 * 1024) }).end('{}');
  else if (path === '/drip') drip(res);
  else res.writeHead(404).end();
}

/** Megabyte chunks without end, no content-length. */
function endless(res: ServerResponse): void {
  res.writeHead(200, { 'content-type': 'application/json' });
  const chunk = Buffer.alloc(1024 * 1024, 0x20);
  const push = () => {
    while (!res.destroyed && res.write(chunk)) {}
    if (!res.destroyed) res.once('drain', push);
  };
  push();
}

/** One byte every 50 ms, forever. */
function drip(res: ServerResponse): void {
  res.writeHead(200, { 'content-type': 'application/json' });
  const timer = setInterval(() => (res.destroyed ? clearInterval(timer) : res.write(' ')), 50);
  res.on('close', () => clearInterval(timer));
}

test.before(async () => {
  savedEnv = process.env[ALLOW_PRIVATE_URLS_ENV];
  delete process.env[ALLOW_PRIVATE_URLS_ENV];
  server = createServer(serve);
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
});

test.after(() => {
  if (savedEnv === undefined) delete process.env[ALLOW_PRIVATE_URLS_ENV];
  else process.env[ALLOW_PRIVATE_URLS_ENV] = savedEnv;
  server?.closeAllConnections();
  server?.close();
});

/** docsc's policy, except that this test's server at exactly 127.0.0.1 is reachable. */
const onlyTestServer: AddressPolicy = (address) => (address === '127.0.0.1' ? undefined : refusedRange(address));
const limits: FetchLimits = { timeoutMs: 5_000, maxBytes: 1024 * 1024, maxRedirects: 5 };

async function reason(url: string, overrides: Partial<FetchLimits> = {}, policy?: AddressPolicy): Promise<string> {
  const result = await fetchDocument(url, { ...limits, ...overrides }, policy);
  assert.ok(!result.ok, `expected ${url} to fail`);
  return result.ok ? '' : result.reason;
}

// ---------------------------------------------------------------------------
// Address classes

test('loopback, link-local, private, unspecified, multicast are refused; public addresses are not', () => {
  const refused: Record<string, string> = {
    '127.0.0.1': 'loopback',
    '127.255.0.9': 'loopback',
    '::1': 'loopback',
    '0.0.0.0': 'unspecified',
    '::': 'unspecified',
    '169.254.169.254': 'link-local',
    'fe80::1': 'link-local',
    '10.1.2.3': 'private',
    '172.16.0.1': 'private',
    '172.31.255.255': 'private',
    '192.168.1.1': 'private',
    '100.64.0.1': 'private',
    'fd00::1': 'private',
    'fc00::abcd': 'private',
    '224.0.0.1': 'multicast',
    'ff02::1': 'multicast',
    '255.255.255.255': 'reserved',
    '::ffff:127.0.0.1': 'loopback',
    '::ffff:7f00:1': 'loopback',
    '::ffff:a9fe:a9fe': 'link-local',
    '64:ff9b::a9fe:a9fe': 'link-local',
    '::ffff:10.0.0.1': 'private',
  };
  for (const [address, kind] of Object.entries(refused)) assert.is(refusedRange(address), kind, address);
  for (const address of ['8.8.8.8', '1.1.1.1', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8', '192.169.0.1']) {
    assert.is(refusedRange(address), undefined, address);
  }
});

test('IP literals in any spelling are refused before connecting', async () => {
  hits.length = 0;
  for (const host of ['127.0.0.1', '0x7f.1', '2130706433', '[::1]', '[::ffff:127.0.0.1]', '0.0.0.0', '169.254.169.254', '[fe80::1]', '10.0.0.1']) {
    const text = await reason(`http://${host}:${port}/spec.json`, { timeoutMs: 1_000 });
    assert.match(
      text,
      /is a (loopback|unspecified|link-local|private) address; docsc fetches only public addresses unless --allow-private-urls/,
      host,
    );
  }
  assert.equal(hits, [], 'no request reached the server');
});

test('a name that resolves to loopback is refused on the resolved address', async () => {
  hits.length = 0;
  // `localhost` and this machine's name resolve through the same lookup docsc connects with.
  assert.match(await reason(`http://localhost:${port}/spec.json`), /`localhost` \((127\.0\.0\.1|::1)\) is a loopback address/);
  assert.equal(hits, []);
});

test('redirects to link-local, loopback aliases and IPv6 loopback are refused at the hop', async () => {
  hits.length = 0;
  assert.match(await reason(`${origin}/to-metadata`, {}, onlyTestServer), /`169\.254\.169\.254` is a link-local address/);
  assert.match(await reason(`${origin}/to-loopback-alias`, {}, onlyTestServer), /`127\.0\.0\.2` is a loopback address/);
  assert.match(await reason(`${origin}/to-ipv6`, {}, onlyTestServer), /`\[::1\]` is a loopback address/);
  // Only the first hops reached the server; no redirect target was requested.
  assert.equal(hits.sort(), ['/to-ipv6', '/to-loopback-alias', '/to-metadata']);
});

test('the switch (option or environment) allows loopback for local development', async () => {
  const byOption = await fetchDocument(`${origin}/spec.json`, { ...limits, allowPrivate: true });
  assert.ok(byOption.ok);
  process.env[ALLOW_PRIVATE_URLS_ENV] = '1';
  try {
    const byEnv = await fetchDocument(`http://localhost:${port}/gzip-spec`, limits);
    assert.ok(byEnv.ok, byEnv.ok ? '' : byEnv.reason);
    assert.is(Buffer.from(byEnv.ok ? byEnv.bytes : []).toString(), spec, 'gzip bodies are decoded');
  } finally {
    delete process.env[ALLOW_PRIVATE_URLS_ENV];
  }
});

// ---------------------------------------------------------------------------
// Size and time caps

test('a gzip bomb stops at the cap on decoded bytes', async () => {
  const started = performance.now();
  const text = await reason(`${origin}/bomb`, {}, onlyTestServer);
  assert.is(text, 'the document is larger than the limit of 1048576 bytes');
  assert.ok(performance.now() - started < 3_000, 'stopped early');
});

test('an endless body and a lying content-length stop at the byte cap', async () => {
  assert.is(await reason(`${origin}/endless`, {}, onlyTestServer), 'the document is larger than the limit of 1048576 bytes');
  assert.is(await reason(`${origin}/lying-length`, {}, onlyTestServer), 'the document is larger than the limit of 1048576 bytes');
});

test('a body that drips forever stops at the timeout', async () => {
  const started = performance.now();
  assert.is(await reason(`${origin}/drip`, { timeoutMs: 400 }, onlyTestServer), 'no complete answer within 0.4 s');
  assert.ok(performance.now() - started < 2_000);
});

// ---------------------------------------------------------------------------
// Through check(): the diagnostic stands at the URL in docs.json

test('check refuses a loopback URL at its place in docs.json, with no request made', async () => {
  hits.length = 0;
  const root = mkdtempSync(join(tmpdir(), 'docsc-ssrf-'));
  try {
    const urls = [`${origin}/spec.json`, 'http://169.254.169.254/latest/meta-data/openapi.json', 'http://[::1]/openapi.json'];
    const config = `{\n  "name": "S",\n  "navigation": {\n    "groups": [\n${urls.map((url, i) => `      { "group": "G${i}", "openapi": "${url}" }`).join(',\n')}\n    ]\n  }\n}\n`;
    writeFileSync(join(root, 'docs.json'), config);
    const result = await check({ root, threads: 1 });
    const failed = result.diagnostics.filter((d) => d.code === 'openapi/fetch-failed');
    assert.is(failed.length, 3, result.diagnostics.map((d) => d.message).join('\n'));
    for (const url of urls) {
      const d = failed.find((f) => f.message.includes(url));
      assert.ok(d, url);
      const index = config.indexOf(`"${url}"`);
      const line = config.slice(0, index).split('\n').length;
      const column = index - config.lastIndexOf('\n', index - 1);
      assert.equal({ file: d?.file, line: d?.line, column: d?.column }, { file: 'docs.json', line, column });
      assert.match(d?.message ?? '', /address; docsc fetches only public addresses unless --allow-private-urls/);
    }
    assert.equal(hits, []);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('docsc check --allow-private-urls: refused without the flag (exit 1), fetched with it (exit 0)', async () => {
  const root = mkdtempSync(join(tmpdir(), 'docsc-ssrf-cli-'));
  try {
    writeFileSync(join(root, 'index.mdx'), '---\ntitle: Home\n---\n\nHome.\n');
    const config = {
      name: 'S',
      colors: { primary: '#000000' },
      navigation: {
        groups: [
          { group: 'Home', pages: ['index'] },
          { group: 'API', openapi: `${origin}/spec.json` },
        ],
      },
    };
    writeFileSync(join(root, 'docs.json'), JSON.stringify(config, null, 2));
    const env = { ...process.env };
    delete env[ALLOW_PRIVATE_URLS_ENV];
    const run = (args: string[]) =>
      new Promise<{ status: number | null; stdout: string }>((resolve) => {
        const child = spawn(process.execPath, ['--import', 'tsx', 'cli/main.ts', 'check', root, '--no-color', ...args], { env });
        let stdout = '';
        child.stdout.on('data', (chunk: Buffer) => {
          stdout += chunk.toString();
        });
        child.on('exit', (status) => resolve({ status, stdout }));
      });
    const refused = await run([]);
    assert.is(refused.status, 1);
    assert.match(refused.stdout, 'is a loopback address');
    const allowed = await run(['--allow-private-urls']);
    assert.is(allowed.status, 0, allowed.stdout);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test.run();
