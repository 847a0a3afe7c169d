// `docsc openapi-file <spec> [-o <folder>]`: writes one MDX page per
// operation and webhook of an OpenAPI document, prints the navigation groups
// to paste into docs.json on stdout (progress and diagnostics on stderr), and
// with `--docs-json` merges them into the docs root's docs.json (or mint.json,
// in a repository that has only that). The docs root is the nearest folder at
// or above the output holding docs.json, else mint.json; without one, the
// output folder's parent stands in for it. Pages name the spec
// relative to that root. Exit status: 1 on any error, 2 for a usage error.

import { existsSync, readFileSync, realpathSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { parseArgs } from 'node:util';
import { type Diagnostic, makeDiagnostic, sortDiagnostics } from '../../compiler/diagnostics/diagnostic.js';
import { ProjectHost } from '../../compiler/host/project-host.js';
import { type GeneratedPages, generateEndpointPages, specReference } from '../../compiler/openapi/generate-endpoint-pages.js';
import { loadOpenApi } from '../../compiler/openapi/load-openapi.js';
import { isUrl } from '../../compiler/openapi/spec-names.js';
import { type WriteResult, writeEndpointPages } from '../../compiler/openapi/write-endpoint-pages.js';
import { renderPretty } from '../../compiler/report/render-pretty.js';
import { SourceFile } from '../../compiler/source/source-file.js';
import { DOCS_SITE_URL } from '../../compiler/version.js';
import { usage } from '../usage.js';

interface Options {
  spec: string;
  outDir: string;
  overwrite: boolean;
  dryRun: boolean;
  withSpec: boolean;
  docsJson: boolean;
  allowPrivateUrls: boolean;
  /** Validate against the OpenAPI schema too (`--validate`); `docsc check` always does. */
  validate: boolean;
  color: boolean;
  fetchTimeoutMs?: number;
}

/** Where the command reads and writes: the process's own streams, or a test's. */
export interface CommandIo {
  cwd: string;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

const processIo: CommandIo = {
  cwd: process.cwd(),
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
};

/** One run: its options (paths absolute), streams, and the files read, for code frames, by the names diagnostics use. */
interface Run {
  options: Options;
  io: CommandIo;
  sources: Map<string, SourceFile>;
  /** A path as the user sees it: relative to the working directory, `/`-separated. */
  display: (absolutePath: string) => string;
}

/** Where every diagnostic links to, as for `docsc check`: the published docs site, else the installed spec/diagnostics.md. */
const docsBase = DOCS_SITE_URL ?? new URL('../../', import.meta.url).href.replace(/dist\/$/, '');

export async function runOpenapiFile(args: string[], io: CommandIo = processIo): Promise<number> {
  let parsed: Options | 'help';
  try {
    parsed = parse(args, io.cwd);
  } catch (error) {
    io.stderr(`docsc openapi-file: ${(error as Error).message}\n`);
    return 2;
  }
  if (parsed === 'help') {
    io.stdout(usage);
    return 0;
  }
  // Modules a run may not need are loaded when it does: start-up is a good part of this command's second.
  if (parsed.allowPrivateUrls) (await import('../read-command.js')).allowPrivateUrls();
  const display = (path: string) => relative(io.cwd, path).split(sep).join('/') || '.';
  if (existsSync(parsed.outDir) && !statSync(parsed.outDir).isDirectory()) {
    io.stderr(`docsc openapi-file: \`${display(parsed.outDir)}\` is a file; -o takes a folder\n`);
    return 2;
  }
  const started = performance.now();
  const run: Run = { options: parsed, io, sources: new Map(), display };
  const result = await generate(run);
  io.stderr(renderPretty(sortDiagnostics(result.all), { sources: (p) => run.sources.get(p), color: parsed.color, docsBase }));
  io.stderr(`${result.summary} (${((performance.now() - started) / 1000).toFixed(2)} s)\n`);
  return result.all.some((d) => d.severity === 'error') ? 1 : 0;
}

async function generate(run: Run): Promise<{ all: Diagnostic[]; summary: string }> {
  const { options, display } = run;
  const loaded = await loadSpec(run);
  if (loaded.document === undefined || loaded.diagnostics.some((d) => d.severity === 'error')) {
    return { all: loaded.diagnostics, summary: `✖ ${isUrl(options.spec) ? options.spec : display(options.spec)}: no pages written` };
  }
  const layout = outputLayout(options);
  const spec = specRef(run, layout.root);
  const generated = generateEndpointPages(loaded.document, {
    ...(spec.ref === undefined ? {} : { specRef: spec.ref }),
    navPrefix: layout.navPrefix,
  });
  const written = writeEndpointPages(generated.pages, { outDir: options.outDir, overwrite: options.overwrite, dryRun: options.dryRun, display });
  run.io.stdout(`${JSON.stringify(generated.navigation, null, 2)}\n`);
  const merged = options.docsJson ? await mergeIntoDocsJson(run, generated, layout) : [];
  const all = [...loaded.diagnostics, ...spec.diagnostics, ...generated.diagnostics, ...written.diagnostics, ...merged];
  return { all, summary: summaryText(run, generated, written) };
}

async function loadSpec(run: Run) {
  const { options, sources, display } = run;
  const timeout = { validate: options.validate, ...(options.fetchTimeoutMs === undefined ? {} : { timeoutMs: options.fetchTimeoutMs }) };
  if (isUrl(options.spec)) {
    const result = await loadOpenApi(options.spec, new ProjectHost(run.io.cwd), timeout);
    if (result.document) sources.set(result.document.key, result.document.file);
    return result;
  }
  // The spec's own folder is the host's root, so a path outside the working directory (absolute or `..`) is read as given.
  const absolute = options.spec;
  const shown = display(absolute);
  if (!existsSync(dirname(absolute))) return { diagnostics: [makeDiagnostic('openapi/not-found', { file: shown }, { path: shown })] };
  const result = await loadOpenApi(basename(absolute), new ProjectHost(dirname(absolute)), {
    ...timeout,
    at: { file: shown, line: 0, column: 0, length: 0 },
  });
  const diagnostics = result.diagnostics.map((d) => (d.file === basename(absolute) ? { ...d, file: shown } : d));
  if (result.document) sources.set(shown, result.document.file);
  return { ...result, diagnostics };
}

interface Layout {
  /** The docs root, or the output folder's parent when there is none. */
  root: string;
  /** The root's configuration file: docs.json, or mint.json where a repository has only that; none without a root. */
  config: 'docs.json' | 'mint.json' | undefined;
  /** The output folder relative to the root, `/`-separated. */
  navPrefix: string;
}

function outputLayout(options: Options): Layout {
  const outDir = realPathOfExisting(options.outDir);
  const docsRoot = nearestDocsRoot(outDir);
  const root = docsRoot?.root ?? dirname(outDir);
  return { root, config: docsRoot?.config, navPrefix: relative(root, outDir).split(sep).join('/') };
}

/** The nearest folder at or above `folder` with a docs.json; without one, the nearest with a mint.json (a repository not yet moved to docs.json). */
function nearestDocsRoot(folder: string): { root: string; config: 'docs.json' | 'mint.json' } | undefined {
  for (const config of ['docs.json', 'mint.json'] as const) {
    for (let current = folder; ; current = dirname(current)) {
      if (existsSync(join(current, config))) return { root: current, config };
      if (dirname(current) === current) break;
    }
  }
  return undefined;
}

/** The realpath of the deepest existing ancestor, with the rest appended: the output folder may not exist yet. */
function realPathOfExisting(path: string): string {
  if (existsSync(path)) return realpathSync(path);
  const parent = dirname(path);
  return parent === path ? path : join(realPathOfExisting(parent), basename(path));
}

/** How pages name the spec: not at all (`--no-spec`), a URL as given, a file relative to the root. */
function specRef(run: Run, root: string): { ref?: string; diagnostics: Diagnostic[] } {
  const { options } = run;
  if (!options.withSpec) return { diagnostics: [] };
  if (isUrl(options.spec)) return { ref: options.spec, diagnostics: [] };
  return specReference(realpathSync(options.spec), root, run.display(options.spec));
}

async function mergeIntoDocsJson(run: Run, generated: GeneratedPages, layout: Layout): Promise<Diagnostic[]> {
  const { options, sources, display } = run;
  if (layout.config === undefined) {
    return [
      makeDiagnostic('generate/docs-json-merge', undefined, {
        file: 'docs.json',
        reason: 'there is no docs.json or mint.json at or above the output folder',
      }),
    ];
  }
  const path = join(layout.root, layout.config);
  const file = new SourceFile(display(path), readFileSync(path, 'utf8'));
  sources.set(file.path, file);
  const { mergeNavigationGroups } = await import('../../compiler/config/merge-navigation-groups.js');
  const result = mergeNavigationGroups(file, generated.navigation);
  if (result.text !== undefined && !options.dryRun && result.text !== file.text) {
    const temporary = `${path}.${process.pid}.docsc-tmp`;
    writeFileSync(temporary, result.text);
    renameSync(temporary, path);
  }
  return result.diagnostics;
}

function summaryText(run: Run, generated: GeneratedPages, written: WriteResult): string {
  const { options, display } = run;
  const verb = options.dryRun ? 'Would write' : 'Wrote';
  const linked = generated.navigation.reduce((n, g) => n + g.pages.length, 0) - generated.pages.length;
  const parts = [
    `${verb} ${plural(written.written.length, 'page')} to ${display(options.outDir)}`,
    ...(written.skipped.length > 0 ? [`${written.skipped.length} left as they were (--overwrite replaces them)`] : []),
    ...(linked > 0 ? [`${plural(linked, 'endpoint')} linking out`] : []),
  ];
  return parts.join(', ');
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** The options, with the spec (unless a URL) and the output folder made absolute against `cwd`. */
function parse(args: string[], cwd: string): Options | 'help' {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      output: { type: 'string', short: 'o', default: '.' },
      overwrite: { type: 'boolean', default: false },
      'dry-run': { type: 'boolean', default: false },
      'no-spec': { type: 'boolean', default: false },
      'docs-json': { type: 'boolean', default: false },
      validate: { type: 'boolean', default: false },
      'no-color': { type: 'boolean', default: false },
      'fetch-timeout': { type: 'string' },
      'allow-private-urls': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) return 'help';
  if (positionals.length !== 1) throw new Error(`expected one OpenAPI document (a file or an http(s) URL), got ${positionals.length}`);
  const timeout = values['fetch-timeout'] === undefined ? undefined : Number(values['fetch-timeout']);
  if (timeout !== undefined && !(timeout > 0)) throw new Error('--fetch-timeout takes a number of seconds greater than 0');
  return {
    spec: isUrl(positionals[0] as string) ? (positionals[0] as string) : resolve(cwd, positionals[0] as string),
    outDir: resolve(cwd, values.output),
    overwrite: values.overwrite,
    dryRun: values['dry-run'],
    withSpec: !values['no-spec'],
    docsJson: values['docs-json'],
    allowPrivateUrls: values['allow-private-urls'],
    validate: values.validate,
    color: !values['no-color'] && process.stderr.isTTY === true && !process.env.NO_COLOR,
    ...(timeout === undefined ? {} : { fetchTimeoutMs: timeout * 1000 }),
  };
}
