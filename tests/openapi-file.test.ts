// `docsc openapi-file`: each case runs the command in this process on a copy
// of a fixture spec in a temporary folder and compares the written tree, the
// printed navigation and the diagnostics with a baseline beside the spec
// (tests/fixtures/openapi-file/<case>.expected.txt). Also: safe path
// segments, --overwrite and --dry-run, docs roots, a URL input, errors with
// their exit status, links leading out of the output folder, the merge into
// docs.json followed by `check()`, and every spec of @readme/oas-examples.

import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parse as parseYaml, stringify as stringifyYaml } from 'yaml';
import { type CommandIo, runOpenapiFile } from '../cli/commands/openapi-file.js';
import { build } from '../compiler/build/build.js';
import { check } from '../compiler/check.js';
import { mergeNavigationGroups } from '../compiler/config/merge-navigation-groups.js';
import { frontmatterYaml } from '../compiler/openapi/generate-endpoint-pages.js';
import { SourceFile } from '../compiler/source/source-file.js';
import { matchBaseline } from './support/baseline.js';
import { loopbackServer } from './support/loopback-server.js';
import { exampleFiles, examplesRoot } from './support/oas-examples.js';

const fixtures = 'tests/fixtures/openapi-file';

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

async function run(cwd: string, ...args: string[]): Promise<Outcome> {
  const outcome = { code: 0, stdout: '', stderr: '' };
  const io: CommandIo = {
    cwd,
    stdout: (text) => {
      outcome.stdout += text;
    },
    stderr: (text) => {
      outcome.stderr += text;
    },
  };
  outcome.code = await runOpenapiFile(args, io);
  outcome.stderr = outcome.stderr.replace(/\(\d+\.\d+ s\)/g, '(… s)').replace(/^ *= docs: .*\n/gm, '');
  return outcome;
}

/** A temporary folder holding copies of the named fixtures. */
function workspace(...names: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'docsc-openapi-file-'));
  for (const name of names) cpSync(join(fixtures, name), join(dir, name), { recursive: true });
  return dir;
}

/** Every file under `dir`, sorted, with its text. */
function tree(dir: string): string {
  const files: string[] = [];
  const walk = (folder: string) => {
    for (const name of readdirSync(folder).sort()) {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) walk(path);
      else files.push(path);
    }
  };
  walk(dir);
  return files.map((f) => `=== ${relative(dir, f)}\n${readFileSync(f, 'utf8')}`).join('\n');
}

function report(outcome: Outcome, written: string): string {
  return `exit ${outcome.code}\n\n--- stdout\n${outcome.stdout}\n--- stderr\n${outcome.stderr}\n--- files\n${written}`;
}

// ---------------------------------------------------------------------------
// Paths

test('tricky names: traversal, reserved names, 300 characters, case-only and emoji collisions, YAML-hostile summaries', async () => {
  const dir = workspace('tricky-names.yaml');
  const outcome = await run(dir, 'tricky-names.yaml', '-o', 'api');
  matchBaseline(`${fixtures}/tricky-names.expected.txt`, report(outcome, tree(join(dir, 'api'))));
  assert.is(outcome.code, 0);
  rmSync(dir, { recursive: true });
});

test('x-docs and x-mint, hidden, excluded and deprecated operations, webhooks, href links out', async () => {
  const dir = workspace('x-docs.json');
  const outcome = await run(dir, 'x-docs.json', '-o', 'api-reference');
  matchBaseline(`${fixtures}/x-docs.expected.txt`, report(outcome, tree(join(dir, 'api-reference'))));
  assert.is(outcome.code, 0);
  rmSync(dir, { recursive: true });
});

test('frontmatter: written directly exactly as the yaml package would, and read back unchanged', () => {
  const yaml = (frontmatter: Record<string, unknown>) => stringifyYaml(frontmatter, { lineWidth: 0, minContentWidth: 0, blockQuote: false });
  const chars = fc.constantFrom(...'aZ09 /_-.:#\'"{}[],&*!|>%@`?=~$+;\\\nü😀tyesnoTrue'.split(''));
  const text = fc.oneof(
    fc.string({ unit: chars, maxLength: 12 }),
    fc.constantFrom('yes', 'No', 'null', 'true', '~', '.inf', '1.0', 'a: b', 'a #b', '- x', 'a '),
  );
  fc.assert(
    fc.property(text, text, fc.boolean(), (title, entry, deprecated) => {
      const frontmatter = { title, openapi: `spec.json GET /x/${entry}`, ...(deprecated && { deprecated: true }) };
      const written = frontmatterYaml(frontmatter);
      assert.is(written, yaml(frontmatter));
      assert.equal(parseYaml(written), frontmatter);
    }),
    // A fixed seed keeps CI deterministic; the examples are counterexamples found by earlier random runs.
    { numRuns: 2000, seed: 20261122, examples: [[' \n', 'yes', false]] },
  );
  assert.is(
    frontmatterYaml({ title: 'Get a repository', openapi: 'GET /repos/{owner}/{repo}' }),
    'title: Get a repository\nopenapi: GET /repos/{owner}/{repo}\n',
  );
});

// ---------------------------------------------------------------------------
// Writing

test('existing files are left alone unless --overwrite; --dry-run writes nothing', async () => {
  const dir = workspace('x-docs.json');
  const page = join(dir, 'out/pets/list-pets.mdx');
  const dry = await run(dir, 'x-docs.json', '-o', 'out', '--dry-run');
  assert.is(dry.code, 0);
  assert.match(dry.stderr, 'Would write 4 pages to out');
  assert.equal(readdirSync(dir), ['x-docs.json']);
  await run(dir, 'x-docs.json', '-o', 'out');
  writeFileSync(page, 'edited by hand\n');
  const again = await run(dir, 'x-docs.json', '-o', 'out');
  assert.is(again.code, 0);
  assert.match(again.stderr, 'warning[generate/file-exists]: `out/pets/list-pets.mdx` already exists');
  assert.is(readFileSync(page, 'utf8'), 'edited by hand\n');
  const forced = await run(dir, 'x-docs.json', '-o', 'out', '--overwrite');
  assert.is(forced.code, 0);
  assert.match(readFileSync(page, 'utf8'), 'openapi: x-docs.json GET /pets');
  assert.not.match(readdirSync(join(dir, 'out/pets')).join(' '), 'tmp');
  rmSync(dir, { recursive: true });
});

test('a symbolic link in the output folder never leads a write outside it', async () => {
  const dir = workspace('x-docs.json');
  mkdirSync(join(dir, 'elsewhere'));
  mkdirSync(join(dir, 'out'));
  symlinkSync(join(dir, 'elsewhere'), join(dir, 'out/pets'));
  const outcome = await run(dir, 'x-docs.json', '-o', 'out');
  assert.is(outcome.code, 1);
  assert.match(outcome.stderr, 'error[generate/outside-output]: `out/pets/list-pets.mdx` resolves outside the output folder');
  assert.equal(readdirSync(join(dir, 'elsewhere')), []);
  rmSync(dir, { recursive: true });
});

test('a file where a folder should be: the page is not written, exit 1', async () => {
  const dir = workspace('x-docs.json');
  mkdirSync(join(dir, 'out'));
  writeFileSync(join(dir, 'out/pets'), 'a file\n');
  const outcome = await run(dir, 'x-docs.json', '-o', 'out');
  assert.is(outcome.code, 1);
  assert.match(outcome.stderr, 'error[generate/write-failed]: Cannot write `out/pets/list-pets.mdx`');
  assert.match(readFileSync(join(dir, 'out/events/pet-adopted.mdx'), 'utf8'), 'webhook pet.adopted');
  rmSync(dir, { recursive: true });
});

// ---------------------------------------------------------------------------
// Naming the spec

test('a spec path with whitespace cannot be named in `openapi`: reported, nothing written; --no-spec works', async () => {
  const dir = workspace('x-docs.json');
  cpSync(join(dir, 'x-docs.json'), join(dir, 'my spec.json'));
  const outcome = await run(dir, 'my spec.json', '-o', 'out');
  assert.match(outcome.stderr, 'warning[generate/unnameable]: `my spec.json` cannot be named in an `openapi` field');
  assert.equal(readdirSync(join(dir, 'out')), []);
  const bare = await run(dir, 'my spec.json', '-o', 'out', '--no-spec');
  assert.match(bare.stderr, 'Wrote 4 pages');
  rmSync(dir, { recursive: true });
});

test('-o inside a docs root: the spec relative to the root, pages prefixed with the output folder', async () => {
  const dir = workspace('docs-repo');
  const root = join(dir, 'docs-repo');
  mkdirSync(join(root, 'specs'));
  cpSync(join(fixtures, 'x-docs.json'), join(root, 'specs/pets.json'));
  const outcome = await run(join(root, 'specs'), 'pets.json', '-o', '../reference/v1');
  assert.is(outcome.code, 0);
  assert.match(readFileSync(join(root, 'reference/v1/pets/list-pets.mdx'), 'utf8'), 'openapi: specs/pets.json GET /pets');
  assert.match(outcome.stdout, '"reference/v1/pets/list-pets"');
  assert.match(outcome.stdout, '"specs/pets.json GET /legacy"');
  rmSync(dir, { recursive: true });
});

test('a spec outside the docs root is named anyway, with a warning; --no-spec leaves it out', async () => {
  const dir = workspace('docs-repo', 'x-docs.json');
  const absoluteSpec = join(dir, 'x-docs.json');
  const outcome = await run(join(dir, 'docs-repo'), absoluteSpec, '-o', 'api');
  assert.is(outcome.code, 0);
  assert.match(outcome.stderr, 'warning[generate/spec-outside-root]: `../x-docs.json` lies outside the docs root');
  assert.match(readFileSync(join(dir, 'docs-repo/api/pets/list-pets.mdx'), 'utf8'), 'openapi: ../x-docs.json GET /pets');
  const bare = await run(join(dir, 'docs-repo'), absoluteSpec, '-o', 'api', '--no-spec', '--overwrite');
  assert.is(bare.code, 0);
  assert.not.match(bare.stderr, 'spec-outside-root');
  assert.match(readFileSync(join(dir, 'docs-repo/api/pets/list-pets.mdx'), 'utf8'), 'openapi: GET /pets');
  rmSync(dir, { recursive: true });
});

const server = loopbackServer(test, (req, res) => {
  if (req.url === '/openapi.json') {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(readFileSync(join(fixtures, 'x-docs.json')));
  } else {
    res.writeHead(404);
    res.end();
  }
});

test('an http URL: fetched, and named by its URL', async () => {
  const dir = workspace();
  const url = `${server.origin}/openapi.json`;
  const outcome = await run(dir, url, '-o', 'api');
  assert.is(outcome.code, 0);
  assert.match(readFileSync(join(dir, 'api/pets/list-pets.mdx'), 'utf8'), `openapi: ${url} GET /pets`);
  const missing = await run(dir, `${server.origin}/nothing.json`, '-o', 'api');
  assert.is(missing.code, 1);
  assert.match(missing.stderr, 'error[openapi/fetch-failed]');
  rmSync(dir, { recursive: true });
});

// ---------------------------------------------------------------------------
// Errors

test('errors: missing file, Swagger 2.0, external $ref — exit 1 with the place; usage errors exit 2', async () => {
  const dir = workspace('swagger.json', 'external-ref.yaml');
  const outcomes = [await run(dir, 'missing.yaml'), await run(dir, 'swagger.json'), await run(dir, 'external-ref.yaml')];
  matchBaseline(`${fixtures}/errors.expected.txt`, outcomes.map((o) => report(o, '')).join('\n'));
  assert.equal(
    outcomes.map((o) => o.code),
    [1, 1, 1],
  );
  assert.equal(readdirSync(dir).sort(), ['external-ref.yaml', 'swagger.json']);
  assert.match(
    (await run(dir, 'no/such/folder/spec.yaml')).stderr,
    'error[openapi/not-found]: OpenAPI document `no/such/folder/spec.yaml` not found',
  );
  assert.is((await run(dir)).code, 2);
  assert.is((await run(dir, 'a.yaml', 'b.yaml')).code, 2);
  assert.is((await run(dir, 'swagger.json', '-o', 'swagger.json')).code, 2);
  rmSync(dir, { recursive: true });
});

test('reference problems in JSON are reported as the tree walk reports them, data and escaped keys included', async () => {
  const dir = workspace('refs.json');
  // Without --validate the text is scanned first and the walk skipped when it would find nothing;
  // --validate always walks (and validates only a document whose references are sound).
  const scanned = await run(dir, 'refs.json', '-o', 'out');
  const walked = await run(dir, 'refs.json', '-o', 'out', '--validate');
  matchBaseline(`${fixtures}/refs.expected.txt`, report(scanned, ''));
  assert.is(scanned.code, 1);
  assert.is(scanned.stderr, walked.stderr);
  // Only data and property names look like references: nothing to report, pages written.
  const clean = {
    openapi: '3.1.0',
    info: { title: 'T', version: '1' },
    servers: [{ url: 'https://api.example.com' }],
    paths: {
      '/a': {
        get: {
          summary: 'A',
          responses: {
            200: {
              description: 'ok',
              content: { 'application/json': { example: { $ref: 'not/a/ref' }, schema: { properties: { $ref: { type: 'string' } } } } },
            },
          },
        },
      },
    },
  };
  writeFileSync(join(dir, 'clean.json'), JSON.stringify(clean, null, 2));
  const cleanRun = await run(dir, 'clean.json', '-o', 'clean');
  assert.is(cleanRun.code, 0, cleanRun.stderr);
  assert.ok(existsSync(join(dir, 'clean/a.mdx')));
  // Nesting deeper than the walk allows is refused either way, even inside example data.
  let deep: unknown = 'bottom';
  for (let i = 0; i < 300; i++) deep = [deep];
  writeFileSync(join(dir, 'deep.json'), JSON.stringify({ ...clean, 'x-deep': deep }));
  const deepScanned = await run(dir, 'deep.json', '-o', 'deep');
  assert.is(deepScanned.code, 1);
  assert.match(deepScanned.stderr, 'error[openapi/too-deep]');
  assert.is(deepScanned.stderr, (await run(dir, 'deep.json', '-o', 'deep', '--validate')).stderr);
  rmSync(dir, { recursive: true });
});

test('schema validation is docsc check’s job: skipped by default, --validate refuses an invalid document', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'docsc-openapi-file-'));
  const spec = {
    openapi: '3.1.0',
    info: { title: 'T', version: '1' },
    paths: { '/a': { get: { summary: 'A', responses: { 200: { description: 'ok', bogus: 1 } } } } },
  };
  writeFileSync(join(dir, 'spec.json'), JSON.stringify(spec, null, 2));
  const plain = await run(dir, 'spec.json', '-o', 'out');
  assert.is(plain.code, 0, plain.stderr);
  assert.ok(existsSync(join(dir, 'out/a.mdx')));
  const validated = await run(dir, 'spec.json', '-o', 'checked', '--validate');
  assert.is(validated.code, 1);
  assert.match(validated.stderr, 'error[openapi/invalid]');
  assert.not.ok(existsSync(join(dir, 'checked')));
  rmSync(dir, { recursive: true });
});

// ---------------------------------------------------------------------------
// docs.json

/**
 * `--docs-json` run twice (the second with `--overwrite`) in a copy of the fixture repository `repo`: its `config`
 * file matches its baseline, and check() finds nothing but `allowed`.
 */
async function mergeTwice(repo: string, config: 'docs.json' | 'mint.json', allowed: string[] = []): Promise<string> {
  const dir = workspace(repo, 'x-docs.json');
  const root = join(dir, repo);
  cpSync(join(dir, 'x-docs.json'), join(root, 'openapi.json'));
  const first = await run(root, 'openapi.json', '-o', 'api-reference', '--docs-json');
  assert.is(first.code, 0, first.stderr);
  const second = await run(root, 'openapi.json', '-o', 'api-reference', '--docs-json', '--overwrite');
  assert.is(second.code, 0, second.stderr);
  matchBaseline(`${fixtures}/${repo}.expected-${config}`, readFileSync(join(root, config), 'utf8'));
  const result = await check({ root, threads: 1 });
  const errors = result.diagnostics.filter((d) => d.severity !== 'info' && !allowed.includes(d.code));
  assert.equal(errors, [], JSON.stringify(errors, null, 2));
  return dir;
}

test('--docs-json merges the groups keeping the formatting, twice without repeats, and check() is clean', async () => {
  rmSync(await mergeTwice('docs-repo', 'docs.json'), { recursive: true });
});

test('--docs-json in a repository with only mint.json merges into its navigation array, twice without repeats, and check() is clean', async () => {
  // The one warning a mint.json repository always has.
  const dir = await mergeTwice('mint-repo', 'mint.json', ['config/legacy-mint-json']);
  assert.not.ok(existsSync(join(dir, 'mint-repo', 'docs.json')), 'no docs.json written beside it');
  rmSync(dir, { recursive: true });
});

test('the generated folder and the merged snippet build: every generated page is in the output, linked from the sidebar', async () => {
  const dir = workspace('docs-repo', 'x-docs.json');
  const root = join(dir, 'docs-repo');
  cpSync(join(dir, 'x-docs.json'), join(root, 'openapi.json'));
  const generated = await run(root, 'openapi.json', '-o', 'api-reference', '--docs-json');
  assert.is(generated.code, 0, generated.stderr);
  const navigation = JSON.parse(generated.stdout) as { group: string; pages: string[] }[];
  const pages = navigation
    .flatMap((group) => group.pages)
    .filter((entry) => !/^(?:openapi\.json )?(?:GET|POST|PUT|PATCH|DELETE|webhook) /.test(entry));
  assert.ok(pages.length >= 3, `generated pages: ${pages.join(', ')}`);
  const out = join(dir, 'site');
  const result = await build({ root, outDir: out, cacheDir: false, threads: 1 });
  const problems = result.diagnostics.filter((d) => d.severity !== 'info');
  assert.ok(result.ok, JSON.stringify(problems, null, 2));
  assert.equal(problems, [], JSON.stringify(problems, null, 2));
  assert.is(result.stats.failed, 0);
  for (const page of pages) {
    const html = join(out, page, 'index.html');
    assert.ok(existsSync(html), `${page} was built`);
    assert.match(readFileSync(join(out, 'index.html'), 'utf8'), `href="/${page}"`);
  }
  const listPets = readFileSync(join(out, 'api-reference/pets/list-pets/index.html'), 'utf8');
  assert.match(listPets, 'List pets');
  assert.match(listPets, '/pets');
  rmSync(dir, { recursive: true });
});

test('merge: into the first tab, into an empty array, and a clear refusal elsewhere', () => {
  const groups = [{ group: 'Pets', pages: ['api/pets/list'] }];
  const tabs = new SourceFile('docs.json', '{\r\n\t"navigation": {\r\n\t\t"tabs": [{ "tab": "API", "groups": [] }]\r\n\t}\r\n}\r\n');
  assert.is(
    mergeNavigationGroups(tabs, groups).text,
    '{\r\n\t"navigation": {\r\n\t\t"tabs": [{ "tab": "API", "groups": [\r\n\t\t\t{\r\n\t\t\t\t"group": "Pets",\r\n\t\t\t\t"pages": [\r\n\t\t\t\t\t"api/pets/list"\r\n\t\t\t\t]\r\n\t\t\t}\r\n\t\t] }]\r\n\t}\r\n}\r\n',
  );
  const anchors = new SourceFile('docs.json', '{\n  "navigation": {\n    "anchors": []\n  }\n}\n');
  const refused = mergeNavigationGroups(anchors, groups);
  assert.is(refused.text, undefined);
  assert.is(refused.diagnostics[0]?.code, 'generate/docs-json-merge');
  assert.is(refused.diagnostics[0]?.line, 2);
  assert.match(refused.diagnostics[0]?.message ?? '', 'it has `anchors`');
  const broken = mergeNavigationGroups(new SourceFile('docs.json', '{ "navigation": { "groups": [ }'), groups);
  assert.is(broken.text, undefined);
  assert.is(broken.diagnostics[0]?.code, 'json/syntax');
});

test('--docs-json without a docs root is an error', async () => {
  const dir = workspace('x-docs.json');
  const outcome = await run(dir, 'x-docs.json', '-o', 'api', '--docs-json');
  assert.is(outcome.code, 1);
  assert.match(outcome.stderr, 'error[generate/docs-json-merge]: Cannot merge the navigation into docs.json: there is no docs.json or mint.json');
  rmSync(dir, { recursive: true });
});

// ---------------------------------------------------------------------------
// @readme/oas-examples: no crash, every refusal a diagnostic

test('every spec of @readme/oas-examples: pages or diagnostics, never a crash', async () => {
  const dir = workspace();
  const files = ['2.0', '3.0', '3.1'].flatMap(exampleFiles);
  assert.ok(files.length > 50);
  for (const file of files) {
    const outcome = await run(process.cwd(), join(examplesRoot, file), '-o', join(dir, file), '--dry-run');
    assert.ok(outcome.code === 0 || /error\[/.test(outcome.stderr), `${file}: exit ${outcome.code} without an error diagnostic`);
    if (file.startsWith('2.0/')) assert.match(outcome.stderr, 'error[openapi/swagger]', file);
  }
  rmSync(dir, { recursive: true });
});

test.run();
