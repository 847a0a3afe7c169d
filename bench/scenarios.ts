// The scenarios, as a table: what each measures, the corpus it runs on (made
// from the profile's size and seed), and the `node` arguments of the command.
// Add a scenario by adding a row. Check scenarios run the compiled CLI, so
// their figures include start-up; floors time their own work (see
// floors/floor-clock.ts) and are the lower bounds the checks are compared to.

import type { CorpusSpec } from './corpora.js';
import type { CorpusManifest } from './corpus/generate.js';

export type ScenarioKind = 'startup' | 'floor' | 'check';

export interface ScenarioPaths {
  /** The corpus folder ('' without one). */
  corpus: string;
  /** The compiled CLI to run: `main.js` of the run's snapshot of dist/. */
  cli: string;
}

export interface Scenario {
  name: string;
  kind: ScenarioKind;
  description: string;
  /** The corpus it runs on; none for start-up alone. */
  corpus?: (size: { pages: number; seed: number }) => CorpusSpec;
  /** Arguments to `node`, run in the repository root. */
  args: (paths: ScenarioPaths) => string[];
  /** The pages it processes, for pages/s (default: the corpus's page files). */
  pages?: (manifest: CorpusManifest) => number;
}

/** The floor every scenario's ratio is taken to. */
export const RATIO_BASE = 'floor-parse';

const basic = ({ pages, seed }: { pages: number; seed: number }): CorpusSpec => ({ variant: 'basic', openapi: false, pages, seed });
const TSX = ['--import', 'tsx'];

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
    corpus: ({ pages, seed }) => ({ variant: 'basic', openapi: true, pages, seed }),
    args: ({ cli, corpus }) => [cli, 'check', corpus],
    pages: (manifest) => manifest.pages + manifest.apiOperations,
  },
];
