// Writes a build's output into its folder so that no reader — a person, a
// server, the next build — ever sees a half-written site it cannot recover
// from:
//
// - every file is written to a temporary name beside it and renamed into
//   place (a rename is atomic), so a file is either the old one or the new;
//   past a writer's first few files, on a thread of their own, in order
//   (write-queue.ts), and `finish` waits for them;
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
import { contentHash } from '../cache/value-key.js';
import { type CompletedManifest, completedOf, manifestText, patchedManifest } from './manifest-lines.js';
import { missingFiles } from './missing-files.js';
import { isInside } from './output-guard.js';
import { OutputPaths, staleInTheWay } from './output-paths.js';
import { JOURNAL_FILE, MANIFEST_FILE } from './output-records.js';
import { SYNC_WRITES, WriteQueue, type WriteResult } from './write-queue.js';

export type { CompletedManifest };
export { MANIFEST_FILE };

/**
 * Fault injection for the crash tests: `DOCSC_FAULT_KILL_AFTER_WRITES=n`
 * kills the process with SIGKILL after its n-th file write, as `kill -9` would.
 */
const KILL_AFTER_WRITES = Number(process.env.DOCSC_FAULT_KILL_AFTER_WRITES ?? Number.NaN);

/** The hash of a file with the writer's thread until its result comes back. */
const PENDING = '';

export interface OutputFile {
  /** Output-relative, `/`-separated. */
  path: string;
  /** Content identity: the hash of the bytes; for `contents`, may be left to the writer (made on its thread). */
  hash?: string;
  /** The bytes to write; else `copyFrom` is copied. */
  contents?: string | Uint8Array;
  /** `contents` is a buffer of its own that nothing reads once it is written: the writer's thread takes it, uncopied. */
  transfer?: true;
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

export interface WriteReport {
  written: string[];
  deleted: string[];
  unchanged: number;
  /** `outputDigest` of the completed output. */
  digest: string;
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

/**
 * What an output folder holds, as one hash: that of its manifest's bytes, which
 * a build records to know later that the folder is still its output (no
 * parsing: a no-op build reads only this). Undefined when the output is not
 * complete.
 */
export function outputDigest(outDir: string): string | undefined {
  if (existsSync(join(outDir, JOURNAL_FILE))) return undefined;
  try {
    return contentHash(readFileSync(join(outDir, MANIFEST_FILE)));
  } catch {
    return undefined;
  }
}

/** The output's file at `path` when `manifest` records it with `key` and it is unchanged since (its hash); else undefined. */
export function readRecordedFile(outDir: string, manifest: CompletedManifest, path: string, key: string): string | undefined {
  return manifest.keys[path] === key ? readUnchanged(outDir, path, manifest.files[path]) : undefined;
}

/** The text of the file at `path` when its bytes still have `hash`; else undefined. */
function readUnchanged(outDir: string, path: string, hash: string | undefined): string | undefined {
  if (hash === undefined || !isSafePath(path)) return undefined;
  try {
    const bytes = readFileSync(join(outDir, path));
    return contentHash(bytes) === hash ? bytes.toString('utf8') : undefined;
  } catch {
    return undefined;
  }
}

/** One build's writes into one output folder: `write` each file, then `finish`. */
export class OutputWriter {
  private root: string;
  /** Hashes that can be trusted to describe the files on disk (none after an interrupted build). */
  private trusted: Record<string, string>;
  /** Keys recorded with the trusted hashes. */
  private trustedKeys: Record<string, string>;
  /** The files of the previous manifest, intact or not, and those an interrupted build journaled: candidates for deletion. */
  private previousFiles: Record<string, string>;
  private interrupted: string[];
  /** What this build wrote or kept: in a full build, every file of the new manifest; in a patch, the changes to `base`. */
  private next = new Map<string, string>();
  /** Keys of `next`'s files; in a patch, undefined removes the file's key. */
  private nextKeys = new Map<string, string | undefined>();
  /** A patch's starting point: the complete manifest it changes. */
  private base: CompletedManifest | undefined;
  private checkedDirs = new Set<string>();
  /** Files recorded with a key that were gone when `checkKept` looked (undefined: `keep` checks each). */
  private missing: Set<string> | undefined;
  private report: WriteReport = { written: [], deleted: [], unchanged: 0, digest: '' };
  /** What this build writes, as a tree (output-paths.ts). */
  private paths = new OutputPaths();
  /** The earlier output's files (`previousFiles` and `interrupted`), sorted, once a write needs them. */
  private owned: string[] | undefined;
  private journal: number;
  /** Writes past the first few go to a thread of their own (write-queue.ts). */
  private queue: WriteQueue;
  /** Files hashed or written in this thread (the first `SYNC_WRITES`; the rest go to the queue's). */
  private inPlace = 0;
  private finished = false;

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
    writer.base = writer.known ?? completedOf(writer.trusted, writer.trustedKeys, '');
    return writer;
  }

  /** The previous output was completed and nothing was written to it since. */
  private intact: boolean;
  /** `known`, when the manifest file is still the one it describes. */
  private known: CompletedManifest | undefined;

  /** `known`: the manifest this process last wrote here (not read again while its file's size and time are unchanged). */
  constructor(outDir: string, known?: CompletedManifest) {
    mkdirSync(outDir, { recursive: true });
    this.root = realpathSync.native(outDir);
    this.queue = new WriteQueue(this.root, (results) => this.recordResults(results));
    if (known !== undefined && known.stamp !== '' && manifestStamp(this.root) === known.stamp) this.known = known;
    const previous = this.known ?? readManifestFile(this.root);
    const interrupted = this.readJournal();
    this.intact = previous !== undefined && interrupted === undefined;
    this.trusted = this.intact ? (previous?.files ?? {}) : {};
    this.trustedKeys = this.intact ? (previous?.keys ?? {}) : {};
    this.previousFiles = previous?.files ?? {};
    this.interrupted = interrupted ?? [];
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
    return this.next.has(path) || (this.base !== undefined && path in this.base.files);
  }

  /** The file this build writes that a file at `path` would collide with (the same path, or one a folder must be), if any. */
  conflict(path: string): string | undefined {
    return this.paths.conflict(path);
  }

  /** The key the previous, intact output recorded for `path`. */
  recordedKey(path: string): string | undefined {
    return this.trustedKeys[path];
  }

  /** Where the previous build's file at `path` is and the hash it recorded, when the output was intact (the file is read only if it still has it). */
  previousFile(path: string): { file: string; hash: string } | undefined {
    const hash = this.trusted[path];
    return hash === undefined || !isSafePath(path) ? undefined : { file: join(this.root, path), hash };
  }

  /**
   * Finds, on a thread of its own, which files recorded with a key are gone,
   * so that `keep` asks the file system nothing (with fewer than
   * `KEPT_CHECK_THREAD` of them, or when the thread fails, `keep` checks each
   * file itself).
   */
  async checkKept(): Promise<void> {
    const paths = Object.keys(this.trustedKeys).filter((path) => this.trusted[path] !== undefined && isSafePath(path));
    if (paths.length < KEPT_CHECK_THREAD) return;
    this.missing = await missingFiles(this.root, paths).catch(() => undefined);
  }

  /** Keeps the previous build's files at `path` and `more`, with their hashes and keys, if all are still there; false otherwise (write them). */
  keep(path: string, ...more: string[]): boolean {
    const paths = [path, ...more];
    for (const p of paths) {
      if (this.trusted[p] === undefined || this.trustedKeys[p] === undefined) return false;
      const gone = this.missing === undefined ? !existsSync(join(this.root, checkedPath(p))) : this.missing.has(checkedPath(p));
      if (gone) return false;
    }
    for (const p of paths) {
      this.next.set(p, this.trusted[p] as string);
      this.nextKeys.set(p, this.trustedKeys[p]);
      this.paths.claim(p);
      this.report.unchanged++;
    }
    return true;
  }

  /** Writes a file; `conflict(file.path)` must be undefined (a file and a folder cannot share a path). */
  write(file: OutputFile): void {
    const path = checkedPath(file.path);
    if (file.contents === undefined && (file.copyFrom === undefined || file.hash === undefined)) {
      throw new Error(`output file ${path} has neither contents nor a source and its hash`);
    }
    this.paths.claim(path);
    if (this.base === undefined) this.clearStale(path);
    if (file.key !== undefined) this.nextKeys.set(path, file.key);
    else if (this.base !== undefined) this.nextKeys.set(path, undefined);
    else this.nextKeys.delete(path);
    const target = join(this.root, path);
    const dir = dirname(target);
    const temporary = `${target}.docsc-tmp-${process.pid}`;
    // Past the first files to hash or write, every file goes to the writer's thread, in order; one without its hash is hashed there.
    if (this.queue.started || this.inPlace >= SYNC_WRITES) {
      if (file.hash !== undefined && this.trusted[path] === file.hash && existsSync(target)) {
        this.next.set(path, file.hash);
        this.report.unchanged++;
        return;
      }
      this.next.set(path, PENDING);
      // Journaled even when the thread finds it unchanged: a journal may list more than was written, never less.
      writeSync(this.journal, `${path}\n`);
      if (!this.queue.started && Number.isFinite(KILL_AFTER_WRITES)) this.queue.killAfterWrites(KILL_AFTER_WRITES - this.report.written.length);
      const bytes = file.contents === undefined ? 0 : typeof file.contents === 'string' ? file.contents.length : file.contents.byteLength;
      const job = { path, dir, temporary, target, bytes, ...(this.trusted[path] === undefined ? {} : { previous: this.trusted[path] }) };
      const withHash = file.hash === undefined ? job : { ...job, hash: file.hash };
      if (file.contents === undefined) this.queue.enqueue({ ...withHash, copyFrom: file.copyFrom as string });
      else this.queue.enqueue(file.transfer ? { ...withHash, contents: file.contents, transfer: true } : { ...withHash, contents: file.contents });
      return;
    }
    if (file.hash === undefined || this.trusted[path] !== file.hash) this.inPlace++;
    // Encoded as UTF-8 once, for the hash and the file (as write-worker.ts does).
    const contents = file.hash === undefined && typeof file.contents === 'string' ? Buffer.from(file.contents) : file.contents;
    const hash = file.hash ?? contentHash(contents as string | Uint8Array);
    this.next.set(path, hash);
    if (this.trusted[path] === hash && existsSync(target)) {
      this.report.unchanged++;
      return;
    }
    writeSync(this.journal, `${path}\n`);
    this.report.written.push(path);
    const killAfter = this.report.written.length === KILL_AFTER_WRITES;
    this.ensureDir(dir);
    try {
      if (contents !== undefined) writeFileSync(temporary, contents);
      else copyFileSync(file.copyFrom as string, temporary);
      renameSync(temporary, target);
    } catch (error) {
      rmSync(temporary, { force: true });
      throw new Error(`could not write ${path}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
    if (killAfter) process.kill(process.pid, 'SIGKILL');
  }

  /** The thread's results, in order: each file's hash, and whether it was written or already there. */
  private recordResults(results: readonly WriteResult[]): void {
    for (const [path, hash, written] of results) {
      this.next.set(path, hash);
      if (written) this.report.written.push(path);
      else this.report.unchanged++;
    }
  }

  /** Resolves once the files written so far are few enough in memory to go on (write-queue.ts); throws a failed write. */
  whenRoom(): Promise<void> {
    return this.queue.whenRoom();
  }

  /**
   * Stops a writer whose build failed before `finish`: files still queued are
   * not written, and the journal stays, so the next build knows this one was
   * interrupted. Nothing after `finish`.
   */
  async stop(): Promise<void> {
    if (this.finished) return;
    this.finished = true;
    await this.queue.cancel();
    closeSync(this.journal);
  }

  /** The manifest `finish` wrote, for the next writer of this process (`patch`). */
  completed(): CompletedManifest | undefined {
    return this.written;
  }

  private written: CompletedManifest | undefined;

  /** Waits for every write, removes the files of earlier builds that this one did not write, and marks the output complete. */
  async finish(): Promise<WriteReport> {
    await this.queue.close();
    for (const [path, hash] of this.next) if (hash === PENDING) throw new Error(`the output writer's thread gave no result for ${path}`);
    this.finished = true;
    let manifest: CompletedManifest;
    let apply = () => {};
    if (this.base === undefined) {
      const owned = new Set([...Object.keys(this.previousFiles), ...this.interrupted]);
      for (const path of [...owned].filter((path) => !this.next.has(path)).sort()) {
        if (this.remove(path)) this.report.deleted.push(path);
      }
      const keys = new Map<string, string>();
      for (const [path, key] of this.nextKeys) if (key !== undefined) keys.set(path, key);
      manifest = completedOf(Object.fromEntries(this.next), Object.fromEntries(keys), '');
    } else {
      // A patch only replaces files: every file of the base stays.
      ({ manifest, apply } = patchedManifest(this.base, this.next, this.nextKeys));
    }
    const text = manifestText(manifest);
    writeManifest(this.root, text);
    apply();
    manifest.stamp = manifestStamp(this.root);
    this.written = manifest;
    closeSync(this.journal);
    rmSync(join(this.root, JOURNAL_FILE), { force: true });
    this.report.digest = contentHash(text);
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

  /**
   * Removes what the earlier output has in the way of `path` (a file where it needs a folder, files inside a folder
   * where it is a file) and this build does not write, before `path` is written, rather than once the build is done.
   */
  private clearStale(path: string): void {
    this.owned ??= [...new Set([...Object.keys(this.previousFiles), ...this.interrupted])].sort();
    if (this.owned.length === 0) return;
    for (const stale of staleInTheWay(path, this.owned, (p) => this.next.has(p))) if (this.remove(stale)) this.report.deleted.push(stale);
  }

  /** Removes a file docsc wrote, and the folders that leaves empty. */
  private remove(path: string): boolean {
    const target = join(this.root, path);
    // A folder now where a file was (a page's address that an earlier build wrote as a file) is not the file.
    if (!isSafePath(path) || !this.isSafeDir(dirname(target)) || !isFile(target)) return false;
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
      const real = realpathSync.native(dir);
      return real === this.root || isInside(real, this.root);
    } catch {
      return false;
    }
  }
}

/** Relative, `/`-separated, no empty, `.` or `..` segments, not docsc's own bookkeeping files. */
/** Whether the writer takes `path` as a file of the output: project-relative, no backslash or NUL, no empty, `.` or `..` segment. */
export function isSafePath(path: string): boolean {
  return !UNSAFE_PATH.test(path) && path !== MANIFEST_FILE && path !== JOURNAL_FILE;
}

/**
 * From this many files recorded with a key, `checkKept` looks for them on a
 * thread (starting one costs it 30-50 ms; a check in place, 5-15 µs a file).
 */
export const KEPT_CHECK_THREAD = 2000;

/** A backslash or NUL anywhere, or an empty, `.` or `..` segment (so also a leading `/`); one test per path, 10,000 per build. */
const UNSAFE_PATH = /[\\\0]|(?:^|\/)\.{0,2}(?:\/|$)/;

function checkedPath(path: string): string {
  if (!isSafePath(path)) throw new Error(`refusing to write output path ${JSON.stringify(path)}`);
  return path;
}

/** Whether a file (not a folder, and not a path through a file: `x.md/index.html` where `x.md` is a file now) is there. */
function isFile(target: string): boolean {
  try {
    return statSync(target).isFile();
  } catch {
    return false;
  }
}

function manifestStamp(root: string): string {
  try {
    const stat = statSync(join(root, MANIFEST_FILE), { bigint: true });
    return `${stat.size}:${stat.mtimeNs}:${stat.ino}`;
  } catch {
    return '';
  }
}

function writeManifest(root: string, text: string): void {
  const target = join(root, MANIFEST_FILE);
  const temporary = `${target}.docsc-tmp-${process.pid}`;
  writeFileSync(temporary, text);
  renameSync(temporary, target);
}
