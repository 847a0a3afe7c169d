// Writes a build's output into its folder so that no reader — a person, a
// server, the next build — ever sees a half-written site it cannot recover
// from:
//
// - every file is written to a temporary name beside it and renamed into
//   place (a rename is atomic), so a file is either the old one or the new;
// - the folder's manifest (`.docsc-output.json`) records every file docsc
//   wrote and its hash. A writer opens a journal (`.docsc-output.journal`)
//   before its first write and appends each path it is about to write; when
//   every file is in place and every stale one removed, the new manifest
//   replaces the old and the journal is deleted. A journal found at the start
//   means a build was interrupted: the next build trusts no recorded hash,
//   rewrites every file, and counts the journal's files as its own, so its
//   output is byte-identical to a clean build's;
// - a file may be written with a `key`: what its bytes were made from (a
//   page's layout key, emit-site.ts). The manifest keeps it, and the next
//   build may `keep` the file without making it again when its key is the
//   same — trusted only while the output is intact, like the hashes;
// - only files docsc wrote are ever deleted: files the tool did not create
//   stay, and pages removed from the repository disappear;
// - no path leaves the output folder, lexically or through a symbolic link.
//
// Files are written as the build produces them (a large site is never held
// in memory whole); what to write is decided before the writer opens, so a
// build that fails earlier leaves the previous output untouched.

import { createHash } from 'node:crypto';
import {
  closeSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmdirSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { isInside } from './output-guard.js';

import { JOURNAL_FILE, MANIFEST_FILE } from './output-records.js';

export { MANIFEST_FILE };

/**
 * Fault injection for the crash tests: `DOCSC_FAULT_KILL_AFTER_WRITES=n`
 * kills the process with SIGKILL after its n-th file write, as `kill -9` would.
 */
const KILL_AFTER_WRITES = Number(process.env.DOCSC_FAULT_KILL_AFTER_WRITES ?? Number.NaN);

export interface OutputFile {
  /** Output-relative, `/`-separated. */
  path: string;
  /** Content identity: the hash of the bytes. */
  hash: string;
  /** The bytes to write; else `copyFrom` is copied. */
  contents?: string | Uint8Array;
  /** Absolute path of a file to copy. */
  copyFrom?: string;
  /** What the bytes were made from, recorded for the next build (`recordedKey`, `keep`). */
  key?: string;
}

export interface OutputManifest {
  format: 1;
  state: 'complete';
  files: Record<string, string>;
  /** Keys of the files written with one, by path. */
  keys?: Record<string, string>;
}

/** A manifest this process wrote, with the size and time of its file then: while they hold, it is what the file says. */
export interface CompletedManifest {
  files: Record<string, string>;
  keys: Record<string, string>;
  stamp: string;
}

export interface WriteReport {
  written: string[];
  deleted: string[];
  unchanged: number;
  /** `manifestDigest` of the completed output. */
  digest: string;
}

/** The manifest of a complete output: undefined when there is none, or a journal says a build was interrupted since. */
export function readManifest(outDir: string): OutputManifest | undefined {
  if (existsSync(join(outDir, JOURNAL_FILE))) return undefined;
  return readManifestFile(outDir);
}

function readManifestFile(outDir: string): OutputManifest | undefined {
  try {
    const value = JSON.parse(readFileSync(join(outDir, MANIFEST_FILE), 'utf8')) as Partial<OutputManifest>;
    if (value.format !== 1 || value.state !== 'complete' || typeof value.files !== 'object' || value.files === null) return undefined;
    const manifest: OutputManifest = { format: 1, state: 'complete', files: value.files as Record<string, string> };
    if (typeof value.keys === 'object' && value.keys !== null) manifest.keys = value.keys as Record<string, string>;
    return manifest;
  } catch {
    return undefined;
  }
}

/** What an output folder holds, as one hash: a build that recorded it knows the folder is still its output. */
export function manifestDigest(manifest: OutputManifest): string {
  return digestOf(sortedEntries(manifest.files));
}

function digestOf(entries: readonly [string, string][]): string {
  return createHash('sha256').update(JSON.stringify(entries)).digest('hex').slice(0, 32);
}

/** One build's writes into one output folder: `write` each file, then `finish`. */
export class OutputWriter {
  private root: string;
  /** Hashes that can be trusted to describe the files on disk (none after an interrupted build). */
  private trusted: Record<string, string>;
  /** Keys recorded with the trusted hashes. */
  private trustedKeys: Record<string, string>;
  /** Every file a build of docsc may have written here: candidates for deletion. */
  private owned: Set<string>;
  private next: Record<string, string> = {};
  private nextKeys: Record<string, string> = {};
  private checkedDirs = new Set<string>();
  private report: WriteReport = { written: [], deleted: [], unchanged: 0, digest: '' };
  private journal: number;

  /**
   * A writer that replaces some files of a complete output and keeps the rest
   * (dev's patch of single pages); undefined when the output is not complete.
   */
  static patch(outDir: string, known?: CompletedManifest): OutputWriter | undefined {
    const writer = new OutputWriter(outDir, known);
    if (!writer.intact) {
      writer.abandon();
      return undefined;
    }
    writer.next = { ...writer.trusted };
    writer.nextKeys = { ...writer.trustedKeys };
    return writer;
  }

  /** The previous output was completed and nothing was written to it since. */
  private intact: boolean;

  /** `known`: the manifest this process last wrote here (not read again while its file's size and time are unchanged). */
  constructor(outDir: string, known?: CompletedManifest) {
    mkdirSync(outDir, { recursive: true });
    this.root = realpathSync(outDir);
    const previous =
      known !== undefined && known.stamp !== '' && manifestStamp(this.root) === known.stamp
        ? { format: 1 as const, state: 'complete' as const, files: known.files, keys: known.keys }
        : readManifestFile(this.root);
    const interrupted = this.readJournal();
    this.intact = previous !== undefined && interrupted === undefined;
    this.trusted = this.intact ? (previous?.files ?? {}) : {};
    this.trustedKeys = this.intact ? (previous?.keys ?? {}) : {};
    this.owned = new Set([...Object.keys(previous?.files ?? {}), ...(interrupted ?? [])]);
    // Appended to, never truncated, until the output is complete: a second interruption keeps the first one's paths.
    this.journal = openSync(join(this.root, JOURNAL_FILE), 'a');
  }

  /** Closes the journal of a writer that wrote nothing, leaving the folder as it was. */
  private abandon(): void {
    closeSync(this.journal);
    if (this.intact) rmSync(join(this.root, JOURNAL_FILE), { force: true });
  }

  /** Whether this build already produced a file at `path` (in a patch: or kept it). */
  has(path: string): boolean {
    return path in this.next;
  }

  /** The key the previous, intact output recorded for `path`. */
  recordedKey(path: string): string | undefined {
    return this.trustedKeys[path];
  }

  /** Keeps the previous build's file at `path`, with its hash and key, if it is still there; false otherwise (write it). */
  keep(path: string): boolean {
    const hash = this.trusted[path];
    const key = this.trustedKeys[path];
    if (hash === undefined || key === undefined || !existsSync(join(this.root, checkedPath(path)))) return false;
    this.next[path] = hash;
    this.nextKeys[path] = key;
    this.report.unchanged++;
    return true;
  }

  write(file: OutputFile): void {
    const path = checkedPath(file.path);
    this.next[path] = file.hash;
    if (file.key !== undefined) this.nextKeys[path] = file.key;
    else delete this.nextKeys[path];
    if (this.trusted[path] === file.hash && existsSync(join(this.root, path))) {
      this.report.unchanged++;
      return;
    }
    writeSync(this.journal, `${path}\n`);
    const target = join(this.root, path);
    this.ensureDir(dirname(target));
    const temporary = `${target}.docsc-tmp-${process.pid}`;
    if (file.contents !== undefined) writeFileSync(temporary, file.contents);
    else if (file.copyFrom !== undefined) copyFileSync(file.copyFrom, temporary);
    else throw new Error(`output file ${path} has neither contents nor a source`);
    renameSync(temporary, target);
    this.report.written.push(path);
    if (this.report.written.length === KILL_AFTER_WRITES) process.kill(process.pid, 'SIGKILL');
  }

  /** The manifest `finish` wrote, for the next writer of this process (`patch`). */
  completed(): CompletedManifest | undefined {
    return this.written;
  }

  private written: CompletedManifest | undefined;

  /** Removes the files of earlier builds that this one did not write, and marks the output complete. */
  finish(): WriteReport {
    for (const path of [...this.owned].filter((owned) => !(owned in this.next)).sort()) {
      if (this.remove(path)) this.report.deleted.push(path);
    }
    const entries = sortedEntries(this.next);
    const keys = sortedEntries(this.nextKeys).filter(([path]) => path in this.next);
    writeManifest(this.root, entries, keys);
    // In path order, as the file has them: a patch that adds no file then need not sort them again.
    this.written = { files: Object.fromEntries(entries), keys: Object.fromEntries(keys), stamp: manifestStamp(this.root) };
    closeSync(this.journal);
    rmSync(join(this.root, JOURNAL_FILE), { force: true });
    this.report.digest = digestOf(entries);
    return this.report;
  }

  /** The paths an interrupted build journaled, or undefined when there is no journal. */
  private readJournal(): string[] | undefined {
    let text: string;
    try {
      text = readFileSync(join(this.root, JOURNAL_FILE), 'utf8');
    } catch {
      return undefined;
    }
    return text.split('\n').filter((line) => line !== '' && isSafePath(line));
  }

  /** Removes a file docsc wrote, and the folders that leaves empty. */
  private remove(path: string): boolean {
    const target = join(this.root, path);
    if (!isSafePath(path) || !this.isSafeDir(dirname(target)) || !existsSync(target)) return false;
    unlinkSync(target);
    for (let dir = dirname(target); dir !== this.root && isInside(dir, this.root); dir = dirname(dir)) {
      try {
        rmdirSync(dir);
      } catch {
        break;
      }
    }
    return true;
  }

  private ensureDir(dir: string): void {
    if (this.checkedDirs.has(dir)) return;
    mkdirSync(dir, { recursive: true });
    if (!this.isSafeDir(dir)) throw new Error(`refusing to write into ${dir}: it leads outside the output folder`);
    this.checkedDirs.add(dir);
  }

  private isSafeDir(dir: string): boolean {
    try {
      const real = realpathSync(dir);
      return real === this.root || isInside(real, this.root);
    } catch {
      return false;
    }
  }
}

/** Relative, `/`-separated, no empty, `.` or `..` segments, not docsc's own bookkeeping files. */
function isSafePath(path: string): boolean {
  const segments = path.split('/');
  return (
    !path.startsWith('/') &&
    !path.includes('\\') &&
    !path.includes('\0') &&
    !segments.some((s) => s === '' || s === '.' || s === '..') &&
    path !== MANIFEST_FILE &&
    path !== JOURNAL_FILE
  );
}

function checkedPath(path: string): string {
  if (!isSafePath(path)) throw new Error(`refusing to write output path ${JSON.stringify(path)}`);
  return path;
}

function manifestStamp(root: string): string {
  try {
    const stat = statSync(join(root, MANIFEST_FILE), { bigint: true });
    return `${stat.size}:${stat.mtimeNs}:${stat.ino}`;
  } catch {
    return '';
  }
}

function writeManifest(root: string, entries: readonly [string, string][], keys: readonly [string, string][]): void {
  const target = join(root, MANIFEST_FILE);
  const temporary = `${target}.docsc-tmp-${process.pid}`;
  const manifest: OutputManifest = { format: 1, state: 'complete', files: Object.fromEntries(entries) };
  if (keys.length > 0) manifest.keys = Object.fromEntries(keys);
  writeFileSync(temporary, `${JSON.stringify(manifest)}\n`);
  renameSync(temporary, target);
}

/** By path; a record read from a manifest is already in order (a patch that adds no file then sorts nothing). */
function sortedEntries(files: Record<string, string>): [string, string][] {
  const entries = Object.entries(files);
  let sorted = true;
  for (let i = 1; i < entries.length && sorted; i++) sorted = (entries[i - 1] as [string, string])[0] < (entries[i] as [string, string])[0];
  if (sorted) return entries;
  return sortEntries(entries);
}

function sortEntries(entries: [string, string][]): [string, string][] {
  return entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}
