// The results table of bench/README.md is generated from saved bench results
// (bench/readme-table.ts): a later file's rows replace an earlier one's, each
// row cites its file, ratios are shown to the floor named, and results taken
// under load say so.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { BenchResult, ScenarioResult } from '../bench/report.js';

const temp = mkdtempSync(join(tmpdir(), 'docsc-readme-table-'));

function scenario(name: string, cpuMs: number, extra: Partial<ScenarioResult> = {}): ScenarioResult {
  return {
    name,
    kind: 'build',
    description: name,
    pages: 1000,
    runs: [],
    basis: 'process',
    median: { wallMs: cpuMs, cpuMs, maxRssMb: 300 },
    wallMinMs: cpuMs,
    wallMaxMs: cpuMs,
    ...extra,
  };
}

function save(name: string, load: number, scenarios: ScenarioResult[]): string {
  const result: BenchResult = {
    profile: 'full',
    date: '2026-11-21T12:00:00.000Z',
    pages: 1000,
    seed: 1,
    runs: 3,
    ratioBase: 'floor-parse',
    machine: { cpu: 'Test CPU', cores: 2, memoryGb: 8, node: 'v20', os: 'Linux', loadAverage: load, commit: 'abc' },
    loadAverageAtEnd: load,
    scenarios,
  };
  const file = join(temp, name);
  writeFileSync(file, JSON.stringify(result));
  return file;
}

function print(...files: string[]): string {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'bench/readme-table.ts', '--print', ...files], { encoding: 'utf8' });
  assert.is(run.status, 0, run.stderr);
  return run.stdout;
}

test('rows from every file, a later file replacing a scenario, each citing its file, ratios to the floor named', () => {
  const floor = scenario('floor-html-2t', 10_000, { kind: 'floor', basis: 'work', processWallMs: 11_000 });
  const older = save('older.json', 0.5, [floor, scenario('build-cold', 12_000, { ratioToFloor: { base: 'floor-html-2t', wall: 1.2, cpu: 1.2 } })]);
  const newer = save('newer.json', 0.5, [scenario('build-cold', 15_000, { ratioToFloor: { base: 'floor-html-2t', wall: 1.5, cpu: 1.5 } })]);
  const text = print(older, newer);
  assert.match(text, '| `floor-html-2t` † | 1,000 | 10.00 s (process 11.00 s) | 10.00 s | 300 MB |  |  | `older.json` |');
  assert.match(text, '| `build-cold` | 1,000 | 15.00 s | 15.00 s | 300 MB | 1.50 / 1.50 | `floor-html-2t` | `newer.json` |');
  assert.not.match(text, '12.00 s');
  assert.not.match(text, 'Measured on a shared machine');
});

test('results taken under load are flagged', () => {
  const busy = save('busy.json', 9, [scenario('build-noop', 500)]);
  assert.match(print(busy), '**Measured on a shared machine:**');
});

test.after(() => rmSync(temp, { recursive: true, force: true }));

test.run();
