// Preloaded (`node --import`) into every measured command: when the process
// exits, writes its resource usage to the file named by BENCH_USAGE_FILE.
// process.resourceUsage() is getrusage(RUSAGE_SELF): CPU of every thread of
// the process (worker threads included) since it started, and its peak RSS.
// Plain JavaScript, so that measuring adds no TypeScript loader to the child.

import { writeFileSync } from 'node:fs';
import { isMainThread } from 'node:worker_threads';

const file = process.env.BENCH_USAGE_FILE;
if (file && isMainThread) {
  process.on('exit', () => {
    const usage = process.resourceUsage();
    writeFileSync(file, JSON.stringify({ userUs: usage.userCPUTime, systemUs: usage.systemCPUTime, maxRssKb: usage.maxRSS }));
  });
}
