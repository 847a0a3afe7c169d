// No output path is written twice, or as both a file and a folder
// (compiler/output/output-paths.ts): within a build, `conflict` names what a
// path would collide with (emit-site.ts leaves the later one out, with a
// warning: tests/fixtures/conformance/output-markdown-copy); across builds, a
// file an earlier build wrote where this one needs a folder (a page's
// Markdown copy `dev.md`, then a redirect page `dev.md/index.html`), or the
// reverse, is cleared before the write, and the output equals a clean build's.

import { mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { OutputPaths, staleInTheWay } from '../compiler/output/output-paths.js';
import { OutputWriter } from '../compiler/output/write-output.js';
import { SYNC_WRITES } from '../compiler/output/write-queue.js';

test('conflict: the same path, a file where a folder is needed, a folder where a file is written', () => {
  const paths = new OutputPaths();
  paths.claim('dev.md');
  paths.claim('guides/setup/index.html');
  assert.is(paths.conflict('dev.md'), 'dev.md');
  assert.is(paths.conflict('dev.md/index.html'), 'dev.md');
  assert.is(paths.conflict('guides/setup'), 'guides/setup/index.html');
  assert.is(paths.conflict('guides'), 'guides/setup/index.html');
  for (const free of ['dev.mdx', 'dev', 'guides/setup.md', 'guides/setup/index.htm', 'guide', 'guides/set'])
    assert.is(paths.conflict(free), undefined, free);
});

test('staleInTheWay: an earlier file on the way to a path, and earlier files inside it, unless this build writes them', () => {
  const owned = ['a.md', 'b/index.html', 'b/rss.xml', 'bc/index.html', 'c/d.md/index.html'].sort();
  assert.equal(
    staleInTheWay('a.md/index.html', owned, () => false),
    ['a.md'],
  );
  assert.equal(
    staleInTheWay('b', owned, () => false),
    ['b/index.html', 'b/rss.xml'],
  );
  assert.equal(
    staleInTheWay('b', owned, (p) => p === 'b/rss.xml'),
    ['b/index.html'],
  );
  assert.equal(
    staleInTheWay('c/d.md', owned, () => false),
    ['c/d.md/index.html'],
  );
  assert.equal(
    staleInTheWay('bc/index.html', owned, () => false),
    [],
  );
});

/** Every file of an output folder with its text, the writer's own records left out. */
function contents(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const path = relative(dir, join(entry.parentPath, entry.name)).split('\\').join('/');
    if (entry.isFile() && !path.startsWith('.docsc-')) files[path] = readFileSync(join(dir, path), 'utf8');
  }
  return files;
}

/** One build: `dev.md` as a file (a page's Markdown copy) or as a folder (a redirect page at `/dev.md`), among `padding` pages. */
async function write(dir: string, devAsFolder: boolean, padding: number): Promise<string[]> {
  const writer = new OutputWriter(dir);
  // Past SYNC_WRITES files, the writes go to the writer's thread: the collision is met there too.
  for (let i = 0; i < padding; i++) writer.write({ path: `p${i}/index.html`, contents: `page ${i}` });
  if (devAsFolder) writer.write({ path: 'dev.md/index.html', contents: 'redirect' });
  else writer.write({ path: 'dev.md', contents: '# Development' });
  return (await writer.finish()).deleted;
}

for (const padding of [3, SYNC_WRITES + 10]) {
  test(`across builds (${padding} other files): a file becomes a folder and back, and the output is a clean build's`, async () => {
    const dir = realpathSync(mkdtempSync(join(tmpdir(), 'docsc-output-paths-')));
    const clean = realpathSync(mkdtempSync(join(tmpdir(), 'docsc-output-paths-clean-')));
    try {
      await write(dir, false, padding);
      assert.ok(statSync(join(dir, 'dev.md')).isFile());
      assert.equal(await write(dir, true, padding), ['dev.md']);
      assert.ok(statSync(join(dir, 'dev.md')).isDirectory());
      await write(clean, true, padding);
      assert.equal(contents(dir), contents(clean));
      assert.equal(await write(dir, false, padding), ['dev.md/index.html']);
      assert.ok(statSync(join(dir, 'dev.md')).isFile());
      rmSync(clean, { recursive: true, force: true });
      await write(clean, false, padding);
      assert.equal(contents(dir), contents(clean));
    } finally {
      rmSync(dir, { recursive: true, force: true });
      rmSync(clean, { recursive: true, force: true });
    }
  });
}

test.run();
