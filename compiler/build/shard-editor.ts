// Search shards edited on a thread of their own (shard-editor-worker.ts). A
// navigation edit changes the section of about a thousand pages, spread over
// most of the 16 shards; reading each earlier shard back, parsing it,
// replacing those pages' entries and rendering it again took the build's
// thread 0.25-0.45 s on 11,000 pages (profiled by hand). The thread starts
// with the layout, reads and parses the earlier shards while pages are laid
// out, and edits each changed one when asked; whatever it cannot edit (a
// shard gone, changed by hand, or not listing the same pages) is merged from
// its entries by search-shards.ts as before.

import { Worker } from 'node:worker_threads';
import { workerModule } from '../host/worker-module.js';
import type { SearchEntry } from '../site/search-index.js';

/** An earlier build's shard: its output path, its file, and the hash the output recorded for it. */
export interface PreviousShard {
  path: string;
  file: string;
  hash: string;
}

export interface EditRequest {
  id: number;
  path: string;
  /** Every page the shard must list (the earlier shard is edited only if it lists exactly these). */
  urls: string[];
  /** The entries made in this build, which replace the earlier ones of the same pages. */
  made: SearchEntry[];
}

export interface EditAnswer {
  id: number;
  /** The edited shard's text; absent when it could not be edited. */
  text?: string;
}

export class ShardEditor {
  private pending = new Map<number, (text: string | undefined) => void>();
  private next = 0;
  private failed = false;

  private constructor(private worker: Worker) {
    worker.on('message', ({ id, text }: EditAnswer) => {
      this.pending.get(id)?.(text);
      this.pending.delete(id);
    });
    const fail = () => {
      this.failed = true;
      for (const resolve of this.pending.values()) resolve(undefined);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', fail);
  }

  /** Starts the thread on the earlier build's shards; undefined when there are none. */
  static start(previous: readonly PreviousShard[]): ShardEditor | undefined {
    if (previous.length === 0) return undefined;
    const module = workerModule(new URL('./shard-editor-worker.js', import.meta.url));
    return new ShardEditor(new Worker(module.filename, { execArgv: module.execArgv, workerData: previous }));
  }

  /** The earlier shard at `path` edited: its pages `urls`, the entries `made` replaced; undefined when it cannot be. */
  edit(path: string, urls: string[], made: SearchEntry[]): Promise<string | undefined> {
    if (this.failed) return Promise.resolve(undefined);
    const id = this.next++;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      this.worker.postMessage({ id, path, urls, made } satisfies EditRequest);
    });
  }

  /** Stops the thread (emit-site closes it once the shards are rendered, or the build failed). */
  async close(): Promise<void> {
    this.failed = true;
    await this.worker.terminate();
  }
}
