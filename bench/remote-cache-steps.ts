// The steps of `build-remote-cold` (scenarios.ts), a CI fleet's case: runner
// A builds the corpus cold and uploads to a remote cache (a real server: nginx
// with WebDAV PUT on loopback, tests/support/nginx-cache-server.ts; Debian's
// nginx package), then runner B — an empty work folder, no local cache —
// builds it with `--remote-cache`, every run. A's build is setup's (timed,
// not a run); B's runs are measured, their bytes transferred read from the
// build's JSON report. Compare with `build-cold`, B's cold build without the
// remote cache.

import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { type NginxCacheServer, startNginxCache } from '../tests/support/nginx-cache-server.js';
import { type BuildFolders, buildFolders, cliBuild, readBuildReport, resetWork } from './build-steps.js';

/** What the remote cache did: A's upload (setup) and B's last run. */
export interface RemoteCacheNotes {
  /** Runner A's cold build with uploads: wall time, entries and bytes sent. */
  uploadWallMs: number;
  uploadedEntries: number;
  uploadedBytes: number;
  /** Runner B's last run: entries fetched, bytes received, requests made. */
  fetchedEntries: number;
  downloadedBytes: number;
  requests: number;
}

interface RemoteStats {
  hits: number;
  corrupt: number;
  uploaded: number;
  requests: number;
  bytesDown: number;
  bytesUp: number;
}

let server: NginxCacheServer | undefined;
let upload: Pick<RemoteCacheNotes, 'uploadWallMs' | 'uploadedEntries' | 'uploadedBytes'> | undefined;
let lastRun: RemoteStats | undefined;

/** The environment of a build that may use the server (its credentials in DOCSC_REMOTE_CACHE_HEADER). */
function remoteEnv(): NodeJS.ProcessEnv {
  if (server === undefined) throw new Error('the remote cache server is not running (setup failed?)');
  return { ...process.env, DOCSC_REMOTE_CACHE_HEADER: `Authorization: Bearer ${server.token}` };
}

/** Runner B's folders: its own output and cache in the scenario's work folder. */
export function runnerB(work: string, corpus: string): BuildFolders {
  return buildFolders(join(work, 'b'), corpus);
}

/** Starts the server and makes runner A's upload: a cold build of the corpus with `--remote-cache-upload`. */
export async function uploadFromRunnerA(cli: string, corpus: string, work: string, cwd: string): Promise<void> {
  server ??= await startNginxCache();
  resetWork(work);
  const folders = buildFolders(join(work, 'a'), corpus);
  const started = performance.now();
  const run = spawnSync(process.execPath, [...cliBuild(cli, folders), '--remote-cache', server.url, '--remote-cache-upload'], {
    cwd,
    env: remoteEnv(),
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  const wallMs = performance.now() - started;
  const report = readBuildReport(run.stdout) as ReturnType<typeof readBuildReport> & { stats: { remote?: RemoteStats } };
  const remote = report.stats.remote;
  if (!report.ok || remote === undefined || remote.uploaded === 0)
    throw new Error(`runner A's upload failed: ${run.stdout.slice(0, 400)}${run.stderr}`);
  upload = { uploadWallMs: Math.round(wallMs), uploadedEntries: remote.uploaded, uploadedBytes: remote.bytesUp };
}

/** `node` arguments of runner B's build. */
export function runnerBBuild(cli: string, work: string, corpus: string): string[] {
  if (server === undefined) throw new Error('the remote cache server is not running (setup failed?)');
  // The credentials are not needed to read (the server asks for them on uploads only); B is read-only.
  return [...cliBuild(cli, runnerB(work, corpus)), '--remote-cache', server.url];
}

/** Every page came from the remote cache, none compiled, nothing refused, no warning about the server. */
export function verifyRemoteCold(stdout: string, pages: number | undefined): void {
  const report = readBuildReport(stdout) as ReturnType<typeof readBuildReport> & {
    stats: { fromRemote?: number; remote?: RemoteStats };
    diagnostics?: { code: string }[];
  };
  const remote = report.stats.remote;
  const problems = (report.diagnostics ?? []).filter((d) => d.code.startsWith('cache/remote')).map((d) => d.code);
  const claims: Record<string, boolean> = {
    'it built': report.ok && !report.upToDate,
    [`${pages} pages`]: pages === undefined || report.stats.pages === pages,
    'no page compiled': report.stats.compiled === 0,
    'every page from the remote cache': report.stats.fromRemote === report.stats.pages,
    'no entry refused, no server warning': remote !== undefined && remote.corrupt === 0 && problems.length === 0,
  };
  const failed = Object.entries(claims).filter(([, holds]) => !holds);
  if (failed.length > 0)
    throw new Error(`runner B did not build from the remote cache (${failed.map(([c]) => c).join('; ')}): ${JSON.stringify(report.stats)}`);
  lastRun = remote;
}

export function remoteNotes(): { remoteCache?: RemoteCacheNotes } {
  if (upload === undefined || lastRun === undefined) return {};
  return { remoteCache: { ...upload, fetchedEntries: lastRun.hits, downloadedBytes: lastRun.bytesDown, requests: lastRun.requests } };
}

/** Stops the server (the end of the bench run). */
export async function stopRemoteCache(): Promise<void> {
  await server?.stop();
  server = undefined;
}
