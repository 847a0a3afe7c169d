// The machine a result was measured on, recorded with every result: figures
// from different machines are compared by their ratios, never directly.

import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, release, totalmem, type } from 'node:os';

export interface Machine {
  cpu: string;
  cores: number;
  memoryGb: number;
  node: string;
  os: string;
  /** 1-minute load average when the run started: other work on the machine skews the figures. */
  loadAverage: number;
  /** The commit measured, with `+dirty` when the tree had changes. */
  commit: string;
}

export function describeMachine(root: string): Machine {
  return {
    cpu: cpus()[0]?.model.trim() ?? 'unknown',
    cores: availableParallelism(),
    memoryGb: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    os: `${osName()} (${type()} ${release()})`,
    loadAverage: round2(loadavg()[0] ?? 0),
    commit: commit(root),
  };
}

export function machineLine(machine: Machine): string {
  return `${machine.cpu}, ${machine.cores} cores, ${machine.memoryGb} GB, Node ${machine.node}, ${machine.os}; load average ${machine.loadAverage} at start; commit ${machine.commit}`;
}

function osName(): string {
  try {
    return /^PRETTY_NAME="?(.*?)"?$/m.exec(readFileSync('/etc/os-release', 'utf8'))?.[1] ?? type();
  } catch {
    return type();
  }
}

/** Read-only git queries (no index refresh); `unknown` outside a repository. */
function commit(root: string): string {
  try {
    const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    const head = git('rev-parse', '--short', 'HEAD');
    return git('--no-optional-locks', 'status', '--porcelain', '--untracked-files=no') === '' ? head : `${head}+dirty`;
  } catch {
    return 'unknown';
  }
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}
