// The scenarios, as a table: what each measures, the corpus it runs on (made
// from the profile's size and seed), and the `node` arguments of the command.
// Add a scenario by adding a row. Check and build scenarios run the compiled
// CLI, so their figures include start-up; floors time their own work (see
// floors/floor-clock.ts) and are the lower bounds the others are compared to.
// A build scenario may have steps that are not measured (build-steps.ts):
// `setup` once per bench run (the complete build a rebuild starts from),
// `prepare` before each run (an edit), `verify` after each run, which fails
// the run when the build did not do what the scenario measures, and `notes`,
// what a run made beside its figures (the client bytes of the built site).

import {
  buildFolders,
  type ClientAssets,
  cliBuild,
  clientAssets,
  completeBuild,
  copyCorpus,
  corpusCopy,
  editedPage,
  editGroupLabel,
  editPage,
  resetWork,
  timedBuild,
  verifyCold,
  verifyNavEdit,
  verifyNoop,
  verifyOneEdit,
} from './build-steps.js';
import type { CorpusSpec } from './corpora.js';
import type { CorpusManifest } from './corpus/generate.js';

export type ScenarioKind = 'startup' | 'floor' | 'check' | 'build';

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
}

export interface Scenario {
  name: string;
  kind: ScenarioKind;
  description: string;
  /** The corpus it runs on; none for start-up alone. */
  corpus?: (size: { pages: number; seed: number }) => CorpusSpec;
  /** Once per bench run, before the first round; not measured. */
  setup?: (paths: ScenarioPaths) => Promise<void>;
  /** Before each run; not measured. */
  prepare?: (run: RunContext) => void;
  /** Arguments to `node`, run in the repository root. */
  args: (paths: ScenarioPaths) => string[];
  /** After each run, given its stdout: throws when the run did not do what the scenario measures. */
  verify?: (run: RunContext, stdout: string) => void;
  /** After each run is verified: what it made, beside the figures (the last run's is kept). */
  notes?: (run: RunContext) => RunNotes;
  /** The pages it processes, for pages/s (default: the corpus's page files). */
  pages?: (manifest: CorpusManifest) => number;
  /** The floor its ratios are taken to (default: RATIO_BASE). */
  ratioBase?: string;
}

/** The floor the ratios of check scenarios (and floors) are taken to. */
export const RATIO_BASE = 'floor-parse';
/** The MDX compile floor the build scenarios are compared to. */
export const BUILD_RATIO_BASE = 'floor-html-2t';

type Size = { pages: number; seed: number };
const basic = ({ pages, seed }: Size): CorpusSpec => ({ variant: 'basic', openapi: false, pages, seed });
const withOpenapi = ({ pages, seed }: Size): CorpusSpec => ({ variant: 'basic', openapi: true, pages, seed });
const withApiPages = (manifest: CorpusManifest) => manifest.pages + manifest.apiOperations;
const TSX = ['--import', 'tsx'];

/** Build scenarios that edit their inputs build a private copy of the corpus. */
const ownCopy = ({ work }: ScenarioPaths) => buildFolders(work, corpusCopy(work));

/** Setup of the edit scenarios: a private copy of the corpus, completely built. */
async function builtOwnCopy(paths: ScenarioPaths): Promise<void> {
  resetWork(paths.work);
  copyCorpus(paths.corpus, paths.work);
  await completeBuild(paths.cli, ownCopy(paths), paths.cwd);
}
const shared = ({ work, corpus }: ScenarioPaths) => buildFolders(work, corpus);

export const SCENARIOS: readonly Scenario[] = [
  {
    name: 'cli-startup',
    kind: 'startup',
    description: '`docsc --version`: Node start-up and loading the CLI modules, no work',
    args: ({ cli }) => [cli, '--version'],
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
    corpus: withOpenapi,
    args: ({ corpus }) => [...TSX, 'bench/floors/parse-pages.ts', corpus, '--threads', '2', '--html'],
  },
  {
    name: 'check-cold',
    kind: 'check',
    description: '`docsc check` in a fresh process; no docsc cache exists yet, the OS file cache is warm',
    corpus: basic,
    args: ({ cli, corpus }) => [cli, 'check', corpus],
  },
  {
    name: 'check-versions-languages',
    kind: 'check',
    description: '`docsc check` on the same number of pages as 2 versions × 3 languages of identical content',
    corpus: ({ pages, seed }) => ({ variant: 'versions-languages', openapi: false, pages, seed }),
    args: ({ cli, corpus }) => [cli, 'check', corpus],
  },
  {
    name: 'check-openapi',
    kind: 'check',
    description: "`docsc check` with GitHub's REST spec (13 MB, 1,223 operations) mounted as an `openapi` group",
    corpus: withOpenapi,
    args: ({ cli, corpus }) => [cli, 'check', corpus],
    pages: withApiPages,
  },
  {
    name: 'build-cold',
    kind: 'build',
    description: '`docsc build` from nothing: an empty work folder (no cache, no output) before each run; checks every page was compiled',
    corpus: withOpenapi,
    prepare: ({ work }) => resetWork(work),
    args: (paths) => cliBuild(paths.cli, shared(paths)),
    verify: (run, stdout) => verifyCold(stdout, run.pages),
    notes: (run) => ({ clientAssets: clientAssets(shared(run).out) }),
    pages: withApiPages,
    ratioBase: BUILD_RATIO_BASE,
  },
  {
    name: 'build-noop',
    kind: 'build',
    description: '`docsc build` again after a complete build, nothing changed; checks it was up to date',
    corpus: withOpenapi,
    setup: async (paths) => {
      resetWork(paths.work);
      await completeBuild(paths.cli, shared(paths), paths.cwd);
    },
    args: (paths) => cliBuild(paths.cli, shared(paths)),
    verify: (_run, stdout) => verifyNoop(stdout),
    pages: withApiPages,
    ratioBase: BUILD_RATIO_BASE,
  },
  {
    name: 'build-one-edit',
    kind: 'build',
    description:
      "one page's body changed (new text at every run) after a complete build; timed driver: wall = driver start-up + work; checks exactly that body was compiled",
    corpus: withOpenapi,
    setup: builtOwnCopy,
    prepare: (run) => editPage(run.corpus, corpusCopy(run.work), editedPage(run.corpus), run.run),
    args: (paths) => timedBuild(ownCopy(paths)),
    verify: (run, stdout) => verifyOneEdit(stdout, editedPage(run.corpus)),
    pages: withApiPages,
    ratioBase: BUILD_RATIO_BASE,
  },
  {
    name: 'build-nav-edit',
    kind: 'build',
    description: 'a group label in docs.json changed (new label at every run) after a complete build; timed driver; checks no body was compiled',
    corpus: withOpenapi,
    setup: builtOwnCopy,
    prepare: (run) => editGroupLabel(run.corpus, corpusCopy(run.work), run.run),
    args: (paths) => timedBuild(ownCopy(paths)),
    verify: (_run, stdout) => verifyNavEdit(stdout),
    pages: withApiPages,
    ratioBase: BUILD_RATIO_BASE,
  },
  {
    name: 'dev-one-edit',
    kind: 'build',
    description:
      "`docsc dev`'s rebuild after one page's body changed: a BuildSession makes its first build (its start-up, not timed), then the edit is patched in and timed alone; checks the patch path and exactly one body",
    corpus: withOpenapi,
    setup: builtOwnCopy,
    args: (paths) => {
      const folders = ownCopy(paths);
      return ['bench/drivers/timed-dev-edit.mjs', folders.root, folders.out, folders.cache, editedPage(paths.corpus)];
    },
    verify: (run, stdout) => verifyOneEdit(stdout, editedPage(run.corpus)),
    pages: withApiPages,
    ratioBase: BUILD_RATIO_BASE,
  },
];
