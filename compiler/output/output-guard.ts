// Where a build may write. `-o` pointing at the repository itself, the docs
// source, a folder above either, the file-system root or the home folder
// would mix output with sources or delete files the tool does not own: it is
// refused before anything is touched. So is a folder that already holds
// files but no record of a docsc build (`-o /etc`, `-o ~/Documents`, another
// tool's output): writing there would overwrite files docsc does not own.
//
// The cache folder (`--cache-dir`) has rules of its own: not the docs folder
// or a folder of it that holds anything but a cache (the build skips its
// cache folder, so its pages would silently leave the site), not in the
// output or around it (a cache in the output is published with the site), and
// not a folder that holds other files (a damaged cache is wiped there).

import { existsSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, isAbsolute, parse, relative, resolve, sep } from 'node:path';
import { DATA_FILE, LMDB_LOCK_FILE, SEAL_FILE } from '../cache/cache-files.js';
import { COMPACT_DIR } from '../cache/trim-cache.js';
import { JOURNAL_FILE, MANIFEST_FILE } from './output-records.js';

/** Entries that do not make a folder someone else's: docsc's lock, and what file managers and git leave. */
const HARMLESS = new Set(['.docsc-lock', '.DS_Store', 'Thumbs.db', '.gitkeep', 'desktop.ini']);
/** What a cache folder holds: the database, lmdb's lock, docsc's seal (and a `.gitignore` someone put there). */
const CACHE_FILES = new Set([DATA_FILE, LMDB_LOCK_FILE, SEAL_FILE, COMPACT_DIR, '.gitignore']);

/** Harmless, or a draft of docsc's lock a killed process left (`.docsc-lock.<pid>-<random>`, build-lock.ts). */
function isHarmless(name: string): boolean {
  return HARMLESS.has(name) || name.startsWith('.docsc-lock.');
}

/** A folder a command was told to write to and may not: `-o` or `--cache-dir` (exit status 2 in the CLI). */
export class BuildRefusedError extends Error {}

export type OutputRefusal = { ok: true; path: string } | { ok: false; reason: string };

/** The realpath of `output` if the build may write there. `root` is the docs root. */
export function checkOutputDir(output: string, root: string): OutputRefusal {
  const target = realpathOfMaybeMissing(resolve(output));
  const docsRoot = realpathOfMaybeMissing(resolve(root));
  const home = realpathOfMaybeMissing(homedir());
  if (target === parse(target).root) return { ok: false, reason: 'it is the root of the file system' };
  if (target === home) return { ok: false, reason: 'it is your home folder' };
  if (target === docsRoot) return { ok: false, reason: 'it is the docs folder itself; pick a folder inside it, such as `_site`' };
  if (isInside(docsRoot, target)) return { ok: false, reason: 'it contains the docs folder' };
  const repository = repositoryRoot(docsRoot);
  if (repository !== undefined && target === repository) return { ok: false, reason: 'it is the root of the repository' };
  if (isInside(home, target) && target !== home) return { ok: false, reason: 'it contains your home folder' };
  if (!isDirectoryOrMissing(target)) return { ok: false, reason: 'it is a file, not a folder' };
  if (holdsForeignFiles(target)) {
    return {
      ok: false,
      reason: `it already holds files and no record of a docsc build (\`${MANIFEST_FILE}\`); pick an empty or new folder, or empty this one`,
    };
  }
  return { ok: true, path: target };
}

/** The realpath of the cache folder if a command may use it. `root` is the docs root; `outputs`, the folders it writes a site to. */
export function checkCacheDir(cache: string, root: string, outputs: readonly string[]): OutputRefusal {
  const target = realpathOfMaybeMissing(resolve(cache));
  const docsRoot = realpathOfMaybeMissing(resolve(root));
  const home = realpathOfMaybeMissing(homedir());
  if (target === parse(target).root) return { ok: false, reason: 'it is the root of the file system' };
  if (target === home || isInside(home, target)) return { ok: false, reason: 'it is or contains your home folder' };
  if (target === docsRoot || isInside(docsRoot, target)) {
    return { ok: false, reason: 'it is or contains the docs folder; the default, `.docsc/cache` inside it, is kept apart from the pages' };
  }
  for (const output of outputs.map((o) => realpathOfMaybeMissing(resolve(o)))) {
    if (target === output || isInside(target, output))
      return { ok: false, reason: 'it is inside the output folder, which is published: the cache would be too' };
    if (isInside(output, target)) return { ok: false, reason: 'the output folder is inside it; keep the two apart' };
  }
  // A file where the folder should be is the cache's own problem: a warning and a build in memory (lmdb-build-cache.ts).
  if (holdsOtherFiles(target, CACHE_FILES)) {
    return {
      ok: false,
      reason: `it holds other files than a docsc cache's (\`${DATA_FILE}\`, \`${LMDB_LOCK_FILE}\`, \`${SEAL_FILE}\`); pick an empty or new folder`,
    };
  }
  return { ok: true, path: target };
}

function isDirectoryOrMissing(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return true;
  }
}

/** A folder with entries but neither docsc's manifest nor its journal. */
function holdsForeignFiles(dir: string): boolean {
  const entries = entriesOf(dir);
  if (entries.includes(MANIFEST_FILE) || entries.includes(JOURNAL_FILE)) return false;
  return entries.some((name) => !isHarmless(name));
}

/** A folder with entries other than `own` and the harmless ones. */
function holdsOtherFiles(dir: string, own: ReadonlySet<string>): boolean {
  return entriesOf(dir).some((name) => !own.has(name) && !isHarmless(name));
}

function entriesOf(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

/** Whether `inner` is strictly inside `outer`. */
export function isInside(inner: string, outer: string): boolean {
  const rel = relative(outer, inner);
  return rel !== '' && rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel);
}

/** The realpath of the nearest existing ancestor, with the missing rest appended. */
function realpathOfMaybeMissing(path: string): string {
  let existing = path;
  const rest: string[] = [];
  while (!existsSync(existing)) {
    const parent = dirname(existing);
    if (parent === existing) break;
    rest.unshift(existing.slice(parent.length + (parent.endsWith(sep) ? 0 : 1)));
    existing = parent;
  }
  const real = realpathSync(existing);
  return rest.length === 0 ? real : resolve(real, ...rest);
}

/** The nearest folder at or above `dir` that holds `.git`. */
function repositoryRoot(dir: string): string | undefined {
  for (let current = dir; ; current = dirname(current)) {
    if (existsSync(resolve(current, '.git'))) return current;
    if (dirname(current) === current) return undefined;
  }
}
