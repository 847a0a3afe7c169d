// Writes a build's output into its folder so that no reader — a person, a
// server, the next build — ever sees a half-written site it cannot recover
// from:
//
// - every file is written to a temporary name beside it and renamed into
//   place (a rename is atomic), so a file is either the old one or the new;
// - the folder's manifest (`.docsc-output.json`) records every file docsc
//   wrote and its hash. Before the first write it is marked `writing` and
//   lists the old and new files together; only when every file is in place and
//   every stale one removed is it marked `complete`. A build killed in between
//   leaves `writing`, and the next build trusts no recorded hash: it rewrites
//   every file, so its output is byte-identical to a clean build's;
// - only files in the manifest are ever deleted: files the tool did not
//   create stay, and pages removed from the repository disappear;
// - no path leaves the output folder, lexically or through a symbolic link.
//
// What to write is decided before this runs; a build that fails earlier
// leaves the previous output untouched.

import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, realpathSync, renameSync, rmdirSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { isInside } from './output-guard.js';

export const MANIFEST_FILE = '.docsc-output.json';

/**
 * Fault injection for the crash tests: `DOCSC_FAULT_KILL_AFTER_WRITES=n`
 * kills the process with SIGKILL after its n-th file write, as `kill -9` would.
 */
const KILL_AFTER_WRITES = Number(process.env.DOCSC_FAULT_KILL_AFTER_WRITES ?? Number.NaN);

export interface OutputFile {
  /** Output-relative, `/`-separated. */
  path: string;
  /** Content identity: a content hash, or a file fingerprint for copies. */
  hash: string;
  /** The bytes to write; else `copyFrom` is copied. */
  contents?: string | Uint8Array;
  /** Absolute path of a file to copy. */
  copyFrom?: string;
}

export interface OutputManifest {
  format: 1;
  state: 'writing' | 'complete';
  files: Record<string, string>;
}

export interface WriteReport {
  written: string[];
  deleted: string[];
  unchanged: number;
  /** `manifestDigest` of the completed output. */
  digest: string;
}

export function readManifest(outDir: string): OutputManifest | undefined {
  try {
    const value = JSON.parse(readFileSync(join(outDir, MANIFEST_FILE), 'utf8')) as Partial<OutputManifest>;
    if (value.format !== 1 || (value.state !== 'writing' && value.state !== 'complete') || typeof value.files !== 'object' || value.files === null)
      return undefined;
    return { format: 1, state: value.state, files: value.files as Record<string, string> };
  } catch {
    return undefined;
  }
}

/** What an output folder holds, as one hash: a build that recorded it knows the folder is still its output. */
export function manifestDigest(manifest: OutputManifest): string {
  const sorted = Object.entries(manifest.files).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash('sha256').update(JSON.stringify(sorted)).digest('hex').slice(0, 32);
}

export function writeOutput(outDir: string, files: readonly OutputFile[]): WriteReport {
  mkdirSync(outDir, { recursive: true });
  const root = realpathSync(outDir);
  const previous = readManifest(root);
  const trusted = previous?.state === 'complete' ? previous.files : {};
  const next: Record<string, string> = {};
  for (const file of files) next[checkedPath(file.path)] = file.hash;

  writeManifest(root, { format: 1, state: 'writing', files: { ...previous?.files, ...next } });
  const writer = new SafeWriter(root);
  const report: WriteReport = { written: [], deleted: [], unchanged: 0, digest: '' };
  for (const file of files) {
    if (trusted[file.path] === file.hash && existsSync(join(root, file.path))) {
      report.unchanged++;
      continue;
    }
    writer.write(file);
    report.written.push(file.path);
    if (report.written.length === KILL_AFTER_WRITES) process.kill(process.pid, 'SIGKILL');
  }
  for (const path of Object.keys(previous?.files ?? {}).sort()) {
    if (path in next) continue;
    if (writer.remove(path)) report.deleted.push(path);
  }
  const manifest: OutputManifest = { format: 1, state: 'complete', files: next };
  writeManifest(root, manifest);
  report.digest = manifestDigest(manifest);
  return report;
}

/** Refuses paths that are absolute, hold `..`, empty segments or the manifest's name. */
function checkedPath(path: string): string {
  const segments = path.split('/');
  if (
    path.startsWith('/') ||
    path.includes('\\') ||
    path.includes('\0') ||
    segments.some((s) => s === '' || s === '.' || s === '..') ||
    path === MANIFEST_FILE
  ) {
    throw new Error(`refusing to write output path ${JSON.stringify(path)}`);
  }
  return path;
}

function writeManifest(root: string, manifest: OutputManifest): void {
  const sorted = Object.fromEntries(Object.entries(manifest.files).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  atomicWrite(join(root, MANIFEST_FILE), `${JSON.stringify({ ...manifest, files: sorted }, null, 1)}\n`);
}

function atomicWrite(target: string, contents: string | Uint8Array): void {
  const temporary = `${target}.docsc-tmp-${process.pid}`;
  writeFileSync(temporary, contents);
  renameSync(temporary, target);
}

/** Writes and removes inside one folder only, checking each parent folder's realpath once. */
class SafeWriter {
  private checkedDirs = new Set<string>();

  constructor(private root: string) {}

  write(file: OutputFile): void {
    const target = join(this.root, file.path);
    this.ensureDir(dirname(target));
    if (file.contents !== undefined) {
      atomicWrite(target, file.contents);
      return;
    }
    if (file.copyFrom === undefined) throw new Error(`output file ${file.path} has neither contents nor a source`);
    const temporary = `${target}.docsc-tmp-${process.pid}`;
    copyFileSync(file.copyFrom, temporary);
    renameSync(temporary, target);
  }

  /** Removes a file docsc wrote, and the folders that leaves empty. */
  remove(path: string): boolean {
    const target = join(this.root, path);
    if (!this.isSafeDir(dirname(target)) || !existsSync(target)) return false;
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
