// A Node child process run to its end, its output collected: how tests run
// the `docsc` command as users do (cli.test.ts, page-out-of-memory.test.ts).

import { spawn } from 'node:child_process';
import * as assert from 'uvu/assert';

export interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** `node <args>` in `cwd`, without colour, `env` added to the environment; killed after `timeoutMs`, when given (its status is then null). */
export function runNode(args: string[], cwd: string, timeoutMs?: number, env: Record<string, string> = {}): Promise<Run> {
  const child = spawn(process.execPath, args, {
    cwd,
    ...(timeoutMs === undefined ? {} : { timeout: timeoutMs }),
    env: { ...process.env, NO_COLOR: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  return new Promise((done, fail) => {
    child.on('error', fail);
    child.on('close', (status) => done({ status, stdout, stderr }));
  });
}

/** The errors of a `--json` report as `file:line:col code message`; a run that printed none fails with its status and stderr. */
export function reportedErrors(run: Run): string[] {
  assert.ok(run.stdout.trim() !== '', `no report (status ${run.status}), stderr:\n${run.stderr}`);
  const report = JSON.parse(run.stdout) as {
    diagnostics: { code: string; file: string; line: number; column: number; severity: string; message: string }[];
  };
  return report.diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.file}:${d.line}:${d.column} ${d.code} ${d.message}`);
}
