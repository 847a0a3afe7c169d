// `docsc build`, top to bottom: the front end of `docsc check` with a
// cache-aware summarizer, then the back end — page bodies through the cache
// and the worker pool, API reference bodies by operation slice, the site
// navigation, the layout around every page, and the output written
// atomically. The whole build is keyed by its input snapshot: when the
// output folder was completed from the same key, nothing is done (the
// stored diagnostics are replayed).

import { join, relative, resolve, sep } from 'node:path';
import { type BuildCache, DEFAULT_CACHE_DIR, openBuildCache } from '../cache/build-cache.js';
import { acquireBuildLock } from '../cache/build-lock.js';
import { analyzeProject, type ProjectAnalysis } from '../check.js';
import { type Diagnostic, dedupeDiagnostics, makeDiagnostic, sortDiagnostics } from '../diagnostics/diagnostic.js';
import { ProjectHost } from '../host/project-host.js';
import type { ValidationMemo } from '../openapi/load-openapi.js';
import { checkOutputDir } from '../output/output-guard.js';
import { manifestDigest, type OutputFile, OutputWriter, readManifest } from '../output/write-output.js';
import type { SourceFile } from '../source/source-file.js';
import { VERSION } from '../version.js';
import { PageCompiler, type Recomputed } from './compile-pages.js';
import { createCompilePool } from './compile-pool.js';
import { type BuildProgress, emitSite } from './emit-site.js';
import { contentHash, type SnapshotMemo, snapshotInputs } from './input-snapshot.js';

export const DEFAULT_OUT_DIR = '_site';

/** The cache entry of the input snapshot's memo (one per cache: one repository per cache folder is the norm). */
const SNAPSHOT_MEMO_KEY = 'snapshot';

/** The options cached values depend on, as the cache's options key; change it when one is added. */
const CACHED_OPTIONS = 'none';

export interface BuildOptions {
  root: string;
  /** Default `<root>/_site`. */
  outDir?: string;
  /** The cache folder; default `<root>/.docsc/cache`; `false` keeps it in memory (`--no-cache`). */
  cacheDir?: string | false;
  threads?: number;
  fetchTimeoutMs?: number;
  /** `https://docs.example.com`: makes sitemap.xml's locations absolute. */
  siteUrl?: string;
  /** A script tag the dev server adds to every page (live reload). */
  injectHtml?: string;
  /** The version that keys the cache and the output (default: docsc's own); tests change it. */
  toolVersion?: string;
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
}

export interface BuildResult {
  /** False when the build stopped before writing (the previous output is intact). */
  ok: boolean;
  outDir: string;
  diagnostics: Diagnostic[];
  sources: ReadonlyMap<string, SourceFile>;
  stats: BuildStats;
  /** What this build computed: what incremental tests assert. */
  recomputed: Recomputed & { apiPages: string[]; written: string[]; deleted: string[]; noop: boolean };
}

/** Refused before any work: the output folder is dangerous, or another build holds the lock. */
export class BuildRefusedError extends Error {}

/** The whole build under one input key: its diagnostics, and the output it completed. */
interface GraphRecord {
  diagnostics: Diagnostic[];
  pages: number;
  /** `manifestDigest` of the output folder this build completed. */
  output: string;
}

export async function build(options: BuildOptions): Promise<BuildResult> {
  const started = performance.now();
  const root = resolve(options.root);
  const out = checkOutputDir(options.outDir ?? join(root, DEFAULT_OUT_DIR), root);
  if (!out.ok) throw new BuildRefusedError(`Refusing to write the site to ${options.outDir}: ${out.reason}.`);
  const cacheDir = options.cacheDir === false ? undefined : resolve(options.cacheDir ?? join(root, DEFAULT_CACHE_DIR));
  const lock = acquireBuildLock(cacheDir === undefined ? [out.path] : [out.path, cacheDir], { command: 'docsc build', root });
  // Cached values depend on no option today (bodies and summaries are the same for every build of a repository);
  // the output does, so the snapshot's key includes them.
  const toolVersion = options.toolVersion ?? VERSION;
  const opened = await openBuildCache({ dir: cacheDir, toolVersion, optionsKey: CACHED_OPTIONS, root });
  const salt = JSON.stringify({
    tool: toolVersion,
    node: process.versions.modules,
    siteUrl: options.siteUrl ?? null,
    inject: options.injectHtml ?? null,
  });
  const cache = opened.cache;
  const progress = options.onProgress ?? (() => {});
  try {
    const host = new ProjectHost(root, { memoize: true, ignore: insideRoot(root, [out.path, cacheDir]) });
    progress({ phase: 'read', done: 0, total: 0 });
    const snapshot = snapshotInputs(host, salt, cache.get<SnapshotMemo>('file-hash', SNAPSHOT_MEMO_KEY));
    if (snapshot.changed) cache.put('file-hash', SNAPSHOT_MEMO_KEY, snapshot.memo);
    const manifest = readManifest(out.path);
    const graph = cache.get<GraphRecord>('graph', snapshot.key);
    if (graph && manifest?.state === 'complete' && manifestDigest(manifest) === graph.output) {
      return noopResult(out.path, graph, opened.warnings, cache, started);
    }

    const pool = createCompilePool(host, options.threads);
    try {
      const compiler = new PageCompiler(cache, pool, snapshot.identities);
      progress({ phase: 'analyze', done: 0, total: 0 });
      const analysis = await analyzeProject({
        root,
        host,
        summarize: compiler.summarize,
        validation: validationMemo(cache),
        ...(options.threads === undefined ? {} : { threads: options.threads }),
        ...(options.fetchTimeoutMs === undefined ? {} : { fetchTimeoutMs: options.fetchTimeoutMs }),
      });
      if (analysis.navigation === undefined) return failedResult(out.path, analysis, opened.warnings, cache, compiler.recomputed, started);
      // What the front end computed goes to disk now, so that it is not held in memory while pages are laid out.
      const flushWarnings = await cache.flush();
      const writer = new OutputWriter(out.path);
      const site = await emitSite(analysis, { compiler, cache, siteUrl: options.siteUrl, injectHtml: options.injectHtml, identities: snapshot.identities, progress }, writer);
      progress({ phase: 'write', done: 0, total: 0 });
      const report = writer.finish();
      const diagnostics = sortDiagnostics(dedupeDiagnostics([...opened.warnings, ...flushWarnings, ...analysis.diagnostics, ...site.diagnostics]));
      cache.put('graph', snapshot.key, { diagnostics, pages: site.pageCount, output: report.digest } satisfies GraphRecord);
      const cacheWarnings = await cache.flush();
      const all = cacheWarnings.length > 0 ? sortDiagnostics([...diagnostics, ...cacheWarnings]) : diagnostics;
      return {
        ok: true,
        outDir: out.path,
        diagnostics: all,
        sources: analysis.sources,
        stats: {
          pages: site.pageCount,
          compiled: site.pageCount - site.fromCache,
          fromCache: site.fromCache,
          failed: site.failedPages,
          written: report.written.length,
          deleted: report.deleted.length,
          unchanged: report.unchanged,
          durationMs: performance.now() - started,
          cacheBytes: cache.sizeBytes(),
        },
        recomputed: { ...compiler.recomputed, apiPages: site.apiPagesRendered, written: report.written, deleted: report.deleted, noop: false },
      };
    } finally {
      await pool.close();
    }
  } finally {
    await cache.close();
    lock.release();
  }
}

/** Output and cache folders inside the docs root are not inputs. */
function insideRoot(root: string, paths: readonly (string | undefined)[]): string[] {
  return paths.flatMap((path) => {
    if (path === undefined) return [];
    const rel = relative(root, path);
    return rel === '' || rel.startsWith('..') ? [] : [rel.split(sep).join('/')];
  });
}

/** The validator's findings, kept in the cache by document key and text. */
function validationMemo(cache: BuildCache): ValidationMemo {
  const key = (documentKey: string, text: string) => `${documentKey}\0${contentHash(text)}`;
  return {
    get: (documentKey, text) => cache.get<Diagnostic[]>('openapi', key(documentKey, text)),
    put: (documentKey, text, diagnostics) => cache.put('openapi', key(documentKey, text), diagnostics),
  };
}

function emptyStats(started: number, cache: BuildCache, pages: number): BuildStats {
  return {
    pages,
    compiled: 0,
    fromCache: pages,
    failed: 0,
    written: 0,
    deleted: 0,
    unchanged: 0,
    durationMs: performance.now() - started,
    cacheBytes: cache.sizeBytes(),
  };
}

function noopResult(outDir: string, graph: GraphRecord, warnings: Diagnostic[], cache: BuildCache, started: number): BuildResult {
  return {
    ok: true,
    outDir,
    diagnostics: sortDiagnostics([...warnings, ...graph.diagnostics.filter((d) => !d.code.startsWith('cache/'))]),
    sources: new Map(),
    stats: emptyStats(started, cache, graph.pages),
    recomputed: { summaries: [], bodies: [], apiPages: [], written: [], deleted: [], noop: true },
  };
}

function failedResult(
  outDir: string,
  analysis: ProjectAnalysis,
  warnings: Diagnostic[],
  cache: BuildCache,
  recomputed: Recomputed,
  started: number,
): BuildResult {
  const stopped = makeDiagnostic('build/no-navigation', { file: 'docs.json' }, {});
  return {
    ok: false,
    outDir,
    diagnostics: sortDiagnostics(dedupeDiagnostics([...warnings, ...analysis.diagnostics, stopped])),
    sources: analysis.sources,
    stats: { ...emptyStats(started, cache, 0), fromCache: 0 },
    recomputed: { ...recomputed, apiPages: [], written: [], deleted: [], noop: false },
  };
}

export type { BuildProgress, OutputFile };
