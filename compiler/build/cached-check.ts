// `docsc check` through the build's cache: the front end of compiler/check.ts
// with the build's summary requests (check-summaries.ts, with compile-pages.ts's
// keys and values: a page's summary keyed by its content hash, its diagnostics
// stored with its path blank) and the memo of derived values (OpenAPI validation findings, the
// configuration's). A page's content hash comes from the snapshot memo the
// build keeps (size and modification time → hash), so a check of an unchanged
// repository reads no page it has a summary for; a miss is read, summarized
// in check's own pool (summaries only, no bodies) and stored for the next
// check or build. Diagnostics are the same with or without the cache: a
// summary is a pure function of the page's text, as the cache contract says.
//
// A whole check is remembered too (the check record, one per cache): its
// diagnostics with what they were made from — the listing (every file, every
// link leading out), the identity of every page (one hash of them all) and of
// every other file read, the answer to every "is this a file?" asked, and the
// base path. A check whose listing and inputs are all the same, by the same
// snapshot memo, replays them without loading the front end. A check that
// fetched a hosted OpenAPI document, or in which a page ran out of memory,
// leaves no record: its result depends on more than the files.
//
// The cache is opened by cache/open-project-cache.ts, as the build's is; any
// problem with it (damaged, read-only, held by a build) is a warning and a
// check without it, never a failure.

import { relative, resolve, sep } from 'node:path';
import type { BuildCache } from '../cache/build-cache.js';
import { openProjectCache } from '../cache/open-project-cache.js';
import { contentHash, sha256 } from '../cache/value-key.js';
import type { CheckOptions, CheckResult } from '../check.js';
import { type Diagnostic, ranOutOfMemory } from '../diagnostics/diagnostic.js';
import type { DerivedMemo } from '../host/derived-memo.js';
import { ProjectHost } from '../host/project-host.js';
import { pagePathOfFile } from '../ir/page-urls.js';
import { isUrl } from '../openapi/spec-names.js';
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
  /** Whether the check record was replayed: nothing the last check read or asked about changed. */
  replayed: boolean;
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
    const listing = listingHash(host);
    const stored = cache.get<CheckRecord>('graph', CHECK_RECORD_KEY);
    const record = stored?.listing === listing && stored.basePath === (options.basePath ?? '') ? stored : undefined;
    // The other files the recorded check read are identified with the pages, through the same memo.
    const others = Object.keys(record?.others ?? {});
    const snapshot = await snapshotSome(
      host,
      [...pages, ...others],
      cache.get<SnapshotMemo>('file-hash', SNAPSHOT_MEMO_KEY),
      (path) => pagePathOfFile(path) === undefined,
    );
    if (snapshot.changed) cache.put('file-hash', SNAPSHOT_MEMO_KEY, snapshot.memo);
    if (record && upToDate(record, pages, snapshot.identities, host)) {
      cacheWarnings.push(...(await cache.flush()));
      return {
        diagnostics: record.diagnostics,
        sources: new Map(),
        pageCount: record.pageCount,
        cacheWarnings,
        read: [...read].sort(),
        summarized: [],
        replayed: true,
      };
    }
    host.knowHashes(snapshot.identities);
    const summarized: string[] = [];
    // Loaded only now: a check that replays its record does not load the front end.
    const [{ analyzeProject }, { cachedSummarizer }] = await Promise.all([import('../check.js'), import('./check-summaries.js')]);
    const analysis = await analyzeProject({
      ...options,
      root,
      host,
      summarize: cachedSummarizer(cache, snapshot.identities, summarized, { threads: options.threads, onSummarized: options.onSummarized }),
      memo: derivedMemo(cache),
      identities: snapshot.identities,
      documentsEarly: true,
    });
    const pageCount = analysis.pages.facts.length + analysis.apiPages.filter((p) => p.origin !== 'page' && p.url !== undefined).length;
    const fetched = [...analysis.documents.keys()].some(isUrl);
    if (!fetched && !ranOutOfMemory(analysis.diagnostics)) {
      const known = [...snapshot.identities].filter(([path]) => pagePathOfFile(path) === undefined);
      cache.put('graph', CHECK_RECORD_KEY, {
        listing,
        basePath: options.basePath ?? '',
        pages: pagesHash(pages, snapshot.identities),
        others: { ...Object.fromEntries(known), ...host.otherReads(snapshot.identities) },
        files: host.fileAnswers(),
        diagnostics: analysis.diagnostics,
        pageCount,
      } satisfies CheckRecord);
    }
    cacheWarnings.push(...(await cache.flush()));
    return {
      diagnostics: analysis.diagnostics,
      sources: analysis.sources,
      pageCount,
      cacheWarnings,
      read: [...read].sort(),
      summarized,
      replayed: false,
    };
  } finally {
    await opened.close();
  }
}

/** The check record's key in the cache (`graph` kind): one record per cache, the last check's. */
const CHECK_RECORD_KEY = 'check';

/** A whole check and what it was made from. */
interface CheckRecord {
  /** `listingHash`: every file listed and every link leading out. */
  listing: string;
  /** The base path the check was given (`CheckOptions.basePath`, '' for none): the only option its report depends on. */
  basePath: string;
  /**
   * `pagesHash`: the identity of every page, in the listing's order (the same listing, the same pages). One hash,
   * not the identities: they are the snapshot memo's, and crewAI's 24,803 made the record an object of as many keys,
   * slower to write and to read than the memo (by hand: the record's put 79-145 ms in a first check).
   */
  pages: string;
  /** Project-relative path → identity (content hash, or `unreadable:…`) of every other file read. */
  others: Record<string, string>;
  /** Every path asked `isFile` of, with the answer. */
  files: Record<string, boolean>;
  diagnostics: Diagnostic[];
  pageCount: number;
}

function listingHash(host: ProjectHost): string {
  return sha256(`${host.listFiles().join('\0')}\0\0${host.linksOutside().join('\0')}`);
}

/** The hash of the pages' identities, in their order. */
function pagesHash(pages: readonly string[], identities: ReadonlyMap<string, string>): string {
  return sha256(pages.map((path) => identities.get(path) ?? 'missing').join('\0'));
}

/**
 * Whether every input of the record is what it was: each file's identity (`identities`: the pages' and the others',
 * from the snapshot) and each `isFile` answer.
 */
function upToDate(record: CheckRecord, pages: readonly string[], identities: ReadonlyMap<string, string>, host: ProjectHost): boolean {
  if (record.pages !== pagesHash(pages, identities)) return false;
  for (const [path, identity] of Object.entries(record.others)) if (identities.get(path) !== identity) return false;
  for (const [path, answer] of Object.entries(record.files)) if (host.isFile(path) !== answer) return false;
  return true;
}

/** A host that records which files it read (the check's incremental tests assert it) and which paths it was asked `isFile` of (the check record). */
class RecordingHost extends ProjectHost {
  private answers = new Map<string, boolean>();

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

  override isFile(path: string): boolean {
    const answer = super.isFile(path);
    if (!this.answers.has(path)) this.answers.set(path, answer);
    return answer;
  }

  fileAnswers(): Record<string, boolean> {
    return Object.fromEntries(this.answers);
  }

  /**
   * The identity of each file read that `known` lacks (not a page: docs.json, its parts, OpenAPI documents), from
   * the bytes the check read (kept: the host memoizes, and forgets only pages).
   */
  otherReads(known: ReadonlyMap<string, string>): Record<string, string> {
    const identities: Record<string, string> = {};
    for (const path of this.record) {
      if (known.has(path)) continue;
      const read = super.read(path);
      identities[path] = read.ok ? contentHash(read.bytes) : `unreadable:${read.failure}`;
    }
    return identities;
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
