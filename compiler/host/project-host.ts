// The host layer: the only code of the front end that touches the file
// system. Every path it takes is project-relative and `/`-separated; it
// refuses, before any read, a path that leaves the docs root lexically (`..`,
// absolute paths) or through a symbolic link (checked on the file opened,
// read-opened-file.ts, or else with realpath).

import { readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { contentHash } from '../cache/value-key.js';
import type { DiagnosticBag } from '../diagnostics/diagnostic.js';
import { isWellKnown } from '../ir/page-urls.js';
import { decodeText } from '../source/decode-text.js';
import { SourceFile, type Span } from '../source/source-file.js';
import { type HashedFile, hashFiles } from './hash-files.js';
import { type IgnoreTest, MINTIGNORE_FILE, parseMintignore } from './mintignore.js';
import { insideRoot, readOpenedFile, Scratch } from './read-opened-file.js';

/** Files larger than this are refused: no real docs input comes close. */
export const MAX_FILE_BYTES = 64 * 1024 * 1024;

/**
 * Pages (`.md`, `.mdx`) larger than this are refused: the MDX parser needs
 * about 30 s and 700 MB per megabyte of dense Markdown (measured on a 2-core
 * VM: 1 MB 29 s / 772 MB, 2 MB 59 s / 1.3 GB; a 50 MB page ran out of memory
 * after 150 s). Real pages are a few kilobytes, but notebooks exported with
 * their images inline reach 3-4 MB (LangChain's: 1.3-1.7 s and 170 MB each,
 * the images being long lines the parser passes over) and Mintlify publishes
 * them: they are read, with `file/large-page`, and parsed in a process of
 * their own (ISOLATED_PAGE_CHARS), where running out of memory fails the
 * page, not the build.
 */
export const MAX_PAGE_BYTES = 32 * 1024 * 1024;

/** Pages larger than this are read with a warning (`file/large-page`): dense Markdown this long takes a minute to parse. */
export const LARGE_PAGE_BYTES = 2 * 1024 * 1024;

/**
 * Pages at least this long are parsed in a process of their own, one at a
 * time (host/isolated-process.ts, worker-pool.ts's `isolate`): a page of
 * 256 KB of dense Markdown can need 0.6-1 GB (measured: a 512 KB table,
 * 1.03 GB), and running out of memory there fails the page, where in the
 * build's own thread, or at times in a worker thread, it would end the
 * process.
 */
export const ISOLATED_PAGE_CHARS = 256 * 1024;

/** Folders never searched for pages. */
const IGNORED_DIRS = new Set(['node_modules', '.git', '.docsc', 'dist', 'out', '_site']);

export type ReadFailure = 'not-found' | 'outside-root' | 'unreadable' | 'too-large';

/** `fingerprint`: the size and modification time (`size:mtimeMs`) of the file read, as the input snapshot records them. */
export type ReadResult = { ok: true; bytes: Buffer; fingerprint?: string } | { ok: false; failure: ReadFailure; reason: string };

export class ProjectHost {
  readonly root: string;
  private realRoot: string;
  private fileList: string[] | undefined;
  /** `fileList` as a set: the files read by descriptor (`readFromDisk`). */
  private listed: ReadonlySet<string> | undefined;
  /** `listFiles` by file name (the last segment), each in listing order. */
  private byName: Map<string, string[]> | undefined;
  /** Symbolic links (to files or folders) leading outside the root, found by `listFiles`: never listed, named when referenced. */
  private outsideLinks: string[] = [];
  private maxFileBytes: number;
  private maxPageBytes: number;
  private ignored: ReadonlySet<string>;
  /** Reads kept for the run when asked: the build hashes every input, then the front end reads them again. */
  private reads: Map<string, ReadResult> | undefined;
  /** The buffer `identify` reads into. */
  private readonly scratch = new Scratch();
  /** Files' content hashes, when known (`knowHashes`). */
  private hashes: ReadonlyMap<string, string> | undefined;

  /**
   * `ignore`: project-relative folders never listed (the build's output and
   * cache when they sit inside the docs root). `memoize`: keep what was read.
   */
  constructor(root: string, options: { maxFileBytes?: number; maxPageBytes?: number; ignore?: readonly string[]; memoize?: boolean } = {}) {
    this.root = resolve(root);
    this.realRoot = realpathSync(this.root);
    this.maxFileBytes = options.maxFileBytes ?? MAX_FILE_BYTES;
    this.maxPageBytes = Math.min(options.maxPageBytes ?? MAX_PAGE_BYTES, this.maxFileBytes);
    this.ignored = new Set(options.ignore ?? []);
    if (options.memoize) this.reads = new Map();
  }

  /**
   * The content hash of each file, by project-relative path (the build's input
   * snapshot): a text read later and decoded without a problem is the same
   * bytes, so it takes that hash instead of being hashed again (GitHub's 13 MB
   * spec: 35 ms a build).
   */
  knowHashes(hashes: ReadonlyMap<string, string>): void {
    this.hashes = hashes;
  }

  /** The content hash `knowHashes` gave for `path`, if any (never one of an unreadable file). */
  hashOf(path: string): string | undefined {
    const hash = this.hashes?.get(path);
    return hash === undefined || hash.startsWith('unreadable:') ? undefined : hash;
  }

  /**
   * Normalizes a project-relative path (`./a/../b` → `b`, a leading `/` is
   * the docs root). Returns undefined when it leaves the root.
   */
  normalize(path: string): string | undefined {
    if (path.includes('\0') || /^[a-z][a-z0-9+.-]*:/i.test(path)) return undefined;
    // The usual case (every page of a navigation): already normal, nothing to resolve (11,000 pages: 80 ms less).
    if (isNormal(path)) return path;
    const absolute = resolve(this.root, `.${path.startsWith('/') ? '' : '/'}${path}`);
    const rel = relative(this.root, absolute);
    if (rel.startsWith('..') || isAbsolute(rel)) return undefined;
    return rel.split(sep).join('/');
  }

  /** Joins a path relative to the folder of `fromFile` (both project-relative). */
  resolveFrom(fromFile: string, path: string): string | undefined {
    if (path.startsWith('/')) return this.normalize(path);
    const dir = fromFile.includes('/') ? fromFile.slice(0, fromFile.lastIndexOf('/')) : '';
    return this.normalize(dir === '' ? path : `${dir}/${path}`);
  }

  isFile(path: string): boolean {
    try {
      return statSync(join(this.root, path)).isFile();
    } catch {
      return false;
    }
  }

  read(path: string): ReadResult {
    const remembered = this.reads?.get(path);
    if (remembered) return remembered;
    const result = this.readFromDisk(path);
    this.reads?.set(path, result);
    return result;
  }

  /**
   * The content hash of a file, its fingerprint when the read gives one, without keeping its bytes: read into a
   * buffer reused from one file to the next (what a read already kept gives, when there is one). For files hashed
   * and never read again, as `docsc check` hashes most pages.
   */
  identify(path: string): { ok: true; hash: string; fingerprint: string | undefined } | Extract<ReadResult, { ok: false }> {
    const read = this.reads?.get(path) ?? this.readFromDisk(path, this.scratch);
    return read.ok ? { ok: true, hash: contentHash(read.bytes), fingerprint: read.fingerprint } : read;
  }

  /**
   * `identify` of many files, on two threads when there are many (hash-files.ts): the files the listing found and
   * that no read kept are read there, as `readFromDisk` opens them; any other, or one read there that must be read by
   * path, here.
   */
  async identifyAll(paths: readonly string[]): Promise<Map<string, ReturnType<ProjectHost['identify']>>> {
    const opened = paths.filter((path) => this.listed?.has(path) && !this.reads?.has(path));
    const hashed = await hashFiles(
      opened.map((path) => ({ absolute: join(this.root, path), limit: this.limitFor(path) })),
      this.realRoot,
    );
    const identified = new Map<string, HashedFile>(opened.map((path, i) => [path, hashed[i]]));
    return new Map(paths.map((path) => [path, identified.get(path) ?? this.identify(path)]));
  }

  /** Forgets what was read of these files: they changed on disk, or are not needed again. */
  forget(paths: readonly string[]): void {
    for (const path of paths) this.reads?.delete(path);
  }

  /** Forgets every read kept (the front end is done with them): a later read goes to the disk again. */
  forgetAll(): void {
    this.reads?.clear();
  }

  /** `scratch`: read into it (bytes valid until its next read) instead of a buffer of their own, when the file is opened by descriptor. */
  private readFromDisk(path: string, scratch?: Scratch): ReadResult {
    const absolute = join(this.root, path);
    // A file the listing found (never through a link to a folder) is opened first: nothing outside the root is
    // opened, unless the folders changed since.
    const opened = this.listed?.has(path) ? readOpenedFile(absolute, (real) => this.inside(real), this.limitFor(path), scratch) : undefined;
    if (opened !== undefined) return opened;
    let real: string;
    try {
      real = realpathSync(absolute);
    } catch {
      return { ok: false, failure: 'not-found', reason: 'no such file' };
    }
    if (!this.inside(real)) return { ok: false, failure: 'outside-root', reason: 'it is a link leading outside the docs root' };
    try {
      const stat = statSync(real);
      if (!stat.isFile()) return { ok: false, failure: 'unreadable', reason: 'not a regular file' };
      if (stat.size > this.limitFor(path)) return { ok: false, failure: 'too-large', reason: String(stat.size) };
      return { ok: true, bytes: readFileSync(real), fingerprint: `${stat.size}:${stat.mtimeMs}` };
    } catch (error) {
      return { ok: false, failure: 'unreadable', reason: (error as NodeJS.ErrnoException).code ?? String(error) };
    }
  }

  /** Whether a real path (links resolved) is inside the real root. */
  private inside(real: string): boolean {
    return insideRoot(this.realRoot, real);
  }

  /** The size limit of a file: pages have their own, lower one. */
  limitFor(path: string): number {
    return /\.mdx?$/i.test(path) ? this.maxPageBytes : this.maxFileBytes;
  }

  /**
   * Reads a text file and reports what is wrong with it (BOM, invalid UTF-8,
   * NUL bytes, refused reads). `at` is where the reference to the file stands,
   * for reads that fail. Returns undefined when nothing could be read.
   */
  readSource(path: string, diagnostics: DiagnosticBag, at?: Span): SourceFile | undefined {
    const result = this.read(path);
    if (!result.ok) {
      const where = at ?? { file: path };
      if (result.failure === 'outside-root') diagnostics.report('file/outside-root', where, { path });
      else if (result.failure === 'too-large') diagnostics.report('file/too-large', where, { path, size: result.reason, limit: this.limitFor(path) });
      else diagnostics.report('file/unreadable', where, { path, reason: result.reason });
      return undefined;
    }
    return sourceFromBytes(path, result.bytes, diagnostics, this.hashOf(path));
  }

  /** Every file under the root, project-relative, sorted; skips dependency, VCS and hidden folders (but `.well-known/` at the root, which a site serves: page-urls.ts `isWellKnown`), and what `.mintignore` names. */
  listFiles(): string[] {
    if (this.fileList) return this.fileList;
    const out: string[] = [];
    const outside: string[] = [];
    const mintignored = this.mintignore();
    const walk = (dir: string, prefix: string) => {
      let entries: import('node:fs').Dirent[];
      try {
        entries = readdirSync(dir, { withFileTypes: true });
      } catch {
        return;
      }
      for (const entry of entries) {
        const name = entry.name;
        if (mintignored(prefix + name, entry.isDirectory())) continue;
        if (entry.isDirectory()) {
          if (IGNORED_DIRS.has(name) || (name.startsWith('.') && !isWellKnown(`${prefix}${name}/`)) || this.ignored.has(prefix + name)) continue;
          walk(join(dir, name), `${prefix}${name}/`);
        } else if (entry.isFile()) out.push(prefix + name);
        else if (entry.isSymbolicLink()) {
          const link = this.linkTarget(join(dir, name));
          if (link === 'file-inside') out.push(prefix + name);
          else if (link === 'outside' && !IGNORED_DIRS.has(name) && !name.startsWith('.')) outside.push(prefix + name);
        }
      }
    };
    walk(this.root, '');
    out.sort();
    this.fileList = out;
    this.listed = new Set(out);
    this.outsideLinks = outside.sort();
    return out;
  }

  /**
   * The files `listFiles` lists whose name (last segment) is `name`, in its order: spec names written without a
   * folder are looked up by file name (spec-names.ts), once per page that names one, which a filter of crewAI's
   * 25,033 files made 0.2 s of CPU.
   */
  filesNamed(name: string): readonly string[] {
    if (this.byName === undefined) {
      this.byName = new Map();
      for (const file of this.listFiles()) {
        const own = file.slice(file.lastIndexOf('/') + 1);
        const named = this.byName.get(own);
        if (named === undefined) this.byName.set(own, [file]);
        else named.push(file);
      }
    }
    return this.byName.get(name) ?? [];
  }

  /** What Mintlify leaves out of the site (mintignore.ts): its defaults and the docs root's `.mintignore`, read once with the listing (never through a link out). */
  private mintignore(): IgnoreTest {
    const read = this.readFromDisk(MINTIGNORE_FILE);
    return parseMintignore(read.ok ? read.bytes.toString('utf8') : '');
  }

  /**
   * The symbolic links leading outside the root (to a file or a folder) that
   * `listFiles` met and left out, sorted: inputs of the build all the same
   * (input-snapshot.ts), since a reference to a file reached through one is
   * told so (`linkOutside`).
   */
  linksOutside(): readonly string[] {
    this.listFiles();
    return this.outsideLinks;
  }

  /**
   * The link among `linksOutside` that the project-relative `path` is or goes through (`linkdir` for
   * `linkdir/page.mdx`), if any: asked when a file is not found, to say why.
   */
  linkOutside(path: string): string | undefined {
    return this.linksOutside().find((link) => path === link || path.startsWith(`${link}/`));
  }

  /**
   * What a symbolic link leads to: a file inside the docs root (listed), anything outside it (not listed: a static
   * file copy would follow it), or something else (a folder inside, a dangling link: neither).
   */
  private linkTarget(path: string): 'file-inside' | 'outside' | 'other' {
    try {
      const real = realpathSync(path);
      if (!this.inside(real)) return 'outside';
      return statSync(real).isFile() ? 'file-inside' : 'other';
    } catch {
      return 'other';
    }
  }
}

/** A relative path without empty, `.` or `..` segments or backslashes: `normalize` would return it as it is. */
function isNormal(path: string): boolean {
  if (path === '' || path.includes('\\')) return false;
  for (const segment of path.split('/')) if (segment === '' || segment === '.' || segment === '..') return false;
  return true;
}

/**
 * Decodes bytes into a SourceFile, reporting encoding problems at their place
 * (the text of valid bytes is decoded on first use).
 * `bytesHash`: the bytes' `contentHash`, when known; the text's when it
 * decoded without a problem (UTF-8 is the same bytes then).
 */
export function sourceFromBytes(path: string, bytes: Uint8Array, diagnostics: DiagnosticBag, bytesHash?: string): SourceFile {
  const decoded = decodeText(bytes);
  const file = new SourceFile(path, decoded.text, decoded.problems.length === 0 ? bytesHash : undefined);
  for (const problem of decoded.problems) {
    if (problem.kind === 'bom') diagnostics.report('file/bom', { file, start: 0, end: 0 });
    else if (problem.kind === 'invalid-utf8') diagnostics.report('file/invalid-utf8', { file, start: problem.offset, end: problem.offset + 1 });
    else diagnostics.report('file/nul-byte', { file, start: problem.offset, end: problem.offset + 1 });
  }
  return file;
}
