// The unmeasured steps of the build scenarios (scenarios.ts): their work
// folders, the complete build a rebuild starts from, the edits made before
// each run, the checks that a run did what its scenario claims, and the
// client bytes of a built site. A scenario that edits its inputs edits a
// private copy of the corpus in its work folder, never the shared corpus
// (other scenarios read it, and an interrupted run must not leave it
// changed).

import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import { listPageFiles } from './floors/floor-clock.js';
import { measure } from './measure.js';

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

/** Empties the work folder (creating it). */
export function resetWork(work: string): void {
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
}

/** Copies the corpus into the work folder. */
export function copyCorpus(corpus: string, work: string): void {
  cpSync(corpus, corpusCopy(work), { recursive: true });
}

/** Runs a complete build with the CLI, unmeasured: the state a rebuild scenario starts from. */
export async function completeBuild(cli: string, folders: BuildFolders, cwd: string): Promise<void> {
  const { stdout } = await measure({ args: cliBuild(cli, folders), cwd });
  const report = readBuildReport(stdout);
  if (!report.ok || report.upToDate) throw new Error(`the complete build of ${folders.root} did not build: ${summaryOf(report)}`);
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
