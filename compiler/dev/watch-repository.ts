// Watches the docs root for changes and reports them in batches: an editor's
// atomic save (write a temporary file, rename it over the page) and a `git
// checkout` that touches thousands of files each become one batch, delivered
// once the file system has been quiet for `quietMs`. Changes that arrive
// while the listener is still busy with a batch wait for the next one.

import { relative, sep } from 'node:path';
import { watch } from 'chokidar';

export interface WatchOptions {
  /** Absolute folders never watched (the output, the cache). */
  ignore: readonly string[];
  quietMs?: number;
}

export interface RepositoryWatcher {
  /** Resolves once the initial scan is done. */
  ready: Promise<void>;
  close(): Promise<void>;
}

const IGNORED_NAMES = /(^|[/\\])(node_modules|\.git|\.docsc)([/\\]|$)/;

export function watchRepository(root: string, options: WatchOptions, onBatch: (paths: string[]) => Promise<void>): RepositoryWatcher {
  const quietMs = options.quietMs ?? 80;
  const pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let busy: Promise<void> | undefined;

  const ignored = (path: string) =>
    IGNORED_NAMES.test(relative(root, path)) || options.ignore.some((dir) => path === dir || path.startsWith(dir + sep));
  const watcher = watch(root, { ignored, ignoreInitial: true, persistent: true });

  const flush = () => {
    timer = undefined;
    if (busy) return;
    if (pending.size === 0) return;
    const batch = [...pending].sort();
    pending.clear();
    busy = onBatch(batch).finally(() => {
      busy = undefined;
      if (pending.size > 0) schedule();
    });
  };
  const schedule = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(flush, quietMs);
  };
  const changed = (path: string) => {
    pending.add(relative(root, path).split(sep).join('/'));
    schedule();
  };
  for (const event of ['add', 'change', 'unlink', 'addDir', 'unlinkDir'] as const) watcher.on(event, changed);

  return {
    ready: new Promise((resolve) => watcher.once('ready', () => resolve())),
    async close() {
      if (timer) clearTimeout(timer);
      await watcher.close();
      await busy;
    },
  };
}
