// docsc as a user installs it: `npm pack` makes the package file, which is
// installed into an empty folder outside the repository, and the `docsc` bin
// there runs `check`, `build`, `dev` and `openapi-file` on a small docs
// folder. A file the package needs and `files` in package.json leaves out
// (the runtime's TypeScript imports compiler modules it bundles at build
// time, say) fails here, not on a user's machine.
//
// The install is offline: the folder gets a lockfile made of the repository's
// own (its production packages, with the package file in place of docsc), so
// `npm ci --offline` takes every package from the npm cache `npm ci` filled.
// Only when a package is missing from that cache does it ask the registry.
//
// The Quickstart's CI workflow (docs/quickstart.mdx) is run too: its `run:`
// commands, twice, with the cache folder restored between the runs as
// actions/cache restores it; the second build compiles no page.

import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parse as parseYaml } from 'yaml';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const temp = mkdtempSync(join(tmpdir(), 'docsc-package-'));
const project = join(temp, 'project');

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** A shell command in `cwd`, as a CI step runs it. */
function sh(command: string, cwd: string, timeoutMs = 300_000): Promise<Run> {
  const child = spawn('sh', ['-c', command], { cwd, env: { ...process.env, NO_COLOR: '1', CI: 'true' }, stdio: ['ignore', 'pipe', 'pipe'] });
  return collect(child, timeoutMs);
}

function collect(child: ChildProcess, timeoutMs: number): Promise<Run> {
  let stdout = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
  });
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  return new Promise((done, fail) => {
    child.on('error', fail);
    child.on('close', (status) => {
      clearTimeout(timer);
      done({ status, stdout, stderr });
    });
  });
}

function describe(run: Run): string {
  return `status ${run.status}\n--- stdout\n${run.stdout.slice(-4000)}\n--- stderr\n${run.stderr.slice(-4000)}`;
}

interface LockEntry {
  dev?: boolean;
  [key: string]: unknown;
}

/** package.json and package-lock.json of a project that depends on the package file alone, pinned as docsc's own lockfile pins it. */
function writeProject(tarball: string): void {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Record<string, unknown>;
  const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> };
  const spec = `file:${tarball}`;
  const packages: Record<string, unknown> = {
    '': { name: 'docs-project', dependencies: { docsc: spec } },
    'node_modules/docsc': { version: pkg.version, resolved: spec, dependencies: pkg.dependencies, bin: pkg.bin, engines: pkg.engines },
  };
  for (const [path, entry] of Object.entries(lock.packages)) if (path !== '' && !entry.dev) packages[path] = entry;
  const manifest = { name: 'docs-project', private: true, dependencies: { docsc: spec }, overrides: pkg.overrides, allowScripts: pkg.allowScripts };
  writeFileSync(join(project, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  writeFileSync(
    join(project, 'package-lock.json'),
    `${JSON.stringify({ name: 'docs-project', lockfileVersion: 3, requires: true, packages }, null, 2)}\n`,
  );
}

/** A small docs folder: a page with components and code, an image, and an API page (the playground's bundle). */
function writeDocs(docs: string): void {
  mkdirSync(join(docs, 'images'), { recursive: true });
  const config = {
    $schema: 'node_modules/docsc/spec/docs.schema.json',
    name: 'Package test',
    colors: { primary: '#0B7A5F' },
    api: { openapi: 'openapi.yaml' },
    navigation: { groups: [{ group: 'Start', pages: ['index', 'guide', 'GET /items'] }] },
  };
  writeFileSync(join(docs, 'docs.json'), JSON.stringify(config, null, 2));
  writeFileSync(join(docs, 'index.mdx'), '---\ntitle: Home\n---\n\n<Note>Installed from the package file.</Note>\n\nSee the [guide](/guide).\n');
  writeFileSync(
    join(docs, 'guide.mdx'),
    '---\ntitle: Guide\n---\n\n![Logo](/images/logo.svg)\n\n<Tabs>\n  <Tab title="One">First.</Tab>\n  <Tab title="Two">Second.</Tab>\n</Tabs>\n\n```js title="x.js"\nconst x = 1;\n```\n',
  );
  writeFileSync(join(docs, 'images/logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"/>');
  writeFileSync(
    join(docs, 'openapi.yaml'),
    'openapi: 3.1.0\ninfo: { title: Items, version: "1" }\nservers: [{ url: "https://api.example.com" }]\npaths:\n  /items:\n    get:\n      summary: List items\n      responses:\n        "200": { description: OK }\n',
  );
}

/** The `run:` commands of the Quickstart's workflow, in order. */
function workflowCommands(): string[] {
  const page = readFileSync(join(ROOT, 'docs/quickstart.mdx'), 'utf8');
  const block = /```yaml title="\.github\/workflows\/docs\.yml"\n([\s\S]*?)\n```/.exec(page)?.[1];
  assert.ok(block, 'the Quickstart has the workflow');
  const workflow = parseYaml(block as string) as { jobs: Record<string, { steps: { run?: string }[] }> };
  return Object.values(workflow.jobs).flatMap((job) => job.steps.flatMap((step) => (step.run === undefined ? [] : [step.run])));
}

test.before(async () => {
  assert.ok(existsSync(join(ROOT, 'dist/cli/main.js')), 'dist/ is built (npm run build:ts; npm test builds it first)');
  mkdirSync(project);
  // The prepare script (the build) has run already: pack what dist/ holds.
  const pack = await sh(`npm pack --ignore-scripts --silent --pack-destination ${JSON.stringify(temp)}`, ROOT);
  assert.is(pack.status, 0, describe(pack));
  const tarball = join(temp, pack.stdout.trim().split('\n').pop() as string);
  assert.ok(existsSync(tarball), tarball);
  writeProject(tarball);
  let install = await sh('npm ci --offline --no-audit --no-fund', project);
  // A package missing from the npm cache: the registry, and nothing else.
  if (install.status !== 0 && /ENOTCACHED/.test(install.stderr)) install = await sh('npm ci --prefer-offline --no-audit --no-fund', project);
  assert.is(install.status, 0, describe(install));
  writeDocs(join(project, 'docs'));
});

test.after(() => {
  rmSync(temp, { recursive: true, force: true });
});

test('the package holds what the installed bin needs, and nothing of the tests', () => {
  const installed = join(project, 'node_modules/docsc');
  for (const path of [
    'dist/cli/main.js',
    'runtime/site.css',
    'runtime/client/entries/site.ts',
    'spec/docs.schema.json',
    'spec/diagnostics.md',
    'README.md',
    // What `npm run build:ts` made ahead of builds: shiki's converted patterns and the site's client scripts.
    'dist/shiki-regexes/stamp.json',
    'dist/client-scripts/stamp.json',
  ])
    assert.ok(existsSync(join(installed, path)), path);
  assert.not.ok(existsSync(join(installed, 'tests')), 'no tests');
  assert.not.ok(existsSync(join(installed, 'docs')), 'no docs site');
  assert.ok(readdirSync(join(project, 'node_modules/.bin')).includes('docsc'));
});

test("the Quickstart's CI workflow: check with --format github, build, and a second run with the cache restored builds nothing again", async () => {
  const commands = workflowCommands();
  assert.equal(
    commands.filter((command) => !command.startsWith('npx docsc ')),
    ['npm ci'],
    'the install step, which the test did offline',
  );
  const steps = commands.filter((command) => command.startsWith('npx docsc '));
  assert.ok(
    steps.some((command) => / check .*--format github/.test(command)) && steps.some((command) => / build /.test(`${command} `)),
    steps.join('; '),
  );
  const first = [];
  for (const command of steps) first.push(await sh(command, project));
  for (const run of first) assert.is(run.status, 0, describe(run));
  assert.ok(existsSync(join(project, 'docs/_site/guide/index.html')), 'the site is built');
  assert.ok(existsSync(join(project, 'docs/_site/_docsc/playground.js')), 'the playground is bundled from the installed runtime');
  assert.match(first[first.length - 1]?.stdout ?? '', /Built 3 pages \(3 compiled, 0 from cache/);
  // A new runner: a fresh checkout (no output, no cache), then actions/cache restores the cache folder.
  const saved = join(temp, 'saved-cache');
  cpSync(join(project, 'docs/.docsc/cache'), saved, { recursive: true });
  rmSync(join(project, 'docs/.docsc'), { recursive: true, force: true });
  rmSync(join(project, 'docs/_site'), { recursive: true, force: true });
  cpSync(saved, join(project, 'docs/.docsc/cache'), { recursive: true });
  const second = [];
  for (const command of steps) second.push(await sh(command, project));
  for (const run of second) assert.is(run.status, 0, describe(run));
  assert.match(second[second.length - 1]?.stdout ?? '', /Built 3 pages \(0 compiled, 3 from cache/);
  assert.ok(existsSync(join(project, 'docs/_site/guide/index.html')), 'the site is built again');
});

test('check --format github annotates a broken link, and fails', async () => {
  const docs = join(temp, 'broken');
  writeDocs(docs);
  writeFileSync(join(docs, 'guide.mdx'), '---\ntitle: Guide\n---\n\nSee [nothing](/nowhere).\n');
  const run = await sh(`npx docsc check ${JSON.stringify(docs)} --format github --no-cache`, project);
  assert.is(run.status, 1, describe(run));
  assert.match(run.stdout, /^::error file=.*guide\.mdx,line=5,col=\d+,.*title=link\/broken::/m);
});

test('dev serves the site over HTTP until stopped', async () => {
  const child = spawn('npx', ['docsc', 'dev', 'docs', '--port', '0', '--no-cache'], {
    cwd: project,
    env: { ...process.env, NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const exited = collect(child, 120_000);
  try {
    let output = '';
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no address printed:\n${output}`)), 90_000);
      child.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /Serving .* at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve(match[1] as string);
        }
      });
    });
    const home = await fetch(`${url}/guide`);
    assert.is(home.status, 200);
    assert.match(await home.text(), /<title>Guide - Package test<\/title>/);
    const missing = await fetch(`${url}/nowhere`);
    assert.is(missing.status, 404);
  } finally {
    // npx runs the bin in a child of its own: stop the whole group, as Ctrl-C does.
    if (child.pid !== undefined) process.kill(-child.pid, 'SIGINT');
  }
  const run = await exited;
  assert.ok(run.status === 0 || run.status === 130 || run.status === null, describe(run));
});

test('openapi-file writes pages from the installed bin', async () => {
  const run = await sh('npx docsc openapi-file docs/openapi.yaml -o generated --no-spec', project);
  assert.is(run.status, 0, describe(run));
  assert.ok(existsSync(join(project, 'generated/list-items.mdx')), readdirSync(join(project, 'generated')).join(' '));
  assert.match(run.stdout, /"generated\/list-items"/);
});

test.run();
