// What a `docsc build` and its repository's build server say to each other
// over the server's socket: one JSON object a line. A command asks for a
// build (or the server's status, or that it stop); the server answers a build
// with its progress, then the report the command prints and its exit status.
// A server running other code than the command's (docsc upgraded or rebuilt
// since it started) declines, and stops.

import type { Socket } from 'node:net';
import type { BuildOptions } from '../../compiler/build/build.js';
import type { BuildProgress } from '../../compiler/build/emit-site.js';
import type { ReportSettings } from '../build-report.js';

/** A build's options as the command resolved them (its folders absolute), without the progress callback. */
export type ServedOptions = Omit<BuildOptions, 'onProgress' | 'injectHtml' | 'toolVersion'> & { outDir: string; cacheDir: string | false };

export type Request =
  | {
      type: 'build';
      /** The command's `toolIdentity()`: the server's must be the same. */
      identity: string;
      options: ServedOptions;
      /** `--allow-private-urls` (or its variable) in the command's environment. */
      allowPrivateUrls: boolean;
      report: ReportSettings;
      progress: boolean;
    }
  | { type: 'status' }
  | { type: 'stop' };

export interface ServerStatus {
  pid: number;
  identity: string;
  root: string;
  outDir: string;
  cacheDir: string | false;
  /** Builds done since it started. */
  builds: number;
  startedAt: number;
  /** It stops once idle this long. */
  idleMs: number;
  rssBytes: number;
}

export type Reply =
  | { type: 'progress'; progress: BuildProgress }
  | { type: 'done'; stdout: string; stderr: string; code: number }
  | { type: 'declined'; reason: string }
  | ({ type: 'status' } & ServerStatus)
  | { type: 'stopping' };

export function send(socket: Socket, message: Request | Reply): void {
  if (!socket.destroyed) socket.write(`${JSON.stringify(message)}\n`);
}

/** Calls `onMessage` with each line's object (a line that is not JSON ends the connection). */
export function readMessages<T>(socket: Socket, onMessage: (message: T) => void): void {
  let buffered = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    buffered += chunk;
    for (let end = buffered.indexOf('\n'); end >= 0; end = buffered.indexOf('\n')) {
      const line = buffered.slice(0, end);
      buffered = buffered.slice(end + 1);
      let message: T;
      try {
        message = JSON.parse(line) as T;
      } catch {
        socket.destroy();
        return;
      }
      onMessage(message);
    }
  });
}
