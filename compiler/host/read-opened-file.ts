// Reading a file inside the docs root with one open and no realpath: the file
// is opened (never through a link at its last component) and the kernel says
// where the file opened is (`/proc/self/fd`, Linux); it is read only when that
// is inside the root. The answer is about the file read, not about a path
// looked at before opening it, so a link swapped in between cannot lead the
// read outside. Anything else (another system, a link, a file the kernel
// places outside the root, any error) is left to the host's path-by-path
// check, which says exactly why a file was refused. The host asks only for
// files its listing found, so nothing outside the root is even opened unless
// a folder became a link since.
//
// Cost: realpathSync lstats every component of the path (8 for
// `/tmp/repos/crewai/docs/v1.9.0/en/concepts/agents.mdx`). Reading crewAI's
// 25,033 files, CPU: realpath, stat and read 1.3-1.6 s; realpathSync.native
// 1.0 s; open, readlink of the descriptor, fstat and read 0.7 s.

import { closeSync, constants, fstatSync, openSync, readlinkSync, readSync } from 'node:fs';
import { isAbsolute, relative } from 'node:path';
import type { ReadResult } from './project-host.js';

/** No link followed at the last component; a FIFO opened does not wait for a writer (it is then refused, not being a file). */
const FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

/** Whether a real path (links resolved) is inside the real root. */
export function insideRoot(realRoot: string, real: string): boolean {
  const rel = relative(realRoot, real);
  return !(rel.startsWith('..') || isAbsolute(rel));
}

/** Whether `/proc/self/fd` names open files: Linux's, until a readlink of it fails. */
let descriptorPaths = process.platform === 'linux';

/**
 * The file at `absolute` read, or refused as not a file or too large, when the kernel places it inside the root
 * (`inside` says, of its real path); undefined when the host must check the path itself.
 */
export function readOpenedFile(absolute: string, inside: (real: string) => boolean, limit: number, scratch?: Scratch): ReadResult | undefined {
  if (!descriptorPaths) return undefined;
  let fd: number;
  try {
    fd = openSync(absolute, FLAGS);
  } catch {
    return undefined;
  }
  try {
    let real: string;
    try {
      real = readlinkSync(`/proc/self/fd/${fd}`);
    } catch {
      descriptorPaths = false;
      return undefined;
    }
    if (!inside(real)) return undefined;
    const stat = fstatSync(fd);
    if (!stat.isFile()) return { ok: false, failure: 'unreadable', reason: 'not a regular file' };
    if (stat.size > limit) return { ok: false, failure: 'too-large', reason: String(stat.size) };
    return { ok: true, bytes: readAll(fd, stat.size, scratch), fingerprint: `${stat.size}:${stat.mtimeMs}` };
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

/**
 * A buffer reused by reads whose bytes are not kept (hashed, then dropped): the bytes a read gives are a view of it,
 * valid until the next read into it. Hashing crewAI's 24,803 pages (216 MB) into a buffer each, as a first check
 * does, cost 0.2-0.3 s more of the main thread, in page faults of fresh memory and collections, than into one (by
 * hand: the snapshot 1.31-1.35 s against 1.07-1.10 s, 3 runs each).
 */
export class Scratch {
  private buffer = Buffer.alloc(0);

  /**
   * A view of `size` bytes, the buffer grown (to 64 KB at first, then at least doubled) when smaller; a buffer of its
   * own past 1 MB, so that one large page does not stay held for the rest of the run.
   */
  take(size: number): Buffer {
    if (size > MAX_SCRATCH_BYTES) return Buffer.allocUnsafe(size);
    if (this.buffer.length < size) this.buffer = Buffer.allocUnsafe(Math.min(Math.max(size, this.buffer.length * 2, 64 * 1024), MAX_SCRATCH_BYTES));
    return this.buffer.subarray(0, size);
  }
}

const MAX_SCRATCH_BYTES = 1024 * 1024;

/**
 * The `size` bytes fstat gave, or fewer if the file ends before (readFileSync of the descriptor would fstat it
 * again: 25,033 syscalls for crewAI's docs); into `scratch` when given.
 */
function readAll(fd: number, size: number, scratch?: Scratch): Buffer {
  const bytes = scratch ? scratch.take(size) : Buffer.allocUnsafe(size);
  let read = 0;
  while (read < size) {
    const n = readSync(fd, bytes, read, size - read, read);
    if (n === 0) break;
    read += n;
  }
  return read === size ? bytes : bytes.subarray(0, read);
}
