// The build lock: two builds never use one cache folder or one output folder
// at the same time. Each locked folder holds a `.docsc-lock` file naming its
// holder (pid, host, start time, command). The file is created atomically (a
// complete file is hard-linked into place, so nobody reads half of one);
// while its holder lives, another build stops with BuildLockedError and a
// message saying who holds it. A lock whose holder is gone — its pid is not
// running on this host, is our own pid (a restarted container), or predates
// the last boot — is stale, left by a killed build, and is taken over
// silently. `release` deletes the files, and so does process exit; a kill -9
// leaves them, which the stale rule covers. A lock taken on another host
// cannot be checked and is never taken over: the message says which file to
// delete.

import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname, uptime } from 'node:os';
import { join, relative, resolve, sep } from 'node:path';

export const LOCK_FILE_NAME = '.docsc-lock';

export interface LockHolder {
  pid: number;
  hostname: string;
  /** ISO 8601. */
  startedAt: string;
  command: string;
  /** Tells this lock from a later one by the same pid. */
  token: string;
}

export interface BuildLock {
  /** The locked folders, absolute. */
  readonly paths: readonly string[];
  /** Deletes the lock files; safe to call twice. */
  release(): void;
}

export interface BuildLockOptions {
  /** What the holder is doing, for the other build's message (default `docsc`). */
  command?: string;
  /** Messages name folders relative to this (default: the current directory). */
  root?: string;
}

export class BuildLockedError extends Error {
  constructor(
    /** The locked folder, as the message names it. */
    readonly folder: string,
    /** The lock file, absolute. */
    readonly lockFile: string,
    /** Undefined when the lock file is being written and cannot be read yet. */
    readonly holder: LockHolder | undefined,
  ) {
    super(lockedMessage(folder, holder));
    this.name = 'BuildLockedError';
  }
}

/** Locks every folder (creating it if needed) or none: throws BuildLockedError naming the first one held. */
export function acquireBuildLock(paths: readonly string[], options: BuildLockOptions = {}): BuildLock {
  const dirs = [...new Set(paths.map((path) => resolve(path)))].sort();
  const holder: LockHolder = {
    pid: process.pid,
    hostname: hostname(),
    startedAt: new Date().toISOString(),
    command: options.command ?? 'docsc',
    token: randomBytes(8).toString('hex'),
  };
  const content = `${JSON.stringify(holder, null, 2)}\n`;
  const files: string[] = [];
  try {
    for (const dir of dirs) {
      // A folder nobody can write to needs no lock: no build can change it (a read-only or full file
      // system, a file in the way). What then fails to write there says so itself; a cache there is
      // kept in memory instead (lmdb-build-cache.ts).
      try {
        mkdirSync(dir, { recursive: true });
      } catch (error) {
        if (isUnwritable(error)) continue;
        throw error;
      }
      const file = join(dir, LOCK_FILE_NAME);
      try {
        lockFile(file, content, displayFolder(dir, options.root));
      } catch (error) {
        if (!(error instanceof BuildLockedError) && isUnwritable(error)) continue;
        throw error;
      }
      files.push(file);
    }
  } catch (error) {
    for (const file of files) removeIfOurs(file, holder.token);
    throw error;
  }
  const lock = { files, token: holder.token };
  if (held.size === 0) process.on('exit', releaseAllOnExit);
  held.add(lock);
  return {
    paths: dirs,
    release() {
      if (!held.delete(lock)) return;
      for (const file of files) removeIfOurs(file, holder.token);
      if (held.size === 0) process.off('exit', releaseAllOnExit);
    },
  };
}

const UNWRITABLE = new Set(['EROFS', 'EACCES', 'EPERM', 'ENOSPC', 'EDQUOT', 'ENOTDIR', 'ENOENT', 'EEXIST']);

function isUnwritable(error: unknown): boolean {
  return UNWRITABLE.has((error as NodeJS.ErrnoException | undefined)?.code ?? '');
}

/** Locks held by this process, released when it exits. */
const held = new Set<{ files: string[]; token: string }>();

function releaseAllOnExit(): void {
  for (const lock of held) for (const file of lock.files) removeIfOurs(file, lock.token);
  held.clear();
}

function lockFile(file: string, content: string, folder: string): void {
  // A few rounds: a stale lock taken over may be replaced by a racing build meanwhile.
  for (let round = 0; round < 5; round++) {
    if (createExclusive(file, content)) return;
    const found = readLock(file);
    if (found === undefined) continue; // released meanwhile
    if (found.holder === undefined && isFresh(file)) throw new BuildLockedError(folder, file, undefined);
    if (found.holder !== undefined && !isStale(found.holder)) throw new BuildLockedError(folder, file, found.holder);
    takeOver(file, found.raw);
  }
  throw new BuildLockedError(folder, file, readLock(file)?.holder);
}

/** Creates the lock file complete or not at all; false when one exists. */
function createExclusive(file: string, content: string): boolean {
  const draft = `${file}.${process.pid}-${randomBytes(4).toString('hex')}`;
  writeFileSync(draft, content);
  try {
    linkSync(draft, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    // A file system without hard links: exclusive create, written in one call.
    try {
      writeFileSync(file, content, { flag: 'wx' });
      return true;
    } catch (again) {
      if ((again as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw again;
    }
  } finally {
    unlinkSync(draft);
  }
}

function readLock(file: string): { raw: string; holder: LockHolder | undefined } | undefined {
  let raw: string;
  try {
    raw = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  try {
    const holder = JSON.parse(raw) as Partial<LockHolder>;
    const valid = typeof holder.pid === 'number' && typeof holder.hostname === 'string' && typeof holder.startedAt === 'string';
    return { raw, holder: valid ? (holder as LockHolder) : undefined };
  } catch {
    return { raw, holder: undefined };
  }
}

/** An unreadable lock file younger than this may be one being written by a build starting now. */
function isFresh(file: string): boolean {
  try {
    return Date.now() - statSync(file).mtimeMs < 10_000;
  } catch {
    return false;
  }
}

function isStale(holder: LockHolder): boolean {
  if (holder.hostname !== hostname()) return false;
  if ([...held].some((lock) => lock.token === holder.token)) return false;
  if (holder.pid === process.pid) return true;
  const bootedAt = Date.now() - uptime() * 1000;
  if (Date.parse(holder.startedAt) < bootedAt - 60_000) return true;
  try {
    process.kill(holder.pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/** Moves a stale lock aside; if a racing build had already replaced it, puts that one back. */
function takeOver(file: string, staleRaw: string): void {
  const aside = `${file}.stale-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    renameSync(file, aside);
  } catch {
    return; // gone already
  }
  const moved = readFileSync(aside, 'utf8');
  if (moved !== staleRaw) {
    try {
      linkSync(aside, file);
    } catch {
      // a third build holds it now; the next round reads that one
    }
  }
  unlinkSync(aside);
}

function removeIfOurs(file: string, token: string): void {
  const found = readLock(file);
  if (found?.holder?.token !== token) return;
  try {
    unlinkSync(file);
  } catch {
    // already gone
  }
}

function lockedMessage(folder: string, holder: LockHolder | undefined): string {
  if (holder === undefined) return `Another docsc build is starting to use ${folder}. Wait for it to finish, or stop it.`;
  const ago = formatAge(Date.now() - Date.parse(holder.startedAt));
  if (holder.hostname !== hostname()) {
    return (
      `Another docsc build (pid ${holder.pid} on ${holder.hostname}, started ${ago}) is using ${folder}. ` +
      `If no build is running there, delete ${folder}${LOCK_FILE_NAME}.`
    );
  }
  return `Another docsc build (pid ${holder.pid}, started ${ago}) is using ${folder}. Wait for it to finish, or stop it.`;
}

function formatAge(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 120) return `${seconds} s ago`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 120) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  return hours < 48 ? `${hours} h ago` : `${Math.round(hours / 24)} days ago`;
}

/** `out/`, `.docsc/cache/`, `./`: relative to the root when inside it, else absolute. */
function displayFolder(dir: string, root: string | undefined): string {
  const path = relative(resolve(root ?? '.'), dir);
  if (path === '') return './';
  const shown = path.startsWith('..') ? dir : path;
  return `${shown.split(sep).join('/')}/`;
}
