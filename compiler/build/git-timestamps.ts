// "Last modified" dates for docs.json's `metadata.timestamp`: the committer
// date of the last commit that changed each file, from one `git log` over
// the docs folder. A date is a function of the repository's history, never
// of the clock or of file modification times, so identical inputs at the
// same commit give byte-identical pages; a file with no commit (untracked,
// or not in a git repository) has no date. The build records the commit it
// read (`head`) with its output, and a later build whose HEAD differs is not
// taken as up to date (page bodies stay cached: dates are laid out around
// them, not rendered into them). This is the one place docsc runs a program
// on the repository; it reads git's own files, which may lie above the docs
// root.

import { spawnSync } from 'node:child_process';

export interface GitTimestamps {
  /** The commit the dates were read at. */
  head: string;
  /** Project-relative path → seconds since the epoch. */
  dates: Map<string, number>;
}

const GIT_ENV = { ...process.env, GIT_OPTIONAL_LOCKS: '0', LC_ALL: 'C' };

function git(root: string, args: readonly string[]): { ok: true; out: string } | { ok: false; reason: string } {
  const run = spawnSync('git', ['-c', 'core.quotePath=false', ...args], {
    cwd: root,
    env: GIT_ENV,
    encoding: 'utf8',
    maxBuffer: 512 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (run.error) return { ok: false, reason: (run.error as NodeJS.ErrnoException).code === 'ENOENT' ? 'git is not installed' : run.error.message };
  if (run.status !== 0) return { ok: false, reason: 'the docs folder is not in a git repository with commits' };
  return { ok: true, out: run.stdout };
}

/** The commit HEAD names, or undefined outside a git repository (cheap: the up-to-date check calls it). */
export function gitHead(root: string): string | undefined {
  const head = git(root, ['rev-parse', '--verify', '-q', 'HEAD']);
  return head.ok ? head.out.trim() : undefined;
}

/** Each file's last commit date under `root` (paths relative to it), or why there are none. */
export function readGitTimestamps(root: string): GitTimestamps | { reason: string } {
  const head = git(root, ['rev-parse', '--verify', '-q', 'HEAD']);
  if (!head.ok) return { reason: head.reason };
  // Newest first; `--relative` limits the log to this folder and names files relative to it.
  const log = git(root, ['log', '--format=%x01%ct', '--name-only', '--no-renames', '--relative', 'HEAD', '--', '.']);
  if (!log.ok) return { reason: log.reason };
  const dates = new Map<string, number>();
  let time = 0;
  for (const line of log.out.split('\n')) {
    if (line.startsWith('\u0001')) time = Number(line.slice(1));
    else if (line !== '' && !dates.has(line)) dates.set(line, time);
  }
  return { head: head.out.trim(), dates };
}
