// `docsc build`'s side of the build server: hand the build to the server of
// the same folders when one runs (starting it first with `--server`), relay
// its progress, and return what the command prints. Undefined whenever the
// server cannot do it — none runs, it runs other docsc code, it stopped
// before answering — and the command builds in its own process: a server
// only ever makes a build faster, never fails one.

import { spawn } from 'node:child_process';
import { closeSync, openSync, unlinkSync } from 'node:fs';
import { createConnection, type Socket } from 'node:net';
import type { BuildFolders } from '../../compiler/build/build-folders.js';
import type { BuildProgress } from '../../compiler/build/emit-site.js';
import { type Reply, type Request, readMessages, send } from './protocol.js';
import { type ServerAddress, serverAddress } from './server-address.js';

/** How long a server just started may take to listen. */
const START_TIMEOUT_MS = 15_000;

export interface ServedBuild {
  stdout: string;
  stderr: string;
  code: number;
}

/**
 * The server's build, or undefined (with `note` told why, when it matters to the user: `--server` was given, or a
 * server stopped mid-build).
 */
export async function buildThroughServer(
  request: Extract<Request, { type: 'build' }>,
  folders: BuildFolders,
  options: { start: boolean; onProgress?: (progress: BuildProgress) => void; note: (line: string) => void },
): Promise<ServedBuild | undefined> {
  // Without --server, nothing is written: no folder, no server.
  const address = serverAddress(folders, options.start);
  if (address === undefined) {
    if (options.start) options.note('no private folder for the build server in the temporary directory; building in this process');
    return undefined;
  }
  for (let attempt = 0; attempt < 2; attempt++) {
    let socket = await connect(address.socket);
    if (socket === undefined) {
      if (!options.start) return undefined;
      socket = await startServer(folders, address);
      if (socket === undefined) {
        options.note(`the build server did not start (its log: ${address.log}); building in this process`);
        return undefined;
      }
    }
    const reply = await ask(socket, request, options.onProgress);
    if (reply === undefined) {
      options.note(`the build server stopped before answering (its log: ${address.log}); building in this process`);
      return undefined;
    }
    if (reply.type === 'done') return { stdout: reply.stdout, stderr: reply.stderr, code: reply.code };
    // Declined: it runs other docsc code, and stops. With --server, a new one is started once that one is gone.
    if (!options.start) return undefined;
    await gone(address.socket);
  }
  return undefined;
}

/** Sends a status or stop request to the server of these folders; undefined when none answers. */
export async function askServer(folders: BuildFolders, request: Request): Promise<Reply | undefined> {
  const address = serverAddress(folders);
  const socket = address === undefined ? undefined : await connect(address.socket);
  return socket === undefined ? undefined : ask(socket, request);
}

/** The server's last reply to `request` (progress relayed), or undefined when it closed without one. */
function ask(socket: Socket, request: Request, onProgress?: (progress: BuildProgress) => void): Promise<Reply | undefined> {
  return new Promise((resolveReply) => {
    let last: Reply | undefined;
    readMessages<Reply>(socket, (reply) => {
      if (reply.type === 'progress') onProgress?.(reply.progress);
      else last = reply;
    });
    socket.once('close', () => resolveReply(last));
    socket.on('error', () => {});
    send(socket, request);
  });
}

/** A connection to the socket; undefined when nothing listens (a socket file left by a server that is gone is removed). */
function connect(path: string): Promise<Socket | undefined> {
  return new Promise((resolveSocket) => {
    const socket = createConnection(path);
    socket.once('connect', () => {
      socket.removeAllListeners('error');
      resolveSocket(socket);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNREFUSED' && process.platform !== 'win32') {
        try {
          unlinkSync(path);
        } catch {}
      }
      resolveSocket(undefined);
    });
  });
}

/** Starts the server for these folders, detached, its output to its log; a connection once it listens. */
async function startServer(folders: BuildFolders, address: ServerAddress): Promise<Socket | undefined> {
  const log = openSync(address.log, 'w', 0o600);
  let exited = false;
  try {
    const child = spawn(process.execPath, [...process.execArgv, process.argv[1] as string, 'server', 'run', JSON.stringify(folders)], {
      detached: true,
      stdio: ['ignore', log, log],
      cwd: folders.root,
    });
    child.once('exit', () => {
      exited = true;
    });
    child.unref();
  } finally {
    closeSync(log);
  }
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (let wait = 10; Date.now() < deadline; wait = Math.min(wait * 2, 100)) {
    const socket = await connect(address.socket);
    if (socket !== undefined) return socket;
    // It may have lost a race to another command's server, which then answers.
    if (exited) return connect(address.socket);
    await new Promise((resolveWait) => setTimeout(resolveWait, wait));
  }
  return undefined;
}

/** Resolves once nothing answers at the socket (a declining server stops), or after a few seconds. */
async function gone(path: string): Promise<void> {
  for (let tries = 0; tries < 100; tries++) {
    const socket = await connect(path);
    if (socket === undefined) return;
    socket.destroy();
    await new Promise((resolveWait) => setTimeout(resolveWait, 50));
  }
}
