// The output manifest's records as text (`.docsc-output.json`): JSON with one
// entry per line, in path order, so that equal outputs have equal manifests
// (clean builds are byte-identical) and a dev patch replaces the lines of the
// files it wrote without serializing the other 10,000 (write-output.ts).

import { lowerBound } from '../lower-bound.js';

/**
 * A manifest this process wrote: its records, its lines in path order (the
 * file has one entry per line, so a patch replaces a few lines instead of
 * serializing 10,000 entries), and the size and time of its file then: while
 * they hold, it is what the file says.
 */
export interface CompletedManifest {
  files: Record<string, string>;
  keys: Record<string, string>;
  fileLines: ManifestLines;
  keyLines: ManifestLines;
  stamp: string;
}

/** Sorted paths and, parallel, their entries as the manifest writes them (`"path":"value"`). */
interface ManifestLines {
  paths: string[];
  lines: string[];
}

/** A manifest from its records. */
export function completedOf(files: Record<string, string>, keys: Record<string, string>, stamp: string): CompletedManifest {
  return { files, keys, fileLines: linesOf(files), keyLines: linesOf(keys), stamp };
}

/** In path order (a record's own order puts integer-like keys first; sorting a manifest read back, already in order, is linear). */
function linesOf(record: Record<string, string>): ManifestLines {
  const paths = Object.keys(record).sort();
  return { paths, lines: paths.map((path) => manifestLine(path, record[path] as string)) };
}

function manifestLine(path: string, value: string): string {
  return `${JSON.stringify(path)}:${JSON.stringify(value)}`;
}

/**
 * The manifest's text: JSON with one entry per line, in path order, so that
 * equal outputs have equal manifests (clean builds are byte-identical) and a
 * patch can replace lines.
 */
export function manifestText(manifest: CompletedManifest): string {
  const block = (lines: readonly string[]) => (lines.length === 0 ? '{}' : `{\n${lines.join(',\n')}\n}`);
  const keys = manifest.keyLines.lines.length === 0 ? '' : `,"keys":${block(manifest.keyLines.lines)}`;
  return `{"format":1,"state":"complete","files":${block(manifest.fileLines.lines)}${keys}}\n`;
}

/**
 * `base` with a patch's files and keys (undefined: removed) applied: new lines,
 * and `apply`, which changes `base`'s records in place once the new manifest is
 * written (copying them costs more than the rest of a patch's bookkeeping).
 */
export function patchedManifest(
  base: CompletedManifest,
  files: ReadonlyMap<string, string>,
  keys: ReadonlyMap<string, string | undefined>,
): { manifest: CompletedManifest; apply: () => void } {
  const fileLines = { paths: [...base.fileLines.paths], lines: [...base.fileLines.lines] };
  const keyLines = { paths: [...base.keyLines.paths], lines: [...base.keyLines.lines] };
  for (const [path, hash] of files) setLine(fileLines, path, hash);
  for (const [path, key] of keys) setLine(keyLines, path, key);
  const apply = () => {
    for (const [path, hash] of files) base.files[path] = hash;
    for (const [path, key] of keys) {
      if (key === undefined) delete base.keys[path];
      else base.keys[path] = key;
    }
  };
  return { manifest: { files: base.files, keys: base.keys, fileLines, keyLines, stamp: '' }, apply };
}

/** Sets (or, with undefined, removes) `path`'s line, keeping path order. */
function setLine(lines: ManifestLines, path: string, value: string | undefined): void {
  const low = lowerBound(lines.paths.length, (i) => (lines.paths[i] as string) < path);
  const found = lines.paths[low] === path;
  if (value === undefined) {
    if (found) {
      lines.paths.splice(low, 1);
      lines.lines.splice(low, 1);
    }
  } else if (found) {
    lines.lines[low] = manifestLine(path, value);
  } else {
    lines.paths.splice(low, 0, path);
    lines.lines.splice(low, 0, manifestLine(path, value));
  }
}
