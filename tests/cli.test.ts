// The `docsc` command as users run it: a child process per run, from the
// sources (`node --import tsx cli/main.ts …`) and once from the compiled bin
// (`node dist/cli/main.js`, which `npm test` builds first). Exit statuses,
// every report format, --strict and --quiet, usage errors, --help and
// --version, and paths that open from the folder the command runs in.

import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type Run, runNode } from './support/run-node.js';

const projectRoot = fileURLToPath(new URL('../', import.meta.url));
const tsxLoader = import.meta.resolve('tsx');
const version = (JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as { version: string }).version;

/** Only errors: 6 of them (openapi/not-found ×2, file/outside-root, openapi/url-scheme, openapi/endpoint-not-found, openapi/swagger). */
const ERRORS_FIXTURE = 'tests/fixtures/check/openapi-load-errors';
/** No errors: 3 warnings and 1 info. */
const WARNINGS_FIXTURE = 'tests/fixtures/check/openapi-warnings';

interface RunOptions {
  /** Folder to run in, relative to the project root; default the project root. */
  cwd?: string;
  /** `source` runs cli/main.ts through tsx; `dist` the compiled bin. */
  entry?: 'source' | 'dist';
}

function docsc(args: string[], options: RunOptions = {}): Promise<Run> {
  const entry = options.entry === 'dist' ? [join(projectRoot, 'dist/cli/main.js')] : ['--import', tsxLoader, join(projectRoot, 'cli/main.ts')];
  return runNode([...entry, ...args], resolve(projectRoot, options.cwd ?? '.'));
}

function describe(run: Run): string {
  return `status ${run.status}\n--- stdout\n${run.stdout}\n--- stderr\n${run.stderr}`;
}

interface JsonReport {
  version: number;
  diagnostics: { code: string; severity: string; file: string; line: number; column: number }[];
  summary: { errors: number; warnings: number; infos: number };
}

function parseJsonReport(run: Run): JsonReport {
  try {
    return JSON.parse(run.stdout) as JsonReport;
  } catch {
    assert.unreachable(`stdout is not JSON:\n${describe(run)}`);
    throw new Error('unreachable');
  }
}

/** The files the `= docs:` links of a pretty report point to. */
function docsLinkFiles(stdout: string): string[] {
  return [...stdout.matchAll(/= docs: (file:\S+?)(?:#\S*)?$/gm)].map((m) => fileURLToPath(m[1] as string));
}

/** The `path:line:col` that starts each diagnostic of a pretty report. */
function prettyPlaces(stdout: string): { path: string; line: number; column: number }[] {
  return [...stdout.matchAll(/^(\S+?):(\d+):(\d+) (?:error|warning|info)\[/gm)].map((m) => ({
    path: m[1] as string,
    line: Number(m[2]),
    column: Number(m[3]),
  }));
}

// ---------------------------------------------------------------------------
// Exit statuses

test('exit status 0 on the bundled example', async () => {
  const run = await docsc(['check', 'examples']);
  assert.is(run.status, 0, describe(run));
  assert.match(run.stdout, /^✔ No problems in \d+ pages \(\d+\.\d\d s\)$/m);
  assert.is(run.stderr, '');
});

test('exit status 1 on a fixture with errors, every one listed with a summary', async () => {
  const run = await docsc(['check', ERRORS_FIXTURE]);
  assert.is(run.status, 1, describe(run));
  assert.ok(
    run.stdout.includes(`${ERRORS_FIXTURE}/docs.json:14:12 error[openapi/not-found]: OpenAPI document \`missing.yaml\` not found`),
    run.stdout,
  );
  assert.ok(run.stdout.includes(`${ERRORS_FIXTURE}/swagger.json:2:14 error[openapi/swagger]`), run.stdout);
  assert.is(prettyPlaces(run.stdout).length, 6);
  assert.match(run.stdout, /^✖ 6 errors in 1 page \(/m);
  const docs = docsLinkFiles(run.stdout);
  assert.is(docs.length, 6);
  for (const file of docs) assert.ok(existsSync(file), `the docs link to ${file} does not open`);
});

test('--format json: the diagnostics and the summary; warnings fail only with --strict', async () => {
  const [lenient, strict] = await Promise.all([
    docsc(['check', WARNINGS_FIXTURE, '--format', 'json']),
    docsc(['check', WARNINGS_FIXTURE, '--format', 'json', '--strict']),
  ]);
  assert.is(lenient.status, 0, describe(lenient));
  assert.is(strict.status, 1, describe(strict));
  assert.is(strict.stdout, lenient.stdout, '--strict changes the status, not the report');
  const report = parseJsonReport(lenient);
  assert.is(report.version, 1);
  assert.equal(report.summary, { errors: 0, warnings: 3, infos: 1 });
  assert.equal(
    report.diagnostics.map((d) => `${d.severity} ${d.code} ${d.line}:${d.column}`),
    [
      'info openapi/no-servers 0:0',
      'warning openapi/duplicate-slug 9:16',
      'warning openapi/x-docs-unknown-key 13:9',
      'warning openapi/x-docs-both 14:7',
    ],
  );
  // Paths are given from the folder the command runs in, as in every other format.
  assert.ok(report.diagnostics.every((d) => d.file.startsWith(`${WARNINGS_FIXTURE}/`)));
});

test("build --json: check's report (the same diagnostics, keys and summary) with the build's fields; failed says what the exit status says", async () => {
  const out = mkdtempSync(join(tmpdir(), 'docsc-cli-json-'));
  try {
    const build = (extra: string[]) =>
      docsc(['build', WARNINGS_FIXTURE, '-o', join(out, 'site'), '--cache-dir', join(out, 'cache'), '--json', ...extra]);
    const [checked, lenient] = [await docsc(['check', WARNINGS_FIXTURE, '--format', 'json']), await build([])];
    const strict = await build(['--strict']);
    assert.is(lenient.status, 0, describe(lenient));
    assert.is(strict.status, 1, describe(strict));
    const [first, again] = [JSON.parse(lenient.stdout), JSON.parse(strict.stdout)];
    assert.equal(Object.keys(first), ['version', 'ok', 'failed', 'upToDate', 'server', 'outDir', 'stats', 'diagnostics', 'summary']);
    assert.equal([first.version, first.ok, first.failed, first.upToDate], [1, true, false, false]);
    assert.equal([again.ok, again.failed, again.upToDate], [true, true, true]);
    assert.is(first.outDir, join(out, 'site'));
    assert.is(first.stats.pages, 3); // as check says: `in 3 pages`
    // The build reports what check reports, in the same shape (plus the build's own info on the sitemap).
    const report = parseJsonReport(checked);
    const ofBuild = (first.diagnostics as JsonReport['diagnostics']).filter((d) => d.code !== 'build/sitemap-relative');
    assert.equal(ofBuild, report.diagnostics);
    assert.equal(first.summary, { ...report.summary, infos: report.summary.infos + 1 });
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});

test('--quiet leaves out infos and keeps the rest', async () => {
  const run = await docsc(['check', WARNINGS_FIXTURE, '--format', 'json', '--quiet']);
  assert.is(run.status, 0, describe(run));
  const report = parseJsonReport(run);
  assert.equal(report.summary, { errors: 0, warnings: 3, infos: 0 });
  assert.equal(
    report.diagnostics.map((d) => d.code),
    ['openapi/duplicate-slug', 'openapi/x-docs-unknown-key', 'openapi/x-docs-both'],
  );
});

test('--format github: one workflow command per diagnostic, paths from the current folder', async () => {
  const run = await docsc(['check', ERRORS_FIXTURE, '--format', 'github']);
  assert.is(run.status, 1, describe(run));
  const lines = run.stdout.trimEnd().split('\n');
  assert.is(lines.length, 6, run.stdout);
  for (const line of lines) assert.ok(line.startsWith(`::error file=${ERRORS_FIXTURE}/`), line);
  assert.is(
    lines[0],
    `::error file=${ERRORS_FIXTURE}/docs.json,line=14,col=12,endColumn=24,title=openapi/not-found::OpenAPI document \`missing.yaml\` not found`,
  );
});

test('--format sarif: valid JSON, SARIF 2.1.0, one result per diagnostic', async () => {
  const run = await docsc(['check', ERRORS_FIXTURE, '--format', 'sarif']);
  assert.is(run.status, 1, describe(run));
  const log = JSON.parse(run.stdout) as {
    version: string;
    runs: {
      tool: { driver: { name: string } };
      results: { ruleId: string; locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }[];
    }[];
  };
  assert.is(log.version, '2.1.0');
  const results = log.runs[0]?.results ?? [];
  assert.is(log.runs[0]?.tool.driver.name, 'docsc');
  assert.is(results.length, 6);
  assert.is(results[0]?.ruleId, 'openapi/not-found');
  assert.is(results[0]?.locations[0]?.physicalLocation.artifactLocation.uri, `${ERRORS_FIXTURE}/docs.json`);
});

// ---------------------------------------------------------------------------
// Paths as a terminal opens them

test('paths open from the folder the command runs in', async () => {
  const cases: { cwd: string; dir: string[]; expected: string }[] = [
    { cwd: 'tests/fixtures', dir: [resolve(projectRoot, ERRORS_FIXTURE)], expected: 'check/openapi-load-errors/docs.json:14:12' },
    { cwd: ERRORS_FIXTURE, dir: [], expected: 'docs.json:14:12' },
    { cwd: 'tests/fixtures/check/openapi-frontmatter/pets', dir: ['..'], expected: '../pets/cats.mdx:3:10' },
  ];
  for (const { cwd, dir, expected } of cases) {
    const run = await docsc(['check', ...dir], { cwd });
    assert.is(run.status, 1, describe(run));
    assert.ok(run.stdout.includes(`${expected} error[`), `from ${cwd}: no \`${expected}\` in\n${run.stdout}`);
    const places = prettyPlaces(run.stdout);
    assert.ok(places.length > 0, run.stdout);
    for (const place of places) assert.ok(existsSync(resolve(projectRoot, cwd, place.path)), `from ${cwd}: \`${place.path}\` does not open`);
  }
});

// ---------------------------------------------------------------------------
// Usage

test('usage errors exit 2 with a message on stderr', async () => {
  const [format, twoDirs] = await Promise.all([docsc(['check', '--format', 'xml', 'examples']), docsc(['check', 'examples', ERRORS_FIXTURE])]);
  assert.is(format.status, 2, describe(format));
  assert.is(format.stderr, 'docsc check: unknown format `xml`; use one of pretty, json, github, sarif\n');
  assert.is(format.stdout, '');
  assert.is(twoDirs.status, 2, describe(twoDirs));
  assert.is(twoDirs.stderr, 'docsc check: expected one directory, got 2\n');
  assert.is(twoDirs.stdout, '');
});

test('--site-url and --base-path: an http(s) URL whose path is the base path; a bad path, a query or a disagreement is refused', async () => {
  const runs = await Promise.all(
    [
      ['--site-url', 'docs.example.com'],
      ['--site-url', 'javascript:alert(1)'],
      ['--site-url', 'https://docs.example.com/?x=1'],
      ['--site-url', 'https://user.github.io/my%20repo'],
      ['--base-path', '/a/../b'],
      ['--site-url', 'https://user.github.io/repo/', '--base-path', '/docs'],
    ].map((options) => docsc(['build', 'examples', '-o', '/nonexistent/never-written', ...options])),
  );
  for (const run of runs) assert.is(run.status, 2, describe(run));
  assert.is(runs[0]?.stderr, 'docsc build: --site-url takes an http(s) URL, such as https://docs.example.com or https://owner.github.io/repo\n');
  assert.is(runs[1]?.stderr, runs[0]?.stderr);
  assert.match(runs[2]?.stderr ?? '', "--site-url takes the site's address without a query or fragment, such as https://docs.example.com/");
  assert.match(runs[3]?.stderr ?? '', '--site-url: its path is the base path the site is served under, and a base path is letters, digits');
  assert.match(runs[4]?.stderr ?? '', '--base-path: a base path is folder names separated by `/`');
  assert.match(runs[5]?.stderr ?? '', 'is served under `/repo` and --base-path says `/docs`');
  for (const run of runs) assert.not.ok(existsSync('/nonexistent/never-written'), describe(run));
});

test('check --base-path: images and HTML links written with it are read without it, through the cache too; a bad path is refused', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'docsc-cli-check-base-'));
  const fixture = 'tests/fixtures/check/links-under-base-path';
  const codes = (run: { stdout: string }) => (JSON.parse(run.stdout) as { diagnostics: { code: string }[] }).diagnostics.map((d) => d.code);
  try {
    const cache = ['--cache-dir', join(dir, 'cache')];
    const without = await docsc(['check', fixture, '--format', 'json', ...cache]);
    const based = await docsc(['check', fixture, '--format', 'json', '--base-path', 'docs/', ...cache]);
    const again = await docsc(['check', fixture, '--format', 'json', ...cache]);
    const bad = await docsc(['check', fixture, '--base-path', '/a/../b']);
    assert.equal(codes(without), Array(4).fill('link/broken-image').concat('link/broken', 'link/broken'), describe(without));
    assert.equal(codes(based), ['link/broken-image', 'link/broken'], describe(based));
    // The check record of the run with a base path is not replayed without one.
    assert.equal(codes(again), codes(without), describe(again));
    assert.is(bad.status, 2, describe(bad));
    assert.match(bad.stderr, 'docsc check: --base-path: a base path is folder names separated by `/`');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('--site-url with a path: the site is built for that base path (links, assets, canonical links and sitemap)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'docsc-cli-base-'));
  try {
    const run = await docsc(['build', 'examples', '-o', join(dir, 'out'), '--no-cache', '--site-url', 'https://user.github.io/repo/']);
    assert.is(run.status, 0, describe(run));
    const quickstart = readFileSync(join(dir, 'out/quickstart/index.html'), 'utf8');
    assert.match(quickstart, '<link rel="canonical" href="https://user.github.io/repo/quickstart">');
    assert.match(quickstart, '<link rel="stylesheet" href="/repo/_docsc/site.css">');
    assert.match(readFileSync(join(dir, 'out/sitemap.xml'), 'utf8'), '<loc>https://user.github.io/repo/quickstart</loc>');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('check --cache-dir at the docs folder: exit 2 with the reason, nothing written there', async () => {
  const run = await docsc(['check', WARNINGS_FIXTURE, '--cache-dir', WARNINGS_FIXTURE]);
  assert.is(run.status, 2, describe(run));
  assert.match(run.stderr, /^docsc check: Refusing to use .* as the cache folder: it is or contains the docs folder/);
  assert.is(run.stdout, '');
  assert.not.ok(existsSync(join(projectRoot, WARNINGS_FIXTURE, 'data.mdb')));
});

test('a docs root that is not a folder: exit 2 with a message, no stack trace', async () => {
  const [missing, file, timeout] = await Promise.all([
    docsc(['check', 'no/such/folder']),
    docsc(['check', 'package.json']),
    docsc(['check', 'examples', '--fetch-timeout', '0']),
  ]);
  assert.is(missing.status, 2, describe(missing));
  assert.is(missing.stderr, 'docsc check: `no/such/folder` is not a folder; give the docs root (the folder holding docs.json)\n');
  assert.is(file.status, 2, describe(file));
  assert.ok(file.stderr.startsWith('docsc check: `package.json` is not a folder'), file.stderr);
  assert.is(timeout.status, 2, describe(timeout));
  assert.is(timeout.stderr, 'docsc check: --fetch-timeout takes a number of seconds greater than 0\n');
});

test('--help and --version', async () => {
  const [help, ver, checkHelp] = await Promise.all([docsc(['--help']), docsc(['--version']), docsc(['check', '--help'])]);
  assert.is(help.status, 0, describe(help));
  assert.is(checkHelp.status, 0, describe(checkHelp));
  assert.is(checkHelp.stdout, help.stdout);
  assert.match(help.stdout, /^Usage:$/m);
  assert.match(help.stdout, 'docsc check [dir] [options]');
  assert.match(help.stdout, '--format <pretty|json|github|sarif>');
  assert.is(ver.status, 0, describe(ver));
  assert.is(ver.stdout, `${version}\n`);
});

test('no arguments: the usage on stderr, exit 2', async () => {
  const run = await docsc([]);
  assert.is(run.status, 2, describe(run));
  assert.match(run.stderr, 'docsc check [dir] [options]');
  assert.is(run.stdout, '');
});

test('an unknown command: exit 2, named on stderr', async () => {
  const run = await docsc(['frobnicate']);
  assert.is(run.status, 2, describe(run));
  assert.ok(run.stderr.startsWith('docsc: unknown command `frobnicate`\n'), run.stderr);
  assert.is(run.stdout, '');
});

// ---------------------------------------------------------------------------
// The compiled bin

test('the compiled bin runs the same command', async () => {
  const [clean, failing] = await Promise.all([docsc(['check', 'examples'], { entry: 'dist' }), docsc(['check', ERRORS_FIXTURE], { entry: 'dist' })]);
  assert.is(clean.status, 0, describe(clean));
  assert.match(clean.stdout, /^✔ No problems in \d+ pages/m);
  assert.is(failing.status, 1, describe(failing));
  assert.match(failing.stdout, /^✖ 6 errors in 1 page \(/m);
  assert.ok(failing.stdout.includes(`${ERRORS_FIXTURE}/docs.json:14:12 error[openapi/not-found]`), failing.stdout);
  // The installed copy of spec/diagnostics.md, found from dist/ as from the sources.
  const docs = docsLinkFiles(failing.stdout);
  assert.is(docs.length, 6);
  for (const file of docs) assert.ok(existsSync(file), `the docs link to ${file} does not open`);
});

test.run();
