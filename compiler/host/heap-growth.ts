// Full garbage collections asked for by the build where it knows garbage has
// piled up. On a machine with memory to spare, V8 lets the old generation grow
// to about four times what was live after its last full collection before it
// collects again. A cold build's layout promotes short-lived values (cache
// values waiting for their flush, API bodies, search entries) at 20-40 MB a
// second: on the bench's 11,483 pages the main heap reached 650 MB with 190 MB
// live, and that garbage, not what the build holds, made its peak RSS.
//
// Node has no API for a collection. `--expose-gc` set at run time, and `gc`
// taken from a new context, is the usual way; it changes nothing else.

import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** Collections are asked for past this much growth, and at least as much as was live after the last one. */
const GROWTH_BYTES = 160 * 1024 ** 2;

let collect: (() => void) | undefined;
/** The heap used after the last collection asked for here (or when first measured). */
let base: number | undefined;

/**
 * Collects when the heap grew past GROWTH_BYTES, and by as much as was live,
 * since the last collection (a full collection of 200 MB live costs
 * 0.1–0.2 s; counted by hand, the bench's cold build of 11,483 pages asked for
 * one, the same corpus without Box's spec for none, a navigation edit for none).
 */
export function collectIfGrown(): void {
  // Not `process.memoryUsage()`, which also reads the RSS and external memory: 24-28 ms of samples in a CPU profile of a navigation edit (360 calls).
  const used = getHeapStatistics().used_heap_size;
  base ??= used;
  if (used - base < Math.max(GROWTH_BYTES, base)) return;
  if (collect === undefined) {
    setFlagsFromString('--expose-gc');
    collect = runInNewContext('gc') as () => void;
  }
  collect();
  base = getHeapStatistics().used_heap_size;
}
