// The thread of shard-editor.ts: reads the earlier build's search shards
// (each only when its bytes still have the hash the output recorded) and
// parses them as soon as it starts, then, for each request, replaces the
// entries of pages laid out again and renders the shard — or answers nothing,
// when the shard does not list exactly the same pages, or when the build's
// thread claimed the shard first (ShardEditor.workAlong).

import { parentPort, workerData } from 'node:worker_threads';
import type { ShardData } from '../site/search-index.js';
import { CLAIMED_BY_THREAD, type EditAnswer, type EditorData, type EditRequest, editShard, readShard, UNCLAIMED } from './shard-editor.js';

const port = parentPort;
if (port === null) throw new Error('shard-editor-worker.ts runs as a worker thread');
const { previous, claims } = workerData as EditorData;
const shards = new Map<string, ShardData>();
for (const shard of previous) {
  const data = readShard(shard);
  if (data !== undefined) shards.set(shard.path, data);
}
const indexOf = new Map(previous.map((shard, n) => [shard.path, n]));

port.on('message', ({ id, path, urls, made }: EditRequest) => {
  const answer: EditAnswer = { id };
  const index = indexOf.get(path);
  const mine = index !== undefined && Atomics.compareExchange(claims, index, UNCLAIMED, CLAIMED_BY_THREAD) === UNCLAIMED;
  const data = mine ? shards.get(path) : undefined;
  const text = data && editShard(data, urls, made);
  if (text !== undefined) answer.text = text;
  port.postMessage(answer);
});
