// Runs every `tests/*.test.ts` file with uvu in this process and ends with
// the line `N passed, N failed` (CI reads it). Usage:
//   node --import tsx tests/run.ts [regex on test file names]

import { mkdirSync, writeFileSync } from 'node:fs';
import { parse } from 'uvu/parse';
import { run } from 'uvu/run';

// As uvu/run does before loading uvu: deferred, so that loading it here does not start a run of its own.
(globalThis as { UVU_DEFER?: number }).UVU_DEFER = 1;
const { test } = await import('uvu');

// uvu 0.5 loses the error of a failing `before` hook (its runner returns from a `finally`): the file's tests
// count as failed with no reason shown (a missing chromium showed as a bare "(0 / 1)"). The hook's error is printed.
const before = test.before;
test.before = Object.assign(
  (hook: Parameters<typeof before>[0]) =>
    before(async (state) => {
      try {
        await hook(state);
      } catch (error) {
        console.error(`\nbefore hook failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
        throw error;
      }
    }),
  { each: before.each },
);

// Only `*.test.ts` files are tests; the optional pattern narrows them by name.
const only = new RegExp(process.argv[2] ?? '');
const parsed = await parse('tests', /\.test\.ts$/, { cwd: process.cwd() });
const suites = parsed.suites.filter((suite) => only.test(suite.name));

// uvu prints its totals but does not return them: read them off its output.
let output = '';
const write = process.stdout.write.bind(process.stdout);
process.stdout.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
  output += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString();
  return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
}) as typeof process.stdout.write;

let crashed = false;
try {
  await run(suites, { bail: false });
} catch (error) {
  crashed = true;
  console.error(error);
}
process.stdout.write = write;

const count = (label: string) => Number(new RegExp(`${label}:\\s+(\\d+)`).exec(output.replace(/\u001b\[\d+m/g, ''))?.[1] ?? 0);
const total = count('Total');
const passed = count('Passed');
const skipped = count('Skipped');
const failed = total - passed - skipped + (crashed ? 1 : 0);
const tally = `${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`;
console.log(tally);
// tests/coverage-summary.ts repeats it as the run's very last line, after coverage.
mkdirSync('coverage', { recursive: true });
writeFileSync('coverage/test-tally.txt', `${tally}\n`);
if (failed > 0 || suites.length === 0) process.exitCode = 1;
