// A build timed from inside: imports `build()` from the run's snapshot of
// dist/ (BENCH_DIST, set by run.ts: the code the CLI scenarios run), calls it with the
// options `docsc build <root> -o <out> --cache-dir <cache> --json` would pass,
// and times that call alone with drivers/clock.mjs (floor-clock.ts's clock), so that the
// bench reports the build's own time ("after start-up") beside the whole
// process. Prints what the build did as JSON (build-steps.ts's BuildReport)
// for the scenario to check, and fails as the CLI does when the build
// stopped or has errors.
//
// Plain JavaScript, as measure/report-usage.mjs, and nothing loaded through
// tsx: the build's modules load natively, as the CLI's do. Under `node
// --import tsx` every import goes through tsx's loader (loading the build's
// modules took 4.0 s instead of 1.7 s, one try under load), and so it did
// after a `tsImport` of the clock: the hooks stay on for the modules the
// build imports on its first call (a navigation edit: 0.4 s more CPU).
//   node bench/drivers/timed-build.mjs <docs-root> <out> <cache-dir>

import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildReport } from './build-report.mjs';
import { startClock } from './clock.mjs';

const [root, out, cacheDir] = process.argv.slice(2);
if (root === undefined || out === undefined || cacheDir === undefined) {
  process.stderr.write('usage: timed-build.mjs <docs-root> <out> <cache-dir>\n');
  process.exit(2);
}

const dist = process.env.BENCH_DIST ?? fileURLToPath(new URL('../.dist/', import.meta.url));
// The V8 flags \`docsc build\` and \`docsc dev\` set before anything else (compiler/host/v8-flags.ts): without them,
// the timed build was not the one users run (a navigation edit: 0.5 s more CPU, 0.1-0.2 s more wall).
// From the bundle the command runs (cli/build-bundle.ts's LIBRARY_ENTRIES): the same code and the same tool identity
// as the CLI's builds, whose cache a rebuild scenario starts from.
const { useBuildV8Flags } = await import(pathToFileURL(join(dist, 'bundle', 'v8-flags.js')).href);
await useBuildV8Flags();
const { build } = await import(pathToFileURL(join(dist, 'bundle', 'build.js')).href);

const stop = startClock();
const result = await build({ root: resolve(root), outDir: resolve(out), cacheDir: resolve(cacheDir) });
stop({ files: result.stats.pages, bytes: 0 });

const report = buildReport(result);
process.stdout.write(`${JSON.stringify(report)}\n`);

const errors = result.diagnostics.filter((d) => d.severity === 'error');
for (const d of errors.slice(0, 20)) process.stderr.write(`${d.file}: error[${d.code}]: ${d.message}\n`);
if (!result.ok || errors.length > 0) process.exitCode = 1;
