// The unmeasured steps of the build scenarios (scenarios.ts): their work
// folders, the complete build a rebuild starts from, the edits made before
// each run, the checks that a run did what its scenario claims, and the
// client bytes of a built site. A scenario that edits its inputs edits a
// private copy of the corpus in its work folder, never the shared corpus
// (other scenarios read it, and an interrupted run must not leave it
// changed).

import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import { MID_SPEC_FILE } from './corpus/generate.js';
import { listPageFiles } from './floors/floor-clock.js';
import { type MeasuredRun, type Measurement, measure } from './measure.js';

/** Where a build scenario builds: the docs root, and the output and cache folders in its work folder. */
export interface BuildFolders {
  root: string;
  out: string;
  cache: string;
}

/** The folders of a build of `root` in `work`. */
export function buildFolders(work: string, root: string): BuildFolders {
  return { root, out: join(work, 'out'), cache: join(work, 'cache') };
}

/** The private copy of the corpus a scenario that edits its inputs builds from. */
export function corpusCopy(work: string): string {
  return join(work, 'corpus');
}

/** `node` arguments of `docsc build <root> -o <out> --cache-dir <cache> --json` with the run's CLI. */
export function cliBuild(cli: string, folders: BuildFolders): string[] {
  return [cli, 'build', folders.root, '-o', folders.out, '--cache-dir', folders.cache, '--json'];
}

/** `node` arguments of the timed driver (drivers/timed-build.mjs): the same build, timed from inside. */
export function timedBuild(folders: BuildFolders): string[] {
  return ['bench/drivers/timed-build.mjs', folders.root, folders.out, folders.cache];
}

/**
 * Empties the work folder (creating it). What it held is set aside, not deleted: renamed into `.set-aside`
 * beside it, which goes with the run's work folders at the end (run.ts). The bench machine's disk is ext4
 * without a journal, whose inode allocator then skips every inode freed in the last minute or more, reading
 * each one's table entry (`recently_deleted`, only without a journal): a cold build right after the last
 * run's output was deleted had its writer's thread spend 10.9 s of CPU on 11,800 files, 2.4 s when nothing
 * had been deleted lately (`perf`: a third of the kernel's time in that check). The bench's clean-up is not
 * the build's work.
 */
export function resetWork(work: string): void {
  if (existsSync(work)) {
    const aside = join(dirname(work), SET_ASIDE);
    mkdirSync(aside, { recursive: true });
    renameSync(work, mkdtempSync(join(aside, `${basename(work)}-`)));
  }
  mkdirSync(work, { recursive: true });
}

/** Where `resetWork` sets a work folder's earlier contents aside, beside it. */
export const SET_ASIDE = '.set-aside';

/** Copies the corpus into the work folder. */
export function copyCorpus(corpus: string, work: string): void {
  cpSync(corpus, corpusCopy(work), { recursive: true });
}

/**
 * The complete build every rebuild scenario starts from, made once per bench
 * run and corpus: a copy of the corpus built into `_built/<corpus>/` beside
 * the scenarios' work folders. Each scenario copies it into its own work
 * folder (`corpus/`, `out/`, `cache/`): copying is seconds, a build of 10,000
 * pages is minutes. Output and cache hold no absolute paths, so the copy
 * rebuilds like the original (the scenarios' checks would catch it if not).
 */
const sharedBuilds = new Map<string, Promise<string>>();
/** The measured run and folders of each shared complete build, by corpus folder: `build-cold`'s first run (see `coldRunFromSetup`). */
const sharedBuildRuns = new Map<string, { run: MeasuredRun; folders: BuildFolders }>();

export function sharedBuild(cli: string, corpus: string, work: string, cwd: string): Promise<string> {
  const dir = join(dirname(work), '_built', basename(corpus));
  let made = sharedBuilds.get(dir);
  if (made === undefined) {
    made = (async () => {
      resetWork(dir);
      copyCorpus(corpus, dir);
      const folders = buildFolders(dir, corpusCopy(dir));
      const { measured, pages } = await completeBuild(cli, folders, cwd);
      setupBuilds.push({ corpus: basename(corpus), pages, process: measured.process });
      sharedBuildRuns.set(corpus, { run: measured, folders });
      return dir;
    })();
    sharedBuilds.set(dir, made);
  }
  return made;
}

/**
 * The shared complete build of the corpus, if setup made one: a cold build
 * (empty output and cache folders, `cliBuild`'s command) of an identical copy
 * of the corpus, so it counts as `build-cold`'s first run — one cold build
 * fewer per bench run (the quick profile's largest cost).
 */
export function coldRunFromSetup(corpus: string): MeasuredRun | undefined {
  return sharedBuildRuns.get(corpus)?.run;
}

/** The folders of a cold build of the corpus: `own` when it was built there, else those of the shared complete build. */
export function coldBuildFolders(own: BuildFolders, corpus: string): BuildFolders {
  return existsSync(own.out) ? own : (sharedBuildRuns.get(corpus)?.folders ?? own);
}

/** A scenario's work folder as a copy of the shared complete build of its corpus. */
export async function copySharedBuild(cli: string, corpus: string, work: string, cwd: string): Promise<void> {
  const built = await sharedBuild(cli, corpus, work, cwd);
  resetWork(work);
  cpSync(built, work, { recursive: true });
  // A copy is not quite the state a build leaves: its files have new times, so the first build in it
  // hashes every page again (the snapshot trusts size and time) and scans the whole cache in a child
  // process (probe-cache.ts: the seal records the data file's time). One unmeasured no-op does that
  // and reseals, so round 1 measures the scenario, not the copy (it took 3.0 s against 0.7–0.8 s).
  // Files copied within 2 s of that no-op are still hashed once more by the next build (the racy rule).
  verifyNoop((await measure({ args: cliBuild(cli, buildFolders(work, corpusCopy(work))), cwd })).stdout);
}

/** Runs a complete build with the CLI, unmeasured: the state a rebuild scenario starts from. */
export async function completeBuild(cli: string, folders: BuildFolders, cwd: string): Promise<{ measured: MeasuredRun; pages: number }> {
  const measured = await measure({ args: cliBuild(cli, folders), cwd });
  const report = readBuildReport(measured.stdout);
  if (!report.ok || report.upToDate) throw new Error(`the complete build of ${folders.root} did not build: ${summaryOf(report)}`);
  return { measured, pages: report.stats.pages };
}

/** A shared complete build, measured once in setup: a cold build's figures when no build-cold runs (one sample, not a median). */
export interface SetupBuild {
  /** The corpus folder's name. */
  corpus: string;
  pages: number;
  process: Measurement['process'];
}

/** The shared builds this bench process made, for the result. */
export const setupBuilds: SetupBuild[] = [];

// —— check scenarios ——

/** `node` arguments of `docsc check <corpus> --cache-dir <work>/cache --format json`: the scenario's own cache, never one in the shared corpus. */
export function cliCheck({ cli, corpus, work }: { cli: string; corpus: string; work: string }): string[] {
  return [cli, 'check', corpus, '--cache-dir', join(work, 'cache'), '--format', 'json'];
}

/** The check printed its JSON report and found no error (the generated corpora check clean). */
export function verifyCheck(stdout: string): void {
  let report: { summary?: { errors?: number } };
  try {
    report = JSON.parse(stdout) as typeof report;
  } catch {
    throw new Error(`expected the check's JSON report on stdout, got: ${stdout.slice(0, 300)}`);
  }
  if (report.summary?.errors !== 0) throw new Error(`the check reported ${report.summary?.errors} errors`);
}

// —— edits ——

/** The page the one-edit scenario edits: the middle page file of the corpus, snippets aside (project-relative). */
export function editedPage(corpus: string): string {
  const pages = listPageFiles(corpus)
    .map((file) => relative(corpus, file).split(sep).join('/'))
    .filter((path) => !path.startsWith('snippets/'));
  const page = pages[Math.floor(pages.length / 2)];
  if (page === undefined) throw new Error(`no page files in ${corpus}`);
  return page;
}

/**
 * Writes the page into the copy with a paragraph naming the run added to its
 * body. Each run's text is new: the body cache is keyed by content, so a text
 * seen before (alternating between two) would come from the cache and no body
 * would be compiled.
 */
export function editPage(corpus: string, copy: string, page: string, run: number): void {
  const original = readFileSync(join(corpus, page), 'utf8');
  writeFileSync(join(copy, page), `${original.trimEnd()}\n\nThis paragraph was added for bench run ${run}.\n`);
}

/** The snippet the snippet-edit scenario edits: the one imported by the most pages (ties: first by name), with its importers. */
export function editedSnippet(corpus: string): { snippet: string; importers: string[] } {
  const importers = new Map<string, string[]>();
  for (const file of listPageFiles(corpus)) {
    const page = relative(corpus, file).split(sep).join('/');
    if (page.startsWith('snippets/')) continue;
    for (const match of readFileSync(file, 'utf8').matchAll(/from ['"]\/(snippets\/[^'"]+)['"]/g)) {
      const list = importers.get(match[1] as string) ?? [];
      if (!list.includes(page)) list.push(page);
      importers.set(match[1] as string, list);
    }
  }
  const [best] = [...importers].sort(([a, x], [b, y]) => y.length - x.length || a.localeCompare(b));
  if (best === undefined) throw new Error(`no page of ${corpus} imports a snippet`);
  return { snippet: best[0], importers: best[1].sort() };
}

/** Writes the snippet into the copy with a sentence naming the run added: new text at every run. */
export function editSnippet(corpus: string, copy: string, snippet: string, run: number): void {
  const original = readFileSync(join(corpus, snippet), 'utf8');
  writeFileSync(join(copy, snippet), `${original.trimEnd()}\n\nThis sentence was added to the snippet for bench run ${run}.\n`);
}

/** The page the add-remove scenario adds at run `run` (and removes at the next), project-relative without extension. */
export function addedPage(run: number): string {
  return `bench-added-${run}`;
}

/**
 * One page added and one removed, as a pair of navigation and file changes:
 * the page of the previous run (`addedPage(run - 1)`) is deleted and its entry
 * taken out of the first group, and a new page `addedPage(run)` is written and
 * listed there instead. Run 0 (the setup) only adds.
 */
export function addAndRemovePage(corpus: string, copy: string, run: number): void {
  const config = JSON.parse(readFileSync(join(copy, 'docs.json'), 'utf8')) as object;
  const group = firstGroup(config);
  if (group === undefined) throw new Error(`no group of pages in ${corpus}/docs.json`);
  const pages = group.pages as unknown[];
  if (run > 0) {
    const previous = addedPage(run - 1);
    const at = pages.indexOf(previous);
    if (at < 0) throw new Error(`${previous} is not listed in the first group of ${copy}/docs.json`);
    pages.splice(at, 1);
    rmSync(join(copy, `${previous}.mdx`));
  }
  pages.push(addedPage(run));
  writeFileSync(
    join(copy, `${addedPage(run)}.mdx`),
    `---\ntitle: Added for bench run ${run}\ndescription: A page the add-remove scenario adds, and removes at its next run.\n---\n\n## Overview\n\nThis page was added for bench run ${run}.\n`,
  );
  writeFileSync(join(copy, 'docs.json'), `${JSON.stringify(config, null, 2)}\n`);
}

/** An operation an OpenAPI-edit scenario edits: the spec file in the corpus, and the operation. */
export interface EditedOperation {
  spec: string;
  path: string;
  method: string;
}

/** The operation the OpenAPI-edit scenario edits in the corpus's spec (GitHub's REST API). */
export const EDITED_OPERATION = { spec: 'openapi/github.json', path: '/repos/{owner}/{repo}', method: 'get' } as const satisfies EditedOperation;
export const CORPUS_SPEC = EDITED_OPERATION.spec;
/** The one the mid-size spec's edit scenario edits (corpus/mid-spec.ts: Box's `GET /files/{file_id}`). */
export const EDITED_MID_OPERATION = { spec: MID_SPEC_FILE, path: '/files/{file_id}', method: 'get' } as const satisfies EditedOperation;

/**
 * Writes the spec into the copy with the description of one operation
 * changed (new text at every run); the rest of the document is the corpus's,
 * written back as `JSON.stringify(…, null, 2)`.
 */
export function editOperation(corpus: string, copy: string, run: number, edited: EditedOperation = EDITED_OPERATION): void {
  const spec = JSON.parse(readFileSync(join(corpus, edited.spec), 'utf8')) as { paths: Record<string, Record<string, { description?: string }>> };
  const operation = spec.paths[edited.path]?.[edited.method];
  if (operation === undefined) throw new Error(`${edited.spec} has no ${edited.method.toUpperCase()} ${edited.path}`);
  operation.description = `${operation.description ?? ''}\n\nThis sentence was added for bench run ${run}.`;
  writeFileSync(join(copy, edited.spec), JSON.stringify(spec, null, 2));
}

interface NavNode {
  group?: unknown;
  openapi?: unknown;
  [key: string]: unknown;
}

/**
 * Writes docs.json into the copy with the label of its first group (of
 * pages, not an OpenAPI group) renamed for this run: a navigation-only edit,
 * new at every run. Returns the new label.
 */
export function editGroupLabel(corpus: string, copy: string, run: number): string {
  const config = JSON.parse(readFileSync(join(corpus, 'docs.json'), 'utf8')) as object;
  const group = firstGroup(config);
  if (group === undefined) throw new Error(`no group of pages in ${corpus}/docs.json`);
  group.group = `${String(group.group)} (bench run ${run})`;
  writeFileSync(join(copy, 'docs.json'), `${JSON.stringify(config, null, 2)}\n`);
  return group.group as string;
}

function firstGroup(value: unknown): NavNode | undefined {
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = firstGroup(item);
      if (found) return found;
    }
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const node = value as NavNode;
  if (typeof node.group === 'string' && node.openapi === undefined && Array.isArray(node.pages)) return node;
  for (const child of Object.values(node)) {
    const found = firstGroup(child);
    if (found) return found;
  }
  return undefined;
}

// —— what a build did ——

/** A list of paths, as the driver reports it: how many, and the first few. */
export interface Listed {
  count: number;
  first: string[];
}

/**
 * What a build reports on stdout: `docsc build --json` (ok, upToDate,
 * stats), and, from the timed driver, what it recomputed.
 */
export interface BuildReport {
  ok: boolean;
  upToDate: boolean;
  stats: { pages: number; compiled: number; fromCache: number; failed: number; written: number; deleted: number; unchanged: number };
  recomputed?: { summaries: Listed; bodies: Listed; apiPages: Listed; written: number; deleted: number; noop: boolean };
}

export function readBuildReport(stdout: string): BuildReport {
  try {
    return JSON.parse(stdout) as BuildReport;
  } catch {
    throw new Error(`expected the build's JSON report on stdout, got: ${stdout.slice(0, 500)}`);
  }
}

/** Fails the run when a claim does not hold: a benchmark that measures the wrong thing is a defect. */
function expect(report: BuildReport, claims: Record<string, boolean>): void {
  const failed = Object.entries(claims).filter(([, holds]) => !holds);
  if (failed.length > 0)
    throw new Error(`the build did not do what the scenario measures (${failed.map(([claim]) => claim).join('; ')}): ${summaryOf(report)}`);
}

function summaryOf(report: BuildReport): string {
  return JSON.stringify({ ok: report.ok, upToDate: report.upToDate, stats: report.stats, recomputed: report.recomputed });
}

function recomputed(report: BuildReport): NonNullable<BuildReport['recomputed']> {
  if (report.recomputed === undefined) throw new Error('the build report has no `recomputed`: run the timed driver');
  return report.recomputed;
}

/** A cold build: every page built, none from a cache, none failed. */
export function verifyCold(stdout: string, pages: number | undefined): void {
  const report = readBuildReport(stdout);
  expect(report, {
    'it built': report.ok && !report.upToDate,
    [`${pages} pages`]: pages === undefined || report.stats.pages === pages,
    'every page compiled, none from the cache': report.stats.fromCache === 0 && report.stats.compiled === report.stats.pages,
    'no page failed': report.stats.failed === 0,
  });
}

/** A no-op rebuild: up to date, nothing written. */
export function verifyNoop(stdout: string): void {
  const report = readBuildReport(stdout);
  expect(report, { 'up to date': report.ok && report.upToDate, 'nothing written': report.stats.written === 0 && report.stats.deleted === 0 });
}

/** A one-page edit: exactly that page's body compiled, no API page rendered, and written. */
export function verifyOneEdit(stdout: string, page: string): void {
  const report = readBuildReport(stdout);
  const did = recomputed(report);
  expect(report, {
    'it built': report.ok && !did.noop,
    [`exactly one body compiled, ${page}`]: did.bodies.count === 1 && did.bodies.first[0] === page,
    'no API page rendered': did.apiPages.count === 0,
    'the page written': did.written > 0,
  });
}

/** A navigation-only edit: no body compiled (MDX or API), pages written again. */
export function verifyNavEdit(stdout: string): void {
  const report = readBuildReport(stdout);
  const did = recomputed(report);
  expect(report, {
    'it built': report.ok && !did.noop,
    'no body compiled': did.bodies.count === 0,
    'no API page rendered': did.apiPages.count === 0,
    'pages written': did.written > 0,
  });
}

/** A snippet edit: exactly the pages importing it compiled again (MDX bodies), no API page. */
export function verifySnippetEdit(stdout: string, importers: readonly string[]): void {
  const report = readBuildReport(stdout);
  const did = recomputed(report);
  const shown = did.bodies.first;
  expect(report, {
    'it built': report.ok && !did.noop,
    [`exactly the ${importers.length} importers compiled`]: did.bodies.count === importers.length && shown.every((page) => importers.includes(page)),
    'no API page rendered': did.apiPages.count === 0,
  });
}

/** One page added and one removed: exactly the new page compiled, an output file deleted, no API page. */
export function verifyAddRemove(stdout: string, run: number): void {
  const report = readBuildReport(stdout);
  const did = recomputed(report);
  const page = `${addedPage(run)}.mdx`;
  expect(report, {
    'it built': report.ok && !did.noop,
    [`exactly one body compiled, ${page}`]: did.bodies.count === 1 && did.bodies.first[0] === page,
    'the removed page deleted': did.deleted > 0,
    'no API page rendered': did.apiPages.count === 0,
  });
}

/** One operation edited: exactly one API page rendered, no MDX body. */
export function verifyOperationEdit(stdout: string): void {
  const report = readBuildReport(stdout);
  const did = recomputed(report);
  expect(report, {
    'it built': report.ok && !did.noop,
    'exactly one API page rendered': did.apiPages.count === 1,
    'no MDX body compiled': did.bodies.count === 0,
  });
}

// —— output and cache size ——

/** What a build left on disk: its output (bytes, per page) and its cache (disk usage, as `du`). */
export interface DiskUse {
  outputFiles: number;
  outputBytes: number;
  outputBytesPerPage: number | undefined;
  cacheBytes: number;
}

export function diskUse(folders: BuildFolders, pages: number | undefined): DiskUse {
  const output = folderSize(folders.out);
  return {
    outputFiles: output.files,
    outputBytes: output.bytes,
    outputBytesPerPage: pages ? Math.round(output.bytes / pages) : undefined,
    cacheBytes: folderSize(folders.cache).diskBytes,
  };
}

/** Files, apparent bytes and disk usage (allocated blocks: lmdb's file is sparse) of a folder; zero when missing. */
function folderSize(dir: string): { files: number; bytes: number; diskBytes: number } {
  const total = { files: 0, bytes: 0, diskBytes: 0 };
  if (!existsSync(dir)) return total;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const stat = statSync(join(entry.parentPath, entry.name));
    total.files++;
    total.bytes += stat.size;
    total.diskBytes += stat.blocks * 512;
  }
  return total;
}

// —— client bytes ——

export interface AssetFile {
  /** Output-relative path. */
  path: string;
  bytes: number;
  gzipBytes: number;
}

/** docsc's own files in a built site (its `_docsc/` folder): total, and each file, raw and gzipped. */
export interface ClientAssets {
  folder: string;
  bytes: number;
  gzipBytes: number;
  files: AssetFile[];
}

export const ASSETS_FOLDER = '_docsc';

export function clientAssets(out: string): ClientAssets {
  const dir = join(out, ASSETS_FOLDER);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new Error(`the built site has no ${ASSETS_FOLDER}/ folder: ${out}`);
  const files = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const file = join(entry.parentPath, entry.name);
      const content = readFileSync(file);
      return { path: relative(out, file).split(sep).join('/'), bytes: content.length, gzipBytes: gzipSync(content, { level: 9 }).length };
    })
    .sort((a, b) => a.path.localeCompare(b.path));
  return {
    folder: ASSETS_FOLDER,
    bytes: files.reduce((sum, f) => sum + f.bytes, 0),
    gzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0),
    files,
  };
}

/** The JavaScript one page loads: its `<script src>` files under `_docsc/` and what they import statically, gzipped. */
export interface PageScripts {
  /** Output-relative path of the page's HTML. */
  page: string;
  scripts: AssetFile[];
  gzipBytes: number;
  /** Bytes of inline `<script>` elements (data and code) in the page, not gzipped. */
  inlineBytes: number;
}

/** Client JavaScript per page: the home page (not an API page) and, if the site has one, an API page (first under `api-reference/`). */
export interface ClientJs {
  page: PageScripts;
  apiPage?: PageScripts;
}

export const API_FOLDER = 'api-reference';

export function clientJs(out: string): ClientJs {
  const apiPage = firstPage(join(out, API_FOLDER));
  const result: ClientJs = { page: pageScripts(out, join(out, 'index.html')) };
  if (apiPage !== undefined) result.apiPage = pageScripts(out, apiPage);
  return result;
}

function firstPage(dir: string): string | undefined {
  if (!existsSync(dir)) return undefined;
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name === 'index.html')
    .map((entry) => join(entry.parentPath, entry.name))
    .sort()[0];
}

function pageScripts(out: string, file: string): PageScripts {
  const html = readFileSync(file, 'utf8');
  const queue = [...html.matchAll(/<script\b[^>]*\bsrc="\/(_docsc\/[^"?#]+\.js)"/g)].map((m) => m[1] as string);
  const seen = new Set<string>();
  const scripts: AssetFile[] = [];
  while (queue.length > 0) {
    const path = queue.shift() as string;
    if (seen.has(path) || !existsSync(join(out, path))) continue;
    seen.add(path);
    const content = readFileSync(join(out, path));
    scripts.push({ path, bytes: content.length, gzipBytes: gzipSync(content, { level: 9 }).length });
    // Static imports of chunks (`import … from "./x.js"`, `import "./x.js"`); dynamic `import()` loads on demand and is not counted.
    for (const m of content.toString('utf8').matchAll(/(?:^|[;\s}])import\s*(?:[^'"()]*?from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g)) {
      queue.push(
        join(dirname(path), m[1] as string)
          .split(sep)
          .join('/'),
      );
    }
  }
  const inlineBytes = [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].reduce(
    (n, m) => n + Buffer.byteLength(m[1] as string),
    0,
  );
  return { page: relative(out, file).split(sep).join('/'), scripts, gzipBytes: scripts.reduce((n, s) => n + s.gzipBytes, 0), inlineBytes };
}

/** Build servers a scenario started (stopped by `stopBuildServers`): their folders, and the CLI that started them. */
const startedServers: { cli: string; cwd: string; folders: BuildFolders }[] = [];

/**
 * Starts the build server of these folders with a complete build through it (`docsc build --server`), unmeasured.
 * Run without the bench's usage hook (measure.ts): the server is started with the command's Node options, and
 * would report its usage when it stops, into a run that is long over.
 */
export function startBuildServer(cli: string, folders: BuildFolders, cwd: string): void {
  // Exit status 1 is a repository's errors (a real repository's scenarios): the report says whether it built.
  const { stdout } = spawnSync(process.execPath, [...cliBuild(cli, folders), '--server'], { cwd, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  const report = readBuildReport(stdout) as BuildReport & { server?: boolean };
  if (!report.ok || report.server !== true) throw new Error(`the build server of ${folders.root} did not build: ${summaryOf(report)}`);
  startedServers.push({ cli, cwd, folders });
}

/** Stops the build servers the scenarios started. */
export async function stopBuildServers(): Promise<void> {
  for (const { cli, cwd, folders } of startedServers.splice(0)) {
    execFileSync(process.execPath, [cli, 'server', 'stop', folders.root, '-o', folders.out, '--cache-dir', folders.cache], { cwd, stdio: 'ignore' });
  }
}

/** One edit built by the build server: it answered, and compiled exactly one body (`atLeast`: one or more, identical copies counted). */
export function verifyServedEdit(stdout: string, atLeast = false): void {
  const report = readBuildReport(stdout) as BuildReport & { server?: boolean };
  expect(report, {
    'the build server built it': report.server === true,
    'it built': report.ok && !report.upToDate,
    'exactly one body compiled': atLeast ? report.stats.compiled >= 1 : report.stats.compiled === 1,
    'the page written': report.stats.written > 0,
  });
}
