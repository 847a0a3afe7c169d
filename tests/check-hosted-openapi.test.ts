// `docsc check` on a docs repository whose docs.json names its OpenAPI
// document by URL: a real HTTP server on loopback serves the document, and
// temporary repositories under the OS temp folder name it on a group and in
// a `<url> METHOD /path` entry. A good document checks clean; a 404, a
// redirect to `file:`, and a server that never answers each give one error at
// the place in docs.json that names the URL, and the rest of the check runs.

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type CheckResult, check } from '../compiler/check.js';
import type { Diagnostic } from '../compiler/diagnostics/diagnostic.js';
import { formatDiagnosticLines } from './support/diagnostic-lines.js';
import { loopbackServer } from './support/loopback-server.js';

const hostedSpec = JSON.stringify({
  openapi: '3.1.0',
  info: { title: 'Hosted pets', version: '1.0.0' },
  servers: [{ url: 'https://api.example.com' }],
  paths: {
    '/pets': { get: { tags: ['Pets'], summary: 'List pets', responses: { '200': { description: 'OK' } } } },
    '/pets/{petId}': {
      parameters: [{ name: 'petId', in: 'path', required: true, schema: { type: 'string' } }],
      get: { tags: ['Pets'], summary: 'Get pet', responses: { '200': { description: 'OK' } } },
    },
  },
});

// ---------------------------------------------------------------------------
// The server

function serve(req: IncomingMessage, res: ServerResponse): void {
  const path = new URL(req.url ?? '/', 'http://localhost').pathname;
  if (path === '/openapi.json') res.writeHead(200, { 'content-type': 'application/json' }).end(hostedSpec);
  else if (path === '/to-file') res.writeHead(302, { location: 'file:///etc/passwd' }).end();
  else if (path === '/hang')
    return; // accepts the request and never answers
  else res.writeHead(404, 'Not Found').end();
}

const server = loopbackServer(test, serve);
const tempRoots: string[] = [];

test.after(() => {
  for (const root of tempRoots) rmSync(root, { recursive: true, force: true });
});

// ---------------------------------------------------------------------------
// Temporary docs repositories

interface Repo {
  root: string;
  /** The text of docs.json as written, to find places in. */
  config: string;
}

/** Writes docs.json with these navigation groups, and the pages, into a fresh temp folder. */
function writeRepo(groups: unknown[], pages: Record<string, string>): Repo {
  const root = mkdtempSync(join(tmpdir(), 'docsc-hosted-'));
  tempRoots.push(root);
  const config = `${JSON.stringify({ name: 'Hosted', colors: { primary: '#0D9373' }, navigation: { groups } }, null, 2)}\n`;
  writeFileSync(join(root, 'docs.json'), config);
  for (const [path, text] of Object.entries(pages)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return { root, config };
}

function page(title: string, body: string): string {
  return `---\ntitle: "${title}"\n---\n\n${body}\n`;
}

/** 1-based line and column of `needle` in `text`, plus `shift` characters. */
function placeOf(text: string, needle: string, shift = 0): { line: number; column: number } {
  const index = text.indexOf(needle);
  assert.ok(index >= 0, `\`${needle}\` is not in the text`);
  const before = text.slice(0, index + shift);
  const line = before.split('\n').length;
  return { line, column: before.length - before.lastIndexOf('\n') };
}

function codes(result: CheckResult): string[] {
  return result.diagnostics.map((d) => d.code);
}

/** The one diagnostic with this code; fails when there is none or several. */
function theOne(result: CheckResult, code: string): Diagnostic {
  const found = result.diagnostics.filter((d) => d.code === code);
  assert.is(found.length, 1, `expected one ${code}, got:\n${formatDiagnosticLines(result.diagnostics)}`);
  return found[0] as Diagnostic;
}

function assertAt(d: Diagnostic, file: string, place: { line: number; column: number }): void {
  assert.equal({ file: d.file, line: d.line, column: d.column }, { file, ...place }, `${d.code} is not where expected`);
}

// ---------------------------------------------------------------------------
// A document that loads

test('a document named by URL on a group and in an entry checks clean', async () => {
  const url = `${server.origin}/openapi.json`;
  const repo = writeRepo(
    [
      { group: 'Start', pages: ['index'] },
      { group: 'Hosted', openapi: url },
      { group: 'Picked', pages: [`${url} GET /pets`] },
    ],
    { 'index.mdx': page('Start', '[List pets](/api-reference/pets/list-pets) and [get a pet](/api-reference/pets/get-pet).') },
  );
  const result = await check({ root: repo.root, threads: 1 });
  assert.equal(result.diagnostics, [], formatDiagnosticLines(result.diagnostics));
  assert.ok(result.sources.has(url), 'the fetched document is kept for code frames');
});

test('entries are matched against the fetched document', async () => {
  const url = `${server.origin}/openapi.json`;
  const repo = writeRepo([{ group: 'Picked', pages: ['index', `${url} GET /cats`] }], { 'index.mdx': page('Start', 'Hello.') });
  const result = await check({ root: repo.root, threads: 1 });
  const missing = theOne(result, 'openapi/endpoint-not-found');
  assert.is(missing.message, `\`GET /cats\` is not an operation of \`${url}\``);
  assertAt(missing, 'docs.json', placeOf(repo.config, `"${url} GET /cats"`));
});

// ---------------------------------------------------------------------------
// Documents that cannot be fetched

interface FailureCase {
  name: string;
  path: string;
  reason: string;
  fetchTimeoutMs?: number;
}

const failures: FailureCase[] = [
  { name: 'a 404', path: '/missing.json', reason: 'the server answered HTTP 404 Not Found' },
  { name: 'a redirect to file:///etc/passwd', path: '/to-file', reason: 'redirected to `file:///etc/passwd`, expected an http(s) URL' },
  { name: 'a server that never answers', path: '/hang', reason: 'no complete answer within 0.3 s', fetchTimeoutMs: 300 },
];

for (const failure of failures) {
  test(`${failure.name}: one error where docs.json names the URL, and the rest of the check runs`, async () => {
    const url = `${server.origin}${failure.path}`;
    const repo = writeRepo(
      [
        { group: 'Start', pages: ['index', 'missing-page'] },
        { group: 'Hosted', openapi: url, pages: ['GET /pets'] },
        { group: 'Picked', pages: [`${url} GET /pets/{petId}`] },
      ],
      { 'index.mdx': page('Start', '[Nowhere](/nowhere).') },
    );
    const started = performance.now();
    const result = await check({ root: repo.root, threads: 1, fetchTimeoutMs: failure.fetchTimeoutMs ?? 5_000 });
    assert.ok(performance.now() - started < 4_000, 'the check does not wait past its fetch timeout');

    const fetchFailed = theOne(result, 'openapi/fetch-failed');
    assert.is(fetchFailed.severity, 'error');
    assert.is(fetchFailed.message, `Cannot fetch \`${url}\`: ${failure.reason}`);
    // Named twice: reported once, at the first place (the group's `openapi`).
    assertAt(fetchFailed, 'docs.json', placeOf(repo.config, `"openapi": "${url}"`, '"openapi": '.length));
    // The entries that need the document say nothing more; the rest of the check still reports.
    assert.equal(codes(result).sort(), ['link/broken', 'nav/page-not-found', 'openapi/fetch-failed'], formatDiagnosticLines(result.diagnostics));
  });
}

test('a URL named only in an entry is reported at the entry’s spec name', async () => {
  const url = `${server.origin}/gone.json`;
  const repo = writeRepo([{ group: 'Picked', pages: ['index', `${url} GET /pets`] }], { 'index.mdx': page('Start', 'Hello.') });
  const result = await check({ root: repo.root, threads: 1, fetchTimeoutMs: 5_000 });
  assert.equal(codes(result), ['openapi/fetch-failed'], formatDiagnosticLines(result.diagnostics));
  const fetchFailed = theOne(result, 'openapi/fetch-failed');
  assertAt(fetchFailed, 'docs.json', placeOf(repo.config, `"${url} GET /pets"`, 1));
  assert.is(fetchFailed.length, url.length);
});

test.run();
