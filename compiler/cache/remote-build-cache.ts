// The build cache with a remote cache behind it (`--remote-cache`): the local
// cache (lmdb or memory) answers every `get`; `prefetch` first fetches from
// the server, into the local cache, the entries of the given keys it lacks, so
// the build's synchronous reads then hit. What this build computes is uploaded
// when it may (`--remote-cache-upload`), what it fetched never is.
//
// Shared kinds: page summaries, page bodies and API page bodies — what costs a
// compile. Not the build's record (`graph`, which describes this machine's
// output folder), the file-hash memo (this machine's file times) or derived
// values (read synchronously deep in the front end; they cost little next to
// the pages).
//
// The contract of remote values is the local one (build-cache.ts), plus:
// remote data is untrusted. An entry is used only when its blob's hash and
// size match the action result and its envelope names the entry asked for
// (remote-entry.ts); anything else is counted, reported once
// (`cache/remote-corrupt`), and computed here as if it were missing. A server
// that fails turns the remote cache off (remote-cache.ts); nothing here fails
// a build.

import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { makeDiagnostic } from '../diagnostics/diagnostic.js';
import type { BuildCache, CacheKind, CacheStats } from './build-cache.js';
import { entryId } from './memory-build-cache.js';
import { RemoteCacheClient, type RemoteCacheOptions, type RemoteCacheStats } from './remote-cache.js';
import { actionKey, decodeActionResult, decodeBlob, encodeActionResult, encodeBlob, remoteNamespace } from './remote-entry.js';

const SHARED = new Set<CacheKind>(['summary', 'body', 'api-page']);

/** Uploads at once (each encodes its value, then sends two requests). */
const UPLOADS_AT_ONCE = 8;

/** What fetched values may wait in the local cache's buffer before this flushes it (bodies fetched ahead of the layout). */
const FETCHED_BYTES_TO_FLUSH = 32 * 1024 * 1024;

export class RemoteBuildCache implements BuildCache {
  /** Entries fetched from the server in this build (`entryId`s), and those asked for. */
  private readonly fetched = new Set<string>();
  private readonly asked = new Set<string>();
  /** Values to upload, in order; each is encoded when its upload starts. */
  private readonly queued: { kind: CacheKind; key: string; value: unknown }[] = [];
  private uploading = 0;
  private drained: (() => void)[] = [];
  private readonly namespace: string;
  private reported = { down: false, uploads: false, corrupt: false };
  /** A flush of the local cache this made while fetching, and what it reported (returned by the next `flush`). */
  private flushing: Promise<void> | undefined;
  private flushWarnings: Diagnostic[] = [];
  /** Prefetches under way. */
  private readonly fetching = new Set<Promise<void>>();
  private corruptReason: string | undefined;

  constructor(
    private readonly local: BuildCache,
    readonly remote: RemoteCacheClient,
    toolVersion: string,
  ) {
    this.namespace = remoteNamespace(toolVersion);
  }

  static open(local: BuildCache, options: RemoteCacheOptions, toolVersion: string): RemoteBuildCache {
    return new RemoteBuildCache(local, new RemoteCacheClient(options), toolVersion);
  }

  get stats(): CacheStats {
    return this.local.stats;
  }

  get remoteStats(): RemoteCacheStats {
    return this.remote.stats;
  }

  get location(): string | undefined {
    return this.local.location;
  }

  get pendingBytes(): number {
    return this.local.pendingBytes;
  }

  get<T>(kind: CacheKind, key: string): T | undefined {
    return this.local.get<T>(kind, key);
  }

  has(kind: CacheKind, key: string): boolean {
    return this.local.has(kind, key);
  }

  getMany<T>(kind: CacheKind, keys: readonly string[]): Promise<(T | undefined)[]> {
    return this.local.getMany<T>(kind, keys);
  }

  put(kind: CacheKind, key: string, value: unknown): void {
    this.local.put(kind, key, value);
    if (!SHARED.has(kind) || this.remote.uploadsOff !== undefined || this.fetched.has(entryId(kind, key))) return;
    this.queued.push({ kind, key, value });
    this.pump();
  }

  /** Fetches the entries of `keys` that the local cache lacks; resolves when they are in it (or known missing). */
  async prefetch(kind: CacheKind, keys: readonly string[]): Promise<void> {
    if (!SHARED.has(kind) || this.remote.down !== undefined) return;
    // A key is asked for once per build: a miss or a refused entry is not asked for again (bodies are asked for ahead,
    // then per chunk of the layout).
    const wanted = [...new Set(keys)].filter((key) => !this.asked.has(entryId(kind, key)) && !this.local.has(kind, key));
    for (const key of wanted) this.asked.add(entryId(kind, key));
    const fetching = Promise.all(wanted.map((key) => this.fetch(kind, key))).then(() => undefined);
    this.fetching.add(fetching);
    await fetching;
    this.fetching.delete(fetching);
  }

  /** Whether the value under `key` was fetched from the remote cache in this build. */
  fromRemote(kind: CacheKind, key: string): boolean {
    return this.fetched.has(entryId(kind, key));
  }

  /**
   * Flushes the local cache and waits for the uploads queued so far (what a
   * round of compiles put: the next round compiles meanwhile), so that the
   * values they hold are let go and the last flush reports their problems.
   */
  async flush(): Promise<Diagnostic[]> {
    await this.flushing;
    const [warnings] = await Promise.all([this.local.flush(), this.drain()]);
    return [...this.takeFlushWarnings(), ...warnings, ...this.problems()];
  }

  async close(): Promise<Diagnostic[]> {
    // A build that stops early may leave fetches behind (the bodies fetched ahead): they end before the local cache.
    await Promise.all(this.fetching);
    await this.drain();
    await this.flushing;
    this.remote.close();
    return [...this.takeFlushWarnings(), ...(await this.local.close()), ...this.problems()];
  }

  private takeFlushWarnings(): Diagnostic[] {
    const warnings = this.flushWarnings;
    this.flushWarnings = [];
    return warnings;
  }

  sizeBytes(): number {
    return this.local.sizeBytes();
  }

  private async fetch(kind: CacheKind, key: string): Promise<void> {
    const action = actionKey(this.namespace, kind, key);
    const result = await this.remote.get(`ac/${action}`, 64 * 1024);
    if (result === undefined) {
      if (this.remote.down === undefined) this.remote.stats.misses++;
      return;
    }
    const digest = decodeActionResult(result, kind);
    if (digest === undefined) return this.refuse('an action result docsc did not write');
    const blob = await this.remote.get(`cas/${digest.hash}`, digest.size);
    if (blob === undefined) {
      if (this.remote.down === undefined) this.refuse('an action result naming a missing blob');
      return;
    }
    const decoded = decodeBlob(blob, digest, kind, key);
    if ('refused' in decoded) return this.refuse(decoded.refused);
    // Another request of this build may have computed it meanwhile: the local value stands.
    if (this.local.has(kind, key)) return;
    this.fetched.add(entryId(kind, key));
    this.local.put(kind, key, decoded.value);
    this.remote.stats.hits++;
    if (this.flushing === undefined && this.local.pendingBytes > FETCHED_BYTES_TO_FLUSH) {
      this.flushing = this.local.flush().then((warnings) => {
        this.flushWarnings.push(...warnings);
        this.flushing = undefined;
      });
    }
  }

  private refuse(reason: string): void {
    this.remote.stats.corrupt++;
    this.corruptReason ??= reason;
  }

  /** Starts queued uploads up to UPLOADS_AT_ONCE; wakes `drain` once none is left. */
  private pump(): void {
    while (this.uploading < UPLOADS_AT_ONCE && this.queued.length > 0) {
      const next = this.queued.shift() as { kind: CacheKind; key: string; value: unknown };
      this.uploading++;
      void this.upload(next.kind, next.key, next.value).finally(() => {
        this.uploading--;
        this.pump();
      });
    }
    if (this.uploading === 0 && this.queued.length === 0) for (const wake of this.drained.splice(0)) wake();
  }

  /** Resolves once every queued upload has ended (sent, or dropped because the server failed: within its timeout). */
  private drain(): Promise<void> {
    if (this.uploading === 0 && this.queued.length === 0) return Promise.resolve();
    return new Promise((wake) => this.drained.push(wake));
  }

  /** Encodes and sends one value: its blob first, then the action result that names it. Never rejects. */
  private async upload(kind: CacheKind, key: string, value: unknown): Promise<void> {
    if (this.remote.uploadsOff !== undefined || this.remote.down !== undefined) return;
    let encoded: ReturnType<typeof encodeBlob>;
    try {
      encoded = encodeBlob(kind, key, value);
    } catch {
      return; // not plain data: a value the contract forbids; it stays local
    }
    const { blob, digest } = encoded;
    if (!(await this.remote.put(`cas/${digest.hash}`, blob))) return;
    if (await this.remote.put(`ac/${actionKey(this.namespace, kind, key)}`, encodeActionResult(kind, digest))) this.remote.stats.uploaded++;
  }

  /** The remote cache's warnings not reported yet: at most one of each kind per build. */
  private problems(): Diagnostic[] {
    const found: Diagnostic[] = [];
    const url = this.remote.shown;
    const at = { file: '.' };
    if (this.remote.down !== undefined && !this.reported.down) {
      this.reported.down = true;
      found.push(makeDiagnostic('cache/remote-unavailable', at, { url, reason: this.remote.down }));
    }
    const uploadsOff = this.remote.uploadsOff;
    if (uploadsOff !== undefined && uploadsOff !== 'read-only' && !this.reported.uploads && this.remote.down === undefined) {
      this.reported.uploads = true;
      found.push(makeDiagnostic('cache/remote-upload-failed', at, { url, reason: uploadsOff }));
    }
    if (this.corruptReason !== undefined && !this.reported.corrupt) {
      this.reported.corrupt = true;
      found.push(makeDiagnostic('cache/remote-corrupt', at, { url, reason: this.corruptReason }));
    }
    return found;
  }
}
