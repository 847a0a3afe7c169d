// Builds of one repository in one process: `docsc dev`'s, and the build
// server's (cli/build-server/). The first is a full build (build.ts); after
// it, a batch of changes that only edits page bodies is patched into the last
// build's state (patch-pages.ts) instead of running the front end again; any
// other batch, or any doubt, is a full build. The build server, which is not
// told what changed, finds it by comparing every file's fingerprint with the
// session's memo (`buildChanges`).

import { relative } from 'node:path';
import { type Diagnostic, dedupeDiagnostics, makeDiagnostic, sortDiagnostics } from '../diagnostics/diagnostic.js';
import { ProjectHost } from '../host/project-host.js';
import { isSnippetSummary } from '../ir/page-urls.js';
import { OutputWriter, outputDigest } from '../output/write-output.js';
import { renderOptionsOf } from '../render/render-options.js';
import {
  type BuildOptions,
  type BuildResult,
  buildResult,
  fullBuild,
  loadCompiler,
  noopResult,
  type Opened,
  open,
  outputReader,
  parsedDocuments,
  readText,
  recordBuild,
  type WarmState,
} from './build.js';
import { gitHead } from './git-timestamps.js';
import { identifyInputs, updateSnapshot } from './input-snapshot.js';

/** Builds of one repository in one process, each after the last (see the top of this file). */
export class BuildSession {
  private warm: WarmState | undefined;
  private warmedUp = false;
  /** The last patch's durable cache write and release (see `patchBuild`), with its warnings. */
  private settling: Promise<Diagnostic[]> | undefined;
  /** The last build's result. */
  private last: BuildResult | undefined;

  constructor(private options: BuildOptions) {}

  /**
   * `opened`: awaited by a full build once its folders are checked and locked, before any work (`docsc dev` serves
   * its first pages meanwhile); what it throws ends the build.
   */
  async build(changed: readonly string[] = [], opened?: () => Promise<void>): Promise<BuildResult> {
    const late = await this.settled();
    const result = await this.run(changed, opened);
    // A cache the last patch could not write to is reported with the next build.
    if (late.length > 0) result.diagnostics = sortDiagnostics(dedupeDiagnostics([...late, ...result.diagnostics]));
    return result;
  }

  /**
   * Builds what changed since the session's last build, found without being told (the build server's builds): each
   * file's size and modification time against the session's memo, a file that differs (or changed too recently to
   * trust) hashed again. Nothing changed, and the output as the last build left it: that build's result again, as a
   * no-op build gives it. Bodies edited: a patch. Anything else — the first call, the output touched by someone
   * else, git's HEAD moved under dated pages — a full build.
   */
  async buildChanges(): Promise<BuildResult> {
    const warm = this.warm;
    if (warm === undefined || this.last === undefined) return this.build();
    const { outDir } = this.last;
    const root = warm.analysis.host.root;
    if (outputDigest(outDir) !== warm.output || (warm.gitHead !== undefined && gitHead(root) !== warm.gitHead)) return this.build();
    const scan = identifyInputs(new ProjectHost(root, { ignore: warm.ignore }), warm.memo);
    warm.memo = scan.memo;
    const changed = changedPaths(warm.snapshot.identities, scan.identities);
    if (changed.length > 0) return this.build(changed);
    const late = await this.settled();
    const opened = await open(this.options);
    try {
      const replayed = noopResult(opened, { diagnostics: warm.diagnostics, pages: this.last.stats.pages, output: warm.output });
      if (late.length > 0) replayed.diagnostics = sortDiagnostics(dedupeDiagnostics([...late, ...replayed.diagnostics]));
      return replayed;
    } finally {
      await opened.close();
    }
  }

  /** Resolves once the last build's cache write is durable and its folders unlocked (its warnings stay for the next build). */
  async whenSettled(): Promise<void> {
    await this.settling;
  }

  /** Waits until the last patch's cache write is durable and its folders unlocked; returns its cache warnings. */
  async settled(): Promise<Diagnostic[]> {
    const settling = this.settling;
    this.settling = undefined;
    return (await settling) ?? [];
  }

  private async run(changed: readonly string[], opened: (() => Promise<void>) | undefined): Promise<BuildResult> {
    if (this.warm !== undefined && changed.length > 0) {
      const patched = await patchBuild(this.options, this.warm, changed);
      if (patched) {
        this.settling = patched.settle;
        this.last = patched.result;
        return patched.result;
      }
    }
    // Never up to date at once: the session needs the analysis for later patches.
    const { result, warm } = await fullBuild(this.options, false, opened);
    this.warm = warm;
    this.last = result;
    if (warm && !this.warmedUp) {
      this.warmedUp = true;
      setImmediate(() => void warmUp(warm, result.outDir));
    }
    return result;
  }
}

/** A page using what most pages use (frontmatter, headings, a table, code, components, a link). */
const WARM_UP_PAGE = [
  '---',
  'title: Warm-up',
  '---',
  '',
  '## Heading {#heading}',
  '',
  'Text with **bold**, `code` and [a link](/x).',
  '',
  '| a | b |',
  '| - | - |',
  '| 1 | 2 |',
  '',
  '```js title="x.js"',
  'const x = 1;',
  '```',
  '',
  '<Note>A note.</Note>',
  '',
  '<Card title="Card" href="/x">Body</Card>',
  '',
].join('\n');

/** Pages of the site compiled by the warm-up (spread over the site: their code fences load the grammars it uses). */
const WARM_UP_SITE_PAGES = 30;

/**
 * After a session's first build, which may take every body from the cache, the
 * page compiler has not run yet in this process: the first edit would pay for
 * its cold code, and for loading the highlighting grammars of its code fences
 * (tens of milliseconds each). It runs a few times on a sample page, then once
 * on pages of the site, one at a time, while the session is idle; then the
 * search shards are read back from the output, for patches to edit. Nothing is
 * stored or written.
 */
async function warmUp(warm: WarmState, outDir: string): Promise<void> {
  const analysis = warm.analysis;
  const { loadPageCompiler } = await import('./compile-pool.js');
  const { compileBatch } = await loadPageCompiler();
  const host = analysis.host;
  for (let round = 0; round < 5; round++) compileBatch([{ path: '.docsc-warm-up.mdx', text: WARM_UP_PAGE, summary: true, body: true }], host);
  const pages = analysis.pages.summaries.filter((s) => !isSnippetSummary(s)).map((s) => s.path);
  const step = Math.max(1, Math.floor(pages.length / WARM_UP_SITE_PAGES));
  for (let i = 0; i < pages.length; i += step) {
    await new Promise((resolve) => setImmediate(resolve));
    const path = pages[i] as string;
    const text = readText(host, path);
    host.forget([path]);
    compileBatch([{ path, text, summary: false, body: true }], host);
  }
  await warm.site.search.preload(outputReader(outDir, warm.manifest));
}

/**
 * Applies a body-only batch of changes to the last build; undefined when it is
 * not one (nothing written then). The result comes once the output is
 * written; `settle` then makes the build's record durable in the cache, closes
 * it and unlocks the folders (lmdb's fsync and the lock: 10-25 ms the reader's
 * reload need not wait for). Until it resolves no other build may start: the
 * session waits for it. Its warnings belong to the next build's report.
 */
async function patchBuild(
  options: BuildOptions,
  warm: WarmState,
  changed: readonly string[],
): Promise<{ result: BuildResult; settle: Promise<Diagnostic[]> } | undefined> {
  const opened = await open(options);
  let settle: Promise<Diagnostic[]> | undefined;
  let writer: OutputWriter | undefined;
  try {
    if (opened.warnings.length > 0) return undefined;
    const { analysis } = warm;
    analysis.host.forget(changed);
    const parsedBefore = new Set(parsedDocuments(analysis));
    const snapshot = updateSnapshot(warm.snapshot, analysis.host, changed, opened.salt);
    analysis.host.knowHashes(snapshot.identities);
    const { PageCompiler, createCompilePool, patchPages } = await loadCompiler();
    const pool = createCompilePool(analysis.host, 1, opened.cache);
    const compiler = new PageCompiler(opened.cache, pool, snapshot.identities, (path) => readText(analysis.host, path));
    compiler.configure(renderOptionsOf(analysis.config?.root, options.basePath));
    const patch = await patchPages(changed, {
      analysis,
      site: warm.site,
      compiler,
      cache: opened.cache,
      diagnostics: warm.diagnostics.filter((d) => !d.code.startsWith('cache/')),
      openWriter: () => {
        writer = OutputWriter.patch(opened.outDir, warm.manifest);
        return writer;
      },
      readOutput: outputReader(opened.outDir, warm.manifest),
    });
    await pool.close();
    if (patch === undefined) return undefined;
    const report = await patch.writer.finish();
    warm.manifest = patch.writer.completed();
    const diagnostics = sortDiagnostics(dedupeDiagnostics(patch.diagnostics));
    const pages = warm.site.plans.size;
    recordBuild(opened, snapshot, diagnostics, report, pages, warm.gitHead);
    const result = buildResult(opened, diagnostics, [], report, {
      sources: analysis.sources,
      pages,
      fromCache: pages - compiler.recomputed.bodies.length,
      fromRemote: compiler.bodiesFromRemote,
      failed: patch.failedPages,
      patched: true,
      recomputed: {
        ...compiler.recomputed,
        documents: parsedDocuments(analysis).filter((key) => !parsedBefore.has(key)),
        apiPages: [],
        laidOut: patch.laidOut,
        // The edited pages' links.
        linksChecked: [...changed],
      },
    });
    warm.snapshot = snapshot;
    warm.diagnostics = result.diagnostics;
    warm.output = report.digest;
    settle = settleAfter(opened);
    return { result, settle };
  } finally {
    if (settle === undefined) {
      // A patch that failed stops its writes before the folders are unlocked.
      await writer?.stop();
      await opened.close();
    }
  }
}

/** Flushes and closes a build's cache and unlocks its folders; never rejects (a failure is a warning). */
async function settleAfter(opened: Opened): Promise<Diagnostic[]> {
  let warnings: Diagnostic[];
  try {
    warnings = await opened.cache.flush();
  } catch (error) {
    const shown = opened.cacheDir === undefined ? '.' : relative(opened.root, opened.cacheDir) || '.';
    warnings = [makeDiagnostic('cache/unavailable', { file: shown }, { path: shown, reason: String(error) })];
  }
  return [...warnings, ...(await opened.close().catch(() => []))];
}

/** Paths whose identity differs between two snapshots, or that only one of them has. */
function changedPaths(before: ReadonlyMap<string, string>, after: ReadonlyMap<string, string>): string[] {
  const changed: string[] = [];
  for (const [path, identity] of after) if (before.get(path) !== identity) changed.push(path);
  for (const path of before.keys()) if (!after.has(path)) changed.push(path);
  return changed.sort();
}
