// `docsc dev` against hostile requests and file-system storms, on a real
// loopback server: foreign Host and Origin (DNS rebinding, look-alike names,
// wrong port, `null` origin, the event stream included), `..`, `%2e%2e`,
// double-encoded, overlong UTF-8 and backslash paths and a symbolic link out
// of the output folder; a thousand files changed at once are a handful of
// rebuilds, not a thousand; an MDX syntax error shows in the overlay and
// its fix clears it and reloads.

import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type DevSession, startDev } from '../compiler/dev/dev-session.js';
import { asBuild } from './support/dev-build.js';

const SECRET = 'DEV_CANARY_51c0';

interface Reply {
  status: number;
  body: string;
}

/** A raw GET (or another method): the path is sent exactly as given, and any headers (Host too). */
function get(base: string, path: string, headers: Record<string, string> = {}, timeoutMs = 2_000, method = 'GET'): Promise<Reply> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path, method, headers, setHost: !('host' in headers) }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
        if (res.headers['content-type'] === 'text/event-stream') req.destroy();
      });
      res.on('close', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`no answer for ${path}`)));
    req.on('error', reject);
    req.end();
  });
}

interface Session {
  session: DevSession;
  root: string;
  dir: string;
  builds: string[][];
}

async function withSession(run: (s: Session) => Promise<void>, host?: string): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'docsc-dev-hard-'));
  const root = join(dir, 'docs');
  cpSync('tests/fixtures/build/site', root, { recursive: true });
  writeFileSync(join(dir, 'secret.txt'), SECRET);
  const builds: string[][] = [];
  const session = await startDev({
    root,
    port: 0,
    ...(host === undefined ? {} : { host }),
    threads: 1,
    cacheDir: join(dir, 'cache'),
    quietMs: 50,
    onBuild: (_, changed) => builds.push([...changed]),
  });
  await session.firstBuild;
  try {
    await run({ session, root, dir, builds });
  } finally {
    await session.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

test('dev: foreign, look-alike and missing Host and Origin headers are refused, the event stream too', () =>
  withSession(async ({ session }) => {
    const port = new URL(session.url).port;
    const refused: Record<string, string>[] = [
      { host: 'attacker.example' },
      { host: `attacker.example:${port}` },
      { host: `127.0.0.1.attacker.example:${port}` },
      { host: `localhost.attacker.example:${port}` },
      { host: `127.0.0.1:${Number(port) + 1}` },
      { host: `localhost:${port}@attacker.example` },
      { host: '' },
      { host: `10.1.2.3:${Number(port) + 1}` },
      { host: `[10.1.2.3]:${port}` },
      { host: 'fe80::1' },
      { host: `10.1.2.3.nip.io:${port}` },
      { origin: 'http://attacker.example' },
      { origin: `http://127.0.0.1:${port}.attacker.example` },
      { origin: `https://127.0.0.1:${port}` },
      { origin: 'null' },
      { origin: `http://localhost:${Number(port) + 1}` },
    ];
    for (const headers of refused) {
      for (const path of ['/', '/_docsc/dev/events', '/_docsc/dev/client.js']) {
        const reply = await get(session.url, path, headers);
        assert.is(reply.status, 403, `${JSON.stringify(headers)} ${path}`);
      }
    }
    const accepted: Record<string, string>[] = [
      {},
      { host: `localhost:${port}` },
      { origin: `http://127.0.0.1:${port}` },
      { host: `[::1]:${port}`, origin: `http://[::1]:${port}` },
      { host: `LOCALHOST:${port}` },
      // An address is no rebinding: `--host 0.0.0.0` serves other devices at the machine's address.
      { host: `192.168.1.20:${port}`, origin: `http://192.168.1.20:${port}` },
      { host: `[fe80::1]:${port}` },
    ];
    for (const headers of accepted) {
      assert.is((await get(session.url, '/', headers)).status, 200, JSON.stringify(headers));
    }
  }));

test('dev: on every interface (--host 0.0.0.0) the URL shown is loopback, the network addresses are listed and serve pages, the request proxy serves only this machine, names are still refused', () =>
  withSession(async ({ session }) => {
    const port = new URL(session.url).port;
    assert.is(session.url, `http://127.0.0.1:${port}`);
    const expected = Object.values(networkInterfaces())
      .flat()
      .filter((entry) => entry !== undefined && !entry.internal && entry.family === 'IPv4')
      .map((entry) => `http://${entry?.address}:${port}`);
    assert.equal(session.networkUrls, expected);
    const upstream = createServer((_, response) => response.end('upstream answered'));
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const proxied = { 'x-docsc-proxy-target': `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/`, 'x-docsc-proxy-method': 'GET' };
    try {
      // From this machine, the proxy works.
      const local = await get(session.url, '/_docsc/proxy', proxied, 2_000, 'POST');
      assert.equal([local.status, local.body], [200, 'upstream answered']);
      // Connected to by a network address (not loopback), as another device would: pages yes, the proxy no — it
      // would reach this machine's own services for anyone on the network.
      for (const url of session.networkUrls) {
        assert.is((await get(url, '/')).status, 200, url);
        const remote = await get(url, '/_docsc/proxy', proxied, 2_000, 'POST');
        assert.is(remote.status, 403, url);
        assert.match(remote.body, 'serves only this machine');
      }
    } finally {
      await new Promise((resolve) => upstream.close(resolve));
    }
    assert.is((await get(session.url, '/', { host: `attacker.example:${port}` })).status, 403);
  }, '0.0.0.0'));

test('dev: on loopback no network address is listed', () =>
  withSession(async ({ session }) => {
    assert.equal(session.networkUrls, []);
  }));

test('dev: traversal in every spelling serves nothing outside the output folder', () =>
  withSession(async ({ session, root }) => {
    // A link inside the output folder that leads out of it.
    symlinkSync(join(root, '..', 'secret.txt'), join(root, '.docsc', 'dev', 'leak.txt'));
    const paths = [
      '/../secret.txt',
      '/../../secret.txt',
      '/%2e%2e/secret.txt',
      '/%2E%2E/%2E%2E/secret.txt',
      '/%252e%252e/secret.txt',
      '/..%2fsecret.txt',
      '/..%2f..%2fsecret.txt',
      '/..%5csecret.txt',
      '/..\\secret.txt',
      '/..\\..\\secret.txt',
      '/%c0%ae%c0%ae/secret.txt',
      '/.%2e/secret.txt',
      '//../secret.txt',
      '/leak.txt',
      '/leak',
      '/docs.json',
      '/%00',
      '/index.html%00.txt',
    ];
    for (const path of paths) {
      const reply = await get(session.url, path);
      assert.is.not(reply.status, 200, path);
      assert.not.match(reply.body, SECRET, path);
      assert.not.match(reply.body, '"navigation"', path);
    }
    const docsJson = readFileSync(join(root, 'docs.json'), 'utf8');
    assert.not.match((await get(session.url, '/../docs/docs.json')).body, docsJson.slice(0, 40));
  }));

test('dev: a thousand files changed at once are a few rebuilds, and every page is served', () =>
  withSession(async ({ session, root, builds }) => {
    const before = builds.length;
    const next = session.nextBuild();
    for (let i = 0; i < 1_000; i++) writeFileSync(join(root, `storm-${i}.mdx`), `---\ntitle: Storm ${i}\nhidden: true\n---\n\nStorm text ${i}.\n`);
    await next;
    // Let the batches that arrived during the first build finish: until every file was in one, or a minute passes (a
    // lost change then fails below). Waiting for a quiet 250 ms instead stopped while a second build was still running
    // on a busy machine (247 of 1,000 files seen).
    const deadline = Date.now() + 60_000;
    while (new Set(builds.slice(before).flat()).size < 1_000 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const storm = builds.slice(before);
    assert.ok(storm.length >= 1 && storm.length <= 5, `${storm.length} rebuilds for one storm`);
    assert.is(new Set(storm.flat()).size, 1_000, 'every changed file was in a batch');
    assert.match((await get(session.url, '/storm-999')).body, 'Storm text 999.');
  }));

test('dev: an MDX syntax error shows in the overlay; its fix clears it and reloads', () =>
  withSession(async ({ session, root }) => {
    const page = join(root, 'quickstart.mdx');
    const good = readFileSync(page, 'utf8');
    let next = session.nextBuild();
    writeFileSync(page, `${good}\n<Callout>\n\nUnclosed {\n`);
    const broken = asBuild(await next);
    const error = broken.diagnostics.find((d) => d.file === 'quickstart.mdx' && d.severity === 'error');
    assert.ok(error, 'the syntax error is reported');
    assert.ok(error.line >= 1 && error.column >= 1);
    const during = await get(session.url, '/_docsc/dev/events');
    assert.match(during.body, '"file":"quickstart.mdx"');
    next = session.nextBuild();
    writeFileSync(page, good.replace('Keys are secret.', 'Keys are fixed.'));
    const fixed = asBuild(await next);
    assert.not.ok(fixed.diagnostics.some((d) => d.file === 'quickstart.mdx' && d.severity === 'error'));
    const after = await get(session.url, '/_docsc/dev/events');
    assert.not.match(after.body, '"file":"quickstart.mdx"');
    assert.match((await get(session.url, '/quickstart')).body, 'Keys are fixed.');
  }));

test.run();
