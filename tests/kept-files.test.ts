// A build keeps an earlier build's pages by their recorded keys
// (compiler/output/write-output.ts `keep`), but never one whose file is gone:
// with many recorded files the check runs on a thread of its own before the
// first page is kept (`checkKept`, missing-files.ts), with few in place.

import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { KEPT_CHECK_THREAD, OutputWriter } from '../compiler/output/write-output.js';

/** An output folder written with `count` keyed pages; `gone` of them deleted afterwards. */
async function outputWith(count: number, gone: readonly number[]): Promise<{ dir: string; paths: string[] }> {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'docsc-kept-')));
  const paths = Array.from({ length: count }, (_, i) => `p${i}/index.html`);
  const writer = new OutputWriter(dir);
  for (const [i, path] of paths.entries()) writer.write({ path, contents: `page ${i}`, key: `key ${i}` });
  await writer.finish();
  for (const i of gone) rmSync(join(dir, paths[i] as string));
  return { dir, paths };
}

for (const [label, count] of [
  ['many files: checked on a thread', KEPT_CHECK_THREAD + 10],
  ['few files: checked in place', 20],
] as const) {
  test(`keep: ${label}; a file that is gone is never kept`, async () => {
    const gone = [0, 7, count - 1];
    const { dir, paths } = await outputWith(count, gone);
    try {
      const writer = new OutputWriter(dir);
      await writer.checkKept();
      const kept = paths.map((path) => writer.keep(path));
      assert.equal(
        kept.flatMap((yes, i) => (yes ? [] : [i])),
        gone,
        'every file but the deleted ones is kept',
      );
      // A path the earlier build did not record is never kept.
      assert.not.ok(writer.keep('elsewhere/index.html'));
      await writer.finish();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}

test.run();
