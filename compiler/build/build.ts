// `docsc build`, top to bottom: the front end of `docsc check` with a
// cache-aware summarizer, then the back end — page bodies through the cache
// and the worker pool, API reference bodies by operation slice, the site
// navigation, the layout around every page, and the output written
// atomically. The whole build is keyed by its input snapshot: when the
// output folder was completed from the same key, nothing is done (the
// stored diagnostics are replayed).

import { join, relative, resolve, sep } from 'node:path';
import type { BuildCache } from '../cache/build-cache.js';
import { openProjectCache } from '../cache/open-project-cache.js';
import type { RemoteCacheOptions, RemoteCacheStats } from '../cache/remote-cache.js';
import type { ProjectAnalysis } from '../check.js';
import { type Diagnostic, DiagnosticBag, dedupeDiagnostics, makeDiagnostic, ranOutOfMemory, sortDiagnostics } from '../diagnostics/diagnostic.js';
import type { DerivedMemo } from '../host/derived-memo.js';
import { ProjectHost } from '../host/project-host.js';
import { BuildRefusedError, checkOutputDir } from '../output/output-guard.js';
import { type CompletedManifest, OutputWriter, outputDigest, readRecordedFile, type WriteReport } from '../output/write-output.js';
import { renderOptionsOf } from '../render/render-options.js';
import type { SourceFile } from '../source/source-file.js';
import { DEFAULT_OUT_DIR } from './build-folders.js';
import type { Recomputed } from './compile-pages.js';
import type { BuildProgress, LaidOutSite } from './emit-site.js';
import { gitHead } from './git-timestamps.js';
import { type PatchedSnapshot, SNAPSHOT_MEMO_KEY, type SnapshotMemo, snapshotInputs } from './input-snapshot.js';
import type { OutputReader } from './search-shards.js';

/**
 * The compiler proper — front end, page compiler, layout — loaded once a
 * build has work to do: an up-to-date build loads none of it (about 0.7 s of
 * module loading saved on every no-op).
 */
export async function loadCompiler() {
  // One import at a time: Node 20's loader can fail concurrent dynamic imports that share
  // modules with "request for 'node:path' is not in cache" (nodejs/node#52187; seen here).
  const check = await import('../check.js');
  const pages = await import('./compile-pages.js');
  const pool = await import('./compile-pool.js');
  const emit = await import('./emit-site.js');
  const patch = await import('./patch-pages.js');
  return {
    analyzeProject: check.analyzeProject,
    PageCompiler: pages.PageCompiler,
    createCompilePool: pool.createCompilePool,
    emitSite: emit.emitSite,
    patchPages: patch.patchPages,
  };
}

export { DEFAULT_OUT_DIR } from './build-folders.js';

export interface BuildOptions {
  root: string;
  /** Default `<root>/_site`. */
  outDir?: string;
  /** The cache folder; default `<root>/.docsc/cache`; `false` keeps it in memory (`--no-cache`). */
  cacheDir?: string | false;
  threads?: number;
  fetchTimeoutMs?: number;
  /** `https://docs.example.com`: makes sitemap.xml's locations absolute (an origin: the path is `basePath`). */
  siteUrl?: string;
  /** The path the site is served under, normalized (`/docs`; site/base-path.ts's `parseBasePath`); default '' (the host's root). */
  basePath?: string;
  /** A script tag the dev server adds to every page (live reload). */
  injectHtml?: string;
  /** The version that keys the cache and the output (default: docsc's own); tests change it. */
  toolVersion?: string;
  /** The cache's size limit on disk, in bytes (`--cache-max-size`; default DEFAULT_MAX_CACHE_BYTES): trimmed after the build. */
  cacheMaxSize?: number;
  /** A remote cache server to read page results from, and upload them to with `upload` (`--remote-cache`). */
  remoteCache?: RemoteCacheOptions;
  onProgress?: (progress: BuildProgress) => void;
}

export interface BuildStats {
  /** Pages in the output (MDX and API pages). */
  pages: number;
  /** Pages whose body was compiled in this build (identical contents count for each page that shares them). */
  compiled: number;
  fromCache: number;
  /** Pages whose body has an error. */
  failed: number;
  written: number;
  deleted: number;
  unchanged: number;
  durationMs: number;
  cacheBytes: number;
  /** Pages whose body came from the remote cache (counted in `fromCache` too). */
  fromRemote: number;
  /** What the remote cache did, with `--remote-cache`. */
  remote?: RemoteCacheStats;
}

export interface BuildResult {
  /** False when the build stopped before writing (the previous output is intact). */
  ok: boolean;
  outDir: string;
  diagnostics: Diagnostic[];
  sources: ReadonlyMap<string, SourceFile>;
  stats: BuildStats;
  /** What this build computed: what incremental tests assert. `documents`: the OpenAPI documents whose text it parsed. */
  recomputed: Recomputed & {
    documents: string[];
    apiPages: string[];
    laidOut: string[];
    /** The pages whose links were checked (the others' diagnostics were remembered: passes/link-check-memo.ts). */
    linksChecked: string[];
    written: string[];
    deleted: string[];
    noop: boolean;
    patched: boolean;
  };
}

/** Refused before any work: `-o` or `--cache-dir` names a folder no build may use (output-guard.ts). */
export { BuildRefusedError } from '../output/output-guard.js';

/** The whole build under one input key: its diagnostics, and the output it completed. */
export interface GraphRecord {
  diagnostics: Diagnostic[];
  pages: number;
  /** `outputDigest` of the output folder this build completed. */
  output: string;
  /** With `metadata.timestamp`: the git commit the dates were read at; at another HEAD the output is not up to date. */
  gitHead?: string;
}

export async function build(options: BuildOptions): Promise<BuildResult> {
  return (await fullBuild(options, true)).result;
}

/** What a full build leaves for patches (build-session.ts). */
export interface WarmState {
  analysis: ProjectAnalysis;
  site: LaidOutSite;
  snapshot: PatchedSnapshot;
  diagnostics: Diagnostic[];
  gitHead?: string;
  /** The output's manifest as the last build wrote it: the next patch need not read it again. */
  manifest?: CompletedManifest;
  /** `outputDigest` of the output as the last build left it: another digest means someone else changed it. */
  output: string;
  /** The files' fingerprints when the last build read them (the session's next `buildChanges` compares with them). */
  memo: SnapshotMemo;
  /** Project-relative folders that are not inputs (the output and cache folders when inside the root). */
  ignore: string[];
}

/** A build's folders, lock, cache and salt, opened before any work and closed after it. */
export interface Opened {
  started: number;
  root: string;
  outDir: string;
  cacheDir: string | undefined;
  cache: BuildCache;
  warnings: Diagnostic[];
  salt: string;
  close(): Promise<Diagnostic[]>;
}

export async function open(options: BuildOptions): Promise<Opened> {
  const started = performance.now();
  const root = resolve(options.root);
  const out = checkOutputDir(options.outDir ?? join(root, DEFAULT_OUT_DIR), root);
  if (!out.ok) throw new BuildRefusedError(`Refusing to write the site to ${options.outDir}: ${out.reason}.`);
  const opened = await openProjectCache({
    root,
    cacheDir: options.cacheDir,
    command: 'docsc build',
    alsoLock: [out.path],
    whenLocked: 'throw',
    toolVersion: options.toolVersion,
    maxSizeBytes: options.cacheMaxSize,
    trim: true,
    remote: options.remoteCache,
  });
  const salt = JSON.stringify({
    tool: opened.toolVersion,
    node: process.versions.modules,
    siteUrl: options.siteUrl ?? null,
    basePath: options.basePath ?? '',
    inject: options.injectHtml ?? null,
  });
  return { started, root, outDir: out.path, cacheDir: opened.cacheDir, cache: opened.cache, warnings: opened.warnings, salt, close: opened.close };
}

export async function fullBuild(
  options: BuildOptions,
  mayBeUpToDate: boolean,
  whenOpened?: () => Promise<void>,
): Promise<{ result: BuildResult; warm?: WarmState }> {
  const opened = await open(options);
  let built: { result: BuildResult; warm?: WarmState } | undefined;
  try {
    await whenOpened?.();
    built = await buildOpened(options, opened, mayBeUpToDate);
    return built;
  } finally {
    // What closing the cache reported (trimming, uploads) belongs to this build's report.
    const late = await opened.close();
    if (built !== undefined && late.length > 0) built.result.diagnostics = sortDiagnostics(dedupeDiagnostics([...built.result.diagnostics, ...late]));
  }
}

async function buildOpened(options: BuildOptions, opened: Opened, mayBeUpToDate: boolean): Promise<{ result: BuildResult; warm?: WarmState }> {
  const { cache, root } = opened;
  const progress = options.onProgress ?? (() => {});
  const host = new ProjectHost(root, { memoize: true, ignore: insideRoot(root, [opened.outDir, opened.cacheDir]) });
  progress({ phase: 'read', done: 0, total: 0 });
  const snapshot = snapshotInputs(host, opened.salt, cache.get<SnapshotMemo>('file-hash', SNAPSHOT_MEMO_KEY));
  if (snapshot.changed) cache.put('file-hash', SNAPSHOT_MEMO_KEY, snapshot.memo);
  host.knowHashes(snapshot.identities);
  const graph = cache.get<GraphRecord>('graph', snapshot.key);
  if (mayBeUpToDate && graph && outputDigest(opened.outDir) === graph.output && (graph.gitHead === undefined || graph.gitHead === gitHead(root))) {
    return { result: noopResult(opened, graph) };
  }

  const { analyzeProject, PageCompiler, createCompilePool, emitSite } = await loadCompiler();
  const pool = createCompilePool(host, options.threads, cache);
  // A build that fails stops its writes before the folders are unlocked.
  let stopWriter = async () => {};
  try {
    const compiler = new PageCompiler(cache, pool, snapshot.identities, (path) => readText(host, path));
    compiler.onCompiled = (done, total) => {
      progress({ phase: 'compile', done, total });
      if (done === total) progress({ phase: 'check', done: 0, total: 0 });
    };
    progress({ phase: 'analyze', done: 0, total: 0 });
    const analysis = await analyzeProject({
      root,
      host,
      summarize: compiler.summarize,
      configured: (config) => compiler.configure(renderOptionsOf(config?.root, options.basePath)),
      memo: derivedMemo(cache),
      identities: snapshot.identities,
      basePath: options.basePath ?? '',
      ...(options.threads === undefined ? {} : { threads: options.threads }),
      ...(options.fetchTimeoutMs === undefined ? {} : { fetchTimeoutMs: options.fetchTimeoutMs }),
    });
    if (analysis.navigation === undefined) return { result: failedResult(opened, analysis, compiler.recomputed) };
    releaseInputs(analysis);
    // The compile workers' heaps (200-270 MB each after a cold build's compiling) are let go before pages are laid
    // out and written: a body the layout still has to compile starts them again.
    await pool.close();
    // What the front end computed goes to disk now, so that it is not held in memory while pages are laid out.
    const flushWarnings = await cache.flush();
    const writer = new OutputWriter(opened.outDir);
    stopWriter = () => writer.stop();
    const site = await emitSite(
      analysis,
      {
        compiler,
        cache,
        siteUrl: options.siteUrl,
        basePath: options.basePath ?? '',
        injectHtml: options.injectHtml,
        identities: snapshot.identities,
        salt: opened.salt,
        progress,
      },
      writer,
    );
    progress({ phase: 'write', done: 0, total: 0 });
    const report = await writer.finish();
    const diagnostics = sortDiagnostics(
      dedupeDiagnostics([...opened.warnings, ...compiler.cacheWarnings, ...flushWarnings, ...analysis.diagnostics, ...site.diagnostics]),
    );
    recordBuild(opened, snapshot, diagnostics, report, site.pageCount, site.gitHead);
    const result = buildResult(opened, diagnostics, await opened.cache.flush(), report, {
      sources: analysis.sources,
      pages: site.pageCount,
      fromCache: site.fromCache,
      fromRemote: site.fromRemote,
      failed: site.failedPages,
      patched: false,
      recomputed: {
        ...compiler.recomputed,
        documents: parsedDocuments(analysis),
        apiPages: site.apiPagesRendered,
        laidOut: site.pagesLaidOut,
        linksChecked: analysis.linksChecked,
      },
    });
    const warm: WarmState = {
      analysis,
      site: site.laidOut,
      snapshot,
      diagnostics: result.diagnostics,
      manifest: writer.completed(),
      output: report.digest,
      memo: snapshot.memo,
      ignore: insideRoot(root, [opened.outDir, opened.cacheDir]),
    };
    if (site.gitHead !== undefined) warm.gitHead = site.gitHead;
    return { result, warm };
  } finally {
    await stopWriter();
    await pool.close();
  }
}

/**
 * Records the completed build under its input key (written by the next
 * flush) — unless a page ran out of memory: that depends on the heap Node
 * was given (the diagnostic suggests a larger one), so the next build tries
 * again instead of replaying it.
 */
export function recordBuild(
  opened: Opened,
  snapshot: PatchedSnapshot,
  diagnostics: Diagnostic[],
  report: WriteReport,
  pages: number,
  head: string | undefined,
): void {
  if (ranOutOfMemory(diagnostics)) return;
  const record: GraphRecord = { diagnostics, pages, output: report.digest };
  if (head !== undefined) record.gitHead = head;
  opened.cache.put('graph', snapshot.key, record);
}

/** A completed build's result; `cacheWarnings` from its flush, if it waited for it. */
export function buildResult(
  opened: Opened,
  diagnostics: Diagnostic[],
  cacheWarnings: Diagnostic[],
  report: WriteReport,
  facts: {
    sources: ReadonlyMap<string, SourceFile>;
    pages: number;
    fromCache: number;
    fromRemote: number;
    failed: number;
    patched: boolean;
    recomputed: Recomputed & { documents: string[]; apiPages: string[]; laidOut: string[]; linksChecked: string[] };
  },
): BuildResult {
  return {
    ok: true,
    outDir: opened.outDir,
    diagnostics: cacheWarnings.length > 0 ? sortDiagnostics([...diagnostics, ...cacheWarnings]) : diagnostics,
    sources: facts.sources,
    stats: {
      pages: facts.pages,
      compiled: facts.pages - facts.fromCache,
      fromCache: facts.fromCache,
      fromRemote: facts.fromRemote,
      failed: facts.failed,
      written: report.written.length,
      deleted: report.deleted.length,
      unchanged: report.unchanged,
      durationMs: performance.now() - opened.started,
      cacheBytes: opened.cache.sizeBytes(),
      ...remoteStats(opened.cache),
    },
    recomputed: { ...facts.recomputed, written: report.written, deleted: report.deleted, noop: false, patched: facts.patched },
  };
}

/**
 * The back end does not read the front end's page texts (bodies come from the
 * cache, or are compiled from a fresh read), nor the bytes the snapshot read
 * (GitHub's spec alone is 13 MB, besides the text its document keeps): they are
 * let go before pages are laid out, which on 10,000 pages is a good part of the
 * build's memory. A later read goes to the disk; the CLI reads a file again for
 * a code frame.
 */
function releaseInputs(analysis: ProjectAnalysis): void {
  for (const source of analysis.pages.sources) analysis.sources.delete(source.path);
  analysis.pages.sources.length = 0;
  analysis.host.forgetAll();
}

/** The OpenAPI documents (found by content too) whose text was parsed in this process (a remembered analysis parses none until its tree is needed). */
export function parsedDocuments(analysis: ProjectAnalysis): string[] {
  const documents = new Set([...analysis.documents.values(), ...analysis.discovered]);
  return [...documents].flatMap((document) => (document?.parsed ? [document.key] : []));
}

/** The last build's files, as its manifest records them (none when this process did not write it). */
export function outputReader(outDir: string, manifest: CompletedManifest | undefined): OutputReader {
  return (path, key) => (manifest === undefined ? undefined : readRecordedFile(outDir, manifest, path, key));
}

export function readText(host: ProjectHost, path: string): string {
  return host.readSource(path, new DiagnosticBag())?.text ?? '';
}

/** Output and cache folders inside the docs root are not inputs. */
export function insideRoot(root: string, paths: readonly (string | undefined)[]): string[] {
  return paths.flatMap((path) => {
    if (path === undefined) return [];
    const rel = relative(root, path);
    return rel === '' || rel.startsWith('..') ? [] : [rel.split(sep).join('/')];
  });
}

/** The front end's derived values, in the cache. */
function derivedMemo(cache: BuildCache): DerivedMemo {
  return { get: (key) => cache.get('derived', key), put: (key, value) => cache.put('derived', key, value) };
}

function emptyStats(opened: Opened, pages: number): BuildStats {
  return {
    pages,
    compiled: 0,
    fromCache: pages,
    failed: 0,
    written: 0,
    deleted: 0,
    unchanged: 0,
    durationMs: performance.now() - opened.started,
    cacheBytes: opened.cache.sizeBytes(),
    fromRemote: 0,
    ...remoteStats(opened.cache),
  };
}

/** The remote cache's figures so far (its uploads go on until the cache is closed), when there is one. */
function remoteStats(cache: BuildCache): { remote?: RemoteCacheStats } {
  return cache.remoteStats === undefined ? {} : { remote: { ...cache.remoteStats } };
}

/** Nothing changed: the stored diagnostics again (the CLI reads the files they name for code frames). */
export function noopResult(opened: Opened, graph: GraphRecord): BuildResult {
  const diagnostics = sortDiagnostics([...opened.warnings, ...graph.diagnostics.filter((d) => !d.code.startsWith('cache/'))]);
  return {
    ok: true,
    outDir: opened.outDir,
    diagnostics,
    sources: new Map(),
    stats: emptyStats(opened, graph.pages),
    recomputed: {
      read: [],
      summaries: [],
      bodies: [],
      documents: [],
      apiPages: [],
      laidOut: [],
      linksChecked: [],
      written: [],
      deleted: [],
      noop: true,
      patched: false,
    },
  };
}

function failedResult(opened: Opened, analysis: ProjectAnalysis, recomputed: Recomputed): BuildResult {
  const stopped = makeDiagnostic('build/no-navigation', { file: 'docs.json' }, {});
  return {
    ok: false,
    outDir: opened.outDir,
    diagnostics: sortDiagnostics(dedupeDiagnostics([...opened.warnings, ...analysis.diagnostics, stopped])),
    sources: analysis.sources,
    stats: { ...emptyStats(opened, 0), fromCache: 0 },
    recomputed: {
      ...recomputed,
      documents: parsedDocuments(analysis),
      apiPages: [],
      laidOut: [],
      linksChecked: analysis.linksChecked,
      written: [],
      deleted: [],
      noop: false,
      patched: false,
    },
  };
}

export type { BuildProgress };
