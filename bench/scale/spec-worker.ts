// The child process of bench/scale/openapi-directory.ts: reads spec paths,
// one per line, on stdin; for each, in a fresh temporary docs repository,
// runs `check` (the spec named by a navigation group), `openapi-file` (pages
// into the repository, navigation merged into docs.json) and, when asked, a
// `build` of that generated navigation; prints one JSON line per spec with
// the outcome, time and peak RSS of each step. Exceptions are caught and
// reported as crashes of the step; a hang or an out-of-memory death is seen
// (and the worker replaced) by the driver.

import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { runOpenapiFile } from '../../cli/commands/openapi-file.js';
import { build } from '../../compiler/build/build.js';
import { check } from '../../compiler/check.js';
import type { Diagnostic } from '../../compiler/diagnostics/diagnostic.js';

export interface StepResult {
  ok: boolean;
  ms: number;
  peakRssMb: number;
  errors?: number;
  warnings?: number;
  /** Error codes, counted. */
  codes?: Record<string, number>;
  /** The first error, for the report. */
  first?: string;
  crash?: string;
  pages?: number;
  exitCode?: number;
}

export interface SpecResult {
  spec: string;
  check?: StepResult;
  openapiFile?: StepResult;
  build?: StepResult;
}

let peak = 0;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 25);
sampler.unref();

async function step(run: () => Promise<Partial<StepResult>>): Promise<StepResult> {
  peak = process.memoryUsage().rss;
  const started = performance.now();
  try {
    const found = await run();
    return {
      ok: true,
      ...found,
      ms: Math.round(performance.now() - started),
      peakRssMb: Math.round(Math.max(peak, process.memoryUsage().rss) / 1e6),
    };
  } catch (error) {
    return {
      ok: false,
      crash: error instanceof Error ? `${error.name}: ${error.message}`.slice(0, 300) : String(error),
      ms: Math.round(performance.now() - started),
      peakRssMb: Math.round(Math.max(peak, process.memoryUsage().rss) / 1e6),
    };
  }
}

function summarize(diagnostics: readonly Diagnostic[]): Partial<StepResult> {
  const errors = diagnostics.filter((d) => d.severity === 'error');
  const codes: Record<string, number> = {};
  for (const d of errors) codes[d.code] = (codes[d.code] ?? 0) + 1;
  const first = errors[0];
  return {
    errors: errors.length,
    warnings: diagnostics.filter((d) => d.severity === 'warning').length,
    codes,
    ...(first ? { first: `${first.file}:${first.line}:${first.column} ${first.code} ${first.message}`.slice(0, 300) } : {}),
  };
}

async function runSpec(spec: string, withBuild: boolean): Promise<SpecResult> {
  const dir = mkdtempSync(join(tmpdir(), 'docsc-scale-'));
  const root = join(dir, 'docs');
  mkdirSync(root);
  try {
    copyFileSync(spec, join(root, 'openapi.json'));
    writeFileSync(join(root, 'index.mdx'), '---\ntitle: Home\n---\n\nHome.\n');
    const config = (groups: unknown[]) =>
      writeFileSync(
        join(root, 'docs.json'),
        `${JSON.stringify({ name: 'Scale', colors: { primary: '#0D9373' }, navigation: { groups } }, null, 2)}\n`,
      );
    config([
      { group: 'Home', pages: ['index'] },
      { group: 'API', openapi: 'openapi.json' },
    ]);
    const result: SpecResult = { spec };
    result.check = await step(async () => summarize((await check({ root, threads: 1 })).diagnostics));
    config([{ group: 'Home', pages: ['index'] }]);
    result.openapiFile = await step(async () => {
      const io = { cwd: root, stdout: () => {}, stderr: () => {} };
      const exitCode = await runOpenapiFile(['openapi.json', '-o', 'api', '--docs-json', '--no-color'], io);
      return { exitCode, ok: exitCode === 0 || exitCode === 1 };
    });
    if (withBuild) {
      result.build = await step(async () => {
        const built = await build({ root, outDir: join(dir, 'out'), cacheDir: false, threads: 1 });
        return { ...summarize(built.diagnostics), pages: built.stats.pages };
      });
    }
    return result;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
  if (line.trim() === '') continue;
  const [spec = '', mode = ''] = line.split('\t');
  const result = await runSpec(spec, mode === 'build');
  process.stdout.write(`${JSON.stringify(result)}\n`);
}
