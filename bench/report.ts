// Turns the runs of each scenario into results: medians of wall, CPU and
// peak RSS (each taken on its own), the spread of wall times, pages/s and
// the ratio to the scenario's floor; and renders them as the JSON saved under
// bench/results/ and the markdown table printed (and pasted in the README).

import type { ClientAssets, PageScripts, SetupBuild } from './build-steps.js';
import { type Machine, machineLine } from './machine.js';
import type { Measurement, Sample } from './measure.js';
import type { RunNotes, ScenarioKind } from './scenarios.js';

export interface ScenarioRuns {
  name: string;
  kind: ScenarioKind;
  description: string;
  /** The corpus folder's name, if it ran on one. */
  corpus?: string;
  pages?: number;
  /** The floor its ratios are taken to (default: the result's `ratioBase`). */
  ratioBase?: string;
  /** docsc's own files in the site the last run built (build-cold); results before `notes` existed. */
  clientAssets?: ClientAssets;
  /** What the last run made beside its figures: client bytes, output and cache size, files written. */
  notes?: RunNotes;
  runs: RunRecord[];
}

export interface RunRecord extends Measurement {
  /** 1-minute load average when the run ended: other work on the machine skews the figures. */
  loadAverage: number;
}

export interface ScenarioResult extends ScenarioRuns {
  /** Floors and timed builds are described by their own timed work, the others by the whole process. */
  basis: 'work' | 'process';
  median: Sample;
  /** Median wall time of the whole process, start-up included (the same as `median.wallMs` when the basis is the process). */
  processWallMs?: number;
  wallMinMs: number;
  wallMaxMs: number;
  pagesPerSecond?: number;
  /** Median wall and CPU divided by those of the floor named `base` (absent from results saved before it was recorded). */
  ratioToFloor?: { base?: string; wall: number; cpu: number };
  /** A peer against its docsc counterpart (`versus`) on the same pages: docsc's medians divided by the peer's, both whole processes. */
  versus?: VersusPeer;
}

/** docsc against a peer doing the same work: ratios above 1 mean docsc took more. */
export interface VersusPeer {
  /** The docsc scenario. */
  docsc: string;
  /** docsc's medians, of the whole process (for a timed scenario, its `process` samples: from the command line). */
  docscMedian: Sample;
  wall: number;
  cpu: number;
  maxRss: number;
}

export interface BenchResult {
  profile: string;
  date: string;
  pages: number;
  seed: number;
  runs: number;
  /** The floor ratios are taken to when a scenario names none. */
  ratioBase: string;
  machine: Machine;
  /** 1-minute load average when the run ended. */
  loadAverageAtEnd: number;
  /** The whole bench run, set-up included (absent from older results). */
  durationMs?: number;
  /** The shared complete builds made in setup, each measured once (build-steps.ts). */
  setupBuilds?: SetupBuild[];
  scenarios: ScenarioResult[];
}

export function summarize(all: readonly ScenarioRuns[], defaultBase: string, versusOf: ReadonlyMap<string, string> = new Map()): ScenarioResult[] {
  const results = all.map(summarizeOne);
  return results.map((r) => {
    const base = results.find((b) => b.name === (r.ratioBase ?? defaultBase));
    const docsc = results.find((d) => d.name === versusOf.get(r.name));
    const withVersus = docsc && docsc.corpus === r.corpus ? { ...r, versus: versusPeer(docsc, r) } : r;
    // A ratio to a floor over other pages means nothing (a scenario on GitHub's spec, or on a real repository,
    // against the basic corpus's floor); a floor with no corpus (Node's start-up) is everyone's.
    if (base === undefined || (base.corpus !== undefined && base.corpus !== r.corpus)) return withVersus;
    return { ...withVersus, ratioToFloor: { base: base.name, wall: r.median.wallMs / base.median.wallMs, cpu: r.median.cpuMs / base.median.cpuMs } };
  });
}

/** docsc's whole processes (medians of their `process` samples) against the peer's medians. */
function versusPeer(docsc: ScenarioResult, peer: ScenarioResult): VersusPeer {
  const docscMedian: Sample = {
    wallMs: medianOf(docsc.runs.map((run) => run.process.wallMs)),
    cpuMs: medianOf(docsc.runs.map((run) => run.process.cpuMs)),
    maxRssMb: medianOf(docsc.runs.map((run) => run.process.maxRssMb)),
  };
  return {
    docsc: docsc.name,
    docscMedian,
    wall: docscMedian.wallMs / peer.median.wallMs,
    cpu: docscMedian.cpuMs / peer.median.cpuMs,
    maxRss: docscMedian.maxRssMb / peer.median.maxRssMb,
  };
}

function summarizeOne(scenario: ScenarioRuns): ScenarioResult {
  const basis = scenario.runs.every((run) => run.work !== undefined) ? 'work' : 'process';
  const samples = scenario.runs.map((run) => (basis === 'work' ? run.work : undefined) ?? run.process);
  const walls = samples.map((s) => s.wallMs);
  const median: Sample = {
    wallMs: medianOf(walls),
    cpuMs: medianOf(samples.map((s) => s.cpuMs)),
    maxRssMb: medianOf(samples.map((s) => s.maxRssMb)),
  };
  const result: ScenarioResult = { ...scenario, basis, median, wallMinMs: Math.min(...walls), wallMaxMs: Math.max(...walls) };
  if (basis === 'work') result.processWallMs = medianOf(scenario.runs.map((run) => run.process.wallMs));
  if (scenario.pages !== undefined) result.pagesPerSecond = scenario.pages / (median.wallMs / 1000);
  return result;
}

export function medianOf(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

export function renderMarkdown(result: BenchResult): string {
  const header = [
    'scenario',
    'pages',
    'wall s',
    'wall min–max',
    'process wall s',
    'CPU s',
    'peak RSS MB',
    'pages/s',
    'floor',
    'wall × floor',
    'CPU × floor',
  ];
  const rows = result.scenarios.map((s) => [
    s.basis === 'process' ? s.name : `${s.name} ${s.kind === 'floor' ? '†' : '‡'}`,
    s.pages === undefined ? '' : String(s.pages),
    seconds(s.median.wallMs),
    `${seconds(s.wallMinMs)}–${seconds(s.wallMaxMs)}`,
    s.processWallMs === undefined ? '' : seconds(s.processWallMs),
    seconds(s.median.cpuMs),
    s.median.maxRssMb.toFixed(0),
    s.pagesPerSecond === undefined ? '' : s.pagesPerSecond.toFixed(0),
    s.ratioToFloor?.base ?? '',
    s.ratioToFloor === undefined ? '' : s.ratioToFloor.wall.toFixed(2),
    s.ratioToFloor === undefined ? '' : s.ratioToFloor.cpu.toFixed(2),
  ]);
  const lines = [header, header.map(() => '---'), ...rows].map((cells) => `| ${cells.join(' | ')} |`);
  return [
    `Profile \`${result.profile}\`, ${result.pages} pages, seed ${result.seed}, median of ${result.runs} runs${fewerRuns(result)}, ${result.date}.`,
    `Machine: ${machineLine(result.machine)}; load average ${result.loadAverageAtEnd} at end${result.durationMs === undefined ? '' : `; the bench run took ${(result.durationMs / 1000).toFixed(0)} s`}.`,
    '',
    ...lines,
    '',
    '† a floor: its own timed work, start-up and module loading left out; its peak RSS is the whole process (tsx included).',
    "‡ a timed build: the `build()` call alone, after start-up; `process wall s` is the whole process (driver start-up + work), and so is its peak RSS. A `*-dev-first-page` row: the `docsc dev` process from its start to its first page served (its CPU and peak RSS from /proc). A Hugo peer: Hugo's own process (under GNU time).",
    '× floor: median divided by that of the floor named (the corpus of the same size).',
    // A repository's line is the same under each of its scenarios: once.
    ...new Set(result.scenarios.flatMap((s) => notesLines(s))),
    ...(result.setupBuilds ?? []).map((b) => setupBuildLine(b)),
  ].join('\n');
}

/** ` (build-cold, floor-html-2t: 2)`: the scenarios that ran fewer times than the profile says (their `quickRuns`). */
function fewerRuns(result: BenchResult): string {
  const fewer = result.scenarios.filter((s) => s.runs.length < result.runs);
  const counts = [...new Set(fewer.map((s) => s.runs.length))];
  return counts
    .map(
      (n) =>
        ` (${fewer
          .filter((s) => s.runs.length === n)
          .map((s) => s.name)
          .join(', ')}: ${n})`,
    )
    .join('');
}

/** `Complete build in setup (…): 1 run, wall 93.1 s, CPU 160.2 s, peak RSS 780 MB.` */
export function setupBuildLine(b: SetupBuild): string {
  return `Complete build in setup (\`${b.corpus}\`, ${b.pages} pages; not in the table; one run): wall ${seconds(b.process.wallMs)} s, CPU ${seconds(b.process.cpuMs)} s, peak RSS ${b.process.maxRssMb.toFixed(0)} MB.`;
}

/** The lines under the table for what a scenario's last run made. */
function notesLines(s: ScenarioResult): string[] {
  const assets = s.notes?.clientAssets ?? s.clientAssets;
  const lines = assets ? [clientAssetsLine(s.name, assets)] : [];
  const js = s.notes?.clientJs;
  if (js)
    lines.push(
      `Client JavaScript per page (${s.name}): ${pageScriptsText(js.page)}${js.apiPage ? `; API page ${pageScriptsText(js.apiPage)}` : ''}.`,
    );
  const disk = s.notes?.disk;
  if (disk) {
    const perPage = disk.outputBytesPerPage === undefined ? '' : ` (${bytes(disk.outputBytesPerPage)} per page)`;
    lines.push(
      `Disk (${s.name}, after its last run): output ${disk.outputFiles} files, ${bytes(disk.outputBytes)}${perPage}; cache ${bytes(disk.cacheBytes)} on disk.`,
    );
  }
  const remote = s.notes?.remoteCache;
  if (remote) {
    lines.push(
      `Remote cache (${s.name}): runner A's cold build uploaded ${remote.uploadedEntries} entries, ${bytes(remote.uploadedBytes)}, in ${(remote.uploadWallMs / 1000).toFixed(1)} s; runner B fetched ${remote.fetchedEntries} entries, ${bytes(remote.downloadedBytes)}, in ${remote.requests} requests (its last run).`,
    );
  }
  if (s.notes?.filesWritten !== undefined) lines.push(`Files written (${s.name}): ${s.notes.filesWritten}.`);
  if (s.versus) {
    const v = s.versus;
    lines.push(
      `docsc / peer (${v.docsc} / ${s.name}, same pages, whole processes): wall ${seconds(v.docscMedian.wallMs)} s / ${seconds(s.median.wallMs)} s = **${v.wall.toFixed(2)}×**, CPU ${seconds(v.docscMedian.cpuMs)} s / ${seconds(s.median.cpuMs)} s = ${v.cpu.toFixed(2)}×, peak RSS ${v.docscMedian.maxRssMb.toFixed(0)} / ${s.median.maxRssMb.toFixed(0)} MB = ${v.maxRss.toFixed(2)}×${s.notes?.peerVersion ? ` (${s.notes.peerVersion})` : ''}.`,
    );
  }
  const repo = s.notes?.repository;
  if (repo)
    lines.push(
      `Repository \`${repo.name}\` (repo-${repo.name}-*): ${repo.repository ?? 'source not recorded'} at ${repo.commit ?? 'an unrecorded commit'}, ${repo.pageFiles} page files.`,
    );
  const stats = s.notes?.buildStats;
  if (stats)
    lines.push(
      `Build (${s.name}, last run): ${stats.pages} pages, ${stats.compiled} compiled, ${stats.written} files written, ${stats.errors} errors.`,
    );
  const summary = s.notes?.checkSummary;
  if (summary) lines.push(`Check (${s.name}, last run): ${summary.errors ?? '?'} errors, ${summary.warnings ?? '?'} warnings.`);
  const served = s.notes?.served;
  if (served) lines.push(`Served first (${s.name}): ${served.url} → ${served.status}, “${served.title}”.`);
  const c = s.notes?.comparison;
  if (c) {
    lines.push(
      `Output of ${s.name} against openapi-file's: ${c.same} paths in both, ${c.onlyPeerCount} only in the peer's, ${c.onlyDocscCount} only in docsc's; frontmatter differs in ${c.frontmatterDiffersCount} of the ${c.same}.`,
    );
  }
  return lines;
}

function pageScriptsText(page: PageScripts): string {
  const files = page.scripts.map((f) => `\`${f.path}\` ${bytes(f.gzipBytes)}`).join(' + ');
  return `\`${page.page}\` loads ${bytes(page.gzipBytes)} gzipped${files === '' ? '' : ` (${files})`}, plus ${bytes(page.inlineBytes)} of inline scripts`;
}

/** `Client bytes (build-cold, _docsc/): 3.42 MB, gzip 612 KB — site.css 2.0 KB (gzip 0.8 KB), …` */
export function clientAssetsLine(scenario: string, assets: ClientAssets): string {
  const files = assets.files.map((f) => `\`${f.path.slice(assets.folder.length + 1)}\` ${bytes(f.bytes)} (gzip ${bytes(f.gzipBytes)})`);
  return `Client bytes (\`${assets.folder}/\` of ${scenario}'s output): ${bytes(assets.bytes)}, gzip ${bytes(assets.gzipBytes)} — ${files.join(', ')}.`;
}

function bytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(2)} MB`;
}

function seconds(ms: number): string {
  return (ms / 1000).toFixed(ms < 1000 ? 3 : 2);
}
