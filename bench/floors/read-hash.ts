// Floor (a): the I/O alone. Lists the page files, reads each and hashes it
// with SHA-256; no decoding, no parsing.
//   node --import tsx bench/floors/read-hash.ts <docs-root>

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { listPageFiles, rootArgument, startClock } from './floor-clock.js';

const root = rootArgument('read-hash.ts <docs-root>');
const stop = startClock();
const files = listPageFiles(root);
let bytes = 0;
for (const file of files) {
  const content = readFileSync(file);
  createHash('sha256').update(content).digest();
  bytes += content.length;
}
stop({ files: files.length, bytes });
