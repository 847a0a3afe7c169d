// The thread of hash-files.ts: hashes batches of its files until none is left, then answers with what it hashed.

import { parentPort, workerData } from 'node:worker_threads';
import { type HashFilesData, type HashFilesReply, hashBatches } from './hash-files.js';

const { requests, realRoot, next } = workerData as HashFilesData;
const reply: HashFilesReply = [];
hashBatches(requests, realRoot, new Int32Array(next), (i, result) => {
  reply.push(i, result);
});
parentPort?.postMessage(reply);
