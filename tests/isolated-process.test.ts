// Items that may exhaust the heap run in a process of their own
// (compiler/host/isolated-process.ts): when V8 aborts a whole process rather
// than end a worker thread at its heap limit, only that item fails. Each
// case runs tests/fixtures/host/run-isolated-pool.ts with a 64 MB heap; its
// worker module turns item names into failures.

import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { IN_PROCESS_BELOW } from '../compiler/host/worker-pool.js';
import { runNode } from './support/run-node.js';

const projectRoot = fileURLToPath(new URL('../', import.meta.url));

async function runPool(items: string[]): Promise<{ results?: string[]; error?: string }> {
  const script = join(projectRoot, 'tests/fixtures/host/run-isolated-pool.ts');
  const run = await runNode(['--max-old-space-size=64', '--import', 'tsx', script, ...items], projectRoot);
  assert.is(run.status, 0, `status ${run.status}, stderr:\n${run.stderr}`);
  return JSON.parse(run.stdout) as { results?: string[]; error?: string };
}

const words = (count: number, from = 0) => Array.from({ length: count }, (_, n) => `w${from + n}`);

test('an item whose allocation aborts its process fails alone, in a small job and in a large one', async () => {
  assert.equal(await runPool(['a', 'abort', 'b']), { results: ['A', 'out of memory: abort', 'B'] });
  // Two processes at once (the pool's two threads), results in order.
  assert.equal(await runPool(['iso1', 'abort1', 'a', 'iso2', 'abort2', 'b', 'iso3']), {
    results: ['ISO1', 'out of memory: abort1', 'A', 'ISO2', 'out of memory: abort2', 'B', 'ISO3'],
  });
  // V8's message found however long the report after it.
  assert.equal(await runPool(['abort-long-report', 'd']), { results: ['out of memory: abort-long-report', 'D'] });
  assert.equal(await runPool(['--threads', '1', 'abort', 'abort', 'c']), {
    results: ['out of memory: abort', 'out of memory: abort', 'C'],
  });
  const { results } = await runPool([...words(60), 'abort', ...words(IN_PROCESS_BELOW, 60)]);
  const upper = (items: string[]) => items.map((item) => item.toUpperCase());
  assert.equal(results, [...upper(words(60)), 'out of memory: abort', ...upper(words(IN_PROCESS_BELOW, 60))]);
});

test('a batch whose worker thread ran out of memory is run again item by item in a process: only the culprit fails', async () => {
  const many = [...words(70), 'grow', ...words(IN_PROCESS_BELOW, 70)];
  const { results } = await runPool(many);
  assert.is(results?.length, many.length);
  assert.equal(
    results?.filter((result) => !/^W\d+$/.test(result)),
    ['out of memory: grow'],
  );
  assert.is(results?.[70], 'out of memory: grow');
  assert.is(results?.[71], 'W70');
});

test('an item that throws in an isolated process, or whose process ends for another reason, fails the job with why', async () => {
  // Run again in a process after the batch's worker thread ran out of memory on `grow`.
  const ended = await runPool([...words(70), 'grow', 'exit', ...words(IN_PROCESS_BELOW, 70)]);
  assert.match(ended.error ?? '', /a worker process ended \(exit code 3\)/);
  const threw = await runPool([...words(70), 'grow', 'throw', ...words(IN_PROCESS_BELOW, 70)]);
  assert.match(threw.error ?? '', /the item asked to throw/);
});

test.run();
