// The regression gate: compares each scenario's medians in a bench result
// with those of a baseline result. CPU time and peak RSS are the gate — they
// move less than wall time when other work shares the machine; wall time is
// shown but never fails. A scenario with a floor (report.ts's ratioToFloor)
// is compared by its CPU time as a ratio to that floor, measured in the same
// run: a slower or faster machine moves both, so the ratio stays, and a
// baseline from another machine still gates. On the same machine the ratio
// fails only when the CPU seconds grew beyond the tolerance too: the floor's
// own noise moves every ratio (a floor 14% faster than the baseline's had
// failed the no-op build, whose cost does not scale with the floor's, at the
// same seconds). Without a floor, CPU seconds are compared. A scenario
// regresses when a gated figure grows by more than the tolerance (relative)
// and by more than a small absolute slack (so that a 100 ms scenario does
// not fail on scheduler noise; for ratios, the growth of the ratio times
// this run's floor). Floors and peers are shown, never
// gated: they measure the machine and other tools, not docsc. Scenarios on
// one side only, or not comparable (other corpus size, basis or floor), are
// listed, not failed. A pure function over two results, rendered apart.

import type { BenchResult, ScenarioResult } from './report.js';

export interface CompareOptions {
  /** Relative growth allowed: 0.25 lets a median grow by 25%. */
  tolerance: number;
  /** CPU growth below this many ms never fails (default 20). */
  minCpuMs?: number;
  /** Peak RSS growth below this many MB never fails (default 8). */
  minRssMb?: number;
}

export type Metric = 'cpu' | 'rss' | 'wall';

export interface MetricChange {
  metric: Metric;
  /** `ratio`: the figure divided by that of the scenario's floor in the same result; `absolute`: ms or MB. */
  unit: 'ratio' | 'absolute';
  before: number;
  after: number;
  /** after ÷ before − 1 (0.3 is 30% more). */
  change: number;
  /** Whether this metric can fail the gate (CPU and peak RSS). */
  gated: boolean;
  regressed: boolean;
}

export interface ScenarioComparison {
  name: string;
  /** The metrics, in the order cpu, rss, wall; empty when not comparable. */
  metrics: MetricChange[];
  regressed: boolean;
  /** Why it was not compared. */
  notComparable?: string;
}

export interface Comparison {
  tolerance: number;
  scenarios: ScenarioComparison[];
  onlyInBaseline: string[];
  onlyInCurrent: string[];
  warnings: string[];
  /** Names of the scenarios that regressed. */
  regressions: string[];
  failed: boolean;
}

const DEFAULT_MIN_CPU_MS = 20;
const DEFAULT_MIN_RSS_MB = 8;

export function compareResults(baseline: BenchResult, current: BenchResult, options: CompareOptions): Comparison {
  const slack: Record<Metric, number> = {
    cpu: options.minCpuMs ?? DEFAULT_MIN_CPU_MS,
    rss: options.minRssMb ?? DEFAULT_MIN_RSS_MB,
    wall: 0,
  };
  const before = new Map(baseline.scenarios.map((s) => [s.name, s]));
  const after = new Map(current.scenarios.map((s) => [s.name, s]));
  const sameMachine = machineDifferences(baseline, current).length === 0;
  const scenarios = current.scenarios.flatMap((now) => {
    const then = before.get(now.name);
    return then === undefined ? [] : [compareScenario(then, now, current, { tolerance: options.tolerance, slack, sameMachine })];
  });
  const regressions = scenarios.filter((s) => s.regressed).map((s) => s.name);
  return {
    tolerance: options.tolerance,
    scenarios,
    onlyInBaseline: baseline.scenarios.filter((s) => !after.has(s.name)).map((s) => s.name),
    onlyInCurrent: current.scenarios.filter((s) => !before.has(s.name)).map((s) => s.name),
    warnings: warnings(baseline, current),
    regressions,
    failed: regressions.length > 0,
  };
}

function compareScenario(
  then: ScenarioResult,
  now: ScenarioResult,
  current: BenchResult,
  { tolerance, slack, sameMachine }: { tolerance: number; slack: Record<Metric, number>; sameMachine: boolean },
): ScenarioComparison {
  const notComparable =
    then.pages !== now.pages
      ? `${then.pages ?? 'no'} pages before, ${now.pages ?? 'no'} now`
      : then.basis !== now.basis
        ? `measured as ${then.basis} before, ${now.basis} now`
        : then.ratioToFloor?.base !== now.ratioToFloor?.base && then.ratioToFloor && now.ratioToFloor
          ? `floor ${then.ratioToFloor.base} before, ${now.ratioToFloor.base} now`
          : undefined;
  if (notComparable !== undefined) return { name: now.name, metrics: [], regressed: false, notComparable };
  const gates = now.kind !== 'floor' && now.kind !== 'peer';
  const grew = (name: Metric, before: number, after: number, scale = 1): { change: number; beyond: boolean } => {
    const change = before > 0 ? after / before - 1 : after > 0 ? Number.POSITIVE_INFINITY : 0;
    return { change, beyond: change > tolerance && (after - before) * scale > slack[name] };
  };
  /** `counts`: false when the growth does not count (a CPU ratio on the same machine, the seconds within the tolerance). */
  const metric = (
    name: Metric,
    unit: MetricChange['unit'],
    before: number,
    after: number,
    gated: boolean,
    scale = 1,
    counts = true,
  ): MetricChange => {
    const { change, beyond } = grew(name, before, after, scale);
    return { metric: name, unit, before, after, change, gated, regressed: gated && beyond && counts };
  };
  const floor = now.ratioToFloor && current.scenarios.find((s) => s.name === now.ratioToFloor?.base);
  const byRatio = then.ratioToFloor !== undefined && now.ratioToFloor !== undefined && floor !== undefined && floor.name !== now.name;
  const cpuSecondsGrew = !sameMachine || grew('cpu', then.median.cpuMs, now.median.cpuMs).beyond;
  const metrics =
    byRatio && then.ratioToFloor && now.ratioToFloor && floor
      ? [
          metric('cpu', 'ratio', then.ratioToFloor.cpu, now.ratioToFloor.cpu, gates, floor.median.cpuMs, cpuSecondsGrew),
          metric('rss', 'absolute', then.median.maxRssMb, now.median.maxRssMb, gates),
          metric('wall', 'ratio', then.ratioToFloor.wall, now.ratioToFloor.wall, false),
        ]
      : [
          metric('cpu', 'absolute', then.median.cpuMs, now.median.cpuMs, gates),
          metric('rss', 'absolute', then.median.maxRssMb, now.median.maxRssMb, gates),
          metric('wall', 'absolute', then.median.wallMs, now.median.wallMs, false),
        ];
  return { name: now.name, metrics, regressed: metrics.some((m) => m.regressed) };
}

/** What makes the two results hard to compare: another machine, another profile. */
function warnings(baseline: BenchResult, current: BenchResult): string[] {
  const found: string[] = [];
  const machineDiffers = machineDifferences(baseline, current);
  if (machineDiffers.length > 0) {
    found.push(
      `the baseline was measured on a different machine (${machineDiffers.join(', ')}): scenarios with a floor are compared by their ratio to it; the others' seconds are not comparable`,
    );
  }
  if (baseline.pages !== current.pages || baseline.seed !== current.seed) {
    found.push(`the baseline ran on other corpora (${baseline.pages} pages, seed ${baseline.seed} → ${current.pages} pages, seed ${current.seed})`);
  }
  if (baseline.runs < 3 || current.runs < 3) found.push(`medians of fewer than 3 runs (${baseline.runs} → ${current.runs}) are noisy`);
  return found;
}

/** How the machines of two results differ (none: the same machine, as far as a result tells). */
function machineDifferences(baseline: BenchResult, current: BenchResult): string[] {
  const a = baseline.machine;
  const b = current.machine;
  const differences: string[] = [];
  if (a.cpu !== b.cpu) differences.push(`CPU ${a.cpu} → ${b.cpu}`);
  if (a.cores !== b.cores) differences.push(`${a.cores} → ${b.cores} cores`);
  if (a.memoryGb !== b.memoryGb) differences.push(`${a.memoryGb} → ${b.memoryGb} GB`);
  if (a.node !== b.node) differences.push(`Node ${a.node} → ${b.node}`);
  return differences;
}

export function renderComparison(comparison: Comparison, baselineName: string): string {
  const pct = Math.round(comparison.tolerance * 100);
  const header = ['scenario', 'CPU before', 'after', 'change', 'peak RSS MB before', 'after', 'change', 'wall before', 'after', 'change', 'verdict'];
  const rows = comparison.scenarios.map((s) => {
    if (s.notComparable !== undefined) return [s.name, ...Array<string>(9).fill(''), `not compared: ${s.notComparable}`];
    const cells = s.metrics.flatMap((m) => [format(m, m.before), format(m, m.after), change(m.change)]);
    const regressed = s.metrics.filter((m) => m.regressed).map((m) => (m.metric === 'cpu' ? 'CPU' : 'peak RSS'));
    const gated = s.metrics.some((m) => m.gated);
    return [s.name, ...cells, regressed.length > 0 ? `**regressed** (${regressed.join(', ')})` : gated ? 'ok' : 'not gated'];
  });
  const table = [header, header.map(() => '---'), ...rows].map((cells) => `| ${cells.join(' | ')} |`);
  const verdict = comparison.failed
    ? `FAIL: ${comparison.regressions.length} scenario(s) regressed by more than ${pct}% in CPU time or peak RSS: ${comparison.regressions.join(', ')}.`
    : `OK: no scenario regressed by more than ${pct}% in CPU time or peak RSS (${comparison.scenarios.filter((s) => s.notComparable === undefined).length} compared).`;
  return [
    `Compared with ${baselineName} (tolerance ${pct}%; CPU and peak RSS gate, wall time is informative; × is a ratio to the scenario's floor in the same run, which on the same machine fails only with the CPU seconds; floors and peers are not gated).`,
    ...comparison.warnings.map((w) => `warning: ${w}.`),
    '',
    ...table,
    '',
    ...(comparison.onlyInBaseline.length > 0 ? [`Only in the baseline (not compared): ${comparison.onlyInBaseline.join(', ')}.`] : []),
    ...(comparison.onlyInCurrent.length > 0 ? [`Only in this run (not compared): ${comparison.onlyInCurrent.join(', ')}.`] : []),
    verdict,
  ].join('\n');
}

function format(m: MetricChange, value: number): string {
  if (m.unit === 'ratio') return `${value.toFixed(value < 0.1 ? 4 : 2)}×`;
  if (m.metric === 'rss') return value.toFixed(0);
  return (value / 1000).toFixed(value < 1000 ? 3 : 2);
}

function change(ratio: number): string {
  if (!Number.isFinite(ratio)) return 'new';
  const pct = ratio * 100;
  return `${pct >= 0 ? '+' : ''}${pct.toFixed(Math.abs(pct) < 10 ? 1 : 0)}%`;
}
