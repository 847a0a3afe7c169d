// docsc dev's latency for a one-page edit: a BuildSession (what `docsc dev`
// runs) makes its first build — its start-up, not timed —, is left idle for
// IDLE_MS as a server is before its reader's first edit (the session warms its
// page compiler up then), then the page is edited (a paragraph never seen
// before added) and the session's rebuild of that one change is timed alone,
// as floor-clock.ts times floors. Prints the same
// JSON report as timed-build.mjs (with `patched`) for the scenario to check.
//   node bench/drivers/timed-dev-edit.mjs <docs-root> <out> <cache-dir> <page>

import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildReport } from './build-report.mjs';
import { startClock } from './clock.mjs';

const [root, out, cacheDir, page] = process.argv.slice(2);
if (root === undefined || out === undefined || cacheDir === undefined || page === undefined) {
  process.stderr.write('usage: timed-dev-edit.mjs <docs-root> <out> <cache-dir> <page>\n');
  process.exit(2);
}

const dist = process.env.BENCH_DIST ?? fileURLToPath(new URL('../.dist/', import.meta.url));
// The V8 flags \`docsc build\` and \`docsc dev\` set before anything else (compiler/host/v8-flags.ts): without them,
// the timed build was not the one users run (a navigation edit: 0.5 s more CPU, 0.1-0.2 s more wall).
const { useBuildV8Flags } = await import(pathToFileURL(join(dist, 'bundle', 'v8-flags.js')).href);
await useBuildV8Flags();
const { BuildSession } = await import(pathToFileURL(join(dist, 'bundle', 'build.js')).href);

const session = new BuildSession({
  root: resolve(root),
  outDir: resolve(out),
  cacheDir: resolve(cacheDir),
  injectHtml: '<script src="/_docsc/dev/client.js" defer></script>',
});
const first = await session.build();
if (!first.ok) throw new Error('the first build failed');
const IDLE_MS = 3000;
await new Promise((resolve) => setTimeout(resolve, IDLE_MS));

const file = join(root, page);
writeFileSync(file, `${readFileSync(file, 'utf8').trimEnd()}\n\nThis paragraph was added for dev bench run ${process.pid}-${Date.now()}.\n`);
const stop = startClock();
const result = await session.build([page]);
stop({ files: 1, bytes: 0 });

const report = buildReport(result);
process.stdout.write(`${JSON.stringify(report)}\n`);
if (!result.ok || !result.recomputed.patched) process.exitCode = 1;
