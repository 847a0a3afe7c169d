// The output writer's thread (compiler/output/write-queue.ts) when a build
// fails: cancelling ends even with files not yet sent to the thread, nothing
// is written after it, and no temporary file is left.

import { mkdtempSync, readdirSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { WriteQueue, type WriteResult } from '../compiler/output/write-queue.js';

test('write queue: a cancel with files not yet sent to the thread ends, and nothing is written after it', async () => {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'docsc-write-queue-')));
  try {
    const results: WriteResult[] = [];
    const queue = new WriteQueue(dir, (done) => results.push(...done));
    // 20 files: one batch of 16 goes to the thread, 4 wait for the next.
    for (let i = 0; i < 20; i++) {
      const target = join(dir, `f${i}.html`);
      queue.enqueue({ path: `f${i}.html`, dir, temporary: `${target}.tmp`, target, contents: `page ${i}`, bytes: 6 });
    }
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error('cancel did not end')), 10_000);
    });
    await Promise.race([queue.cancel(), late]);
    clearTimeout(timer);
    const after = readdirSync(dir).sort();
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.equal(readdirSync(dir).sort(), after, 'nothing written after the cancel');
    assert.ok(
      after.every((name) => !name.endsWith('.tmp')),
      'no temporary file',
    );
    assert.ok(after.length <= 16, 'the files never sent are not written');
    assert.equal(results.map(([path]) => path).sort(), after, 'every file written was reported');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
