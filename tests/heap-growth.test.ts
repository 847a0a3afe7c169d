// compiler/host/heap-growth.ts in a process of its own (its state is the
// process's): a heap that grew by more than it held live is collected, one
// that did not is left alone.

import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const MODULE = pathToFileURL(new URL('../compiler/host/heap-growth.ts', import.meta.url).pathname).href;

/** Runs `collectIfGrown` once with nothing allocated, then after `mb` of arrays held and let go; prints heapUsed (MB) before and after. */
function run(mb: number): { before: number; after: number } {
  const program = `
    import { collectIfGrown } from ${JSON.stringify(MODULE)};
    collectIfGrown();
    let held = [];
    for (let i = 0; i < ${mb}; i++) held.push(new Array(131072).fill(i));
    held = [];
    const before = process.memoryUsage().heapUsed;
    collectIfGrown();
    console.log(JSON.stringify({ before: before / 2 ** 20, after: process.memoryUsage().heapUsed / 2 ** 20 }));`;
  const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', program], { encoding: 'utf8' });
  assert.is(child.status, 0, child.stderr);
  return JSON.parse(child.stdout);
}

test('heap growth: past its bound, the garbage is collected', () => {
  // Each array holds 131,072 small integers: 1 MB.
  const { before, after } = run(400);
  assert.ok(before > 300, `the arrays were still counted before (${before} MB)`);
  assert.ok(after < before - 300, `collected: ${before} MB before, ${after} MB after`);
});

test('heap growth: below its bound, nothing is collected', () => {
  const { before, after } = run(40);
  assert.ok(after >= before - 1, `left alone: ${before} MB before, ${after} MB after`);
});

test.run();
