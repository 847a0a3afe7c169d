// `docsc dev`: one build, then a server on the output and a watcher on the
// repository; each batch of changes is one incremental rebuild — patched into
// the last build when it only edits page bodies (a build that fails or throws
// keeps the server up and shows the overlay). The dev output
// lives in its own folder (`.docsc/dev` by default), never in the production
// output, and shares the build cache.

import { join, resolve } from 'node:path';
import { type BuildOptions, BuildRefusedError, type BuildResult, BuildSession } from '../build/build.js';
import { BuildLockedError } from '../cache/build-lock.js';
import { DEV_CLIENT_TAG, DevServer } from './dev-server.js';
import { type RepositoryWatcher, watchRepository } from './watch-repository.js';

export const DEFAULT_DEV_OUT_DIR = '.docsc/dev';

export interface DevOptions extends Omit<BuildOptions, 'injectHtml' | 'onProgress'> {
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  /** Told about every build (the CLI prints it). */
  onBuild?: (result: BuildResult | Error, changed: readonly string[]) => void;
  quietMs?: number;
}

export interface DevSession {
  url: string;
  /** The server's network addresses, when it listens on every interface (`--host 0.0.0.0`); else empty. */
  networkUrls: string[];
  /** Resolves after the build for the next batch of changes (for tests). */
  nextBuild(): Promise<BuildResult | Error>;
  close(): Promise<void>;
}

export async function startDev(options: DevOptions): Promise<DevSession> {
  const root = resolve(options.root);
  const outDir = resolve(options.outDir ?? join(root, DEFAULT_DEV_OUT_DIR));
  const builds = new BuildSession({ ...options, root, outDir, injectHtml: DEV_CLIENT_TAG } satisfies BuildOptions);
  const basePath = options.basePath ?? '';
  const server = new DevServer({ outDir, host: options.host ?? '127.0.0.1', port: options.port ?? 3000, basePath });
  let waiting: ((result: BuildResult | Error) => void)[] = [];

  const runBuild = async (changed: readonly string[], first = false) => {
    let result: BuildResult | Error;
    try {
      result = await builds.build(changed);
    } catch (error) {
      // A first build refused (`-o` or `--cache-dir` at a folder no build may use) or locked out (another docsc on
      // these folders) ends the command before it serves anything; else it served what was there (with `-o` at the
      // docs folder, the sources).
      if (first && (error instanceof BuildRefusedError || error instanceof BuildLockedError)) throw error;
      result = error instanceof Error ? error : new Error(String(error));
    }
    server.built(result);
    options.onBuild?.(result, changed);
    const resolvers = waiting;
    waiting = [];
    for (const resolveBuild of resolvers) resolveBuild(result);
  };

  await runBuild([], true);
  const url = await server.listen();
  const cacheDir = options.cacheDir === false ? undefined : resolve(options.cacheDir ?? join(root, '.docsc/cache'));
  const watcher: RepositoryWatcher = watchRepository(
    root,
    { ignore: [outDir, ...(cacheDir ? [cacheDir] : [])], ...(options.quietMs === undefined ? {} : { quietMs: options.quietMs }) },
    runBuild,
  );
  await watcher.ready;
  return {
    // Under a base path, the site's address (the host's root only leads there).
    url: basePath === '' ? url : `${url}${basePath}/`,
    networkUrls: server.networkUrls().map((at) => (basePath === '' ? at : `${at}${basePath}/`)),
    nextBuild: () => new Promise((resolveBuild) => waiting.push(resolveBuild)),
    async close() {
      await watcher.close();
      await server.close();
      await builds.settled();
    },
  };
}
