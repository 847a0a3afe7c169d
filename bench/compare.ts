// The regression gate: compares each scenario's medians in a bench result
// with those of a baseline result. CPU time and peak RSS are the gate — they
// move less than wall time when other work shares the machine; wall time is
// shown but never fails. A scenario regresses when a gated median grows by
// more than the tolerance (relative) and by more than a small absolute slack
// (so that a 100 ms scenario does not fail on scheduler noise). Scenarios on
// one side only, or not comparable (other corpus size, other basis), are
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
  const scenarios = current.scenarios.flatMap((now) => {
    const then = before.get(now.name);
    return then === undefined ? [] : [compareScenario(then, now, options.tolerance, slack)];
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

function compareScenario(then: ScenarioResult, now: ScenarioResult, tolerance: number, slack: Record<Metric, number>): ScenarioComparison {
  const notComparable =
    then.pages !== now.pages
      ? `${then.pages ?? 'no'} pages before, ${now.pages ?? 'no'} now`
      : then.basis !== now.basis
        ? `measured as ${then.basis} before, ${now.basis} now`
        : undefined;
  if (notComparable !== undefined) return { name: now.name, metrics: [], regressed: false, notComparable };
  const metric = (name: Metric, before: number, after: number, gated: boolean): MetricChange => {
    const change = before > 0 ? after / before - 1 : after > 0 ? Number.POSITIVE_INFINITY : 0;
    return { metric: name, before, after, change, gated, regressed: gated && change > tolerance && after - before > slack[name] };
  };
  const metrics = [
    metric('cpu', then.median.cpuMs, now.median.cpuMs, true),
    metric('rss', then.median.maxRssMb, now.median.maxRssMb, true),
    metric('wall', then.median.wallMs, now.median.wallMs, false),
  ];
  return { name: now.name, metrics, regressed: metrics.some((m) => m.regressed) };
}

/** What makes the two results hard to compare: another machine, another profile. */
function warnings(baseline: BenchResult, current: BenchResult): string[] {
  const found: string[] = [];
  const a = baseline.machine;
  const b = current.machine;
  const machineDiffers: string[] = [];
  if (a.cpu !== b.cpu) machineDiffers.push(`CPU ${a.cpu} → ${b.cpu}`);
  if (a.cores !== b.cores) machineDiffers.push(`${a.cores} → ${b.cores} cores`);
  if (a.memoryGb !== b.memoryGb) machineDiffers.push(`${a.memoryGb} → ${b.memoryGb} GB`);
  if (a.node !== b.node) machineDiffers.push(`Node ${a.node} → ${b.node}`);
  if (machineDiffers.length > 0) {
    found.push(
      `the baseline was measured on a different machine (${machineDiffers.join(', ')}): its times are not comparable; compare the ratios to the floors`,
    );
  }
  if (baseline.pages !== current.pages || baseline.seed !== current.seed) {
    found.push(`the baseline ran on other corpora (${baseline.pages} pages, seed ${baseline.seed} → ${current.pages} pages, seed ${current.seed})`);
  }
  if (baseline.runs < 3 || current.runs < 3) found.push(`medians of fewer than 3 runs (${baseline.runs} → ${current.runs}) are noisy`);
  return found;
}

export function renderComparison(comparison: Comparison, baselineName: string): string {
  const pct = Math.round(comparison.tolerance * 100);
  const header = [
    'scenario',
    'CPU s before',
    'after',
    'change',
    'peak RSS MB before',
    'after',
    'change',
    'wall s before',
    'after',
    'change',
    'verdict',
  ];
  const rows = comparison.scenarios.map((s) => {
    if (s.notComparable !== undefined) return [s.name, ...Array<string>(9).fill(''), `not compared: ${s.notComparable}`];
    const cells = s.metrics.flatMap((m) => [format(m.metric, m.before), format(m.metric, m.after), change(m.change)]);
    const regressed = s.metrics.filter((m) => m.regressed).map((m) => (m.metric === 'cpu' ? 'CPU' : 'peak RSS'));
    return [s.name, ...cells, regressed.length > 0 ? `**regressed** (${regressed.join(', ')})` : 'ok'];
  });
  const table = [header, header.map(() => '---'), ...rows].map((cells) => `| ${cells.join(' | ')} |`);
  const verdict = comparison.failed
    ? `FAIL: ${comparison.regressions.length} scenario(s) regressed by more than ${pct}% in CPU time or peak RSS: ${comparison.regressions.join(', ')}.`
    : `OK: no scenario regressed by more than ${pct}% in CPU time or peak RSS (${comparison.scenarios.filter((s) => s.notComparable === undefined).length} compared).`;
  return [
    `Compared with ${baselineName} (tolerance ${pct}%; CPU and peak RSS gate, wall time is informative).`,
    ...comparison.warnings.map((w) => `warning: ${w}.`),
    '',
    ...table,
    '',
    ...(comparison.onlyInBaseline.length > 0 ? [`Only in the baseline (not compared): ${comparison.onlyInBaseline.join(', ')}.`] : []),
    ...(comparison.onlyInCurrent.length > 0 ? [`Only in this run (not compared): ${comparison.onlyInCurrent.join(', ')}.`] : []),
    verdict,
  ].join('\n');
}

function format(metric: Metric, value: number): string {
  if (metric === 'rss') return value.toFixed(0);
  return (value / 1000).toFixed(value < 1000 ? 3 : 2);
}

function change(ratio: number): string {
  if (!Number.isFinite(ratio)) return 'new';
  const pct = ratio * 100;
  return `${pct >= 0 ? '+' : ''}${pct.toFixed(Math.abs(pct) < 10 ? 1 : 0)}%`;
}
