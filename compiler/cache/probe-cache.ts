// Decides whether an existing cache database is safe to open in this process.
// lmdb maps the data file into memory and trusts it: opening a truncated or
// overwritten file kills the process with SIGSEGV or SIGBUS (lmdb-js 3.5.6
// does so even on a 100-byte file), and garbage in the middle of the file can
// make a scan stop early without an error. So:
//
// 1. No data file: nothing to probe.
// 2. The data file matches the seal docsc wrote when it last closed the cache
//    (same size, same modification time to the nanosecond): nothing but docsc
//    has written it since, so it is opened directly. This is the path of
//    every build after a clean one, and costs two small file reads.
// 3. The size differs from the seal: something else truncated or rewrote the
//    file. Damaged, without further ado.
// 4. No seal (the last build was killed, or the cache was copied without it)
//    or only the time differs (copied without preserving times): a child
//    process opens the database read-only and reads every entry, checking
//    that it finds as many as the database's header counts. It costs a Node
//    start (about 0.1 s) plus the scan, and only in these cases; a crash
//    (signal), an error, a short count or a timeout means damaged.
//
// A damaged cache is wiped by the caller and the build starts clean.

import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { DATA_FILE, dataFileState, LMDB_OPTIONS, readSeal, STRUCTURES_KEY } from './cache-files.js';

export type ProbeVerdict =
  | { state: 'absent' }
  | { state: 'sound'; by: 'seal' | 'scan'; ms: number }
  | { state: 'damaged'; reason: string; ms: number };

export interface ProbeOptions {
  /** How long the child process may take to read the whole database. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 15_000;

export async function probeCache(dir: string, options: ProbeOptions = {}): Promise<ProbeVerdict> {
  const start = performance.now();
  const ms = () => Math.round((performance.now() - start) * 10) / 10;
  const data = dataFileState(dir);
  if (data === undefined) return { state: 'absent' };
  const seal = readSeal(dir);
  if (seal !== undefined && seal.size === data.size && seal.mtimeNs === data.mtimeNs) return { state: 'sound', by: 'seal', ms: ms() };
  if (seal !== undefined && seal.size !== data.size) {
    return { state: 'damaged', reason: `${DATA_FILE} is ${data.size} bytes, docsc left it at ${seal.size}`, ms: ms() };
  }
  const failure = await scanInChild(dir, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  return failure === undefined ? { state: 'sound', by: 'scan', ms: ms() } : { state: 'damaged', reason: failure, ms: ms() };
}

/**
 * The child's program (CommonJS, run with `node -e`): argv is the lmdb entry
 * point, the folder, the open options as JSON and the name of the shared
 * structures' key (a symbol, which JSON drops). Exit 0 when every entry was read.
 */
const SCAN_SCRIPT = `
const [lmdbEntry, dir, options, structuresKey] = process.argv.slice(1);
const { open } = require(lmdbEntry);
const structures = Symbol.for(structuresKey);
const db = open({ ...JSON.parse(options), sharedStructuresKey: structures, path: dir, readOnly: true });
// The shared structures' entry has a symbol key, which a range of values does not visit.
const expected = db.getStats().entryCount - (db.getBinary(structures) === undefined ? 0 : 1);
let read = 0;
for (const entry of db.getRange({})) if (entry.value !== undefined) read++;
if (read !== expected) {
  process.stderr.write('its header counts ' + expected + ' entries but ' + read + ' could be read\\n');
  process.exit(3);
}
`;

/** Undefined when the scan read every entry, else why it did not. */
function scanInChild(dir: string, timeoutMs: number): Promise<string | undefined> {
  const lmdbEntry = createRequire(import.meta.url).resolve('lmdb');
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['-e', SCAN_SCRIPT, lmdbEntry, dir, JSON.stringify(LMDB_OPTIONS), STRUCTURES_KEY.description ?? ''],
      { timeout: timeoutMs, killSignal: 'SIGKILL', windowsHide: true, encoding: 'utf8' },
      (error, _stdout, stderr) => {
        if (error === null) return resolve(undefined);
        if (error.killed) return resolve(`reading it took over ${timeoutMs / 1000} s`);
        if (error.signal) return resolve(`${error.signal} while reading it`);
        resolve(firstErrorLine(stderr) ?? `reading it failed with exit code ${error.code}`);
      },
    );
  });
}

/** The child's error message, without Node's stack trace and source excerpt. */
function firstErrorLine(stderr: string): string | undefined {
  const lines = stderr.split('\n').map((line) => line.trim());
  const message = lines.find((line) => /^(\w*Error\b|MDB_)/.test(line)) ?? lines.find((line) => line !== '' && !line.startsWith('at '));
  return message?.replace(/^Error: /, '');
}
