// `docsc dev` as users run it (the compiled bin in a child process): what it
// prints when it starts and after each rebuild, a port in use, and Ctrl-C.
// The session itself (watching, serving, reloading) is dev-server.test.ts's.

import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { runNode } from './support/run-node.js';

const bin = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url));

function site(): { dir: string; root: string } {
  const dir = mkdtempSync(join(tmpdir(), 'docsc-cli-dev-'));
  const root = join(dir, 'docs');
  cpSync('tests/fixtures/build/site', root, { recursive: true });
  return { dir, root };
}

/** Resolves with everything printed so far once `pattern` shows in stdout; rejects after `ms`. */
function waitFor(output: { text: string }, pattern: RegExp, ms = 20_000): Promise<string> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const poll = setInterval(() => {
      if (pattern.test(output.text)) {
        clearInterval(poll);
        resolve(output.text);
      } else if (Date.now() - started > ms) {
        clearInterval(poll);
        reject(new Error(`no ${pattern} in:\n${output.text}`));
      }
    }, 25);
  });
}

test('dev: prints where it serves, each rebuild with its failed pages, and stops on Ctrl-C with status 0', async () => {
  const { dir, root } = site();
  const child = spawn(process.execPath, [bin, 'dev', root, '--port', '0', '--cache-dir', join(dir, 'cache')], {
    env: { ...process.env, NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = { text: '' };
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    output.text += chunk;
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    output.text += chunk;
  });
  const closed = new Promise<number | null>((resolve) => child.on('close', resolve));
  try {
    const started = await waitFor(output, /Serving .* at http:\/\/127\.0\.0\.1:(\d+) — watching for changes/);
    assert.not.match(started, /On the network/, 'loopback: no network address');
    const port = /127\.0\.0\.1:(\d+)/.exec(started)?.[1];
    // Asked for as the server starts: compiled on demand, before the first build is done.
    const page = await fetch(`http://127.0.0.1:${port}/quickstart`);
    assert.is(page.status, 200);
    const built = await waitFor(output, /^Built in \d+ ms: \d+ files written, \d+ pages compiled\n/m);
    assert.match(built, /^Served \/quickstart before the first build is done \(compiled in \d+ ms\)\n/m);
    assert.ok(built.indexOf('Served /quickstart') < built.indexOf('Built in'), 'the page first, then the build');
    writeFileSync(join(root, 'quickstart.mdx'), '---\ntitle: Quickstart\n---\n\nText {a b}\n');
    const rebuilt = await waitFor(output, /Rebuilt after quickstart\.mdx in \d+ ms: \d+ files written, 0 pages compiled, 1 failed\n/);
    assert.match(rebuilt, /quickstart\.mdx:5:8 error\[page\/mdx-syntax\]/);
    child.kill('SIGINT');
    assert.is(await closed, 0);
  } finally {
    child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
});

test('dev: a port in use is named, with status 2', async () => {
  const { dir, root } = site();
  const taken = createServer();
  await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
  const port = (taken.address() as { port: number }).port;
  try {
    const run = await runNode([bin, 'dev', root, '--port', String(port), '--cache-dir', join(dir, 'cache')], process.cwd());
    assert.is(run.status, 2, run.stderr);
    assert.match(run.stderr, `docsc dev: port ${port} is in use; pick another with --port`);
  } finally {
    await new Promise((resolve) => taken.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  }
});

test('dev: an output or cache folder no build may use ends the command with status 2, before it serves anything', async () => {
  const { dir, root } = site();
  try {
    const [output, cache] = await Promise.all([
      runNode([bin, 'dev', root, '-o', root, '--port', '0', '--cache-dir', join(dir, 'cache')], process.cwd()),
      runNode([bin, 'dev', root, '--port', '0', '--cache-dir', join(root, 'guides')], process.cwd()),
    ]);
    assert.is(output.status, 2, output.stderr);
    assert.match(output.stderr, `docsc dev: Refusing to write the site to ${root}: it is the docs folder itself`);
    assert.is(cache.status, 2, cache.stderr);
    assert.match(cache.stderr, `docsc dev: Refusing to use ${join(root, 'guides')} as the cache folder`);
    for (const run of [output, cache]) assert.not.match(run.stdout, 'Serving');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
