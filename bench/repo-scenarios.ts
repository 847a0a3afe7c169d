// Scenarios on real documentation repositories (issue 37's table): check cold,
// check warm, check without a cache, build cold, `docsc dev`'s first page
// served, and one page edited then `docsc build` from the command line.
// The repositories are public ones at recorded commits
// (bench/conformance/repositories.json), given as folders by
// `--repo <name>=<folder>` or BENCH_REPOS; their files never enter this
// repository: every scenario's cache, output and copy are under the system's
// temporary folder (`docsc-bench-repos-<pid>/`), removed at the end of the
// run. Without a repository the scenarios do not exist, and run.ts says so.
// A real repository may have errors of its own: check and build exit 1 then,
// which is not a failed run (`exitCodes`); each run is checked by what it
// reports instead.

import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import {
  buildFolders,
  cliBuild,
  cliCheck,
  diskUse,
  readBuildReport,
  resetWork,
  startBuildServer,
  stopBuildServers,
  verifyServedEdit,
} from './build-steps.js';
import { configPages } from './conformance/config-pages.js';
import { listPageFiles } from './floors/floor-clock.js';
import { measure } from './measure.js';
import type { RunContext, RunNotes, Scenario, ScenarioPaths } from './scenarios.js';

/** A repository given on the command line: its name (for the scenario names and repositories.json) and docs root. */
export interface RepositorySource {
  name: string;
  dir: string;
}

/** What a result records of the repository a scenario ran on. */
export interface RepositoryNote {
  name: string;
  /** owner/name on GitHub, from bench/conformance/repositories.json (or the folder's git remote). */
  repository?: string;
  /** The commit the folder holds, as recorded there (or read from the folder's git checkout). */
  commit?: string;
  /** `.md` and `.mdx` files under the docs root (hidden folders and node_modules aside): the `pages` of its rows. */
  pageFiles: number;
}

const REPOSITORIES = join(import.meta.dirname, 'conformance', 'repositories.json');
const SCRATCH = join(tmpdir(), `docsc-bench-repos-${process.pid}`);
/** check and build exit 1 when they report errors; a real repository may have some. */
const REPORTED = [0, 1] as const;

/** `--repo` values and BENCH_REPOS (`name=folder`, comma-separated; a bare folder is named after itself) as sources. */
export function readRepositories(values: readonly string[], env: string | undefined): RepositorySource[] {
  const all = [...values, ...(env ?? '').split(',')].map((v) => v.trim()).filter((v) => v !== '');
  const sources = all.map((value) => {
    const at = value.indexOf('=');
    const dir = resolve(at < 0 ? value : value.slice(at + 1));
    const name = at < 0 ? (dir.split('/').at(-1) ?? dir) : value.slice(0, at);
    if (!/^[\w.-]+$/.test(name)) throw new Error(`--repo ${value}: the name must be letters, digits, '.', '_' or '-'`);
    if (!existsSync(join(dir, 'docs.json'))) throw new Error(`--repo ${value}: ${dir} has no docs.json`);
    return { name, dir };
  });
  const names = sources.map((s) => s.name);
  const twice = names.find((n, i) => names.indexOf(n) !== i);
  if (twice !== undefined) throw new Error(`--repo: ${twice} given twice`);
  return sources;
}

/** The repository's note: its recorded source and commit, and its page files. */
function repositoryNote(source: RepositorySource): RepositoryNote {
  const recorded = (JSON.parse(readFileSync(REPOSITORIES, 'utf8')) as Record<string, { repository: string; commit: string }>)[source.name];
  const note: RepositoryNote = { name: source.name, pageFiles: listPageFiles(source.dir).length };
  const head = gitHead(source.dir);
  if (head) note.commit = head;
  else if (recorded) note.commit = recorded.commit;
  if (recorded) note.repository = recorded.repository;
  return note;
}

/** HEAD of a git checkout (a `.git` folder at the root; a commit or a branch's ref), without running git. */
function gitHead(dir: string): string | undefined {
  const git = join(dir, '.git');
  if (!existsSync(join(git, 'HEAD'))) return undefined;
  const head = readFileSync(join(git, 'HEAD'), 'utf8').trim();
  if (!head.startsWith('ref: ')) return head;
  const ref = join(git, head.slice('ref: '.length));
  return existsSync(ref) ? readFileSync(ref, 'utf8').trim() : undefined;
}

/** The page the one-edit scenario edits: the middle navigation page that has a file (`.mdx`, else `.md`). */
export function editedRepositoryPage(root: string): string {
  const files = configPages(root).flatMap((page) =>
    ['.mdx', '.md']
      .map((ext) => `${page}${ext}`)
      .filter((file) => existsSync(join(root, file)))
      .slice(0, 1),
  );
  const page = files[Math.floor(files.length / 2)];
  if (page === undefined) throw new Error(`no navigation page of ${root} has a file`);
  return page;
}

/** The check's JSON report, read back: throws when stdout is not one. */
function checkSummary(stdout: string): NonNullable<RunNotes['checkSummary']> {
  try {
    const report = JSON.parse(stdout) as { summary?: { errors?: number; warnings?: number } };
    if (report.summary === undefined) throw new Error('no summary');
    return {
      ...(report.summary.errors === undefined ? {} : { errors: report.summary.errors }),
      ...(report.summary.warnings === undefined ? {} : { warnings: report.summary.warnings }),
    };
  } catch (error) {
    throw new Error(`expected the check's JSON report on stdout (${(error as Error).message}), got: ${stdout.slice(0, 300)}`);
  }
}

/** The build's report, and what the notes keep of it. */
function buildStats(stdout: string): { report: ReturnType<typeof readBuildReport>; stats: NonNullable<RunNotes['buildStats']> } {
  const report = readBuildReport(stdout) as ReturnType<typeof readBuildReport> & { diagnostics?: { severity: string }[] };
  const errors = (report.diagnostics ?? []).filter((d) => d.severity === 'error').length;
  return { report, stats: { pages: report.stats.pages, compiled: report.stats.compiled, written: report.stats.written, errors } };
}

/** The six scenarios of each repository, named `repo-<name>-<what>`. */
export function repositoryScenarios(sources: readonly RepositorySource[]): Scenario[] {
  return sources.flatMap((source) => scenariosOf(source));
}

function scenariosOf(source: RepositorySource): Scenario[] {
  const note = repositoryNote(source);
  const prefix = `repo-${source.name}`;
  // Every scenario's folder is under the temporary folder, not bench/.work/: nothing of the repository in this checkout.
  const scratch = (paths: ScenarioPaths) => join(SCRATCH, basename(paths.work));
  const check = (paths: ScenarioPaths) => cliCheck({ cli: paths.cli, corpus: source.dir, work: scratch(paths) });
  const folders = (paths: ScenarioPaths) => buildFolders(scratch(paths), source.dir);
  /** The one-edit scenario's copy of the repository, its output and cache. */
  const copy = (paths: ScenarioPaths) => buildFolders(scratch(paths), join(scratch(paths), 'repo'));
  const common = {
    kind: 'check' as const,
    pages: () => note.pageFiles,
    exitCodes: REPORTED,
    teardown: async () => rmSync(SCRATCH, { recursive: true, force: true }),
  };
  const repositoryOnly = { repository: note };
  const checkRun = (_run: RunContext, stdout: string): void => {
    checkSummary(stdout);
  };
  let lastStdout = '';
  const keep = (verify: (run: RunContext, stdout: string) => void) => (run: RunContext, stdout: string) => {
    verify(run, stdout);
    lastStdout = stdout;
  };
  const checkNotes = (): RunNotes => ({ ...repositoryOnly, checkSummary: checkSummary(lastStdout) });
  const buildNotes = (out: ReturnType<typeof folders>, pages: number): RunNotes => ({
    ...repositoryOnly,
    buildStats: buildStats(lastStdout).stats,
    disk: diskUse(out, pages),
  });
  const page = editedRepositoryPage(source.dir);
  return [
    {
      ...common,
      name: `${prefix}-check-cold`,
      description: `\`docsc check\` on ${source.name} (a real repository) with an empty cache folder (it fills it); the OS file cache is warm`,
      prepare: (run) => resetWork(scratch(run)),
      args: check,
      verify: keep(checkRun),
      notes: checkNotes,
    },
    {
      ...common,
      name: `${prefix}-check-warm`,
      description: `\`docsc check\` on ${source.name} again, nothing changed, with the cache a first check (in setup) filled`,
      // Start-up and the cache's summaries, no page parsed: compared with Node's start-up, as check-warm is.
      ratioBase: 'floor-node-startup',
      setup: async (paths) => {
        resetWork(scratch(paths));
        checkSummary((await measure({ args: check(paths), cwd: paths.cwd, exitCodes: REPORTED })).stdout);
      },
      args: check,
      verify: keep(checkRun),
      notes: checkNotes,
    },
    {
      ...common,
      name: `${prefix}-check-no-cache`,
      description: `\`docsc check --no-cache\` on ${source.name}: no cache read or written (a first run and --no-cache should cost the same)`,
      args: (paths) => [paths.cli, 'check', source.dir, '--no-cache', '--format', 'json'],
      verify: keep(checkRun),
      notes: checkNotes,
    },
    {
      ...common,
      kind: 'build',
      name: `${prefix}-build-cold`,
      description: `\`docsc build\` of ${source.name} from nothing: empty output and cache folders before each run; checks nothing came from a cache`,
      prepare: (run) => resetWork(scratch(run)),
      args: (paths) => cliBuild(paths.cli, folders(paths)),
      verify: keep((_run, stdout) => {
        const { report } = buildStats(stdout);
        if (report.upToDate || report.stats.pages === 0 || report.stats.fromCache > 0) {
          throw new Error(`not a cold build: ${JSON.stringify(report.stats)}`);
        }
      }),
      notes: (run) => buildNotes(folders(run), note.pageFiles),
    },
    {
      ...common,
      kind: 'build',
      name: `${prefix}-dev-first-page`,
      description: `\`docsc dev\` on ${source.name} with an empty cache folder, from the command line until its first page is served: \`/\` asked every 20 ms, a redirect page followed (drivers/dev-first-page.mjs; dev's own CPU and peak RSS from /proc)`,
      prepare: (run) => resetWork(scratch(run)),
      args: (paths) => {
        const f = folders(paths);
        return ['bench/drivers/dev-first-page.mjs', paths.cli, f.root, f.out, f.cache];
      },
      exitCodes: [0],
      verify: keep((_run, stdout) => {
        const served = JSON.parse(stdout) as { status: number };
        if (served.status !== 200) throw new Error(`dev answered ${served.status}`);
      }),
      notes: () => ({ ...repositoryOnly, served: JSON.parse(lastStdout) as NonNullable<RunNotes['served']> }),
    },
    {
      ...common,
      kind: 'build',
      name: `${prefix}-build-one-edit`,
      description: `one page of ${source.name} changed (${page}: a new paragraph at every run) after a complete build, then \`docsc build\` from the command line (a copy of the repository); checks it built and compiled the page`,
      setup: async (paths) => {
        resetWork(scratch(paths));
        cpSync(source.dir, copy(paths).root, { recursive: true });
        // A complete build, then a no-op: the copy's new file times are recorded before the first measured run.
        for (let i = 0; i < 2; i++)
          buildStats((await measure({ args: cliBuild(paths.cli, copy(paths)), cwd: paths.cwd, exitCodes: REPORTED })).stdout);
      },
      prepare: (run) => {
        const file = join(copy(run).root, page);
        writeFileSync(file, `${readFileSync(join(source.dir, page), 'utf8').trimEnd()}\n\nThis paragraph was added for bench run ${run.run}.\n`);
      },
      args: (paths) => cliBuild(paths.cli, copy(paths)),
      verify: keep((_run, stdout) => {
        const { report } = buildStats(stdout);
        if (report.upToDate || report.stats.compiled < 1) throw new Error(`the edit of ${page} was not built: ${JSON.stringify(report.stats)}`);
      }),
      notes: (run) => buildNotes(copy(run), note.pageFiles),
    },
    {
      ...common,
      kind: 'build',
      name: `${prefix}-build-one-edit-server`,
      description: `${prefix}-build-one-edit through the repository's build server (\`docsc build --server\` started it in setup, with a complete build): the whole command; checks the server built it and compiled the page`,
      setup: async (paths) => {
        resetWork(scratch(paths));
        cpSync(source.dir, copy(paths).root, { recursive: true });
        buildStats((await measure({ args: cliBuild(paths.cli, copy(paths)), cwd: paths.cwd, exitCodes: REPORTED })).stdout);
        startBuildServer(paths.cli, copy(paths), paths.cwd);
      },
      teardown: async () => {
        await stopBuildServers();
        await common.teardown();
      },
      prepare: (run) => {
        const file = join(copy(run).root, page);
        writeFileSync(file, `${readFileSync(join(source.dir, page), 'utf8').trimEnd()}\n\nThis paragraph was added for bench run ${run.run}.\n`);
      },
      args: (paths) => cliBuild(paths.cli, copy(paths)),
      verify: keep((_run, stdout) => verifyServedEdit(stdout, true)),
      notes: (run) => buildNotes(copy(run), note.pageFiles),
      ratioBase: 'floor-node-startup',
    },
  ];
}
