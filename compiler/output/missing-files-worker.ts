// The thread of missing-files.ts: which of its paths are not in the output folder.

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';

const { root, paths } = workerData as { root: string; paths: string[] };
parentPort?.postMessage(paths.filter((path) => !existsSync(join(root, path))));
