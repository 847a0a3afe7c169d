// How V8 collects garbage in a docsc process, set by the commands that start
// worker pools (check, build, dev) before any worker thread exists (the flags
// are the process's, read by every isolate; V8 does not support changing most
// of them later).
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

/** For the commands that start worker pools; `node:v8` is loaded here, so that `docsc --version` does not pay for it. */
export async function useSerialScavenges(): Promise<void> {
  const { setFlagsFromString } = await import('node:v8');
  setFlagsFromString('--no-parallel-scavenge');
}
