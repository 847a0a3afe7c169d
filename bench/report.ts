// Turns the runs of each scenario into results: medians of wall, CPU and
// peak RSS (each taken on its own), the spread of wall times, pages/s and
// the ratio to the parse floor; and renders them as the JSON saved under
// bench/results/ and the markdown table printed (and pasted in the README).

import { type Machine, machineLine } from './machine.js';
import type { Measurement, Sample } from './measure.js';
import type { ScenarioKind } from './scenarios.js';

export interface ScenarioRuns {
  name: string;
  kind: ScenarioKind;
  description: string;
  /** The corpus folder's name, if it ran on one. */
  corpus?: string;
  pages?: number;
  runs: RunRecord[];
}

export interface RunRecord extends Measurement {
  /** 1-minute load average when the run ended: other work on the machine skews the figures. */
  loadAverage: number;
}

export interface ScenarioResult extends ScenarioRuns {
  /** Floors are described by their own timed work, the others by the whole process. */
  basis: 'work' | 'process';
  median: Sample;
  wallMinMs: number;
  wallMaxMs: number;
  pagesPerSecond?: number;
  /** Median wall and CPU divided by those of the parse floor (the basic corpus of the same size). */
  ratioToFloor?: { wall: number; cpu: number };
}

export interface BenchResult {
  profile: string;
  date: string;
  pages: number;
  seed: number;
  runs: number;
  /** The scenario ratios are taken to. */
  ratioBase: string;
  machine: Machine;
  /** 1-minute load average when the run ended. */
  loadAverageAtEnd: number;
  scenarios: ScenarioResult[];
}

export function summarize(all: readonly ScenarioRuns[], ratioBase: string): ScenarioResult[] {
  const results = all.map(summarizeOne);
  const base = results.find((r) => r.name === ratioBase);
  if (base === undefined) return results;
  return results.map((r) => {
    if (r.kind === 'startup') return r;
    return { ...r, ratioToFloor: { wall: r.median.wallMs / base.median.wallMs, cpu: r.median.cpuMs / base.median.cpuMs } };
  });
}

function summarizeOne(scenario: ScenarioRuns): ScenarioResult {
  const basis = scenario.runs.every((run) => run.work !== undefined) ? 'work' : 'process';
  const samples = scenario.runs.map((run) => (basis === 'work' ? run.work : undefined) ?? run.process);
  const walls = samples.map((s) => s.wallMs);
  const median: Sample = {
    wallMs: medianOf(walls),
    cpuMs: medianOf(samples.map((s) => s.cpuMs)),
    maxRssMb: medianOf(samples.map((s) => s.maxRssMb)),
  };
  const result: ScenarioResult = { ...scenario, basis, median, wallMinMs: Math.min(...walls), wallMaxMs: Math.max(...walls) };
  if (scenario.pages !== undefined) result.pagesPerSecond = scenario.pages / (median.wallMs / 1000);
  return result;
}

function medianOf(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

export function renderMarkdown(result: BenchResult): string {
  const header = ['scenario', 'pages', 'wall s', 'wall min–max', 'CPU s', 'peak RSS MB', 'pages/s', 'wall × floor', 'CPU × floor'];
  const rows = result.scenarios.map((s) => [
    s.basis === 'work' ? `${s.name} †` : s.name,
    s.pages === undefined ? '' : String(s.pages),
    seconds(s.median.wallMs),
    `${seconds(s.wallMinMs)}–${seconds(s.wallMaxMs)}`,
    seconds(s.median.cpuMs),
    s.median.maxRssMb.toFixed(0),
    s.pagesPerSecond === undefined ? '' : s.pagesPerSecond.toFixed(0),
    s.ratioToFloor === undefined ? '' : s.ratioToFloor.wall.toFixed(2),
    s.ratioToFloor === undefined ? '' : s.ratioToFloor.cpu.toFixed(2),
  ]);
  const lines = [header, header.map(() => '---'), ...rows].map((cells) => `| ${cells.join(' | ')} |`);
  return [
    `Profile \`${result.profile}\`, ${result.pages} pages, seed ${result.seed}, median of ${result.runs} runs, ${result.date}.`,
    `Machine: ${machineLine(result.machine)}; load average ${result.loadAverageAtEnd} at end.`,
    '',
    ...lines,
    '',
    '† a floor: its own timed work, start-up and module loading left out; its peak RSS is the whole process (tsx included).',
    `× floor: median divided by that of \`${result.ratioBase}\` (the basic corpus of the same size).`,
  ].join('\n');
}

function seconds(ms: number): string {
  return (ms / 1000).toFixed(ms < 1000 ? 3 : 2);
}
