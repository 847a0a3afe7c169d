// The paths one build writes, as a tree: no path may be written twice, nor be
// both a file and a folder (`x.md`, a page's Markdown copy, and `x.md/index.html`,
// a redirect page at `/x.md`; a file system has room for one of them). The
// writer claims each path as it is written or kept (write-output.ts); whoever
// writes a file asks `conflict` first and decides what to leave out
// (emit-site.ts: what is written first wins — pages and their companion
// files, then the site's own files, static files, redirect pages last).
// `staleInTheWay` is the other half: a file or folder that an earlier build
// wrote where this build writes the other kind of thing is removed before the
// write (the earlier output's files are otherwise deleted only once the build
// is complete).

import { lowerBound } from '../lower-bound.js';

export class OutputPaths {
  private files = new Set<string>();
  /** Each folder of a claimed file, with one file under it (the first claimed), to name in messages. */
  private folders = new Map<string, string>();

  /** Records that this build writes (or keeps) a file at `path`. */
  claim(path: string): void {
    if (this.files.has(path)) return;
    this.files.add(path);
    for (let slash = path.indexOf('/'); slash !== -1; slash = path.indexOf('/', slash + 1)) {
      const folder = path.slice(0, slash);
      if (!this.folders.has(folder)) this.folders.set(folder, path);
    }
  }

  /** The claimed file that a file at `path` would collide with: the same path, a file where `path` needs a folder, or a file inside `path`. */
  conflict(path: string): string | undefined {
    if (this.files.has(path)) return path;
    const inside = this.folders.get(path);
    if (inside !== undefined) return inside;
    for (let slash = path.indexOf('/'); slash !== -1; slash = path.indexOf('/', slash + 1)) {
      const folder = path.slice(0, slash);
      if (this.files.has(folder)) return folder;
    }
    return undefined;
  }
}

/**
 * The earlier output's files (`owned`, sorted) that stand in the way of writing `path` and that this build does not
 * write (`claimed`): a file where `path` needs a folder, and the files inside a folder where `path` is a file.
 */
export function staleInTheWay(path: string, owned: readonly string[], claimed: (path: string) => boolean): string[] {
  const stale: string[] = [];
  const isOwned = (file: string) => (owned[lowerBound(owned.length, (i) => (owned[i] as string) < file)] ?? '') === file;
  for (let slash = path.indexOf('/'); slash !== -1; slash = path.indexOf('/', slash + 1)) {
    const folder = path.slice(0, slash);
    if (isOwned(folder) && !claimed(folder)) stale.push(folder);
  }
  const prefix = `${path}/`;
  for (let i = lowerBound(owned.length, (j) => (owned[j] as string) < prefix); i < owned.length; i++) {
    const file = owned[i] as string;
    if (!file.startsWith(prefix)) break;
    if (!claimed(file)) stale.push(file);
  }
  return stale;
}
