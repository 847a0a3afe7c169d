// The CLI's bundle (cli/build-bundle.ts, the last step of `npm run build:ts`,
// which `npm test` runs first): the bin imports it, every worker the compiler
// starts is beside its modules, and docsc's identity, which keys the build
// cache, is the hash the bundle recorded of its code — a bundle rebuilt with
// other code does not trust the cache the last one wrote.

import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { runNode } from './support/run-node.js';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const BUNDLE = join(ROOT, 'dist', 'bundle');
/** Inside the repository, so that the copied bundle finds node_modules and runtime/ as the real one does. */
const WORK = join(ROOT, 'tests', '.output', 'bundle');

test.before(() => {
  assert.ok(existsSync(join(BUNDLE, 'main.js')), 'dist/bundle/ is built (npm run build:ts; npm test builds it first)');
  rmSync(WORK, { recursive: true, force: true });
  mkdirSync(WORK, { recursive: true });
});

test.after(() => {
  rmSync(WORK, { recursive: true, force: true });
});

test('the bin runs the bundle, which has every worker the compiler starts and its code hash', () => {
  assert.match(readFileSync(join(ROOT, 'dist', 'cli', 'main.js'), 'utf8'), /^import '\.\.\/bundle\/main\.js';$/m);
  const workers = new Set<string>();
  for (const file of readdirSync(join(ROOT, 'compiler'), { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.ts')) continue;
    const text = readFileSync(join(ROOT, 'compiler', file), 'utf8');
    for (const match of text.matchAll(/new URL\('\.\/([\w-]+\.js)', import\.meta\.url\)/g)) workers.add(match[1] as string);
  }
  assert.ok(workers.has('compile-worker.js') && workers.has('write-worker.js'), [...workers].join(' '));
  const bundled = new Set(readdirSync(BUNDLE));
  for (const worker of workers) assert.ok(bundled.has(worker), `dist/bundle/${worker}`);
  const identity = JSON.parse(readFileSync(join(BUNDLE, 'tool-identity.json'), 'utf8')) as { code: string };
  assert.match(identity.code, /^[0-9a-f]{64}$/);
});

test("docsc's identity is the hash the bundle recorded: another one clears the cache the last bundle wrote", async () => {
  const dist = join(WORK, 'dist');
  cpSync(BUNDLE, join(dist, 'bundle'), { recursive: true });
  const docs = join(WORK, 'docs');
  mkdirSync(docs);
  writeFileSync(
    join(docs, 'docs.json'),
    JSON.stringify({ name: 'B', theme: 'mint', colors: { primary: '#0D9373' }, navigation: { pages: ['index'] } }),
  );
  writeFileSync(join(docs, 'index.mdx'), '---\ntitle: Home\n---\n\nHello.\n');
  const build = async () => {
    const run = await runNode(
      [join(dist, 'bundle', 'main.js'), 'build', docs, '-o', join(WORK, 'out'), '--cache-dir', join(WORK, 'cache'), '--json'],
      WORK,
    );
    assert.is(run.status, 0, run.stderr);
    return JSON.parse(run.stdout) as { upToDate: boolean; diagnostics: { code: string }[] };
  };
  const codes = (report: { diagnostics: { code: string }[] }) => report.diagnostics.map((d) => d.code).filter((code) => code.startsWith('cache/'));
  assert.equal(codes(await build()), []);
  assert.ok((await build()).upToDate, 'the same bundle: up to date');
  // Its files are not hashed at each run: the recorded hash stands for them.
  writeFileSync(join(dist, 'bundle', 'main.js'), `${readFileSync(join(dist, 'bundle', 'main.js'), 'utf8')}\n// edited\n`);
  assert.ok((await build()).upToDate, 'the same recorded hash: up to date');
  writeFileSync(join(dist, 'bundle', 'tool-identity.json'), `${JSON.stringify({ code: '0'.repeat(64) })}\n`);
  const other = await build();
  assert.not.ok(other.upToDate, 'another bundle: built again');
  assert.equal(codes(other), ['cache/version-changed']);
});

test.run();
