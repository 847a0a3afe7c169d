// `docsc dev`'s playground proxy (compiler/dev/dev-proxy.ts), through the
// real dev server against an API on loopback that sends no CORS headers:
// the request arrives with its method, path, query, headers, cookie and
// body; redirects come back unfollowed; only http(s) targets, only from the
// dev server's own origin.

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { BuildResult } from '../compiler/build/build.js';
import { PROXY_PATH } from '../compiler/dev/dev-proxy.js';
import { DevServer } from '../compiler/dev/dev-server.js';
import { loopbackServer } from './support/loopback-server.js';

interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

const received: Received[] = [];
const api = loopbackServer(test, (req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString() });
    if (req.url === '/moved') {
      res.writeHead(301, { location: 'http://127.0.0.2:1/elsewhere' }).end();
      return;
    }
    res.writeHead(201, { 'content-type': 'application/json', 'x-api': 'yes' }).end('{"made":true}');
  });
});

let dir: string;
let server: DevServer;
let origin: string;

test.before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'docsc-proxy-'));
  mkdirSync(join(dir, 'out'));
  writeFileSync(join(dir, 'out', 'index.html'), '<!doctype html><title>x</title>');
  server = new DevServer({ outDir: join(dir, 'out'), host: '127.0.0.1', port: 0 });
  origin = await server.listen();
  server.built({ ok: true, diagnostics: [] } as unknown as BuildResult);
});

test.after(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

function viaProxy(target: string, init: { method?: string; headers?: Record<string, string>; body?: string; origin?: string } = {}) {
  return fetch(`${origin}${PROXY_PATH}`, {
    method: 'POST',
    headers: {
      origin: init.origin ?? origin,
      'x-docsc-proxy-target': target,
      'x-docsc-proxy-method': init.method ?? 'GET',
      ...init.headers,
    },
    ...(init.body === undefined ? {} : { body: init.body }),
  });
}

test('the request arrives as the playground describes it, and the answer comes back', async () => {
  received.length = 0;
  const response = await viaProxy(`${api.origin}/v1/pets?limit=2`, {
    method: 'PUT',
    headers: { authorization: 'Bearer t', 'content-type': 'application/json', 'x-docsc-proxy-cookie': 'session=s1; token=k' },
    body: '{"name":"Rex"}',
  });
  assert.is(response.status, 200);
  assert.is(response.headers.get('x-docsc-proxy-status'), '201');
  assert.is(response.headers.get('x-api'), 'yes');
  assert.is(await response.text(), '{"made":true}');
  const got = received[0] as Received;
  assert.is(got.method, 'PUT');
  assert.is(got.url, '/v1/pets?limit=2');
  assert.is(got.headers.authorization, 'Bearer t');
  assert.is(got.headers.cookie, 'session=s1; token=k');
  assert.is(got.headers['content-type'], 'application/json');
  assert.is(got.body, '{"name":"Rex"}');
  assert.is(got.headers.origin, undefined, 'the dev server’s origin is not forwarded');
  assert.ok(!Object.keys(got.headers).some((h) => h.startsWith('x-docsc-proxy')));
});

test('a redirect comes back unfollowed', async () => {
  received.length = 0;
  const response = await viaProxy(`${api.origin}/moved`);
  assert.is(response.headers.get('x-docsc-proxy-status'), '301');
  assert.is(response.headers.get('x-docsc-proxy-location'), 'http://127.0.0.2:1/elsewhere');
  assert.is(received.length, 1);
});

test('only http(s) targets, only from the dev server’s own pages', async () => {
  for (const target of ['file:///etc/passwd', 'javascript:alert(1)', 'ftp://127.0.0.1/', `http://user:pw@127.0.0.1:1/`, 'not a url']) {
    const response = await viaProxy(target);
    assert.is(response.status, 400, target);
  }
  const foreign = await viaProxy(`${api.origin}/v1`, { origin: 'https://evil.example' });
  assert.is(foreign.status, 403);
  const get = await fetch(`${origin}${PROXY_PATH}`);
  assert.is(get.status, 405);
});

test.run();
