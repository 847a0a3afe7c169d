// docsc's own documentation (docs/) is a docsc site, and stays one: its
// generated pages are those the generators write now (docs/generate), it
// checks with no error and no warning under --strict and builds the same way,
// every diagnostic code has its anchor where reports link to, every option of
// every command is on its command's page, the report format its OpenAPI
// document describes is what `--format json` and `build --json` print, and
// the README stays short and cites bench files that exist.

import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import AjvModule from 'ajv';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parse as parseYaml } from 'yaml';
import { CACHE_SIZE_OPTIONS, REMOTE_CACHE_OPTIONS } from '../cli/cache-options.js';
import { REPORT_OPTIONS } from '../cli/read-command.js';
import { catalogue } from '../compiler/diagnostics/catalogue.js';
import { docsAnchor, docsLink, docsPage } from '../compiler/report/docs-anchor.js';
import { staleFiles } from '../docs/generate/generate-docs.js';
import { type Run, runNode } from './support/run-node.js';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const CLI = join(ROOT, 'dist/cli/main.js');
const temp = mkdtempSync(join(tmpdir(), 'docsc-docs-site-'));
const out = join(temp, 'site');

interface Report {
  version: number;
  ok?: boolean;
  failed?: boolean;
  diagnostics: { code: string; severity: string; message: string; file: string; line: number; notes: unknown[]; hint?: string }[];
  summary: { errors: number; warnings: number; infos: number };
}

function docsc(args: string[]): Promise<Run> {
  return runNode([CLI, ...args], ROOT);
}

function describe(run: Run): string {
  return `status ${run.status}\n--- stdout\n${run.stdout.slice(0, 4000)}\n--- stderr\n${run.stderr.slice(0, 4000)}`;
}

function problems(report: Report): string {
  return report.diagnostics
    .filter((d) => d.severity !== 'info')
    .map((d) => `${d.file}:${d.line} ${d.severity} ${d.code} ${d.message}`)
    .join('\n');
}

let built: Report;

test.before(async () => {
  const run = await docsc(['build', 'docs', '-o', out, '--no-cache', '--strict', '--json']);
  built = JSON.parse(run.stdout) as Report;
  assert.is(run.status, 0, describe(run));
});

test.after(() => {
  rmSync(temp, { recursive: true, force: true });
});

test('the generated pages are what the generators write from spec/, the catalogue, bench/results and SECURITY.md', () => {
  assert.equal(staleFiles(), [], 'run `npm run docs:generate`');
});

test('docsc check docs --strict: no error, no warning', async () => {
  const run = await docsc(['check', 'docs', '--strict', '--no-cache', '--format', 'json']);
  const report = JSON.parse(run.stdout) as Report;
  assert.is(run.status, 0, describe(run));
  assert.is(report.summary.errors + report.summary.warnings, 0, problems(report));
  const unreachable = report.diagnostics.filter((d) => d.code === 'nav/unreachable-page').map((d) => d.file);
  assert.equal(unreachable, [], 'every page is in the navigation');
});

test('docsc build docs --strict: no error, no warning, every page built', () => {
  assert.ok(built.ok && !built.failed, JSON.stringify(built.summary));
  assert.is(built.summary.errors + built.summary.warnings, 0, problems(built));
  for (const page of ['index.html', 'quickstart/index.html', 'performance/index.html', 'commands/build/index.html', 'diagnostics/index.html'])
    assert.ok(readFileSync(join(out, page), 'utf8').startsWith('<!doctype html>'), page);
});

test("every diagnostic code has its section where reports link to: the docs site's page of its area", () => {
  const pages = new Map<string, string>();
  for (const code of Object.keys(catalogue)) {
    const page = docsPage(code);
    if (!pages.has(page)) pages.set(page, readFileSync(join(out, page, 'index.html'), 'utf8'));
    assert.ok(pages.get(page)?.includes(` id="${docsAnchor(code)}"`), `${page} has no #${docsAnchor(code)}`);
    assert.is(docsLink(code, 'https://docs.example.com/'), `https://docs.example.com/${page}#${docsAnchor(code)}`);
  }
});

test('the Performance page shows each chart for both colour modes, drawn as SVG', () => {
  const html = readFileSync(join(out, 'performance/index.html'), 'utf8');
  for (const chart of ['cold-build', 'rebuilds', 'openapi-file', 'against-hugo', 'real-repository', 'growth']) {
    for (const mode of ['light', 'dark']) {
      assert.ok(html.includes(`src="/images/charts/${chart}-${mode}.svg"`), `${chart}-${mode}`);
      const svg = readFileSync(join(out, 'images/charts', `${chart}-${mode}.svg`), 'utf8');
      assert.match(svg, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]* role="img"/);
    }
  }
  // Every bench file a page cites is published with the site.
  const cited = new Set([...html.matchAll(/href="\/bench-results\/([^"]+)"/g)].map((m) => m[1]));
  assert.ok(cited.size >= 3, [...cited].join(' '));
  for (const file of cited)
    assert.equal(readFileSync(join(out, 'bench-results', file as string)), readFileSync(join(ROOT, 'bench/results', file as string)));
});

/** The long options a command's `parseArgs` takes: its own, and the shared tables it spreads in. */
function commandOptions(command: string): string[] {
  const shared: Record<string, object> = { REPORT_OPTIONS, CACHE_SIZE_OPTIONS, REMOTE_CACHE_OPTIONS };
  const source = readFileSync(join(ROOT, 'cli/commands', `${command}.ts`), 'utf8');
  const start = source.indexOf('options: {', source.indexOf('function parse('));
  let depth = 0;
  let end = start + 'options: '.length;
  for (; end < source.length; end++) {
    if (source[end] === '{') depth++;
    if (source[end] === '}' && --depth === 0) break;
  }
  const block = source.slice(start, end);
  const own = [...block.matchAll(/(?:^|[\s{,])'?([a-z][a-z-]*)'?: \{ type:/gm)].map((m) => m[1] as string);
  const spread = [...block.matchAll(/\.\.\.([A-Z_]+)/g)].flatMap((m) => Object.keys(shared[m[1] as string] ?? {}));
  assert.ok(own.length > 0, `no options found in cli/commands/${command}.ts`);
  return [...new Set([...own, ...spread])];
}

test("every option of every command is on the command's page", () => {
  const commands = readdirSync(join(ROOT, 'cli/commands')).map((file) => file.replace(/\.ts$/, ''));
  assert.ok(commands.includes('build') && commands.includes('openapi-file'), commands.join(' '));
  for (const command of commands) {
    const page = readFileSync(join(ROOT, 'docs/commands', `${command}.mdx`), 'utf8');
    for (const option of commandOptions(command))
      assert.ok(page.includes(`name="--${option}`) || page.includes(`, --${option}`), `docs/commands/${command}.mdx lacks --${option}`);
  }
});

test('the report format of docs/openapi/report.yaml is what check --format json and build --json print', async () => {
  const document = parseYaml(readFileSync(join(ROOT, 'docs/openapi/report.yaml'), 'utf8')) as { components: object };
  const ajv = new AjvModule.default({ strict: false, allErrors: true });
  const validate = (schema: string, value: unknown) => {
    const check = ajv.compile({ $ref: `#/components/schemas/${schema}`, components: document.components });
    return check(value) ? '' : ajv.errorsText(check.errors);
  };
  // A case with notes and hints.
  const fixture = 'tests/fixtures/check/mixed-children';
  const [checked, builtRun] = await Promise.all([
    docsc(['check', fixture, '--no-cache', '--format', 'json']),
    docsc(['build', fixture, '-o', join(temp, 'fixture-site'), '--no-cache', '--json']),
  ]);
  const checkReport = JSON.parse(checked.stdout) as Report;
  assert.ok(
    checkReport.diagnostics.some((d) => (d as { hint?: string }).hint !== undefined),
    'the case has a hint',
  );
  assert.ok(
    checkReport.diagnostics.some((d) => (d as { notes: unknown[] }).notes.length > 0),
    'the case has notes',
  );
  assert.is(validate('CheckReport', checkReport), '');
  assert.is(validate('BuildReport', JSON.parse(builtRun.stdout)), '');
  assert.is(validate('BuildReport', built), '');
  assert.ok(validate('CheckReport', { ...checkReport, extra: 1 }) !== '', 'the schema is closed');
});

test('the README is short, and every bench file it cites exists', () => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const lines = readme.split('\n').length;
  assert.ok(lines < 150, `README.md has ${lines} lines`);
  const cited = [...readme.matchAll(/\b(\d{4}-\d{2}-\d{2}-[\w.-]+\.(?:json|md))\b/g)].map((m) => m[1] as string);
  assert.ok(cited.length >= 3, 'the headline figures cite their bench files');
  const results = new Set(readdirSync(join(ROOT, 'bench/results')));
  for (const file of cited) assert.ok(results.has(file), `README.md cites bench/results/${file}, which does not exist`);
});

test.run();
