// The V8 flags of a docsc process, set by the commands that start worker
// pools (check, build, dev) before any worker thread exists (the flags are
// the process's, read by every isolate; V8 does not support changing most of
// them later).
//
// Scavenges (young-generation collections) run on one thread. V8's default
// spreads each scavenge over helper threads, which pays when cores are idle;
// docsc's pools keep every core busy (one compile worker per core, and the
// main thread beside them), so the helpers only wait for a core and for each
// other. Cold builds of the 11,483-page bench corpus, alternated on one
// machine: 63.0 and 66.2 s (119 and 123 s of CPU) against 71.0 and 72.2 s
// (132 and 135 s of CPU) with the default, peak memory unchanged (that
// machine's speed drifts by 15-30% within an hour: a few pairs, not a
// settled figure).
// `--single-threaded-gc` saved more (about a fifth) but raised the peak by
// 200-300 MB, and cannot be set once V8 runs (it stops concurrent marking,
// which aborts the process).
//
// Functions are optimized later: TurboFan compiles a function once it has
// run 32 times as much bytecode as V8's default asks (`--interrupt-budget`;
// 8 times until 2026-12-05, measured below).
// An incremental build is short and touches much code a few thousand times;
// with the default, V8's background threads spent 1.1-1.4 s of CPU
// optimizing code for a navigation edit of 2.3-2.6 s of main-thread CPU (per
// thread, read from /proc), on 2 cores that the main thread and the build's
// own threads need. Alternated navigation edits of the bench corpus (6
// rounds, medians): 3.63 s of CPU against 4.16 s, and 3.62 against 4.62 in
// another set. Cold builds, where the compile workers run the same code for
// a minute, were unchanged (61.3 and 65.7 s against 62.7 and 63.6 s), and so
// were no-ops (20 alternated pairs: 0.340 s against 0.330 s, 0.370 s of CPU
// against 0.400 s).
// `--no-opt` moved the cost instead: the main thread ran 0.5-0.8 s longer.
// From 8 to 32 times (2026-12-05, alternated pairs on 2 cores): mintlify/docs'
// cold check 0.94x wall and 0.93x CPU without a cache (6 pairs, 0.92-0.96),
// 0.95x with an empty one (6 pairs), its cold build 0.97x (0.96x CPU, 4
// pairs); crewAI's check (0.99x), the 1,000-page corpus's build (1.01x), the
// Model Context Protocol's (0.99x) and a one-page edit of mintlify/docs
// (0.99x) unchanged. Four times more (128 times the default) made the check
// slower again (1.07x against 32), the default 1.24x slower than 8 times; 16
// and 64 times were 1.02x and 1.01x against 32.
//
// Allocation-site pretenuring is off. V8 allocates straight into the old
// generation the objects of a site whose objects it saw survive; the parser's
// and the renderer's sites qualified, yet their objects die with the page. A
// dead object in the old generation still holds what it points to through
// the next scavenges, until a full collection: a compile worker promoted
// 1.0 GB per 1,500 pages instead of 0.39 GB, and its scavenges took 2.8-3.0 s
// instead of 1.3-1.4 s (one thread, alternated; the page compile 12-19% longer
// in wall time). Cold builds of the bench corpus, alternated: 57.4 and 59.3 s
// (102.6 and 104.5 s of CPU) against 64.6 and 65.4 s (116.5 s), peak RSS
// 829-840 MiB against 800-804 MiB; navigation edits unchanged or faster (6 pairs,
// medians 1.85 s against 1.95 s).
//
// V8 12 (Node.js 22) and 13 (Node.js 24) have no `--interrupt-budget`: they
// tier up by invocation counts. mintlify/docs' `check --no-cache`, alternated
// pairs (2026-12-05): TurboFan at 16 times the default count (48,000) 0.83x
// wall on Node.js 22 (4 pairs, 0.82-0.84; 4 times 0.87x, 64 times 1.03x
// against 16) and 0.89x on Node.js 24 (4 pairs); the 1,000-page corpus's
// cold build 0.93x and 0.92x; a one-page edit then `build` unchanged (0.99x,
// 8 pairs, Node.js 24). Node.js 24's young generation grows past Node.js
// 20's 16 MB semi-spaces: the same check peaked at 537 MB against 352 MB
// with them kept at 16 MB, and took 0.94x the time (5 pairs); on Node.js 22
// the flag changes nothing (its default is 16 MB).

/** TurboFan's tier-up budget on V8 11 (Node.js 20): 32 times its default (67,584 bytes of bytecode run). */
const INTERRUPT_BUDGET = 32 * 67_584;

/** V8 12 and later (Node.js 22, 24) count a function's invocations instead: 16 times the default 3,000. */
const TURBOFAN_INVOCATIONS = 16 * 3_000;

/** The young generation's semi-space on V8 12 and later: Node.js 20's size, in MB. */
const SEMI_SPACE_MB = 16;

/**
 * The flags for this process's V8 (`process.versions.v8`). Each is a flag that V8 knows: an unknown one is not an
 * exception but a line on stderr ("Error: unrecognized flag"), which Node.js 22 and 24 printed at every command
 * while `--interrupt-budget`, gone since V8 12, was set on them.
 */
export function buildV8Flags(v8Version: string = process.versions.v8): string[] {
  const [major = 0, minor = 0] = v8Version.split('.').map((part) => Number.parseInt(part, 10));
  const flags = ['--no-parallel-scavenge', '--no-allocation-site-pretenuring'];
  if (major >= 12) flags.push(`--invocation-count-for-turbofan=${TURBOFAN_INVOCATIONS}`, `--max-semi-space-size=${SEMI_SPACE_MB}`);
  // V8 11.3 is Node.js 20's; later 11.x (Node.js 21, end of life) are left to their defaults.
  else if (major === 11 && minor <= 3) flags.push(`--interrupt-budget=${INTERRUPT_BUDGET}`);
  return flags;
}

/** For the commands that start worker pools; `node:v8` is loaded here, so that `docsc --version` does not pay for it. */
export async function useBuildV8Flags(): Promise<void> {
  const { setFlagsFromString } = await import('node:v8');
  for (const flag of buildV8Flags()) setFlagsFromString(flag);
}
