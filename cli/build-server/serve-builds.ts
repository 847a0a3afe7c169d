// The build server of one repository — one docs root, output folder and
// cache — started by `docsc build --server`: a process that keeps a build
// session (compiler/build/build-session.ts: the last build's analysis and
// layout, the page compiler's code loaded and warm) between the builds
// commands ask of it. A fresh process pays Node's start, loading the
// compiler and analysing the whole repository before it can see that one
// page changed; the server finds what changed by the files' fingerprints and
// patches it in.
//
// One build at a time, in the order asked. It stops when idle for its idle
// time (DOCSC_SERVER_IDLE_SECONDS, default 30 minutes), when asked
// (`docsc server stop`), on SIGTERM or SIGINT, and when a command running
// other docsc code asks it for a build (the command then builds itself). Its
// output goes to its log, beside its socket.

import { unlinkSync } from 'node:fs';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { BuildRefusedError, type BuildResult } from '../../compiler/build/build.js';
import type { BuildFolders } from '../../compiler/build/build-folders.js';
import { BuildSession } from '../../compiler/build/build-session.js';
import type { BuildProgress } from '../../compiler/build/emit-site.js';
import { BuildLockedError } from '../../compiler/cache/build-lock.js';
import { ALLOW_PRIVATE_URLS_ENV } from '../../compiler/openapi/allow-private-urls.js';
import { toolIdentity } from '../../compiler/version.js';
import { reportBuild } from '../build-report.js';
import { internalErrorText } from '../internal-error.js';
import { type Reply, type Request, readMessages, type ServerStatus, send } from './protocol.js';
import type { ServerAddress } from './server-address.js';

export const IDLE_ENV = 'DOCSC_SERVER_IDLE_SECONDS';
const DEFAULT_IDLE_MS = 30 * 60 * 1000;

/** The idle time from DOCSC_SERVER_IDLE_SECONDS (a positive number), else 30 minutes. */
export function idleTime(env: NodeJS.ProcessEnv = process.env): number {
  const seconds = Number(env[IDLE_ENV]);
  return env[IDLE_ENV] !== undefined && seconds > 0 ? seconds * 1000 : DEFAULT_IDLE_MS;
}

/** Serves builds until stopped; resolves then. Throws when another server already answers at the address. */
export async function serveBuilds(folders: BuildFolders, address: ServerAddress, idleMs: number): Promise<void> {
  const identity = toolIdentity();
  const startedAt = Date.now();
  let session: { key: string; builds: BuildSession } | undefined;
  let forward: ((progress: BuildProgress) => void) | undefined;
  let queue: Promise<void> = Promise.resolve();
  let pending = 0;
  let builds = 0;
  let idleTimer: NodeJS.Timeout | undefined;
  let stopping: Promise<void> | undefined;
  let stopped = () => {};
  const done = new Promise<void>((resolveDone) => {
    stopped = resolveDone;
  });

  const log = (line: string) => process.stdout.write(`${new Date().toISOString()} ${line}\n`);

  const status = (): ServerStatus => ({
    pid: process.pid,
    identity,
    root: folders.root,
    outDir: folders.outDir,
    cacheDir: folders.cacheDir,
    builds,
    startedAt,
    idleMs,
    rssBytes: process.memoryUsage.rss(),
  });

  const serve = async (request: Extract<Request, { type: 'build' }>, socket: Socket): Promise<void> => {
    const started = performance.now();
    if (request.allowPrivateUrls) process.env[ALLOW_PRIVATE_URLS_ENV] = '1';
    else delete process.env[ALLOW_PRIVATE_URLS_ENV];
    const key = JSON.stringify([request.options, request.allowPrivateUrls]);
    if (session?.key !== key) {
      await session?.builds.settled();
      session = { key, builds: new BuildSession({ ...request.options, onProgress: (progress) => forward?.(progress) }) };
    }
    forward = request.progress ? (progress) => send(socket, { type: 'progress', progress }) : undefined;
    let reply: Reply;
    let result: BuildResult | undefined;
    try {
      result = await session.builds.buildChanges();
      // The command ends once the build is durable and its folders unlocked, as a build in its own process would.
      await session.builds.whenSettled();
      reply = { type: 'done', stderr: '', ...reportBuild(result, folders.root, { ...request.report, server: true }) };
    } catch (error) {
      if (error instanceof BuildRefusedError || error instanceof BuildLockedError) {
        reply = { type: 'done', stdout: '', stderr: `docsc build: ${error.message}\n`, code: 2 };
        // Folders no build may use: a server for them has nothing to keep.
        if (error instanceof BuildRefusedError && builds === 0) void stop('its folders are refused');
      } else {
        reply = { type: 'done', stdout: '', stderr: internalErrorText(error), code: 2 };
        // Nothing of a session that failed this way is trusted: the next build is a full one.
        session = undefined;
        log(`internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      }
    } finally {
      forward = undefined;
    }
    builds++;
    const how = result === undefined ? 'failed' : result.recomputed.noop ? 'up to date' : result.recomputed.patched ? 'patched' : 'full build';
    log(`build ${builds}: ${how}, exit ${reply.code}, ${Math.round(performance.now() - started)} ms`);
    send(socket, reply);
    socket.end();
  };

  const armIdle = () => {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = pending === 0 && stopping === undefined ? setTimeout(() => void stop(`idle for ${Math.round(idleMs / 1000)} s`), idleMs) : undefined;
  };

  const stop = (reason: string): Promise<void> => {
    stopping ??= (async () => {
      log(`stopping: ${reason}`);
      if (idleTimer) clearTimeout(idleTimer);
      await new Promise<void>((resolveClose) => server.close(() => resolveClose()));
      await queue;
      await session?.builds.settled();
      stopped();
    })();
    return stopping;
  };

  const server = createServer((socket) => {
    socket.on('error', () => {});
    readMessages<Request>(socket, (request) => {
      if (request.type === 'status') {
        send(socket, { type: 'status', ...status() });
        socket.end();
      } else if (request.type === 'stop') {
        send(socket, { type: 'stopping' });
        socket.end();
        void stop('asked to stop');
      } else if (request.type === 'build') {
        if (stopping !== undefined) {
          send(socket, { type: 'declined', reason: 'the server is stopping' });
          socket.end();
        } else if (request.identity !== identity) {
          send(socket, { type: 'declined', reason: `the server runs other docsc code (${identity})` });
          socket.end();
          void stop(`a command of other docsc code (${request.identity}) asked for a build`);
        } else if (!sameFolders(request.options, folders)) {
          send(socket, { type: 'declined', reason: 'the server builds other folders' });
          socket.end();
        } else {
          pending++;
          armIdle();
          queue = queue
            .then(() => serve(request, socket))
            .finally(() => {
              pending--;
              armIdle();
            });
        }
      }
    });
  });

  await listen(server, address.socket);
  log(`serving builds of ${folders.root} (output ${folders.outDir}) at ${address.socket}, pid ${process.pid}, docsc ${identity}`);
  armIdle();
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => void stop(signal));
  await done;
}

function sameFolders(options: { root: string; outDir: string; cacheDir: string | false }, folders: BuildFolders): boolean {
  return options.root === folders.root && options.outDir === folders.outDir && options.cacheDir === folders.cacheDir;
}

/**
 * Listens at `path`. A socket file left by a server that is gone is removed first; one that answers belongs to a
 * running server (another command started it at the same time): then this one is not needed.
 */
async function listen(server: Server, path: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await new Promise<void>((resolveListen, rejectListen) => {
        server.once('error', rejectListen);
        server.listen(path, () => {
          server.off('error', rejectListen);
          resolveListen();
        });
      });
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt > 0) throw error;
      if (await answers(path)) throw new AlreadyServingError(path);
      try {
        unlinkSync(path);
      } catch {}
    }
  }
}

export class AlreadyServingError extends Error {
  constructor(path: string) {
    super(`a build server already answers at ${path}`);
    this.name = 'AlreadyServingError';
  }
}

/** Whether something accepts connections at `path`. */
export function answers(path: string): Promise<boolean> {
  return new Promise((resolveAnswer) => {
    const socket = createConnection(path);
    socket.once('connect', () => {
      socket.destroy();
      resolveAnswer(true);
    });
    socket.once('error', () => resolveAnswer(false));
  });
}
