// The tools docsc is compared with side by side (`npm run bench -- --peers`):
// - Mintlify's `@mintlify/scraping openapi-file` against `docsc openapi-file`
//   on GitHub's REST spec, installed on demand with npm into
//   bench/peers/node_modules (git-ignored; version pinned in
//   bench/peers/package.json), never by `npm ci`, never in CI. Its run is
//   measured as docsc's is (wall, CPU, peak RSS, files) and its output
//   compared file for file with docsc's from the same round: names only in one
//   of them, and the frontmatter of the pages both wrote.
// - Hugo on the bench corpus written as a Hugo site (hugo/): a cold build
//   beside `build-cold`, and a rebuild after one page edited beside
//   `build-one-edit`; installed on demand with apt-get (Debian's package).
//   Timed by drivers/timed-command.mjs under GNU time: Hugo's own process.
// Each peer is installed in its scenario's setup, so `--only` picks which.
// `versus` names the docsc scenario doing the same work: the report gives the
// ratio docsc / peer (report.ts).

import { spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { editedPage, resetWork } from './build-steps.js';
import { countOperations, githubSpecPath } from './corpus/generate.js';
import { ensureHugo, ensureHugoSite, hugoBuild } from './hugo/hugo-site.js';
import { measure } from './measure.js';
import type { RunNotes, Scenario, ScenarioPaths, Size } from './scenarios.js';

const PEERS = join(import.meta.dirname, 'peers');
const MINTLIFY_CLI = join(PEERS, 'node_modules', '@mintlify', 'scraping', 'bin', 'cli.js');

/** The peer scenarios; each installs its tool in its setup (throwing with the installer's output when it cannot). */
export function peerScenarios(): Scenario[] {
  const spec = githubSpecPath();
  const pages = countOperations(readFileSync(spec, 'utf8'));
  return [
    {
      name: 'peer-mintlify-openapi-file',
      kind: 'peer',
      description: `\`@mintlify/scraping openapi-file\` (${pinnedVersion()}) on GitHub's REST spec into an empty folder, for comparison with openapi-file`,
      setup: async () => ensureInstalled(),
      prepare: ({ work }) => resetWork(work),
      // Paths relative to the working directory (the repository root): given an absolute input path, this version
      // reads `<cwd>/<path>`, fails, and exits 0 having written nothing.
      args: ({ work, cwd }) => [MINTLIFY_CLI, 'openapi-file', relative(cwd, spec), '-o', relative(cwd, join(work, 'out'))],
      verify: ({ work }) => {
        if (listFiles(join(work, 'out')).length === 0) throw new Error('@mintlify/scraping wrote no files (it exits 0 on errors)');
      },
      notes: ({ work }) => ({ ...compareOutputs(join(dirname(work), 'openapi-file', 'out'), join(work, 'out')) }),
      pages: () => pages,
      ratioBase: 'floor-write-spec-pages',
      versus: 'openapi-file',
    },
    ...hugoScenarios(),
  ];
}

/** The basic corpus, as `build-cold` builds it in the quick profile: the Hugo site is written from it. */
const basicCorpus = ({ pages, seed }: Size) => ({ variant: 'basic' as const, openapi: false, pages, seed });
/** The Hugo site of each corpus, written in setup (hugo/hugo-site.ts). */
const hugoSites = new Map<string, { dir: string; pages: number }>();
let hugoVersion = '';

function hugoSetup(paths: ScenarioPaths): void {
  hugoVersion = ensureHugo();
  if (!hugoSites.has(paths.corpus)) hugoSites.set(paths.corpus, ensureHugoSite(paths.corpus));
}

function hugoSite(corpus: string): string {
  const site = hugoSites.get(corpus);
  if (site === undefined) throw new Error(`no Hugo site of ${corpus}: its setup did not run`);
  return site.dir;
}

/** Hugo's own output of one page (pretty URLs: `<page>/index.html`; the home page at the root). */
function hugoPage(out: string, page: string): string {
  const path = page.replace(/\.mdx$/, '');
  return path === 'index' ? join(out, 'index.html') : join(out, path, 'index.html');
}

/** The content file of a corpus page in the Hugo site. */
function hugoContent(site: string, page: string): string {
  const path = page.replace(/\.mdx$/, '');
  return join(site, 'content', path === 'index' ? '_index.md' : `${path}.md`);
}

/** Hugo wrote every page: one HTML file per page of the corpus (its redirects, sections and 404 beside them). */
function verifyHugoBuild(out: string, pages: number): void {
  const html = listFiles(out).filter((f) => f.endsWith('.html') && !f.startsWith('old/')).length;
  if (html < pages) throw new Error(`Hugo wrote ${html} HTML files for ${pages} pages`);
}

const hugoNotes = (out: string): RunNotes => ({ filesWritten: listFiles(out).length, peerVersion: hugoVersion });

function hugoScenarios(): Scenario[] {
  const editWork = (work: string) => ({ site: join(work, 'site'), out: join(work, 'public'), cache: join(work, 'hugo-cache') });
  return [
    {
      name: 'peer-hugo-build-cold',
      kind: 'peer',
      description:
        "Hugo (Debian's package) building the bench corpus written as a Hugo site (bench/hugo/: the same pages as Markdown, components as shortcodes, a sidebar per tab, table of contents, prev/next, redirects as aliases, a JSON search index) into an empty folder, no cache: beside build-cold on the same pages",
      corpus: basicCorpus,
      setup: async (paths) => hugoSetup(paths),
      prepare: ({ work }) => resetWork(work),
      args: ({ corpus, work }) => hugoBuild(hugoSite(corpus), join(work, 'public'), join(work, 'hugo-cache')),
      verify: (run) => verifyHugoBuild(join(run.work, 'public'), run.pages ?? 0),
      notes: ({ work }) => hugoNotes(join(work, 'public')),
      ratioBase: 'floor-html-2t',
      versus: 'build-cold',
    },
    {
      name: 'peer-hugo-one-edit',
      kind: 'peer',
      description:
        "Hugo again after one page's body changed (new text at every run; the page build-one-edit edits), its output folder from a complete build: Hugo has no incremental build outside its server, so it renders every page again",
      corpus: basicCorpus,
      setup: async (paths) => {
        hugoSetup(paths);
        resetWork(paths.work);
        const folders = editWork(paths.work);
        cpSync(hugoSite(paths.corpus), folders.site, { recursive: true });
        await measure({ args: hugoBuild(folders.site, folders.out, folders.cache), cwd: paths.cwd });
      },
      prepare: ({ corpus, work, run }) => {
        appendFileSync(hugoContent(editWork(work).site, editedPage(corpus)), `\n\nThis paragraph was added for bench run ${run}.\n`);
      },
      args: ({ work }) => {
        const folders = editWork(work);
        return hugoBuild(folders.site, folders.out, folders.cache);
      },
      verify: ({ corpus, work, run }) => {
        const html = readFileSync(hugoPage(editWork(work).out, editedPage(corpus)), 'utf8');
        if (!html.includes(`added for bench run ${run}.`)) throw new Error(`Hugo's page of ${editedPage(corpus)} does not have run ${run}'s edit`);
      },
      notes: ({ work }) => hugoNotes(editWork(work).out),
      ratioBase: 'floor-html-2t',
      versus: 'build-one-edit',
    },
  ];
}

function ensureInstalled(): void {
  if (existsSync(MINTLIFY_CLI)) return;
  process.stderr.write('bench: installing the peers into bench/peers/node_modules (npm install)\n');
  const install = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts'], { cwd: PEERS, encoding: 'utf8' });
  if (install.status !== 0 || !existsSync(MINTLIFY_CLI)) {
    throw new Error(`--peers: npm install in bench/peers failed:\n${(install.stderr || install.stdout).slice(-2000)}`);
  }
}

/** The version bench/peers/package.json pins. */
function pinnedVersion(): string {
  const manifest = JSON.parse(readFileSync(join(PEERS, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  return manifest.dependencies['@mintlify/scraping'] ?? 'unknown';
}

/** Output of the two generators, file for file: counts, names in one only (first few), and pages whose frontmatter differs. */
export interface OutputComparison {
  filesWritten: number;
  docscFiles: number;
  same: number;
  onlyDocsc: string[];
  onlyPeer: string[];
  onlyDocscCount: number;
  onlyPeerCount: number;
  /** Pages both wrote whose frontmatter lines differ (first few, with both texts). */
  frontmatterDiffers: { path: string; docsc: string; peer: string }[];
  frontmatterDiffersCount: number;
}

export function compareOutputs(docscOut: string, peerOut: string): RunNotes & { comparison?: OutputComparison } {
  const peer = listFiles(peerOut);
  if (!existsSync(docscOut)) return { filesWritten: peer.length };
  const docsc = listFiles(docscOut);
  const docscSet = new Set(docsc);
  const peerSet = new Set(peer);
  const both = docsc.filter((f) => peerSet.has(f));
  const differs = both.flatMap((path) => {
    const a = frontmatter(join(docscOut, path));
    const b = frontmatter(join(peerOut, path));
    return normalize(a) === normalize(b) ? [] : [{ path, docsc: a, peer: b }];
  });
  const onlyDocsc = docsc.filter((f) => !peerSet.has(f));
  const onlyPeer = peer.filter((f) => !docscSet.has(f));
  return {
    filesWritten: peer.length,
    comparison: {
      filesWritten: peer.length,
      docscFiles: docsc.length,
      same: both.length,
      onlyDocsc: onlyDocsc.slice(0, 10),
      onlyPeer: onlyPeer.slice(0, 10),
      onlyDocscCount: onlyDocsc.length,
      onlyPeerCount: onlyPeer.length,
      frontmatterDiffers: differs.slice(0, 10),
      frontmatterDiffersCount: differs.length,
    },
  };
}

function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
}

function frontmatter(file: string): string {
  const text = readFileSync(file, 'utf8');
  const match = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text);
  return match?.[1] ?? '';
}

/** Frontmatter compared by its lines, sorted, quotes around a whole value dropped: the order and quoting style of keys are not a difference. */
function normalize(text: string): string {
  return text
    .split(/\r?\n/)
    .map((line) => line.replace(/^(\w+):\s*(['"])(.*)\2$/, '$1: $3').trim())
    .filter((line) => line !== '')
    .sort()
    .join('\n');
}
