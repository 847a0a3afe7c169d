// The worker side of parse-pages.ts: says it is ready once its modules are
// loaded, then parses each list of files it is sent and answers the counts.

import { parentPort } from 'node:worker_threads';
import { parseFiles } from './bare-parse.js';

if (parentPort === null) throw new Error('parse-worker.ts runs in a worker thread');
const port = parentPort;
port.on('message', (files: string[]) => port.postMessage(parseFiles(files)));
port.postMessage('ready');
