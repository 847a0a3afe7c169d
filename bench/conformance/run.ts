// `npm run conformance -- <folder of docs repositories>`: docsc on real Mintlify repositories, as a new user would
// run it, beside Mintlify's own tools (issue 35). For each docs root under the folder (a subfolder holding
// docs.json, or mint.json without one), it runs `docsc check` and `docsc build` as processes and records their exit status, time, errors and
// warnings by code, and the pages written; then
// - navigation: every page entry of docs.json whose file exists must have been written;
// - URL parity: the generated API page URLs Mintlify's prebuild produces offline (mintlify-api-urls.mjs, with
//   @mintlify/prebuild pinned in peer/ and installed on demand) against the pages docsc wrote;
// - `mint broken-links` (the `mint` package, pinned in mint/, installed alone on demand) for comparison;
// - every error docsc still reports, matched against reviewed-errors.json: the errors looked at by hand and found
//   to be true problems of that repository. An error no entry explains is listed as unreviewed.
// Results go to bench/results/<date>-conformance.{json,md}. Not part of CI: the repositories are not in this one.
//
//   npm run conformance -- /tmp/repos [--only 'mintlify|upstash'] [--no-mint] [--no-parity]

import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { configPages } from './config-pages.js';
import { ensurePackage } from './install-peer.js';
import { type ReviewedError, reviewErrors } from './review-errors.js';

const HERE = import.meta.dirname;
const ROOT = resolve(HERE, '..', '..');
const CLI = join(ROOT, 'dist', 'cli', 'main.js');

interface Diag {
  code: string;
  severity: 'error' | 'warning' | 'info';
  message: string;
  file: string;
  line: number;
  column: number;
}

interface Run {
  status: number | null;
  seconds: number;
  stdout: string;
  stderr: string;
}

export interface RepositoryResult {
  name: string;
  /** `basePath`: the path the site is served under (Mintlify's subpath hosting), given to check and build. */
  source?: { repository: string; commit: string; path: string; basePath?: string };
  check: { status: number | null; seconds: number; errors: Record<string, number>; warnings: Record<string, number> };
  build: {
    status: number | null;
    seconds: number;
    crashed: boolean;
    crash?: string;
    pagesWritten: number;
    errors: Record<string, number>;
    warnings: Record<string, number>;
  };
  navigation: { entries: number; withFile: number; written: number; notWritten: string[] };
  parity?: { mintlifyApiPages: number; sameUrl: number; missing: string[]; error?: string };
  mintBrokenLinks?: { status: number | null; seconds: number; broken: number | null; error?: string };
  remainingErrors: ReviewedError[];
}

/** Minutes a tool may run on one repository: `mint broken-links` did not finish in 20 on crewai's 25,000 files. */
const TIMEOUT_MINUTES = 20;

function run(command: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Run {
  const started = process.hrtime.bigint();
  // coreutils' timeout signals the whole process group, so a tool's own children do not outlive it (spawnSync's
  // `timeout` kills only the direct child); exit status 124 means the time ran out.
  const result = spawnSync('timeout', ['-k', '10s', `${TIMEOUT_MINUTES}m`, command, ...args], {
    cwd: options.cwd,
    env: options.env ?? process.env,
    encoding: 'utf8',
    maxBuffer: 512 * 1024 * 1024,
  });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const timedOut = result.status === 124 ? `did not finish in ${TIMEOUT_MINUTES} min` : '';
  return {
    status: result.status,
    seconds,
    stdout: result.stdout ?? '',
    stderr: (result.stderr ?? '') + (result.error ? String(result.error) : '') + timedOut,
  };
}

function countBy(diags: readonly Diag[], severity: Diag['severity']): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const d of diags) if (d.severity === severity) counts[d.code] = (counts[d.code] ?? 0) + 1;
  return Object.fromEntries(Object.entries(counts).sort((a, b) => b[1] - a[1]));
}

function parseReport(stdout: string): Diag[] | undefined {
  try {
    return (JSON.parse(stdout) as { diagnostics: Diag[] }).diagnostics;
  } catch {
    return undefined;
  }
}

/** The URLs of the pages a build wrote (not its redirect pages), from its output manifest. */
function writtenPages(outDir: string): Set<string> {
  const manifest = JSON.parse(readFileSync(join(outDir, '.docsc-output.json'), 'utf8')) as { files: Record<string, string> };
  const urls = new Set<string>();
  for (const path of Object.keys(manifest.files)) {
    if (!path.endsWith('index.html') || path.startsWith('_docsc/')) continue;
    const html = readFileSync(join(outDir, path), 'utf8');
    if (html.includes('<meta http-equiv="refresh"')) continue;
    urls.add(`/${path.slice(0, -'index.html'.length).replace(/\/$/, '')}`);
  }
  return urls;
}

function normalizeUrl(path: string): string {
  const trimmed = path.replace(/^\/+|\/+$/g, '').replace(/(^|\/)index$/, '');
  return `/${trimmed}`;
}

function conformance(dir: string, name: string, options: Options): RepositoryResult {
  const sources = JSON.parse(readFileSync(join(HERE, 'repositories.json'), 'utf8')) as Record<string, RepositoryResult['source']>;
  const work = mkdtempSync(join(tmpdir(), 'docsc-conformance-'));
  try {
    const basePath = sources[name]?.basePath ?? '';
    progress(`${name}: check`);
    const checked = run('node', [CLI, 'check', '.', '--format', 'json', '--no-cache', ...(basePath ? ['--base-path', basePath] : [])], { cwd: dir });
    const checkDiags = parseReport(checked.stdout) ?? [];

    progress(`${name}: build`);
    const out = join(work, 'out');
    const built = run('node', [CLI, 'build', '.', '-o', out, '--no-cache', '--json', '--site-url', `https://docs.example.com${basePath}`], {
      cwd: dir,
    });
    const buildDiags = parseReport(built.stdout);
    const crashed = buildDiags === undefined || (built.status !== 0 && built.status !== 1) || /internal error/i.test(built.stderr);
    const pages = existsSync(join(out, '.docsc-output.json')) ? writtenPages(out) : new Set<string>();

    const entries = configPages(dir);
    // A page whose frontmatter has `url` is a link in the navigation, not a page of the site (as in Mintlify).
    const withFile = entries.filter((entry) => {
      const file = ['.mdx', '.md'].map((ext) => join(dir, entry + ext)).find((path) => existsSync(path));
      return file !== undefined && !/^---\r?\n(?:[^\n]*\n)*?url:/.test(readFileSync(file, 'utf8').slice(0, 4096));
    });
    const notWritten = withFile.filter((entry) => !pages.has(normalizeUrl(entry)));

    const result: RepositoryResult = {
      name,
      source: sources[name],
      check: {
        status: checked.status,
        seconds: round(checked.seconds),
        errors: countBy(checkDiags, 'error'),
        warnings: countBy(checkDiags, 'warning'),
      },
      build: {
        status: built.status,
        seconds: round(built.seconds),
        crashed,
        crash: crashed ? built.stderr.slice(-2000) : undefined,
        pagesWritten: pages.size,
        errors: countBy(buildDiags ?? [], 'error'),
        warnings: countBy(buildDiags ?? [], 'warning'),
      },
      navigation: {
        entries: entries.length,
        withFile: withFile.length,
        written: withFile.length - notWritten.length,
        notWritten: notWritten.slice(0, 20),
      },
      remainingErrors: reviewErrors(
        name,
        [...checkDiags, ...(buildDiags ?? [])].filter((d) => d.severity === 'error'),
      ),
    };

    if (options.parity) {
      progress(`${name}: Mintlify's generated API page URLs`);
      const prebuild = ensurePackage(join(HERE, 'peer'), join('@mintlify', 'prebuild', 'package.json'), ['--ignore-scripts']);
      const listed = run('node', [join(HERE, 'mintlify-api-urls.mjs'), dir], { env: { ...process.env, MINTLIFY_PREBUILD: prebuild } });
      try {
        const mintlify = [...new Set((JSON.parse(listed.stdout) as string[]).map(normalizeUrl))].sort();
        const missing = mintlify.filter((url) => !pages.has(url));
        result.parity = { mintlifyApiPages: mintlify.length, sameUrl: mintlify.length - missing.length, missing: missing.slice(0, 20) };
      } catch {
        result.parity = { mintlifyApiPages: 0, sameUrl: 0, missing: [], error: (listed.stderr || listed.stdout).slice(-1000) };
      }
    }

    if (options.mint) {
      progress(`${name}: mint broken-links`);
      const mint = ensurePackage(join(HERE, 'mint'), join('mint', 'package.json'), []);
      // On a copy: the mint CLI converts a mint.json into a docs.json beside it, which later runs would read instead.
      const copy = join(work, 'mint-copy');
      cpSync(dir, copy, { recursive: true });
      const linked = run(join(mint, '..', '.bin', 'mint'), ['broken-links'], { cwd: copy, env: { ...process.env, CI: 'true' } });
      const text = linked.stdout + linked.stderr;
      const found = /found (\d+) broken links?/i.exec(text);
      result.mintBrokenLinks = {
        status: linked.status,
        seconds: round(linked.seconds),
        broken: found ? Number(found[1]) : /no broken links/i.test(text) ? 0 : null,
        error: found || /no broken links/i.test(text) ? undefined : text.slice(-500),
      };
    }
    return result;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

interface Options {
  folder: string;
  only?: RegExp;
  mint: boolean;
  parity: boolean;
}

function parseArgs(argv: string[]): Options {
  const options: Options = { folder: '', mint: true, parity: true };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--only') options.only = new RegExp(argv[++i] ?? '');
    else if (arg === '--no-mint') options.mint = false;
    else if (arg === '--no-parity') options.parity = false;
    else if (arg === '--help' || arg === '-h') {
      console.log('npm run conformance -- <folder of docs repositories> [--only REGEX] [--no-mint] [--no-parity]');
      process.exit(0);
    } else if (arg !== undefined) options.folder = arg;
  }
  if (!options.folder) {
    console.error('conformance: name a folder whose subfolders are docs repositories (each with docs.json)');
    process.exit(2);
  }
  return options;
}

function progress(line: string): void {
  process.stderr.write(`conformance: ${line}\n`);
}

function round(seconds: number): number {
  return Math.round(seconds * 100) / 100;
}

function markdown(results: readonly RepositoryResult[], stamp: string): string {
  const total = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);
  const lines = [
    `# Conformance run ${stamp}`,
    '',
    `docsc ${gitDescribe()} on real Mintlify repositories (\`npm run conformance\`); machine: ${machine()}.`,
    '',
    '| repository | commit | check (s) | errors | warnings | build (s) | crash | pages written | nav pages written | Mintlify API URLs at the same URL | `mint broken-links` | errors not reviewed |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const r of results) {
    const parity = r.parity ? (r.parity.error ? 'error' : `${r.parity.sameUrl} / ${r.parity.mintlifyApiPages}`) : '—';
    const mint = r.mintBrokenLinks
      ? (r.mintBrokenLinks.broken ?? (r.mintBrokenLinks.status === 124 ? `not done in ${TIMEOUT_MINUTES} min` : 'failed'))
      : '—';
    const unreviewed = r.remainingErrors.filter((e) => e.reason === undefined).length;
    lines.push(
      `| ${r.name} | ${r.source?.commit.slice(0, 10) ?? '?'} | ${r.check.seconds} | ${total(r.check.errors)} | ${total(r.check.warnings)} | ${r.build.seconds} | ${r.build.crashed ? '**yes**' : 'no'} | ${r.build.pagesWritten} | ${r.navigation.written} / ${r.navigation.withFile} | ${parity} | ${mint} | ${unreviewed} |`,
    );
  }
  for (const r of results) {
    lines.push('', `## ${r.name}`, '');
    if (r.source) lines.push(`${r.source.repository} at ${r.source.commit}${r.source.path ? `, folder \`${r.source.path}\`` : ''}.`, '');
    lines.push(`- check errors: ${JSON.stringify(r.check.errors)}; warnings: ${JSON.stringify(r.check.warnings)}`);
    lines.push(`- build errors: ${JSON.stringify(r.build.errors)}; warnings: ${JSON.stringify(r.build.warnings)}`);
    if (r.build.crashed) lines.push(`- **build crashed**: \`${(r.build.crash ?? '').split('\n').slice(-3).join(' ')}\``);
    if (r.navigation.notWritten.length > 0) lines.push(`- navigation pages not written: ${r.navigation.notWritten.join(', ')}`);
    if (r.parity?.missing.length) lines.push(`- Mintlify API URLs not built: ${r.parity.missing.join(', ')}`);
    if (r.parity?.error) lines.push(`- URL parity failed: \`${r.parity.error.split('\n').slice(-2).join(' ')}\``);
    const byReason = new Map<string, number>();
    for (const e of r.remainingErrors) {
      const key = e.reason ?? `UNREVIEWED ${e.code} ${e.file}:${e.line} ${e.message}`;
      byReason.set(key, (byReason.get(key) ?? 0) + 1);
    }
    if (byReason.size > 0) lines.push('- remaining errors:');
    for (const [reason, count] of byReason) lines.push(`  - ${count} × ${reason}`);
  }
  return `${lines.join('\n')}\n`;
}

function gitDescribe(): string {
  const head = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).stdout.trim();
  const dirty = spawnSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: ROOT, encoding: 'utf8' }).stdout.trim();
  return `${head}${dirty ? '+dirty' : ''}`;
}

function machine(): string {
  const cpu = /model name\s*:\s*(.*)/.exec(existsSync('/proc/cpuinfo') ? readFileSync('/proc/cpuinfo', 'utf8') : '')?.[1] ?? 'unknown CPU';
  return `${cpu}, ${readdirSync('/sys/devices/system/cpu').filter((n) => /^cpu\d+$/.test(n)).length} CPUs, Node ${process.version}`;
}

const options = parseArgs(process.argv.slice(2));
if (!existsSync(CLI)) throw new Error('dist/ is missing: run `npm run build:ts` first');
const folder = resolve(options.folder);
const names = readdirSync(folder)
  .filter((name) => existsSync(join(folder, name, 'docs.json')) || existsSync(join(folder, name, 'mint.json')))
  .filter((name) => options.only?.test(name) ?? true)
  .sort();
const results = names.map((name) => conformance(join(folder, name), name, options));
const stamp = new Date()
  .toISOString()
  .slice(0, 16)
  .replace(/[-:T]/g, (c) => (c === 'T' ? '-' : c === ':' ? '' : '-'));
const resultsDir = join(ROOT, 'bench', 'results');
mkdirSync(resultsDir, { recursive: true });
const base = join(resultsDir, `${stamp}-conformance${options.only ? '-partial' : ''}`);
writeFileSync(`${base}.json`, `${JSON.stringify({ commit: gitDescribe(), machine: machine(), results }, null, 2)}\n`);
// Laid out as Biome lays out the committed JSON (short arrays on one line), so `npm run lint` passes on a new result.
spawnSync(join(ROOT, 'node_modules', '.bin', 'biome'), ['format', '--write', `${base}.json`], { cwd: ROOT });
const report = markdown(results, stamp);
writeFileSync(`${base}.md`, report);
process.stdout.write(report);
progress(`results in ${base}.json and .md`);
