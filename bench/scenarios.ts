// The scenarios, as a table: what each measures, the corpus it runs on (made
// from the profile's size and seed), and the `node` arguments of the command.
// Add a scenario by adding a row. Check and build scenarios run the compiled
// CLI, so their figures include start-up; floors time their own work (see
// floors/floor-clock.ts) and are the lower bounds the others are compared to.
// A build scenario may have steps that are not measured (build-steps.ts):
// `setup` once per bench run (the complete build a rebuild starts from),
// `prepare` before each run (an edit), `verify` after each run, which fails
// the run when the build did not do what the scenario measures, and `notes`,
// what a run made beside its figures (client bytes, output and cache size).
// `quick: true` puts a scenario in the quick profile, the CI gate (1,000
// pages, under 2 minutes on 2 cores); the full profile runs every scenario.
// The quick profile builds the basic corpus, the full one the corpus with
// GitHub's REST spec mounted (2,223 pages at 1k: minutes per cold build).

import { cpSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  addAndRemovePage,
  buildFolders,
  type ClientAssets,
  type ClientJs,
  cliBuild,
  cliCheck,
  clientAssets,
  clientJs,
  coldBuildFolders,
  coldRunFromSetup,
  completeBuild,
  copySharedBuild,
  corpusCopy,
  type DiskUse,
  diskUse,
  EDITED_MID_OPERATION,
  editedPage,
  editedSnippet,
  editGroupLabel,
  editOperation,
  editPage,
  editSnippet,
  resetWork,
  sharedBuild,
  startBuildServer,
  stopBuildServers,
  timedBuild,
  verifyAddRemove,
  verifyCheck,
  verifyCold,
  verifyNavEdit,
  verifyNoop,
  verifyOneEdit,
  verifyOperationEdit,
  verifyServedEdit,
  verifySnippetEdit,
} from './build-steps.js';
import type { CorpusSpec } from './corpora.js';
import { type CorpusManifest, countOperations, githubSpecPath } from './corpus/generate.js';
import { type MeasuredRun, measure } from './measure.js';
import {
  type RemoteCacheNotes,
  remoteNotes,
  runnerB,
  runnerBBuild,
  stopRemoteCache,
  uploadFromRunnerA,
  verifyRemoteCold,
} from './remote-cache-steps.js';

export type ScenarioKind = 'startup' | 'floor' | 'check' | 'build' | 'generate' | 'peer';
export type ProfileName = 'quick' | 'full';

export interface ScenarioPaths {
  /** The corpus folder ('' without one); shared by the scenarios, never edited. */
  corpus: string;
  /** The compiled CLI to run: `main.js` of the run's snapshot of dist/. */
  cli: string;
  /** The scenario's own work folder, `bench/.work/<name>/` (git-ignored), removed at the end of the bench run. */
  work: string;
  /** The repository root, where commands run. */
  cwd: string;
}

/** A run, for the steps around it. */
export interface RunContext extends ScenarioPaths {
  /** 1 for the first run. */
  run: number;
  /** The scenario's pages (see `pages`), if it has a corpus. */
  pages: number | undefined;
}

/** What a run's check found out beside the figures. */
export interface RunNotes {
  /** docsc's own files in the built site. */
  clientAssets?: ClientAssets;
  /** The JavaScript a page and an API page load. */
  clientJs?: ClientJs;
  /** Output and cache on disk after the run. */
  disk?: DiskUse;
  /** Files a generator wrote. */
  filesWritten?: number;
  /** A peer's output compared file for file with docsc's (peers.ts). */
  comparison?: import('./peers.js').OutputComparison;
  /** What the remote cache did (build-remote-cold). */
  remoteCache?: RemoteCacheNotes;
  /** The peer's own version (`hugo version`). */
  peerVersion?: string;
  /** The real repository a scenario ran on, and its recorded commit (repo-scenarios.ts). */
  repository?: import('./repo-scenarios.js').RepositoryNote;
  /** What a build of a real repository reported: pages, compiled, written, errors. */
  buildStats?: { pages: number; compiled: number; written: number; errors: number };
  /** What a check of a real repository reported. */
  checkSummary?: { errors?: number; warnings?: number };
  /** The page `dev` served first, and when (dev-first-page.mjs). */
  served?: { url: string; status: number; title: string };
}

export interface Scenario {
  name: string;
  kind: ScenarioKind;
  description: string;
  /** In the quick profile (the CI gate). */
  quick?: boolean;
  /**
   * Runs in the quick profile when fewer than the profile's (unless `--runs`
   * is given): the long, steady scenarios (a cold build, its floor), whose
   * CPU time moves little from run to run, so that the gate stays under 2 minutes.
   */
  quickRuns?: number;
  /** A run made in setup that counts as this scenario's first (the same command on the same inputs); not run again. */
  firstRun?: (paths: ScenarioPaths) => MeasuredRun | undefined;
  /** The corpus it runs on; none for start-up alone. */
  corpus?: (size: Size) => CorpusSpec;
  /** Once per bench run, before the first round; not measured. */
  setup?: (paths: ScenarioPaths) => Promise<void>;
  /** Once per bench run, after the last round (or a failure): stops what setup started. */
  teardown?: () => Promise<void>;
  /** Before each run; not measured. */
  prepare?: (run: RunContext) => void;
  /** Arguments to `node`, run in the repository root. */
  args: (paths: ScenarioPaths) => string[];
  /** After each run, given its stdout: throws when the run did not do what the scenario measures. */
  verify?: (run: RunContext, stdout: string) => void;
  /** After each run is verified: what it made, beside the figures (the last run's is kept). */
  notes?: (run: RunContext) => RunNotes;
  /** The pages it processes, for pages/s (default: the corpus's page files). */
  pages?: (manifest: CorpusManifest | undefined) => number;
  /** The floor its ratios are taken to (default: RATIO_BASE). */
  ratioBase?: string;
  /** A peer's docsc counterpart, doing the same work on the same pages: the report gives docsc / peer (report.ts). */
  versus?: string;
  /** Exit codes of the command that are not a failure (default 0 alone): a real repository's check exits 1 on its errors. */
  exitCodes?: readonly number[];
}

/** The floor the ratios of check scenarios (and floors) are taken to. */
export const RATIO_BASE = 'floor-parse';
/** The MDX compile floor the build scenarios are compared to. */
export const BUILD_RATIO_BASE = 'floor-html-2t';

export type Size = { pages: number; seed: number; profile: ProfileName };
const basic = ({ pages, seed }: Size): CorpusSpec => ({ variant: 'basic', openapi: false, pages, seed });
/** GitHub's REST spec and the mid-size spec (corpus/mid-spec.ts) mounted in an API reference tab. */
const withOpenapi = ({ pages, seed }: Size): CorpusSpec => ({ variant: 'basic', openapi: true, midSpec: true, pages, seed });
/** What build scenarios build: the basic corpus in the quick profile, with GitHub's spec in the full one. */
const buildCorpus = (size: Size): CorpusSpec => (size.profile === 'quick' ? basic(size) : withOpenapi(size));
const withApiPages = (manifest: CorpusManifest | undefined) => (manifest ? manifest.pages + manifest.apiOperations : 0);
const TSX = ['--import', 'tsx'];

/** GitHub's REST spec, as installed (the @octokit/openapi devDependency), and its operations. */
const GITHUB_SPEC = githubSpecPath();
let githubOperations: number | undefined;
const githubSpecPages = () => {
  githubOperations ??= countOperations(readFileSync(GITHUB_SPEC, 'utf8'));
  return githubOperations;
};

/** Build scenarios that edit their inputs build a private copy of the corpus. */
const ownCopy = ({ work }: ScenarioPaths) => buildFolders(work, corpusCopy(work));
/** Setup of the rebuild scenarios: a copy of the shared complete build of the corpus (build-steps.ts). */
const builtOwnCopy = (paths: ScenarioPaths) => copySharedBuild(paths.cli, paths.corpus, paths.work, paths.cwd);
const shared = ({ work, corpus }: ScenarioPaths) => buildFolders(work, corpus);
const diskNotes = (run: RunContext, folders: ReturnType<typeof buildFolders>): RunNotes => ({ disk: diskUse(folders, run.pages) });

/** Files under a folder, recursively. */
function countFiles(dir: string): number {
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length;
}

export const SCENARIOS: readonly Scenario[] = [
  {
    name: 'floor-node-startup',
    kind: 'floor',
    description: '`node -e ""`: Node start-up alone, the floor of cli-startup',
    quick: true,
    args: () => ['-e', ''],
    ratioBase: 'floor-node-startup',
  },
  {
    name: 'cli-startup',
    kind: 'startup',
    description: '`docsc --version`: Node start-up and loading the CLI modules, no work',
    quick: true,
    args: ({ cli }) => [cli, '--version'],
    ratioBase: 'floor-node-startup',
  },
  {
    name: 'floor-read-hash',
    kind: 'floor',
    description: 'list, read and SHA-256 every page file; no parsing',
    corpus: basic,
    args: ({ corpus }) => [...TSX, 'bench/floors/read-hash.ts', corpus],
  },
  {
    name: 'floor-parse',
    kind: 'floor',
    description: "read every page and parse it with @mdx-js/mdx's parser alone, one thread",
    corpus: basic,
    args: ({ corpus }) => [...TSX, 'bench/floors/parse-pages.ts', corpus],
  },
  {
    name: 'floor-parse-2t',
    kind: 'floor',
    description: 'the same parse dealt out to 2 worker threads',
    corpus: basic,
    args: ({ corpus }) => [...TSX, 'bench/floors/parse-pages.ts', corpus, '--threads', '2'],
  },
  {
    name: 'floor-html-2t',
    kind: 'floor',
    description:
      'the MDX compile floor: every page parsed (@mdx-js/mdx + remark-gfm), to hast (remark-rehype) and to HTML (hast-util-to-html), 2 worker threads',
    quick: true,
    quickRuns: 2,
    corpus: buildCorpus,
    args: ({ corpus }) => [...TSX, 'bench/floors/parse-pages.ts', corpus, '--threads', '2', '--html'],
    ratioBase: BUILD_RATIO_BASE,
  },
  {
    name: 'floor-mdx-compile-2t',
    kind: 'floor',
    description:
      "@mdx-js/mdx's compile of every page (remark-gfm; parse, remark, rehype, to a JavaScript module, as `compile()` does), 2 worker threads: what the issue calls the MDX compile, for comparison; the modules would still have to run to make HTML",
    corpus: buildCorpus,
    args: ({ corpus }) => [...TSX, 'bench/floors/parse-pages.ts', corpus, '--threads', '2', '--compile'],
    ratioBase: BUILD_RATIO_BASE,
  },
  {
    name: 'check-cold',
    kind: 'check',
    description: '`docsc check` in a fresh process with an empty cache folder (it fills it); the OS file cache is warm',
    corpus: basic,
    prepare: ({ work }) => resetWork(work),
    args: (paths) => cliCheck(paths),
    verify: (_run, stdout) => verifyCheck(stdout),
  },
  {
    name: 'check-warm',
    kind: 'check',
    description:
      "`docsc check` again, nothing changed, with a cache that holds every summary (the shared complete build's cache, then one check in setup): no page read or summarized",
    quick: true,
    corpus: buildCorpus,
    setup: async (paths) => {
      // The build's cache serves check as it is (same keys); one check records the shared corpus's file times in it.
      const built = await sharedBuild(paths.cli, paths.corpus, paths.work, paths.cwd);
      resetWork(paths.work);
      cpSync(join(built, 'cache'), join(paths.work, 'cache'), { recursive: true });
      verifyCheck((await measure({ args: cliCheck(paths), cwd: paths.cwd })).stdout);
    },
    args: (paths) => cliCheck(paths),
    verify: (_run, stdout) => verifyCheck(stdout),
    pages: withApiPages,
    // Start-up, the cache's summaries and the checks: no page is parsed, so it is compared with Node's start-up, as
    // build-noop is, not with a parse floor (in the quick profile, which has no parse floor, it had none: a slow
    // phase of the machine flagged it by its CPU seconds alone, +36% while floor-html-2t took +31%).
    ratioBase: 'floor-node-startup',
  },
  {
    name: 'check-versions-languages',
    kind: 'check',
    description: '`docsc check` (empty cache folder) on the same number of pages as 2 versions × 3 languages of identical content',
    corpus: ({ pages, seed }) => ({ variant: 'versions-languages', openapi: false, pages, seed }),
    prepare: ({ work }) => resetWork(work),
    args: (paths) => cliCheck(paths),
    verify: (_run, stdout) => verifyCheck(stdout),
  },
  {
    name: 'check-openapi',
    kind: 'check',
    description:
      "`docsc check` (empty cache folder) with GitHub's REST spec (13 MB, 1,223 operations) and the mid-size spec (Box, 864 KB, 260 operations) mounted as `openapi` groups",
    corpus: withOpenapi,
    prepare: ({ work }) => resetWork(work),
    args: (paths) => cliCheck(paths),
    verify: (_run, stdout) => verifyCheck(stdout),
    pages: withApiPages,
  },
  {
    name: 'build-cold',
    kind: 'build',
    description:
      '`docsc build` from nothing: an empty work folder (no cache, no output) before each run; checks every page was compiled; output, cache and client bytes measured after it',
    quick: true,
    quickRuns: 1,
    corpus: buildCorpus,
    firstRun: ({ corpus }) => coldRunFromSetup(corpus),
    prepare: ({ work }) => resetWork(work),
    args: (paths) => cliBuild(paths.cli, shared(paths)),
    verify: (run, stdout) => verifyCold(stdout, run.pages),
    notes: (run) => {
      const folders = coldBuildFolders(shared(run), run.corpus);
      return { clientAssets: clientAssets(folders.out), clientJs: clientJs(folders.out), ...diskNotes(run, folders) };
    },
    pages: withApiPages,
    ratioBase: BUILD_RATIO_BASE,
  },
  {
    name: 'build-remote-cold',
    kind: 'build',
    description:
      "runner B's cold build (empty work folder, no local cache) with `--remote-cache`, after runner A's cold build uploaded to it (setup: nginx with WebDAV PUT on loopback); checks every page came from the server; bytes transferred in the notes. Compare with build-cold",
    corpus: buildCorpus,
    setup: (paths) => uploadFromRunnerA(paths.cli, paths.corpus, paths.work, paths.cwd),
    teardown: stopRemoteCache,
    prepare: ({ work }) => resetWork(join(work, 'b')),
    args: (paths) => runnerBBuild(paths.cli, paths.work, paths.corpus),
    verify: (run, stdout) => verifyRemoteCold(stdout, run.pages),
    notes: (run) => ({ ...remoteNotes(), ...diskNotes(run, runnerB(run.work, run.corpus)) }),
    pages: withApiPages,
    ratioBase: BUILD_RATIO_BASE,
  },
  {
    name: 'build-noop',
    kind: 'build',
    description: '`docsc build` again after a complete build, nothing changed; checks it was up to date',
    quick: true,
    corpus: buildCorpus,
    setup: builtOwnCopy,
    args: (paths) => cliBuild(paths.cli, ownCopy(paths)),
    verify: (_run, stdout) => verifyNoop(stdout),
    notes: (run) => diskNotes(run, ownCopy(run)),
    pages: withApiPages,
    // Start-up, module loading and one pass over the files' times: a constant cost, which moves with Node's start-up
    // and not with the compile floor (against which floor-html-2t's own noise flagged it in the gate).
    ratioBase: 'floor-node-startup',
  },
  {
    name: 'build-one-edit',
    kind: 'build',
    description:
      "one page's body changed (new text at every run) after a complete build; timed driver: wall = driver start-up + work; checks exactly that body was compiled",
    quick: true,
    quickRuns: 2,
    corpus: buildCorpus,
    setup: builtOwnCopy,
    prepare: (run) => editPage(run.corpus, corpusCopy(run.work), editedPage(run.corpus), run.run),
    args: (paths) => timedBuild(ownCopy(paths)),
    verify: (run, stdout) => verifyOneEdit(stdout, editedPage(run.corpus)),
    notes: (run) => diskNotes(run, ownCopy(run)),
    pages: withApiPages,
    ratioBase: BUILD_RATIO_BASE,
  },
  {
    name: 'build-one-edit-server',
    kind: 'build',
    description:
      "build-one-edit through the repository's build server (`docsc build --server` started it in setup, with a complete build): the whole command, wall = Node's start + handing the build over + the server's patch; checks the server built it and compiled exactly one body",
    quick: true,
    corpus: buildCorpus,
    setup: async (paths) => {
      await builtOwnCopy(paths);
      startBuildServer(paths.cli, ownCopy(paths), paths.cwd);
    },
    teardown: stopBuildServers,
    prepare: (run) => editPage(run.corpus, corpusCopy(run.work), editedPage(run.corpus), run.run),
    args: (paths) => cliBuild(paths.cli, ownCopy(paths)),
    verify: (_run, stdout) => verifyServedEdit(stdout),
    pages: withApiPages,
    // Node's start and the hand-over are most of it.
    ratioBase: 'floor-node-startup',
  },
  {
    name: 'build-snippet-edit',
    kind: 'build',
    description:
      'the snippet imported by the most pages changed (new text at every run) after a complete build; timed driver; checks exactly its importers were compiled',
    quick: true,
    quickRuns: 2,
    corpus: buildCorpus,
    setup: builtOwnCopy,
    prepare: (run) => editSnippet(run.corpus, corpusCopy(run.work), editedSnippet(run.corpus).snippet, run.run),
    args: (paths) => timedBuild(ownCopy(paths)),
    verify: (run, stdout) => verifySnippetEdit(stdout, editedSnippet(run.corpus).importers),
    pages: withApiPages,
    ratioBase: BUILD_RATIO_BASE,
  },
  {
    name: 'build-nav-edit',
    kind: 'build',
    description: 'a group label in docs.json changed (new label at every run) after a complete build; timed driver; checks no body was compiled',
    quick: true,
    corpus: buildCorpus,
    setup: builtOwnCopy,
    prepare: (run) => editGroupLabel(run.corpus, corpusCopy(run.work), run.run),
    args: (paths) => timedBuild(ownCopy(paths)),
    verify: (_run, stdout) => verifyNavEdit(stdout),
    pages: withApiPages,
    ratioBase: BUILD_RATIO_BASE,
  },
  {
    name: 'build-page-add-remove',
    kind: 'build',
    description:
      'one page added and the one added by the previous run removed (files and docs.json) after a complete build; timed driver; checks exactly the new page was compiled and the old one deleted',
    quick: true,
    corpus: buildCorpus,
    setup: async (paths) => {
      await builtOwnCopy(paths);
      addAndRemovePage(paths.corpus, corpusCopy(paths.work), 0);
      await completeBuild(paths.cli, ownCopy(paths), paths.cwd);
    },
    prepare: (run) => addAndRemovePage(run.corpus, corpusCopy(run.work), run.run),
    args: (paths) => timedBuild(ownCopy(paths)),
    verify: (run, stdout) => verifyAddRemove(stdout, run.run),
    pages: (manifest) => withApiPages(manifest) + 1,
    ratioBase: BUILD_RATIO_BASE,
  },
  {
    name: 'build-openapi-edit',
    kind: 'build',
    description:
      "one operation's description in GitHub's spec changed (new text at every run) after a complete build; timed driver; checks exactly one API page was rendered",
    corpus: withOpenapi,
    setup: builtOwnCopy,
    prepare: (run) => editOperation(run.corpus, corpusCopy(run.work), run.run),
    args: (paths) => timedBuild(ownCopy(paths)),
    verify: (_run, stdout) => verifyOperationEdit(stdout),
    // Its site has API pages: the client JavaScript of one, without a cold build of its own.
    notes: (run) => ({ clientJs: clientJs(ownCopy(run).out), ...diskNotes(run, ownCopy(run)) }),
    pages: withApiPages,
    ratioBase: BUILD_RATIO_BASE,
  },
  {
    name: 'build-openapi-mid-edit',
    kind: 'build',
    description:
      "one operation's description in the mid-size spec (Box) changed (new text at every run) after a complete build; timed driver; checks exactly one API page was rendered",
    corpus: withOpenapi,
    setup: builtOwnCopy,
    prepare: (run) => editOperation(run.corpus, corpusCopy(run.work), run.run, EDITED_MID_OPERATION),
    args: (paths) => timedBuild(ownCopy(paths)),
    verify: (_run, stdout) => verifyOperationEdit(stdout),
    pages: withApiPages,
    ratioBase: BUILD_RATIO_BASE,
  },
  {
    name: 'dev-one-edit',
    kind: 'build',
    description:
      "`docsc dev`'s rebuild after one page's body changed: a BuildSession makes its first build (its start-up, not timed), then the edit is patched in and timed alone; checks the patch path and exactly one body",
    corpus: buildCorpus,
    setup: builtOwnCopy,
    args: (paths) => {
      const folders = ownCopy(paths);
      return ['bench/drivers/timed-dev-edit.mjs', folders.root, folders.out, folders.cache, editedPage(paths.corpus)];
    },
    verify: (run, stdout) => verifyOneEdit(stdout, editedPage(run.corpus)),
    pages: withApiPages,
    ratioBase: BUILD_RATIO_BASE,
  },
  {
    name: 'floor-write-spec-pages',
    kind: 'floor',
    description: "the openapi-file floor: read GitHub's REST spec, JSON.parse it, write one small MDX file per operation",
    quick: true,
    prepare: ({ work }) => resetWork(work),
    args: ({ work }) => [...TSX, 'bench/floors/write-spec-pages.ts', GITHUB_SPEC, join(work, 'out')],
    notes: ({ work }) => ({ filesWritten: countFiles(join(work, 'out')) }),
    pages: githubSpecPages,
    ratioBase: 'floor-write-spec-pages',
  },
  {
    name: 'openapi-file',
    kind: 'generate',
    description:
      "`docsc openapi-file` on GitHub's REST spec (13 MB JSON) into an empty folder: one MDX page per operation and the navigation snippet",
    quick: true,
    prepare: ({ work }) => resetWork(work),
    args: ({ cli, work }) => [cli, 'openapi-file', GITHUB_SPEC, '-o', join(work, 'out'), '--no-spec'],
    verify: ({ work }, stdout) => verifyGenerated(join(work, 'out'), stdout),
    notes: ({ work }) => ({ filesWritten: countFiles(join(work, 'out')) }),
    pages: githubSpecPages,
    ratioBase: 'floor-write-spec-pages',
  },
];

/** openapi-file wrote a page per operation (a few share one: none is lost) and printed the navigation as JSON. */
function verifyGenerated(out: string, stdout: string): void {
  const navigation = JSON.parse(stdout) as { pages: string[] }[];
  const listed = navigation.reduce((n, group) => n + group.pages.length, 0);
  const files = countFiles(out);
  if (files !== listed || files < githubSpecPages() * 0.95) {
    throw new Error(`openapi-file wrote ${files} files for ${listed} navigation entries and ${githubSpecPages()} operations`);
  }
}
