// `docsc check` through the build's cache: the front end of compiler/check.ts
// with the build's summary requests (compile-pages.ts's keys and values: a
// page's summary keyed by its content hash, its diagnostics stored with its
// path blank) and the memo of derived values (OpenAPI validation findings, the
// configuration's). A page's content hash comes from the snapshot memo the
// build keeps (size and modification time → hash), so a check of an unchanged
// repository reads no page it has a summary for; a miss is read, summarized
// in check's own pool (summaries only, no bodies) and stored for the next
// check or build. Diagnostics are the same with or without the cache: a
// summary is a pure function of the page's text, as the cache contract says.
// The cache is opened by cache/open-project-cache.ts, as the build's is; any
// problem with it (damaged, read-only, held by a build) is a warning and a
// check without it, never a failure.

import { relative, resolve, sep } from 'node:path';
import type { BuildCache } from '../cache/build-cache.js';
import { openProjectCache } from '../cache/open-project-cache.js';
import { contentHash } from '../cache/value-key.js';
import { analyzeProject, type CheckOptions, type CheckResult } from '../check.js';
import { type Diagnostic, ranOutOfMemory } from '../diagnostics/diagnostic.js';
import type { DerivedMemo } from '../host/derived-memo.js';
import { ProjectHost } from '../host/project-host.js';
import { pagePathOfFile } from '../ir/page-urls.js';
import type { PageInput, Summarizer } from '../pages/read-pages.js';
import type { PageSummaryResult } from '../pages/summarize-page.js';
import { type PageFile, type SummarizeOptions, summarizePages } from '../pages/summarize-pages.js';
import { type CachedSummary, relocateSummary, storedSummary, summaryKey, withPath } from './compile-pages.js';
import { SNAPSHOT_MEMO_KEY, type SnapshotMemo, snapshotSome } from './input-snapshot.js';

export interface CachedCheckOptions extends CheckOptions {
  /** The cache folder; default `<root>/.docsc/cache`. */
  cacheDir?: string | undefined;
  /** The version that keys the cache (default: docsc's own); tests change it. */
  toolVersion?: string | undefined;
}

export interface CachedCheckResult extends CheckResult {
  /** Why the cache was cleared or not used (`cache/*`): for the command to say, apart from the check's diagnostics. */
  cacheWarnings: Diagnostic[];
  /** Pages and snippets read (to hash them, or to summarize them): what the incremental tests assert. */
  read: string[];
  /** Pages and snippets summarized in this run (not from the cache). */
  summarized: string[];
}

export async function checkWithCache(options: CachedCheckOptions): Promise<CachedCheckResult> {
  const root = resolve(options.root);
  const opened = await openProjectCache({
    root,
    cacheDir: options.cacheDir,
    command: 'docsc check',
    whenLocked: 'memory',
    toolVersion: options.toolVersion,
  });
  const { cache } = opened;
  const cacheWarnings = [...opened.warnings];
  try {
    const read = new Set<string>();
    const host = new RecordingHost(root, read, insideRoot(root, opened.cacheDir));
    const pages = host.listFiles().filter((path) => pagePathOfFile(path) !== undefined);
    const snapshot = snapshotSome(host, pages, cache.get<SnapshotMemo>('file-hash', SNAPSHOT_MEMO_KEY));
    if (snapshot.changed) cache.put('file-hash', SNAPSHOT_MEMO_KEY, snapshot.memo);
    host.knowHashes(snapshot.identities);
    const summarized: string[] = [];
    const analysis = await analyzeProject({
      ...options,
      root,
      host,
      summarize: cachedSummarizer(cache, snapshot.identities, summarized, { threads: options.threads, onSummarized: options.onSummarized }),
      memo: derivedMemo(cache),
      identities: snapshot.identities,
    });
    cacheWarnings.push(...(await cache.flush()));
    return {
      diagnostics: analysis.diagnostics,
      sources: analysis.sources,
      pageCount: analysis.pages.facts.length + analysis.apiPages.filter((p) => p.origin !== 'page' && p.url !== undefined).length,
      cacheWarnings,
      read: [...read].sort(),
      summarized,
    };
  } finally {
    await opened.close();
  }
}

/** The front end's summarizer with the build's summary cache in front of check's own pool. */
function cachedSummarizer(cache: BuildCache, identities: ReadonlyMap<string, string>, summarized: string[], options: SummarizeOptions): Summarizer {
  return async (inputs: readonly PageInput[]): Promise<PageSummaryResult[]> => {
    const results: (PageSummaryResult | undefined)[] = [];
    const missing: { index: number; file: PageFile; key: string; decoding: Diagnostic[] }[] = [];
    inputs.forEach((input, index) => {
      const identity = identities.get(input.path);
      const known = identity !== undefined && !identity.startsWith('unreadable:');
      const cached = known ? cache.get<CachedSummary>('summary', summaryKey(input.path, identity)) : undefined;
      if (cached) {
        results[index] = relocateSummary(cached, input.path);
        return;
      }
      const read = input.read();
      if (!read) return;
      // Keyed as the build keys it (compile-pages.ts): by what was read; a text with decoding problems apart.
      const key = summaryKey(input.path, `${contentHash(read.text)}${read.diagnostics.length > 0 ? '!' : ''}`);
      missing.push({ index, file: { path: input.path, text: read.text }, key, decoding: read.diagnostics });
    });
    // Identical contents (versions and languages copied) are summarized once.
    const unique = [...new Map(missing.map((m) => [m.key, m])).values()];
    const done = await summarizePages(
      unique.map((m) => m.file),
      options,
    );
    const byKey = new Map<string, PageSummaryResult>();
    unique.forEach(({ file, key, decoding }, i) => {
      const computed = done[i] as PageSummaryResult;
      summarized.push(file.path);
      const entry = { summary: computed.summary, diagnostics: [...decoding, ...computed.diagnostics] };
      if (!ranOutOfMemory(computed.diagnostics)) cache.put('summary', key, storedSummary(entry, file.path));
      byKey.set(key, entry);
    });
    for (const { index, file, key } of missing) results[index] = withPath(byKey.get(key) as PageSummaryResult, file.path);
    return results.filter((result): result is PageSummaryResult => result !== undefined);
  };
}

/** A host that records which files it read (the check's incremental tests assert it). */
class RecordingHost extends ProjectHost {
  constructor(
    root: string,
    private readonly record: Set<string>,
    ignore: string[],
  ) {
    super(root, { memoize: true, ignore });
  }

  override read(path: string): ReturnType<ProjectHost['read']> {
    this.record.add(path);
    return super.read(path);
  }
}

/** The front end's derived values in the cache (the build's `derived` entries: keys are content hashes). */
function derivedMemo(cache: BuildCache): DerivedMemo {
  return { get: (key) => cache.get('derived', key), put: (key, value) => cache.put('derived', key, value) };
}

/** The cache folder, when inside the docs root, is not an input. */
function insideRoot(root: string, path: string | undefined): string[] {
  if (path === undefined) return [];
  const rel = relative(root, path);
  return rel === '' || rel.startsWith('..') ? [] : [rel.split(sep).join('/')];
}
