// `docsc dev`: a server on the output, a watcher on the repository, and
// builds: each batch of changes is one incremental rebuild — patched into the
// last build when it only edits page bodies (a build that fails or throws
// keeps the server up and shows the overlay). The dev output lives in its own
// folder (`.docsc/dev` by default), never in the production output, and
// shares the build cache.
//
// The server listens at once. The first build checks and locks its folders
// (a refusal or another docsc ends the command before anything is served),
// then waits while the site is sketched (page-preview.ts) and the pages asked
// for meanwhile are compiled and served: the requested page first, the rest
// of the site behind it. Until that build is done, the preview serves the
// pages asked for, and whatever else it can make; the other requests wait for
// the build.

import { join, resolve } from 'node:path';
import { type BuildOptions, BuildRefusedError, type BuildResult } from '../build/build.js';
import { BuildSession } from '../build/build-session.js';
import { DEFAULT_CACHE_DIR } from '../cache/build-cache.js';
import { BuildLockedError } from '../cache/build-lock.js';
import { DEV_CLIENT_TAG, DevServer } from './dev-server.js';
import type { PreviewFile } from './page-preview.js';
import { type RepositoryWatcher, watchRepository } from './watch-repository.js';

export const DEFAULT_DEV_OUT_DIR = '.docsc/dev';

export interface DevOptions extends Omit<BuildOptions, 'injectHtml'> {
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  /** Told about every build (the CLI prints it). */
  onBuild?: (result: BuildResult | Error, changed: readonly string[]) => void;
  /** Told about every page served before the first build was done. */
  onPreview?: (file: PreviewFile) => void;
  /** False: nothing is served before the first build is done (requests wait for it). */
  preview?: boolean;
  quietMs?: number;
}

export interface DevSession {
  url: string;
  /** The server's network addresses, when it listens on every interface (`--host 0.0.0.0`); else empty. */
  networkUrls: string[];
  /** Resolves after the first build. */
  firstBuild: Promise<BuildResult | Error>;
  /** Resolves after the build for the next batch of changes (for tests). */
  nextBuild(): Promise<BuildResult | Error>;
  /** Whether a build is running. */
  readonly building: boolean;
  close(): Promise<void>;
}

export async function startDev(options: DevOptions): Promise<DevSession> {
  const root = resolve(options.root);
  const outDir = resolve(options.outDir ?? join(root, DEFAULT_DEV_OUT_DIR));
  const cacheDir = options.cacheDir === false ? undefined : resolve(options.cacheDir ?? join(root, DEFAULT_CACHE_DIR));
  const builds = new BuildSession({ ...options, root, outDir, injectHtml: DEV_CLIENT_TAG } satisfies BuildOptions);
  const basePath = options.basePath ?? '';
  const server = new DevServer({
    outDir,
    host: options.host ?? '127.0.0.1',
    port: options.port ?? 3000,
    basePath,
    ...(options.onPreview ? { onPreview: options.onPreview } : {}),
  });
  let waiting: ((result: BuildResult | Error) => void)[] = [];
  let building = 0;
  let closed = false;

  const runBuild = async (changed: readonly string[], opened?: () => Promise<void>): Promise<BuildResult | Error> => {
    building++;
    let result: BuildResult | Error;
    try {
      result = await builds.build(changed, opened);
    } catch (error) {
      result = error instanceof Error ? error : new Error(String(error));
    } finally {
      building--;
    }
    if (closed) return result;
    server.built(result);
    options.onBuild?.(result, changed);
    if (changed.length > 0) {
      const resolvers = waiting;
      waiting = [];
      for (const resolveBuild of resolvers) resolveBuild(result);
    }
    return result;
  };

  const url = await server.listen();
  // The first build, held once its folders are locked until the site is sketched, the pages asked for meanwhile are
  // served and the watcher is ready (a change from then on is seen: the build reads its inputs after).
  let locked = () => {};
  const whenLocked = new Promise<void>((resolveLocked) => {
    locked = resolveLocked;
  });
  let release = () => {};
  const released = new Promise<void>((resolveRelease) => {
    release = resolveRelease;
  });
  const firstBuild = runBuild([], async () => {
    locked();
    await released;
    if (closed) throw new Error('docsc dev was stopped before its first build');
  });
  const refused = await Promise.race([whenLocked.then(() => undefined), firstBuild]);
  // A first build refused (`-o` or `--cache-dir` at a folder no build may use) or locked out (another docsc on these
  // folders) ends the command before it serves anything.
  if (refused instanceof BuildRefusedError || refused instanceof BuildLockedError) {
    await server.close();
    throw refused;
  }
  // The preview's modules (the front end, the layout) are loaded once the server listens.
  const preview =
    options.preview === false || refused !== undefined
      ? Promise.resolve(undefined)
      : import('./page-preview.js')
          .then(({ PagePreview }) => PagePreview.sketch({ root, outDir, cacheDir, basePath, siteUrl: options.siteUrl, inject: DEV_CLIENT_TAG }))
          .catch(() => undefined);
  server.previewWith(preview);

  // Builds one at a time: a batch that comes while one runs waits for it (the watcher holds the next batch meanwhile).
  let last: Promise<unknown> = firstBuild;
  let watcher: RepositoryWatcher | undefined;
  // The watcher starts once the pages asked for while the site was sketched are served (its first scan would slow
  // them), and the first build once it is ready: a change from then on is seen, as the build reads its inputs after.
  const watching = preview
    .then(() => server.whenPreviewIdle())
    .then(() => {
      if (closed) return;
      watcher = watchRepository(
        root,
        { ignore: [outDir, ...(cacheDir ? [cacheDir] : [])], ...(options.quietMs === undefined ? {} : { quietMs: options.quietMs }) },
        async (changed) => {
          const next = last.then(() => runBuild(changed));
          last = next;
          await next;
        },
      );
      return watcher.ready;
    });
  void watching.then(release);
  return {
    // Under a base path, the site's address (the host's root only leads there).
    url: basePath === '' ? url : `${url}${basePath}/`,
    networkUrls: server.networkUrls().map((at) => (basePath === '' ? at : `${at}${basePath}/`)),
    firstBuild,
    nextBuild: () => new Promise((resolveBuild) => waiting.push(resolveBuild)),
    get building() {
      return building > 0;
    },
    async close() {
      closed = true;
      release();
      await watching;
      await watcher?.close();
      await server.close();
      await last;
      await builds.settled();
    },
  };
}
