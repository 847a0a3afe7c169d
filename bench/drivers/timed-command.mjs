// Another program timed as a whole: runs it under GNU time (`/usr/bin/time`,
// which waits for it and reads its rusage: CPU of all its threads, peak RSS)
// and reports that as the run's work sample (drivers/clock.mjs's format, plus
// `maxRssKb`), so that bench/measure.ts describes the program, not this
// driver. For the peers that are not Node programs (Hugo). The program's
// start-up is in its figures: it is a whole process, as `docsc build` is.
// Its stdout is passed through; a non-zero exit is this driver's.
//   node bench/drivers/timed-command.mjs <program> [arguments…]

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const GNU_TIME = '/usr/bin/time';

const [program, ...args] = process.argv.slice(2);
if (program === undefined) {
  process.stderr.write('usage: timed-command.mjs <program> [arguments…]\n');
  process.exit(2);
}

const dir = mkdtempSync(join(tmpdir(), 'docsc-timed-'));
const usageFile = join(dir, 'usage');
try {
  const started = performance.now();
  const child = spawnSync(GNU_TIME, ['-f', '%U %S %M', '-o', usageFile, program, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 64 * 1024 * 1024,
  });
  const wallMs = performance.now() - started;
  if (child.error) throw child.error;
  process.stdout.write(child.stdout);
  if (child.status !== 0) {
    process.stderr.write(`${program} exited with ${child.status ?? child.signal}\n`);
    process.exitCode = 1;
  } else {
    // The last line: GNU time writes "Command exited with non-zero status" first when there is one.
    const line = readFileSync(usageFile, 'utf8').trim().split('\n').at(-1) ?? '';
    const [user, system, maxRssKb] = line.split(' ').map(Number);
    if (![user, system, maxRssKb].every(Number.isFinite)) throw new Error(`unexpected output of ${GNU_TIME}: ${line}`);
    const sample = { files: 0, bytes: 0, wallMs, userUs: user * 1e6, systemUs: system * 1e6, maxRssKb };
    const file = process.env.BENCH_WORK_FILE;
    if (file) writeFileSync(file, JSON.stringify(sample));
    else process.stdout.write(`${JSON.stringify(sample)}\n`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
