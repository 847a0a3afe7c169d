// The bench's regression gate (bench/compare.ts): CPU time or peak RSS grown
// beyond the tolerance fails; within it, or wall time alone, passes; missing
// scenarios are listed, not failed; another machine is a warning. Scenarios
// with a floor are compared by their ratio to it: a machine twice as slow
// passes, a slowdown of docsc alone fails, and on the same machine a ratio
// grown by the floor's noise alone passes; floors are never gated.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compareResults, renderComparison } from '../bench/compare.js';
import type { Machine } from '../bench/machine.js';
import type { BenchResult, ScenarioResult } from '../bench/report.js';

const MACHINE: Machine = {
  cpu: 'Test CPU @ 2.80GHz',
  cores: 2,
  memoryGb: 24,
  node: 'v20.20.2',
  os: 'Debian GNU/Linux 12 (bookworm) (Linux 6.1)',
  loadAverage: 0.5,
  commit: 'abc1234',
};

function scenario(name: string, wallMs: number, cpuMs: number, maxRssMb: number, extra: Partial<ScenarioResult> = {}): ScenarioResult {
  return {
    name,
    kind: 'build',
    description: name,
    pages: 1000,
    runs: [],
    basis: 'process',
    median: { wallMs, cpuMs, maxRssMb },
    wallMinMs: wallMs,
    wallMaxMs: wallMs,
    ...extra,
  };
}

function result(scenarios: ScenarioResult[], machine: Partial<Machine> = {}): BenchResult {
  return {
    profile: 'quick',
    date: '2026-11-21T00:00:00.000Z',
    pages: 1000,
    seed: 1,
    runs: 3,
    ratioBase: 'floor-parse',
    machine: { ...MACHINE, ...machine },
    loadAverageAtEnd: 1,
    scenarios,
  };
}

const baseline = result([scenario('build-cold', 30_000, 50_000, 400), scenario('build-noop', 600, 550, 120)]);

test('CPU time grown beyond the tolerance fails, naming the scenario and the metric', () => {
  const current = result([scenario('build-cold', 30_000, 65_000, 400), scenario('build-noop', 600, 550, 120)]);
  const comparison = compareResults(baseline, current, { tolerance: 0.25 });
  assert.ok(comparison.failed);
  assert.equal(comparison.regressions, ['build-cold']);
  const cold = comparison.scenarios.find((s) => s.name === 'build-cold');
  assert.equal(
    cold?.metrics.filter((m) => m.regressed).map((m) => m.metric),
    ['cpu'],
  );
  const text = renderComparison(comparison, 'base.json');
  assert.match(text, /\| build-cold \| 50\.00 \| 65\.00 \| \+30% \|/);
  assert.match(text, /FAIL: 1 scenario\(s\) regressed by more than 25% in CPU time or peak RSS: build-cold\./);
});

test('peak RSS grown beyond the tolerance fails', () => {
  const current = result([scenario('build-cold', 30_000, 50_000, 520), scenario('build-noop', 600, 550, 120)]);
  const comparison = compareResults(baseline, current, { tolerance: 0.25 });
  assert.equal(comparison.regressions, ['build-cold']);
  assert.match(renderComparison(comparison, 'base.json'), /\*\*regressed\*\* \(peak RSS\)/);
});

test('growth within the tolerance passes, and wall time alone never fails', () => {
  const current = result([scenario('build-cold', 60_000, 60_000, 480), scenario('build-noop', 600, 500, 100)]);
  const comparison = compareResults(baseline, current, { tolerance: 0.25 });
  assert.not.ok(comparison.failed);
  assert.equal(comparison.regressions, []);
  assert.equal(comparison.warnings, []);
  assert.match(renderComparison(comparison, 'base.json'), /OK: no scenario regressed by more than 25% in CPU time or peak RSS \(2 compared\)\./);
});

test('a growth beyond the tolerance but under the absolute slack passes (a short scenario on a noisy machine)', () => {
  const before = result([scenario('cli-startup', 150, 40, 60)]);
  const after = result([scenario('cli-startup', 160, 55, 66)]);
  assert.not.ok(compareResults(before, after, { tolerance: 0.25 }).failed);
  assert.ok(compareResults(before, after, { tolerance: 0.25, minCpuMs: 5 }).failed);
});

test('scenarios on one side only are listed, not failed', () => {
  const current = result([scenario('build-noop', 600, 550, 120), scenario('build-one-edit', 300, 250, 150)]);
  const comparison = compareResults(baseline, current, { tolerance: 0.25 });
  assert.not.ok(comparison.failed);
  assert.equal(comparison.onlyInBaseline, ['build-cold']);
  assert.equal(comparison.onlyInCurrent, ['build-one-edit']);
  const text = renderComparison(comparison, 'base.json');
  assert.match(text, /Only in the baseline \(not compared\): build-cold\./);
  assert.match(text, /Only in this run \(not compared\): build-one-edit\./);
});

test('a scenario on another corpus size is not compared', () => {
  const current = result([scenario('build-cold', 90_000, 150_000, 900, { pages: 3000 }), scenario('build-noop', 600, 550, 120)]);
  const comparison = compareResults(baseline, current, { tolerance: 0.25 });
  assert.not.ok(comparison.failed);
  assert.match(comparison.scenarios[0]?.notComparable ?? '', /1000 pages before, 3000 now/);
});

test('a baseline from another machine gives a warning line', () => {
  const current = result([scenario('build-cold', 30_000, 50_000, 400)], { cpu: 'Other CPU', cores: 4 });
  const comparison = compareResults(baseline, current, { tolerance: 0.25 });
  assert.equal(comparison.warnings.length, 1);
  assert.match(
    renderComparison(comparison, 'base.json'),
    /^warning: the baseline was measured on a different machine \(CPU Test CPU @ 2\.80GHz → Other CPU, 2 → 4 cores\)/m,
  );
});

/** A build scenario with its floor's figures, as report.ts's summarize makes them. */
function withFloor(name: string, cpuMs: number, floorCpuMs: number, wallMs = cpuMs, floorWallMs = floorCpuMs): ScenarioResult {
  return scenario(name, wallMs, cpuMs, 400, { ratioToFloor: { base: 'floor-html-2t', cpu: cpuMs / floorCpuMs, wall: wallMs / floorWallMs } });
}
const floor = (cpuMs: number) => scenario('floor-html-2t', cpuMs, cpuMs, 300, { kind: 'floor', basis: 'work' });

test('by ratios to the floor: a machine twice as slow passes, a slowdown of docsc alone fails', () => {
  const before = result([floor(10_000), withFloor('build-cold', 12_000, 10_000)]);
  const slowerMachine = result([floor(20_000), withFloor('build-cold', 24_000, 20_000)], { cpu: 'Slower CPU' });
  const onSlowerMachine = compareResults(before, slowerMachine, { tolerance: 0.25 });
  assert.not.ok(onSlowerMachine.failed, 'times doubled with the floor: the ratio is the same');
  assert.equal(onSlowerMachine.scenarios.find((s) => s.name === 'build-cold')?.metrics[0]?.unit, 'ratio');

  const slowerDocsc = result([floor(10_000), withFloor('build-cold', 18_000, 10_000)]);
  const comparison = compareResults(before, slowerDocsc, { tolerance: 0.25 });
  assert.equal(comparison.regressions, ['build-cold']);
  assert.match(renderComparison(comparison, 'base.json'), /\| build-cold \| 1\.20× \| 1\.80× \| \+50% \|/);
});

test('on the same machine, a faster floor alone (the same docsc seconds) raises the ratio but is its noise: it passes', () => {
  // The CI run that flagged the no-op build: its floor 14% faster than the baseline's, its own seconds the same.
  const before = result([floor(14_600), withFloor('build-noop', 330, 14_600)]);
  const after = result([floor(11_000), withFloor('build-noop', 340, 11_000)]);
  const comparison = compareResults(before, after, { tolerance: 0.25 });
  assert.not.ok(comparison.failed);
  const cpu = comparison.scenarios.find((s) => s.name === 'build-noop')?.metrics[0];
  assert.equal([cpu?.unit, cpu?.gated, cpu?.regressed], ['ratio', true, false]);
  assert.ok((cpu?.change ?? 0) > 0.25, 'the ratio grew beyond the tolerance');
  // The same ratios from another machine: the seconds are not comparable there, the ratio alone gates.
  const elsewhere = result([floor(7_000), withFloor('build-noop', 215, 7_000)], { cpu: 'Other CPU' });
  assert.equal(compareResults(before, elsewhere, { tolerance: 0.25 }).regressions, ['build-noop']);
});

test('on the same machine, docsc seconds grown with the ratio fail', () => {
  const before = result([floor(10_000), withFloor('build-noop', 330, 10_000)]);
  const after = result([floor(10_000), withFloor('build-noop', 450, 10_000)]);
  assert.equal(compareResults(before, after, { tolerance: 0.25 }).regressions, ['build-noop']);
});

test('floors are shown but never gated', () => {
  const before = result([floor(10_000)]);
  const after = result([floor(30_000)]);
  const comparison = compareResults(before, after, { tolerance: 0.25 });
  assert.not.ok(comparison.failed);
  assert.match(renderComparison(comparison, 'base.json'), /\| floor-html-2t \|.*\| not gated \|/);
});

test.run();
