// `npm run bench [-- options]`: runs the scenarios of scenarios.ts on
// generated corpora, in rounds (every scenario once per round), each run in a
// fresh process, and reports the medians as a markdown table (stdout) and as
// JSON in bench/results/. With --compare, compares the medians with a saved
// result and exits 1 on a regression (compare.ts): the CI gate.
// Progress goes to stderr. See bench/README.md.

import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { setupBuilds } from './build-steps.js';
import { compareResults, renderComparison } from './compare.js';
import { type Corpus, type CorpusSpec, ensureCorpus, warmFileCache } from './corpora.js';
import { describeMachine } from './machine.js';
import { measure } from './measure.js';
import { peerScenarios } from './peers.js';
import { type RepositorySource, readRepositories, repositoryScenarios } from './repo-scenarios.js';
import { type BenchResult, renderMarkdown, type ScenarioRuns, summarize } from './report.js';
import { type ProfileName, RATIO_BASE, type RunContext, SCENARIOS, type Scenario, type ScenarioPaths } from './scenarios.js';

const ROOT = resolve(import.meta.dirname, '..');
/**
 * This run's work folders (git-ignored), removed at the end of the run: one
 * per bench process, so that two runs at once (a shared machine) never touch
 * each other's builds.
 */
const WORK = join(ROOT, 'bench', '.work', `run-${process.pid}`);
const DIST_SNAPSHOT = join(ROOT, 'bench', '.dist', `run-${process.pid}`);
const PROFILES = { quick: { pages: 1000, runs: 3 }, full: { pages: 10000, runs: 5 } } as const;
type Profile = ProfileName;

const USAGE = `Usage: npm run bench -- [options]
  --profile quick|full   quick: the CI gate's scenarios, 1,000 pages, 3 runs, fewer for the
                         longest ones (their quickRuns; default);
                         full: every scenario, 10,000 pages, 5 runs
  --pages N              corpus size instead of the profile's (e.g. 50000)
  --runs N               runs per scenario instead of the profile's
  --seed N               corpus seed (default 1)
  --only REGEX           only the scenarios whose name matches (any scenario, whatever the profile)
  --peers                also run the tools docsc is compared with: @mintlify/scraping (installed
                         into bench/peers/ with npm; needs the registry) and Hugo (apt-get install
                         hugo when missing); each installed only when one of its scenarios runs
  --repo NAME=FOLDER     also run the real-repository scenarios (repo-NAME-*) on that docs root;
                         repeatable; also BENCH_REPOS=NAME=FOLDER,NAME=FOLDER (names as in
                         bench/conformance/repositories.json, whose commits are recorded)
  --no-build             measure dist/ as it is, even when older than the sources
  --compare FILE         compare the medians with a saved result (bench/results/*.json);
                         exit 1 when CPU time or peak RSS of a scenario grew beyond the tolerance
  --tolerance X          relative growth allowed by --compare (default 0.25)
`;

interface Options {
  profile: Profile;
  pages: number;
  runs: number;
  /** `--runs` was given: every scenario runs that many times (no `quickRuns`). */
  runsGiven: boolean;
  seed: number;
  only: RegExp | undefined;
  build: boolean;
  peers: boolean;
  /** Real repositories (--repo, BENCH_REPOS): their scenarios run in any profile. */
  repositories: RepositorySource[];
  /** A saved result to compare with, read before the run. */
  compare: { file: string; baseline: BenchResult } | undefined;
  tolerance: number;
}

async function main(): Promise<void> {
  const started = performance.now();
  const options = readOptions();
  if (options.build) ensureBuild();
  const cli = snapshotDist();
  const machine = describeMachine(ROOT);
  const all = [...SCENARIOS, ...(options.peers ? peerScenarios() : []), ...repositoryScenarios(options.repositories)];
  if (options.repositories.length === 0) {
    progress(
      'the real-repository scenarios (repo-<name>-*) are skipped: no --repo given (e.g. --repo mintlify=/tmp/repos/mintlify; bench/README.md)',
    );
  }
  const scenarios = all.filter((s) =>
    options.only ? options.only.test(s.name) : options.profile === 'full' || s.quick === true || s.kind === 'peer' || s.name.startsWith('repo-'),
  );
  const corpora = new Map<string, Corpus>();
  const planned = scenarios.map((scenario) => plan(scenario, options, corpora, cli));
  try {
    await setUp(planned);
    await runRounds(planned, options.runs, (scenario) =>
      options.profile === 'quick' && !options.runsGiven ? Math.min(options.runs, scenario.quickRuns ?? options.runs) : options.runs,
    );
  } finally {
    for (const { scenario } of planned) await scenario.teardown?.().catch(() => undefined);
    rmSync(WORK, { recursive: true, force: true });
    rmSync(DIST_SNAPSHOT, { recursive: true, force: true });
  }
  const result: BenchResult = {
    profile: options.profile,
    date: new Date().toISOString(),
    pages: options.pages,
    seed: options.seed,
    runs: options.runs,
    ratioBase: RATIO_BASE,
    machine,
    loadAverageAtEnd: currentLoad(),
    durationMs: Math.round(performance.now() - started),
    setupBuilds,
    scenarios: summarize(
      planned.map((p) => p.record),
      RATIO_BASE,
      new Map(planned.flatMap(({ scenario }) => (scenario.versus ? [[scenario.name, scenario.versus] as const] : []))),
    ),
  };
  const file = saveResult(result, options);
  process.stdout.write(`${renderMarkdown(result)}\n`);
  progress(`saved ${file}`);
  if (options.compare) {
    const comparison = compareResults(options.compare.baseline, result, { tolerance: options.tolerance });
    process.stdout.write(`\n${renderComparison(comparison, options.compare.file)}\n`);
    if (comparison.failed) process.exitCode = 1;
  }
}

function readOptions(): Options {
  const { values } = parseArgs({
    options: {
      profile: { type: 'string', default: 'quick' },
      pages: { type: 'string' },
      runs: { type: 'string' },
      seed: { type: 'string', default: '1' },
      only: { type: 'string' },
      'no-build': { type: 'boolean', default: false },
      peers: { type: 'boolean', default: false },
      repo: { type: 'string', multiple: true, default: [] },
      compare: { type: 'string' },
      tolerance: { type: 'string', default: '0.25' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(USAGE);
    process.exit(0);
  }
  if (!(values.profile in PROFILES)) fail(`unknown profile \`${values.profile}\``);
  const profile = values.profile as Profile;
  const tolerance = Number(values.tolerance);
  if (!(Number.isFinite(tolerance) && tolerance >= 0)) fail('--tolerance takes a number of at least 0, such as 0.25');
  return {
    profile,
    pages: wholeNumber('--pages', values.pages) ?? PROFILES[profile].pages,
    runs: wholeNumber('--runs', values.runs) ?? PROFILES[profile].runs,
    runsGiven: values.runs !== undefined,
    seed: wholeNumber('--seed', values.seed) ?? 1,
    only: values.only === undefined ? undefined : new RegExp(values.only),
    build: !values['no-build'],
    peers: values.peers,
    repositories: repositories(values.repo),
    compare: values.compare === undefined ? undefined : { file: values.compare, baseline: readBaseline(values.compare) },
    tolerance,
  };
}

/** The baseline of --compare, read before the run: a wrong path should not cost a whole bench run. */
function readBaseline(file: string): BenchResult {
  try {
    const result = JSON.parse(readFileSync(file, 'utf8')) as BenchResult;
    if (!Array.isArray(result.scenarios) || result.machine === undefined) throw new Error('not a bench result');
    return result;
  } catch (error) {
    fail(`--compare ${file}: ${(error as Error).message}`);
  }
}

function repositories(values: readonly string[]): RepositorySource[] {
  try {
    return readRepositories(values, process.env.BENCH_REPOS);
  } catch (error) {
    fail((error as Error).message);
  }
}

function wholeNumber(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!(Number.isInteger(n) && n >= 1)) fail(`${flag} takes a whole number of at least 1`);
  return n;
}

function fail(message: string): never {
  process.stderr.write(`bench: ${message}\n\n${USAGE}`);
  process.exit(2);
}

/** Builds dist/ with `npm run build:ts` when it is missing or older than a source it is built from. */
function ensureBuild(): void {
  const built = join(ROOT, 'dist', 'cli', 'main.js');
  const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
  const sources = ['compiler', 'cli', 'runtime', 'spec/diagnostics'].flatMap((dir) => sourceTimes(join(ROOT, dir)));
  if (builtAt > 0 && sources.every((time) => time <= builtAt)) return;
  progress('dist/ is stale: npm run build:ts');
  const build = spawnSync('npm', ['run', 'build:ts'], { cwd: ROOT, stdio: ['ignore', 2, 2] });
  if (build.status !== 0) throw new Error('npm run build:ts failed; fix the build, or measure dist/ as it is with --no-build');
}

function sourceTimes(dir: string): number[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|json)$/.test(entry.name))
    .map((entry) => statSync(join(entry.parentPath, entry.name)).mtimeMs);
}

/**
 * Copies dist/ to bench/.dist/run-<pid>/ and returns its CLI: a rebuild of
 * dist/ during a long run must not change what is measured. The timed drivers
 * find it through BENCH_DIST. Removed at the end of the run.
 */
function snapshotDist(): string {
  const snapshot = DIST_SNAPSHOT;
  process.env.BENCH_DIST = snapshot;
  if (!existsSync(join(ROOT, 'dist', 'cli', 'main.js'))) throw new Error('dist/ has no cli/main.js: run npm run build:ts');
  rmSync(snapshot, { recursive: true, force: true });
  cpSync(join(ROOT, 'dist'), snapshot, { recursive: true });
  return relative(ROOT, join(snapshot, 'cli', 'main.js'));
}

/** A scenario, its corpus and folders, and its runs so far. */
interface Planned {
  scenario: Scenario;
  paths: ScenarioPaths;
  record: ScenarioRuns;
}

function plan(scenario: Scenario, options: Options, corpora: Map<string, Corpus>, cli: string): Planned {
  const corpus = scenario.corpus
    ? corpusFor(scenario.corpus({ pages: options.pages, seed: options.seed, profile: options.profile }), corpora)
    : undefined;
  const record: ScenarioRuns = { name: scenario.name, kind: scenario.kind, description: scenario.description, runs: [] };
  if (scenario.ratioBase !== undefined) record.ratioBase = scenario.ratioBase;
  if (corpus) record.corpus = corpus.dir.slice(ROOT.length + 1);
  const pages = scenario.pages?.(corpus?.manifest) ?? corpus?.manifest.pages;
  if (pages !== undefined) record.pages = pages;
  const paths: ScenarioPaths = { corpus: corpus?.dir ?? '', cli, work: join(WORK, scenario.name), cwd: ROOT };
  return { scenario, paths, record };
}

/** The once-per-run steps (a complete build to rebuild from), before the first round; not measured. */
async function setUp(planned: readonly Planned[]): Promise<void> {
  for (const { scenario, paths } of planned) {
    if (scenario.setup === undefined) continue;
    const started = performance.now();
    await scenario.setup(paths);
    progress(`set up ${scenario.name} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
}

/**
 * Runs every scenario once per round, `runs` rounds: a burst of other work on
 * the machine then slows one run of several scenarios, not every run of one,
 * and the medians and ratios stay comparable. A scenario with fewer runs
 * (`runsOf`) sits out the last rounds; one whose first run was made in setup
 * (`firstRun`) takes it as round 1.
 */
async function runRounds(planned: readonly Planned[], runs: number, runsOf: (scenario: Scenario) => number): Promise<void> {
  for (let round = 1; round <= runs; round++) {
    for (const { scenario, paths, record } of planned) {
      if (round > runsOf(scenario)) continue;
      const context: RunContext = { ...paths, run: round, pages: record.pages };
      const fromSetup = round === 1 ? scenario.firstRun?.(paths) : undefined;
      if (!fromSetup) {
        scenario.prepare?.(context);
        settleDisk();
      }
      const command = { args: scenario.args(paths), cwd: ROOT, ...(scenario.exitCodes ? { exitCodes: scenario.exitCodes } : {}) };
      const { stdout, ...run } = fromSetup ?? (await measure(command));
      try {
        scenario.verify?.(context, stdout);
      } catch (error) {
        throw new Error(`${scenario.name}, run ${round}: ${(error as Error).message}`);
      }
      record.runs.push({ ...run, loadAverage: currentLoad() });
      const notes = scenario.notes?.(context);
      if (notes) record.notes = notes;
      const work = run.work ? ` (work ${(run.work.wallMs / 1000).toFixed(3)} s)` : '';
      const how = fromSetup ? ' (the shared complete build of setup)' : '';
      progress(`round ${round}/${runsOf(scenario)}: ${scenario.name}: ${(run.process.wallMs / 1000).toFixed(2)} s${work}${how}`);
    }
  }
}

/** The corpus for a spec: generated or reused once per bench run, its files read once to warm the OS cache. */
function corpusFor(spec: CorpusSpec, corpora: Map<string, Corpus>): Corpus {
  const key = JSON.stringify(spec);
  const known = corpora.get(key);
  if (known) return known;
  const corpus = ensureCorpus(spec);
  const how = corpus.generated ? `generated in ${((corpus.generateMs ?? 0) / 1000).toFixed(1)} s` : 'reused';
  progress(`corpus ${corpus.dir.slice(ROOT.length + 1)}: ${corpus.manifest.pages} pages, ${corpus.manifest.files} files, ${how}`);
  warmFileCache(corpus.dir);
  corpora.set(key, corpus);
  return corpus;
}

function saveResult(result: BenchResult, options: Options): string {
  const dir = join(ROOT, 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  const size = options.pages === PROFILES[options.profile].pages ? '' : `-${options.pages}p`;
  const partial = options.only === undefined ? '' : '-partial';
  const stem = `${result.date.slice(0, 10)}-${options.profile}${size}${partial}`;
  // A second result of the same day and kind gets the time: committed results are never overwritten.
  const first = join(dir, `${stem}.json`);
  const file = existsSync(first) ? join(dir, `${stem}-${result.date.slice(11, 16).replace(':', '')}.json`) : first;
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  return file.slice(ROOT.length + 1);
}

function currentLoad(): number {
  return Math.round((loadavg()[0] ?? 0) * 100) / 100;
}

function progress(message: string): void {
  process.stderr.write(`bench: ${message}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`bench: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});

/**
 * Waits for the disk to write out what was written before (`sync`), unmeasured, before each run.
 * A build of 10,000 pages, or setup's copy of one, is hundreds of megabytes the kernel writes back
 * over the next half minute; a run timed meanwhile measured the disk finishing earlier work: the
 * no-op's ~11,000 stats took 0.5 s on a quiet disk and up to 3.5 s behind a fresh copy. Each
 * run's own writes stay in its time.
 */
function settleDisk(): void {
  spawnSync('sync', { stdio: 'ignore' });
}
