// The thread of shard-editor.ts: reads the earlier build's search shards
// (each only when its bytes still have the hash the output recorded) and
// parses them as soon as it starts, then, for each request, replaces the
// entries of pages laid out again and renders the shard — or answers nothing,
// when the shard does not list exactly the same pages.

import { parentPort, workerData } from 'node:worker_threads';
import type { ShardData } from '../site/search-index.js';
import { type EditAnswer, type EditRequest, editShard, type PreviousShard, readShard } from './shard-editor.js';

const port = parentPort;
if (port === null) throw new Error('shard-editor-worker.ts runs as a worker thread');
const shards = new Map<string, ShardData>();
for (const shard of workerData as PreviousShard[]) {
  const data = readShard(shard);
  if (data !== undefined) shards.set(shard.path, data);
}

port.on('message', ({ id, path, urls, made }: EditRequest) => {
  const data = shards.get(path);
  const answer: EditAnswer = { id };
  const text = data && editShard(data, urls, made);
  if (text !== undefined) answer.text = text;
  port.postMessage(answer);
});
