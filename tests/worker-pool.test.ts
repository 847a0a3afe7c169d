// The batch pool's heap bound on real worker threads: a batch whose worker
// runs out of heap is run again in this thread, so no item fails for it, and
// the other batches still run in workers.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { BatchPool, IN_PROCESS_BELOW } from '../compiler/host/worker-pool.js';

interface Item {
  id: number;
  mb: number;
}

test('worker pool: a batch over the heap bound runs again in this thread; the others stay in workers', async () => {
  const items: Item[] = Array.from({ length: IN_PROCESS_BELOW }, (_, id) => ({ id, mb: id === 7 ? 200 : 0 }));
  const pool = new BatchPool<Item, { id: number; where: string }>({
    worker: new URL('./fixtures/workers/hold-memory.mjs', import.meta.url),
    inProcess: (batch) => batch.map((item) => ({ id: item.id, where: 'in-process' })),
    threads: 2,
    heapMb: 64,
  });
  try {
    const results = await pool.run(items);
    assert.equal(
      results.map((r) => r.id),
      items.map((item) => item.id),
      'every item, in input order',
    );
    const inProcess = results.filter((r) => r.where === 'in-process').map((r) => r.id);
    assert.ok(inProcess.includes(7), 'the batch that ran out of heap ran here');
    assert.ok(inProcess.length < items.length / 2, 'only that batch (and none that did not run out) ran here');
    // The pool goes on in workers after one was lost.
    const again = await pool.run(items.map((item) => ({ ...item, mb: 0 })));
    assert.ok(again.every((r) => r.where === 'worker'));
  } finally {
    await pool.close();
  }
});

test.run();
