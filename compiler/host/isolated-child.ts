// The child side of isolated-process.ts: sent a worker module and its data
// first, then items one at a time, it answers each with the module's result
// for it (or the error it threw). It ends when its parent lets go of it.

import { pathToFileURL } from 'node:url';
import type { ChildAnswer, ParentMessage } from './isolated-process.js';
import { setProcessWorkerData } from './worker-data.js';

type BatchFunction = (batch: readonly unknown[]) => unknown[] | Promise<unknown[]>;

let run: Promise<BatchFunction> | undefined;

function answer(message: ChildAnswer): void {
  process.send?.(message);
}

process.on('message', async (message: ParentMessage) => {
  if (message.kind === 'start') {
    setProcessWorkerData(message.workerData);
    run = import(pathToFileURL(message.filename).href).then((module: { default: BatchFunction }) => module.default);
    return;
  }
  try {
    if (run === undefined) throw new Error('an item was sent before the worker module');
    const [result] = await (await run)([message.item]);
    answer({ kind: 'result', result });
  } catch (error) {
    answer({ kind: 'error', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
});
process.on('disconnect', () => process.exit(0));
