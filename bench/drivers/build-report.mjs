// What a timed driver prints of a build for its scenario to check
// (build-steps.ts's BuildReport): whether it built or was up to date, its
// stats, and what it recomputed (counts, with the first paths).

/** @param {readonly string[]} paths */
const listed = (paths) => ({ count: paths.length, first: paths.slice(0, 10) });

/** @param {import('../.dist/compiler/build/build.js').BuildResult} result */
export function buildReport(result) {
  return {
    ok: result.ok,
    upToDate: result.recomputed.noop,
    patched: result.recomputed.patched,
    stats: result.stats,
    recomputed: {
      summaries: listed(result.recomputed.summaries),
      bodies: listed(result.recomputed.bodies),
      apiPages: listed(result.recomputed.apiPages),
      written: result.recomputed.written.length,
      deleted: result.recomputed.deleted.length,
      noop: result.recomputed.noop,
    },
  };
}
