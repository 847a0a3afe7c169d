// Search shards edited on a thread of their own (shard-editor-worker.ts). A
// navigation edit changes the section of about a thousand pages, spread over
// most of the 16 shards; reading each earlier shard back, parsing it,
// replacing those pages' entries and rendering it again took the build's
// thread 0.25-0.45 s on 11,000 pages (profiled by hand). The thread starts
// with the layout, reads and parses the earlier shards while pages are laid
// out, and edits each changed one when asked; whatever it cannot edit (a
// shard gone, changed by hand, or not listing the same pages) is merged from
// its entries by search-shards.ts as before. A small site's shards are
// edited in place, when asked: starting the thread and loading its modules
// takes 35-50 ms, which a site of a few hundred pages would wait for.
// Once the build has asked for every shard it waits for them, so it edits
// too (`workAlong`): the requests the thread has not begun, from the last
// back, each claimed by one side only (a shared flag per shard). A
// navigation edit's shards are mostly asked for in the layout's last 100 ms:
// the thread alone edited them one after another for 150 ms after it.

import { readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { contentHash } from '../cache/value-key.js';
import { workerModule } from '../host/worker-module.js';
import { parseShard, renderShardData, replaceShardEntries, type SearchEntry, type ShardData } from '../site/search-index.js';

/** From this many pages in the site, the shards are edited on a thread of their own. */
export const SHARD_EDITOR_THREAD = 2000;

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

/** What the editor's thread starts with: the earlier shards, and a flag per shard (by its place in `previous`) set by whichever side edits it. */
export interface EditorData {
  previous: PreviousShard[];
  claims: Int32Array;
}

/** A shard's flag in `EditorData.claims`: unclaimed, or taken by the thread or by the build's own thread. */
export const UNCLAIMED = 0;
export const CLAIMED_BY_THREAD = 1;
const CLAIMED_HERE = 2;

interface PendingEdit {
  resolve: (text: string | undefined) => void;
  path: string;
  urls: string[];
  made: SearchEntry[];
}

export class ShardEditor {
  /** Requests not answered yet, in the order sent. */
  private pending = new Map<number, PendingEdit>();
  private next = 0;
  private failed = false;
  /** Each shard's place in `claims` (the thread's `previous`). */
  private indexOf = new Map<string, number>();

  /** `worker` and `claims`: the thread and the flags it shares; absent, each shard is read and edited in place when asked (`previous`). */
  private constructor(
    private previous: ReadonlyMap<string, PreviousShard>,
    private worker?: Worker,
    private claims?: Int32Array,
  ) {
    if (worker === undefined) return;
    this.indexOf = new Map([...previous.keys()].map((path, n) => [path, n]));
    worker.on('message', ({ id, text }: EditAnswer) => {
      // A request edited here is answered already (the thread answers it without a text).
      this.pending.get(id)?.resolve(text);
      this.pending.delete(id);
    });
    const fail = () => {
      this.failed = true;
      for (const { resolve } of this.pending.values()) resolve(undefined);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', fail);
  }

  /** An editor of the earlier build's shards (on a thread for a site of `pages` from SHARD_EDITOR_THREAD); undefined when there are none. */
  static start(previous: readonly PreviousShard[], pages: number): ShardEditor | undefined {
    if (previous.length === 0) return undefined;
    const byPath = new Map(previous.map((shard) => [shard.path, shard]));
    if (pages < SHARD_EDITOR_THREAD) return new ShardEditor(byPath);
    const claims = new Int32Array(new SharedArrayBuffer(4 * byPath.size));
    const module = workerModule(new URL('./shard-editor-worker.js', import.meta.url));
    const workerData: EditorData = { previous: [...byPath.values()], claims };
    return new ShardEditor(byPath, new Worker(module.filename, { execArgv: module.execArgv, workerData }), claims);
  }

  /** The earlier shard at `path` edited: its pages `urls`, the entries `made` replaced; undefined when it cannot be. */
  edit(path: string, urls: string[], made: SearchEntry[]): Promise<string | undefined> {
    if (this.worker === undefined) return Promise.resolve(this.editHere(path, urls, made));
    if (this.failed) return Promise.resolve(undefined);
    const id = this.next++;
    const worker = this.worker;
    return new Promise((resolve) => {
      this.pending.set(id, { resolve, path, urls, made });
      worker.postMessage({ id, path, urls, made } satisfies EditRequest);
    });
  }

  /**
   * Edits on this thread the requests the thread has not begun, the last
   * sent first, until it meets one the thread has claimed: for a build that
   * has asked for every shard and would otherwise wait.
   */
  workAlong(): void {
    const claims = this.claims;
    if (claims === undefined) return;
    for (const [id, { resolve, path, urls, made }] of [...this.pending].reverse()) {
      const index = this.indexOf.get(path);
      if (index === undefined || Atomics.compareExchange(claims, index, UNCLAIMED, CLAIMED_HERE) !== UNCLAIMED) return;
      this.pending.delete(id);
      resolve(this.editHere(path, urls, made));
    }
  }

  private editHere(path: string, urls: string[], made: SearchEntry[]): string | undefined {
    const shard = this.previous.get(path);
    const data = shard && readShard(shard);
    return data && editShard(data, urls, made);
  }

  /** Stops the thread (emit-site closes it once the shards are rendered, or the build failed). */
  async close(): Promise<void> {
    this.failed = true;
    await this.worker?.terminate();
  }
}

/** An earlier build's shard, when its file still has the recorded hash and is one. */
export function readShard({ file, hash }: PreviousShard): ShardData | undefined {
  try {
    const bytes = readFileSync(file);
    return contentHash(bytes) === hash ? parseShard(bytes.toString('utf8')) : undefined;
  } catch {
    // Unreadable: the build merges this shard from its entries.
    return undefined;
  }
}

/** `data` with the entries `made` replaced and rendered, when it lists exactly the pages `urls`; else undefined (changes `data`). */
export function editShard(data: ShardData, urls: readonly string[], made: readonly SearchEntry[]): string | undefined {
  if (data.pages.length !== urls.length) return undefined;
  const listed = new Set(data.pages.map((page) => page.url));
  return urls.every((url) => listed.has(url)) && replaceShardEntries(data, made) ? renderShardData(data) : undefined;
}
