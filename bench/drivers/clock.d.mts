import type { WorkCounts } from '../floors/floor-clock.js';

/** Starts the clock; the returned function stops it and reports the sample (the counts given, wall and CPU time). */
export function startClock(): (counts: WorkCounts) => void;
