// The Performance page's charts and tables, and the headline figures of the
// Introduction, drawn from committed bench results (bench/results/*.json,
// written by `npm run bench`): each chart names the file its figures come
// from, and the site publishes those files (docs/bench-results/) so that a
// reader can check every number. Nothing here is measured: a new bench run
// changes the pages only when a file below is changed to name it.
//
// Output: docs/images/charts/<chart>-{light,dark}.svg (drawn by svg-chart.ts),
// docs/snippets/generated/<chart>.mdx (the chart for each colour mode, the
// table below it, and where the figures come from), docs/bench-results/*.json.

import { readFileSync } from 'node:fs';
import type { BenchResult, ScenarioResult, VersusPeer } from '../../bench/report.js';
import type { GeneratedFile } from './generated-file.js';
import { generatedNotice, markdownTable } from './mdx-text.js';
import { type BarChart, barChartSvg, type DotPlot, dotPlotSvg, type Tone } from './svg-chart.js';

const GENERATOR = 'docs/generate/bench-figures.ts';

/** The result files the pages cite, and what each is used for. */
const COLD = '2026-11-24-full-partial-0128.json';
const REBUILDS = '2026-11-24-full-partial-0145.json';
const OPENAPI_FILE = '2026-11-21-quick-partial-2218.json';
const SMALL = '2026-12-04-quick-1142.json';
const HUGO = '2026-12-04-quick-partial-0853.json';
const REPOSITORY = '2026-12-05-quick-partial-2334.json';

/** Issue 3's targets on a 2-core machine at 10,000 pages (ARCHITECTURE.md, bench/README.md). */
const TARGETS: Record<string, string> = {
  'build-cold': 'within 1.15× of `floor-html-2t`',
  'build-noop': '≤ 0.7 s',
  'dev-one-edit': '≤ 0.15 s after start-up',
  'build-nav-edit': '≤ 2 s, no body recompiled',
};

/** Issue 37's targets on mintlify/docs (1,116 page files). */
const REPOSITORY_TARGETS: Record<string, string> = {
  'repo-mintlify-check-cold': '2 s',
  'repo-mintlify-check-warm': '0.3 s',
  'repo-mintlify-build-cold': '5 s',
  'repo-mintlify-dev-first-page': '2 s',
  'repo-mintlify-build-one-edit': '0.3 s',
};

interface Loaded {
  file: string;
  result: BenchResult;
  scenario(name: string): ScenarioResult;
}

export function benchFigures(root: string): GeneratedFile[] {
  const load = (file: string): Loaded => {
    const result = JSON.parse(readFileSync(`${root}/bench/results/${file}`, 'utf8')) as BenchResult;
    return {
      file,
      result,
      scenario(name) {
        const found = result.scenarios.find((s) => s.name === name);
        if (found === undefined) throw new Error(`bench/results/${file} has no scenario \`${name}\``);
        return found;
      },
    };
  };
  const cold = load(COLD);
  const rebuilds = load(REBUILDS);
  const openapiFile = load(OPENAPI_FILE);
  const small = load(SMALL);
  const hugo = load(HUGO);
  const repository = load(REPOSITORY);
  const files: GeneratedFile[] = [];
  const chart = (name: string, svgs: (theme: 'light' | 'dark') => string, alt: string, table: string, sources: Loaded[], note = '') => {
    files.push({ path: `docs/images/charts/${name}-light.svg`, contents: svgs('light') });
    files.push({ path: `docs/images/charts/${name}-dark.svg`, contents: svgs('dark') });
    const images = [
      `<img src="/images/charts/${name}-light.svg" alt=${JSON.stringify(alt)} className="block dark:hidden" />`,
      `<img src="/images/charts/${name}-dark.svg" alt=${JSON.stringify(alt)} className="hidden dark:block" />`,
    ];
    const timed = table.includes(' ‡') ? ['‡ timed from inside: the work alone, after start-up; the other rows are whole processes.', ''] : [];
    const body = [
      generatedNotice(GENERATOR, sources.map((s) => `bench/results/${s.file}`).join(', ')),
      ...images,
      '',
      table,
      '',
      ...timed,
      ...(note ? [note, ''] : []),
      ...sources.map(sourceLine),
    ];
    files.push({ path: `docs/snippets/generated/${name}.mdx`, contents: `${body.join('\n').replace(/\n+$/, '')}\n` });
  };

  // Cold build against the floors.
  const coldRows = [
    { name: 'build-cold', label: 'docsc build', detail: 'the whole site: 11,483 pages, written', tone: 'docsc' as Tone },
    { name: 'floor-mdx-compile-2t', label: '@mdx-js/mdx compile()', detail: 'its 10,000 MDX pages to JS modules', tone: 'floor' as Tone },
    { name: 'floor-html-2t', label: 'MDX parse → HTML', detail: 'the same pages, no layout (the floor)', tone: 'floor' as Tone },
  ];
  const coldChart: BarChart = {
    title: 'Cold build of the bench corpus',
    subtitle: `Wall-clock seconds, median of ${cold.result.runs} runs, 2 threads on a 2-core VM (${cold.file})`,
    unit: 's',
    format: secondsText,
    bars: coldRows.map((row) => ({ label: row.label, detail: row.detail, value: cold.scenario(row.name).median.wallMs / 1000, tone: row.tone })),
  };
  chart(
    'cold-build',
    (theme) => barChartSvg(coldChart, theme, `cold-build-${theme}`),
    `Bar chart: a cold docsc build of ${pages(cold.scenario('build-cold'))} pages took ${secondsText(cold.scenario('build-cold').median.wallMs / 1000)}, the MDX compile of its 10,000 MDX pages ${secondsText(cold.scenario('floor-mdx-compile-2t').median.wallMs / 1000)}, and parsing them to HTML ${secondsText(cold.scenario('floor-html-2t').median.wallMs / 1000)}.`,
    scenarioTable(
      cold,
      coldRows.map((row) => row.name),
      { ratio: true },
    ),
    [cold],
  );

  // Rebuilds: nothing changed, one page, the navigation.
  const rebuildRows = [
    { name: 'dev-one-edit', label: 'one page edited, docsc dev', tone: 'docsc' as Tone },
    { name: 'build-noop', label: 'nothing changed, docsc build', tone: 'docsc' as Tone },
    { name: 'build-nav-edit', label: 'docs.json navigation edited', tone: 'docsc' as Tone },
    { name: 'build-one-edit', label: 'one page edited, docsc build', tone: 'docsc' as Tone },
  ];
  const rebuildChart: BarChart = {
    title: 'Rebuilds after a complete build',
    subtitle: `Seconds, median of ${rebuilds.result.runs} runs, ${pages(rebuilds.scenario('build-noop'))} pages (${rebuilds.file})`,
    unit: 's',
    format: secondsText,
    bars: rebuildRows.map((row) => ({ label: row.label, value: rebuilds.scenario(row.name).median.wallMs / 1000, tone: row.tone })),
  };
  chart(
    'rebuilds',
    (theme) => barChartSvg(rebuildChart, theme, `rebuilds-${theme}`),
    `Bar chart of rebuild times on ${pages(rebuilds.scenario('build-noop'))} pages: ${rebuildRows.map((row) => `${row.label} ${secondsText(rebuilds.scenario(row.name).median.wallMs / 1000)}`).join(', ')}.`,
    scenarioTable(
      rebuilds,
      rebuildRows.map((row) => row.name),
      { targets: TARGETS },
    ),
    [rebuilds],
    '`build-noop` is the whole `docsc build` process; the others are timed from inside (‡), after start-up, as the edit is applied: `dev-one-edit` by a running `docsc dev`, `build-one-edit` and `build-nav-edit` by a fresh `docsc build` that reads the cache.',
  );

  // openapi-file against Mintlify's scraper.
  const openapiRows = [
    { name: 'openapi-file', label: 'docsc openapi-file', tone: 'docsc' as Tone },
    { name: 'peer-mintlify-openapi-file', label: '@mintlify/scraping openapi-file', tone: 'peer' as Tone },
    { name: 'floor-write-spec-pages', label: 'read the spec, write the files', tone: 'floor' as Tone },
  ];
  const openapiChart: BarChart = {
    title: "One page per operation of GitHub's REST spec (1,223)",
    subtitle: `Wall-clock seconds, median of ${openapiFile.result.runs} runs in the same rounds (${openapiFile.file})`,
    unit: 's',
    format: secondsText,
    bars: openapiRows.map((row) => ({ label: row.label, value: openapiFile.scenario(row.name).median.wallMs / 1000, tone: row.tone })),
  };
  chart(
    'openapi-file',
    (theme) => barChartSvg(openapiChart, theme, `openapi-file-${theme}`),
    `Bar chart: docsc openapi-file wrote GitHub's 1,223 operation pages in ${secondsText(openapiFile.scenario('openapi-file').median.wallMs / 1000)}, @mintlify/scraping in ${secondsText(openapiFile.scenario('peer-mintlify-openapi-file').median.wallMs / 1000)}.`,
    scenarioTable(
      openapiFile,
      openapiRows.map((row) => row.name),
      {},
    ),
    [openapiFile],
    '@mintlify/scraping 4.0.1053 (`bench/peers/package.json`), installed on demand by `npm run bench -- --peers`.',
  );

  // docsc against Hugo on the same 1,000 pages: both from the command line, as the bench's `versus` compares them.
  const hugoRows = [
    { peer: 'peer-hugo-build-cold', work: 'Cold build' },
    { peer: 'peer-hugo-one-edit', work: 'One page edited, then a build' },
  ];
  const versusOf = (name: string) => {
    const versus = hugo.scenario(name).versus;
    if (versus === undefined) throw new Error(`bench/results/${hugo.file}: \`${name}\` has no comparison with docsc`);
    return versus;
  };
  const hugoChart: BarChart = {
    title: `docsc and Hugo on the same ${pages(hugo.scenario('peer-hugo-build-cold'))} pages`,
    subtitle: `Wall-clock seconds from the command line, median of ${hugo.result.runs} runs in the same rounds (${hugo.file})`,
    unit: 's',
    format: secondsText,
    bars: hugoRows.flatMap((row) => [
      { label: `docsc: ${row.work.toLowerCase()}`, value: versusOf(row.peer).docscMedian.wallMs / 1000, tone: 'docsc' as Tone },
      { label: `Hugo: ${row.work.toLowerCase()}`, value: hugo.scenario(row.peer).median.wallMs / 1000, tone: 'peer' as Tone },
    ]),
  };
  const hugoVersion = (hugo.scenario('peer-hugo-build-cold').notes?.peerVersion ?? 'hugo').split(' ', 2).join(' ').replace(/^hugo/, 'Hugo');
  chart(
    'against-hugo',
    (theme) => barChartSvg(hugoChart, theme, `against-hugo-${theme}`),
    `Bar chart: ${hugoRows.map((row) => `${row.work.toLowerCase()}, docsc ${secondsText(versusOf(row.peer).docscMedian.wallMs / 1000)} and Hugo ${secondsText(hugo.scenario(row.peer).median.wallMs / 1000)}`).join('; ')}.`,
    versusTable(hugo, hugoRows, 'Hugo'),
    [hugo],
    `${hugoVersion} (Debian's package). docsc / Hugo divides docsc's medians by Hugo's: above 1, docsc took more.`,
  );

  // A real repository: mintlify/docs, every scenario of \`--repo\`.
  const repositoryRows = [
    { name: 'repo-mintlify-check-cold', label: 'check, empty cache' },
    { name: 'repo-mintlify-check-warm', label: 'check, warm cache' },
    { name: 'repo-mintlify-build-cold', label: 'build, cold' },
    { name: 'repo-mintlify-dev-first-page', label: 'dev, first page served' },
    { name: 'repo-mintlify-build-one-edit', label: 'one page edited, then build' },
  ];
  const repo = repository.scenario('repo-mintlify-build-cold').notes?.repository;
  const repoName = `${repo?.repository ?? 'mintlify/docs'} at ${(repo?.commit ?? '').slice(0, 7)}`;
  const repositoryChart: BarChart = {
    title: `docsc on ${repoName} (${pages(repository.scenario('repo-mintlify-build-cold'))} page files)`,
    subtitle: `Wall-clock seconds, ${repository.result.runs === 1 ? 'one run' : `median of ${repository.result.runs} runs`} each (${repository.file})`,
    unit: 's',
    format: secondsText,
    bars: repositoryRows.map((row) => ({ label: row.label, value: repository.scenario(row.name).median.wallMs / 1000, tone: 'docsc' as Tone })),
  };
  chart(
    'real-repository',
    (theme) => barChartSvg(repositoryChart, theme, `real-repository-${theme}`),
    `Bar chart of docsc on ${repoName}: ${repositoryRows.map((row) => `${row.label} ${secondsText(repository.scenario(row.name).median.wallMs / 1000)}`).join(', ')}.`,
    scenarioTable(
      repository,
      repositoryRows.map((row) => row.name),
      { targets: REPOSITORY_TARGETS },
    ),
    [repository],
    "Target: issue 37's. `repo-mintlify-dev-first-page` (‡) is timed by its driver from `docsc dev`'s command line until the first page is served.",
  );

  // Growth with the page count.
  const growthRows = [
    { name: 'build-cold', label: 'cold build', tone: 'docsc' as Tone, large: cold },
    { name: 'floor-html-2t', label: 'floor: MDX parse → HTML', tone: 'floor' as Tone, large: cold },
    { name: 'build-one-edit', label: 'one page edited', tone: 'docsc' as Tone, large: rebuilds },
    { name: 'build-nav-edit', label: 'navigation edited', tone: 'docsc' as Tone, large: rebuilds },
    { name: 'build-noop', label: 'nothing changed', tone: 'docsc' as Tone, large: rebuilds },
  ];
  const growthPlot: DotPlot = {
    title: 'From 1,000 to 10,000 pages',
    subtitle: 'Seconds on a logarithmic axis: the cold build grows with the pages, rebuilds hardly do',
    sizes: ['1,000 pages', '10,000 pages (11,483 with API pages)'],
    format: secondsText,
    rows: growthRows.map((row) => ({
      label: row.label,
      tone: row.tone,
      values: [small.scenario(row.name).median.wallMs / 1000, row.large.scenario(row.name).median.wallMs / 1000],
    })),
  };
  const growthTable = markdownTable(
    ['Scenario', '1,000 pages', '10,000 pages', 'Growth'],
    growthRows.map((row) => {
      const a = small.scenario(row.name);
      const b = row.large.scenario(row.name);
      return [
        `\`${row.name}\``,
        `${secondsText(a.median.wallMs / 1000)} (${pages(a)} pages)`,
        `${secondsText(b.median.wallMs / 1000)} (${pages(b)} pages, \`${row.large.file}\`)`,
        `${(b.median.wallMs / a.median.wallMs).toFixed(1)}×`,
      ];
    }),
  );
  chart(
    'growth',
    (theme) => dotPlotSvg(growthPlot, theme, `growth-${theme}`),
    `Dot plot: from 1,000 to 10,000 pages, ${growthRows.map((row) => `${row.label} ${secondsText(small.scenario(row.name).median.wallMs / 1000)} → ${secondsText(row.large.scenario(row.name).median.wallMs / 1000)}`).join(', ')}.`,
    growthTable,
    [small, cold, rebuilds],
    `The two sizes come from different runs, both on an AMD EPYC VM: the 1,000-page corpus of the quick profile has no API pages and ran on 4 December at commit ${small.result.machine.commit} (\`${SMALL}\`); the 10,000-page corpus of the full profile adds GitHub's and Box's API pages (1,483) and ran on 24 November, with the code of then. Read the growth as an order of magnitude, not a ratio to two decimals.`,
  );

  files.push({ path: 'docs/snippets/generated/headline-figures.mdx', contents: headline(cold, rebuilds, openapiFile) });
  for (const loaded of [cold, rebuilds, openapiFile, small, hugo, repository])
    files.push({ path: `docs/bench-results/${loaded.file}`, contents: readFileSync(`${root}/bench/results/${loaded.file}`) });
  return files;
}

function headline(cold: Loaded, rebuilds: Loaded, openapiFile: Loaded): string {
  const build = cold.scenario('build-cold');
  const html = cold.scenario('floor-html-2t');
  const mdx = cold.scenario('floor-mdx-compile-2t');
  const noop = rebuilds.scenario('build-noop');
  const dev = rebuilds.scenario('dev-one-edit');
  const ours = openapiFile.scenario('openapi-file');
  const peer = openapiFile.scenario('peer-mintlify-openapi-file');
  const link = (loaded: Loaded) => `[\`${loaded.file}\`](/bench-results/${loaded.file})`;
  const rows = [
    [
      `Cold build, ${pages(build)} pages`,
      `**${secondsText(build.median.wallMs / 1000)}**`,
      `${ratio(build, mdx)}× the time of @mdx-js/mdx's \`compile()\` alone on its 10,000 MDX pages (${secondsText(mdx.median.wallMs / 1000)}); ${ratio(build, html)}× a bare parse to HTML (${secondsText(html.median.wallMs / 1000)})`,
      link(cold),
    ],
    [
      'Rebuild after a one-page edit (`docsc dev`)',
      `**${secondsText(dev.median.wallMs / 1000)}**`,
      `a build with nothing changed takes ${secondsText(noop.median.wallMs / 1000)}, the whole process`,
      link(rebuilds),
    ],
    [
      "`openapi-file` on GitHub's REST spec (1,223 operations)",
      `**${secondsText(ours.median.wallMs / 1000)}**`,
      `${(peer.median.wallMs / ours.median.wallMs).toFixed(1)}× faster than @mintlify/scraping (${secondsText(peer.median.wallMs / 1000)}), with ${Math.round(ours.median.maxRssMb)} MB against ${Math.round(peer.median.maxRssMb)} MB`,
      link(openapiFile),
    ],
  ];
  const body = [
    generatedNotice(GENERATOR, [cold, rebuilds, openapiFile].map((s) => `bench/results/${s.file}`).join(', ')),
    markdownTable(['', 'docsc', 'Compared with', 'Bench file'], rows),
  ];
  return `${body.join('\n')}\n`;
}

/** A table of scenarios from one result file: wall, CPU, peak memory, and the ratio to the floor or the target. */
function scenarioTable(loaded: Loaded, names: string[], options: { ratio?: boolean; targets?: Record<string, string> }): string {
  const header = ['Scenario', 'Pages', 'Wall (min–max)', 'CPU', 'Peak RSS'];
  if (options.ratio) header.push('× floor (wall / CPU)');
  if (options.targets) header.push('Target');
  const rows = names.map((name) => {
    const s = loaded.scenario(name);
    const timed = s.basis === 'work' ? ' ‡' : '';
    const row = [
      `\`${name}\`${timed}`,
      pages(s),
      `${secondsText(s.median.wallMs / 1000)} (${secondsText(s.wallMinMs / 1000)}–${secondsText(s.wallMaxMs / 1000)})`,
      secondsText(s.median.cpuMs / 1000),
      `${Math.round(s.median.maxRssMb)} MB`,
    ];
    if (options.ratio) {
      const base = s.ratioToFloor?.base ?? s.ratioBase ?? loaded.result.ratioBase;
      row.push(s.ratioToFloor === undefined ? '' : `${s.ratioToFloor.wall.toFixed(2)} / ${s.ratioToFloor.cpu.toFixed(2)} (\`${base}\`)`);
    }
    if (options.targets) row.push(options.targets[name] ?? '');
    return row;
  });
  return markdownTable(header, rows);
}

/** Peers against docsc, a row per piece of work: each side's medians from the command line, and docsc's divided by the peer's. */
function versusTable(loaded: Loaded, rows: { peer: string; work: string }[], peerName: string): string {
  const side = (wallMs: number, cpuMs: number, rssMb: number) =>
    `${secondsText(wallMs / 1000)} wall, ${secondsText(cpuMs / 1000)} CPU, ${Math.round(rssMb)} MB`;
  return markdownTable(
    ['Work', 'Pages', 'docsc', peerName, `docsc / ${peerName} (wall / CPU)`],
    rows.map((row) => {
      const peer = loaded.scenario(row.peer);
      const versus = peer.versus as VersusPeer;
      const ours = versus.docscMedian;
      return [
        `${row.work} (\`${versus.docsc}\` / \`${row.peer}\`)`,
        pages(peer),
        side(ours.wallMs, ours.cpuMs, ours.maxRssMb),
        side(peer.median.wallMs, peer.median.cpuMs, peer.median.maxRssMb),
        `**${versus.wall.toFixed(2)}×** / ${versus.cpu.toFixed(2)}×`,
      ];
    }),
  );
}

function sourceLine(loaded: Loaded): string {
  const { result, file } = loaded;
  const m = result.machine;
  const date = result.date.replace('T', ' ').slice(0, 16);
  return `From [\`bench/results/${file}\`](/bench-results/${file}): profile \`${result.profile}\`, median of ${result.runs}, ${date} UTC; ${m.cpu}, ${m.cores} cores, Node ${m.node}, commit ${m.commit}; load average ${m.loadAverage} at the start, ${result.loadAverageAtEnd} at the end.\n`;
}

function pages(s: ScenarioResult): string {
  return s.pages === undefined ? '' : s.pages.toLocaleString('en-US');
}

function ratio(a: ScenarioResult, b: ScenarioResult): string {
  return (a.median.wallMs / b.median.wallMs).toFixed(2);
}

/** Seconds as the bench prints them: three decimals under a second, two above. */
function secondsText(seconds: number): string {
  return `${seconds.toFixed(seconds < 1 ? 3 : 2)} s`;
}
