// `docsc openapi-file`, the writing part: puts generated pages under the
// output folder and nowhere else. The folder is resolved with realpath, and
// so is every folder a page goes into (once per folder), so a symbolic link
// cannot lead a write out. A new page is created exclusively (O_EXCL: never
// through a link, never over a file that appeared meanwhile), in one write; a
// page that exists is left alone unless `overwrite`, and then replaced by a
// temporary file renamed over it, so a reader never sees half a page.
// `dryRun` writes nothing but reports the same.

import { closeSync, lstatSync, mkdirSync, openSync, realpathSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { type Diagnostic, DiagnosticBag } from '../diagnostics/diagnostic.js';
import type { EndpointPage } from './generate-endpoint-pages.js';

export interface WriteOptions {
  /** The output folder; created when missing. */
  outDir: string;
  overwrite: boolean;
  dryRun: boolean;
  /** How diagnostics name a file, given its absolute path (e.g. relative to the working directory). */
  display: (absolutePath: string) => string;
}

export interface WriteResult {
  /** Paths relative to the output folder. */
  written: string[];
  skipped: string[];
  diagnostics: Diagnostic[];
}

type Outcome = 'written' | 'skipped' | 'failed';

export function writeEndpointPages(pages: readonly EndpointPage[], options: WriteOptions): WriteResult {
  const bag = new DiagnosticBag();
  const result: WriteResult = { written: [], skipped: [], diagnostics: bag.items };
  const outDir = realOutputFolder(options, bag);
  if (outDir === undefined) return result;
  const folders = new Map<string, FolderState>();
  for (const page of pages) {
    const outcome = writePage(page, outDir, options, bag, folders);
    if (outcome === 'written') result.written.push(page.file);
    else if (outcome === 'skipped') result.skipped.push(page.file);
  }
  return result;
}

function realOutputFolder(options: WriteOptions, bag: DiagnosticBag): string | undefined {
  const outDir = resolve(options.outDir);
  try {
    if (!options.dryRun) mkdirSync(outDir, { recursive: true });
    return options.dryRun && !exists(outDir) ? outDir : realpathSync(outDir);
  } catch (error) {
    bag.report('generate/write-failed', { file: options.display(outDir) }, { path: options.display(outDir), reason: reason(error) });
    return undefined;
  }
}

/** A folder pages go into, checked (and made) once: inside the output folder, or why not. */
type FolderState = { ok: true } | { ok: false; outside: true } | { ok: false; outside: false; error: unknown };

function writePage(page: EndpointPage, outDir: string, options: WriteOptions, bag: DiagnosticBag, folders: Map<string, FolderState>): Outcome {
  const target = join(outDir, ...page.file.split('/'));
  // As diagnostics name it: only a page with a problem needs it.
  const shown = () => options.display(target);
  if (!isInside(outDir, target)) return fail(shown(), bag);
  const folder = dirname(target);
  let state = folders.get(folder);
  if (state === undefined) {
    state = prepareFolder(folder, outDir, options.dryRun);
    folders.set(folder, state);
  }
  if (!state.ok) {
    if (state.outside) return fail(shown(), bag);
    bag.report('generate/write-failed', { file: shown() }, { path: shown(), reason: reason(state.error) });
    return 'failed';
  }
  try {
    if (options.dryRun ? !exists(target) : createExclusively(target, page.text)) return 'written';
    if (!options.overwrite) {
      bag.report('generate/file-exists', { file: shown() }, { path: shown() });
      return 'skipped';
    }
    if (!options.dryRun) writeAtomically(target, page.text);
    return 'written';
  } catch (error) {
    bag.report('generate/write-failed', { file: shown() }, { path: shown(), reason: reason(error) });
    return 'failed';
  }
}

/**
 * Checks that a folder resolves inside the output folder, then makes it.
 * Checked before any folder is made: a link on the way must not lead the
 * mkdir out either. (In a dry run the output folder may not exist yet: then
 * there is nothing to follow.)
 */
function prepareFolder(folder: string, outDir: string, dryRun: boolean): FolderState {
  try {
    const existing = nearestExisting(folder);
    const real = isWithin(outDir, existing) ? realpathSync(existing) : outDir;
    if (!isWithin(outDir, real)) return { ok: false, outside: true };
    if (!dryRun) mkdirSync(folder, { recursive: true });
    return { ok: true };
  } catch (error) {
    return { ok: false, outside: false, error };
  }
}

/** Writes a file that does not exist yet; false when something (a file, a link) is already there. A failed write leaves nothing. */
function createExclusively(target: string, text: string): boolean {
  let fd: number;
  try {
    fd = openSync(target, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeFileSync(fd, text);
  } catch (error) {
    closeSync(fd);
    rmSync(target, { force: true });
    throw error;
  }
  closeSync(fd);
  return true;
}

function fail(shown: string, bag: DiagnosticBag): Outcome {
  bag.report('generate/outside-output', { file: shown }, { path: shown });
  return 'failed';
}

/** Temporary file beside the target, then rename: replaces a symbolic link itself, never what it points to. */
function writeAtomically(target: string, text: string): void {
  const temporary = join(dirname(target), `.${process.pid}-${Math.random().toString(36).slice(2)}.docsc-tmp`);
  try {
    writeFileSync(temporary, text, { flag: 'wx' });
    renameSync(temporary, target);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

function isInside(folder: string, path: string): boolean {
  const rel = relative(folder, path);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
}

function isWithin(folder: string, path: string): boolean {
  return path === folder || isInside(folder, path);
}

function nearestExisting(path: string): string {
  let current = path;
  while (!exists(current) && dirname(current) !== current) current = dirname(current);
  return current;
}

/** Whether anything (also a dangling link) is at the path. */
function exists(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

function reason(error: unknown): string {
  const e = error as NodeJS.ErrnoException;
  return e.code ?? e.message ?? String(error);
}
