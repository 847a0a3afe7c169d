// The worker side of parse-pages.ts: says it is ready once its modules are
// loaded, then parses each list of files it is sent (in the mode given as
// workerData) and answers the counts.

import { parentPort, workerData } from 'node:worker_threads';
import { type FloorMode, parseFiles } from './bare-parse.js';

if (parentPort === null) throw new Error('parse-worker.ts runs in a worker thread');
const port = parentPort;
const mode = (workerData as { mode?: FloorMode } | null)?.mode ?? 'parse';
port.on('message', (files: string[]) => port.postMessage(parseFiles(files, mode)));
port.postMessage('ready');
