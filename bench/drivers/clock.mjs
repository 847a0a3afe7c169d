// The clock around a floor's or a timed build's own work (floors/floor-clock.ts
// re-exports it). Plain JavaScript, so that the timed drivers load it without
// tsx: tsx's loader hooks stay on for every later import, and a build imports
// most of the compiler on its first call (a navigation edit took 0.4 s more
// CPU with them). The sample goes to the file named by BENCH_WORK_FILE
// (bench/measure.ts reads it), or to stdout when run by hand.

import { writeFileSync } from 'node:fs';

/** Starts the clock; the returned function stops it and reports the sample (the counts given, wall and CPU time). */
export function startClock() {
  const started = performance.now();
  const before = process.resourceUsage();
  return (counts) => {
    const after = process.resourceUsage();
    const sample = {
      ...counts,
      wallMs: performance.now() - started,
      userUs: after.userCPUTime - before.userCPUTime,
      systemUs: after.systemCPUTime - before.systemCPUTime,
    };
    const file = process.env.BENCH_WORK_FILE;
    if (file) writeFileSync(file, JSON.stringify(sample));
    else process.stdout.write(`${JSON.stringify(sample)}\n`);
  };
}
