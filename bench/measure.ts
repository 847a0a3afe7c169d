// Runs one command in a fresh `node` child process and measures it: wall time
// from spawn to exit (taken here), CPU time (user + sys) and peak RSS of the
// child (reported by measure/report-usage.mjs, preloaded into it, at exit).
// A command that times its own work (the floors) also leaves a work sample,
// which is then what the figures describe. A non-zero exit is an error: the
// figures of a failing run mean nothing. The child's stdout is returned too,
// for the scenario to check what the run did (a build's --json report).

import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { WorkSample } from './floors/floor-clock.js';

export interface Sample {
  wallMs: number;
  /** User + system CPU time, all threads. */
  cpuMs: number;
  /** Peak resident set size of the process. */
  maxRssMb: number;
}

export interface Measurement {
  /** The whole child process, start-up included. */
  process: Sample;
  /** The work the command timed itself, if it did (floors). */
  work?: Sample;
}

/** A measurement, and what the child wrote to stdout (the first STDOUT_LIMIT bytes or so). */
export interface MeasuredRun extends Measurement {
  stdout: string;
}

export interface Command {
  /** Arguments to `node`, after the preload: a script and its arguments. */
  args: string[];
  cwd: string;
  /** Exit codes that are not a failure (default: 0 alone); a check of a real repository exits 1 when it reports errors. */
  exitCodes?: readonly number[];
}

const STDOUT_LIMIT = 4 * 1024 * 1024;
const REPORT_USAGE = pathToFileURL(join(import.meta.dirname, 'measure', 'report-usage.mjs')).href;

interface Usage {
  userUs: number;
  systemUs: number;
  maxRssKb: number;
}

export async function measure(command: Command): Promise<MeasuredRun> {
  const dir = mkdtempSync(join(tmpdir(), 'docsc-bench-'));
  const usageFile = join(dir, 'usage.json');
  const workFile = join(dir, 'work.json');
  try {
    const env = { ...process.env, BENCH_USAGE_FILE: usageFile, BENCH_WORK_FILE: workFile };
    const { wallMs, stdout } = await run([process.execPath, '--import', REPORT_USAGE, ...command.args], command.cwd, env, command.exitCodes ?? [0]);
    const usage = readJson<Usage>(usageFile);
    if (usage === undefined) throw new Error(`no usage reported by \`node ${command.args.join(' ')}\``);
    const measurement: MeasuredRun = { process: { wallMs, cpuMs: (usage.userUs + usage.systemUs) / 1000, maxRssMb: usage.maxRssKb / 1024 }, stdout };
    // A driver that runs another program (drivers/timed-command.mjs, dev-first-page.mjs) reports that program's peak RSS.
    const work = readJson<WorkSample & { maxRssKb?: number }>(workFile);
    if (work) {
      const maxRssMb = work.maxRssKb === undefined ? measurement.process.maxRssMb : work.maxRssKb / 1024;
      measurement.work = { wallMs: work.wallMs, cpuMs: (work.userUs + work.systemUs) / 1000, maxRssMb };
    }
    return measurement;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs the command and resolves to its wall time in ms and its stdout; rejects, with its output, when it fails. */
function run(argv: string[], cwd: string, env: NodeJS.ProcessEnv, exitCodes: readonly number[]): Promise<{ wallMs: number; stdout: string }> {
  const [file, ...args] = argv as [string, ...string[]];
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let wallMs = 0;
    let output = '';
    const stdout: Buffer[] = [];
    let stdoutBytes = 0;
    const child = spawn(file, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk: Buffer) => {
      if (stdoutBytes < STDOUT_LIMIT) stdout.push(chunk);
      stdoutBytes += chunk.length;
      output = keepTail(output + chunk.toString());
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output = keepTail(output + chunk.toString());
    });
    child.on('exit', () => {
      wallMs = performance.now() - started;
    });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code !== null && exitCodes.includes(code)) resolve({ wallMs, stdout: Buffer.concat(stdout).toString('utf8') });
      else reject(new Error(`\`node ${args.join(' ')}\` failed (${signal ?? `exit ${code}`}):\n${output}`));
    });
  });
}

/** The last few KB of output are enough to say why a run failed. */
function keepTail(text: string): string {
  return text.length > 8192 ? text.slice(-8192) : text;
}

function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return undefined;
  }
}
