// The thread of shard-editor.ts: reads the earlier build's search shards
// (each only when its bytes still have the hash the output recorded) and
// parses them as soon as it starts, then, for each request, replaces the
// entries of pages laid out again and renders the shard — or answers nothing,
// when the shard does not list exactly the same pages.

import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { contentHash } from '../cache/value-key.js';
import { parseShard, renderShardData, replaceShardEntries, type ShardData } from '../site/search-index.js';
import type { EditAnswer, EditRequest, PreviousShard } from './shard-editor.js';

const port = parentPort;
if (port === null) throw new Error('shard-editor-worker.ts runs as a worker thread');
const shards = new Map<string, ShardData>();
for (const { path, file, hash } of workerData as PreviousShard[]) {
  try {
    const bytes = readFileSync(file);
    const data = contentHash(bytes) === hash ? parseShard(bytes.toString('utf8')) : undefined;
    if (data !== undefined) shards.set(path, data);
  } catch {
    // Unreadable: the build merges this shard from its entries.
  }
}

port.on('message', ({ id, path, urls, made }: EditRequest) => {
  const data = shards.get(path);
  const answer: EditAnswer = { id };
  if (data !== undefined && data.pages.length === urls.length) {
    const listed = new Set(data.pages.map((page) => page.url));
    if (urls.every((url) => listed.has(url)) && replaceShardEntries(data, made)) answer.text = renderShardData(data);
  }
  port.postMessage(answer);
});
