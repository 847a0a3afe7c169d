// Where a repository's build server listens: a Unix socket named by a hash
// of the build's folders (docs root, output, cache), in a folder of the
// system's temporary directory that only this user may enter — the socket is
// reached by its path only, and whoever reaches it can ask for builds. A
// folder that is not this user's own, or that others may enter, is not used
// (no server then: builds run in their own process). On Windows, a named pipe.

import { createHash } from 'node:crypto';
import { lstatSync, mkdirSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import type { BuildFolders } from '../../compiler/build/build-folders.js';

export interface ServerAddress {
  /** What the server listens on. */
  socket: string;
  /** The server's log (its own output, and what stopped it). */
  log: string;
}

/**
 * The address of the server for these folders; undefined when no folder safe for it can be had. `create`: make the
 * folder when it is missing (a server is to be started); else a missing folder means no server, and nothing is written.
 */
export function serverAddress(folders: BuildFolders, create = false): ServerAddress | undefined {
  const name = createHash('sha256')
    .update(JSON.stringify([folders.root, folders.outDir, folders.cacheDir]))
    .digest('hex')
    .slice(0, 16);
  const dir = privateFolder(create);
  if (dir === undefined) return undefined;
  const socket = process.platform === 'win32' ? `\\\\.\\pipe\\docsc-${userInfo().username}-${name}` : join(dir, `${name}.sock`);
  return { socket, log: join(dir, `${name}.log`) };
}

/** `<tmp>/docsc-<uid>` (made with mode 0700 when missing and `create`); undefined when missing, or not private to this user. */
function privateFolder(create: boolean): string | undefined {
  const uid = process.getuid?.() ?? -1;
  const dir = join(tmpdir(), `docsc-${uid >= 0 ? uid : userInfo().username}`);
  if (create) {
    try {
      mkdirSync(dir, { mode: 0o700 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') return undefined;
    }
  }
  try {
    const stat = lstatSync(dir);
    if (!stat.isDirectory()) return undefined;
    if (process.platform !== 'win32' && (stat.uid !== uid || (stat.mode & 0o077) !== 0)) return undefined;
  } catch {
    return undefined;
  }
  return dir;
}
