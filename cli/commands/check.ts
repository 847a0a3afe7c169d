// `docsc check [dir]`: runs the front end and prints its diagnostics in the
// chosen format. By default through the build's cache (`.docsc/cache`,
// `--cache-dir`, none with `--no-cache`): page summaries and OpenAPI findings
// are reused, the diagnostics are the same. A cache problem is a line on
// stderr (a warning: damaged, unusable, held by a build), never part of
// the report nor a failure. Exit status: 1 when there
// are errors (or warnings with --strict), 0 otherwise, 2 for a usage error
// or a cache folder no command may use (`--cache-dir` at the docs folder).

import { relative, sep } from 'node:path';
import { parseArgs } from 'node:util';
import { checkWithCache } from '../../compiler/build/cached-check.js';
import type { CheckResult } from '../../compiler/check.js';
import { BuildRefusedError } from '../../compiler/output/output-guard.js';
import { CACHE_DIR_OPTIONS, cacheDirOption } from '../cache-options.js';
import { isLive, progressReporter } from '../progress.js';
import { REPORT_OPTIONS, readCommand, reportOptions, siteAddress } from '../read-command.js';
import { renderDiagnostics } from '../render-diagnostics.js';
import { sourceLookup } from '../source-lookup.js';

export async function runCheck(args: string[]): Promise<number> {
  const command = readCommand('check', args, parse);
  if (typeof command === 'number') return command;
  const { options, root } = command;
  const { format, strict, quiet, color, threads, fetchTimeoutMs, cacheDir, basePath } = options;
  const started = performance.now();
  // A terminal shows the pages summarized (a first check of a large site takes a while); CI logs stay as they were.
  const progress = isLive(process.stderr) ? progressReporter(process.stderr) : undefined;
  const checkOptions = {
    root,
    ...(threads ? { threads } : {}),
    ...(fetchTimeoutMs ? { fetchTimeoutMs } : {}),
    ...(basePath === '' ? {} : { basePath }),
    ...(progress ? { onSummarized: (done: number, total: number) => progress.report({ phase: 'summarize', done, total }) } : {}),
  };
  let result: CheckResult;
  if (cacheDir === false) {
    const { check } = await import('../../compiler/check.js');
    result = await check(checkOptions);
    progress?.done();
  } else {
    let cached: Awaited<ReturnType<typeof checkWithCache>>;
    try {
      cached = await checkWithCache({ ...checkOptions, cacheDir });
    } catch (error) {
      progress?.done();
      if (!(error instanceof BuildRefusedError)) throw error;
      process.stderr.write(`docsc check: ${error.message}\n`);
      return 2;
    }
    progress?.done();
    // A cache cleared after an upgrade (info) changes nothing for the check: only a cache that could not be used is said.
    const shown = cached.cacheWarnings.filter((d) => d.severity !== 'info');
    for (const warning of shown) process.stderr.write(`docsc check: ${warning.severity}: ${warning.message}\n`);
    result = cached;
  }
  const diagnostics = quiet ? result.diagnostics.filter((d) => d.severity !== 'info') : result.diagnostics;
  const ms = performance.now() - started;
  // Paths are printed from where the user stands, so terminals and CI annotations can open them.
  const cwdPrefix = relative(process.cwd(), root).split(sep).join('/');
  // Pages whose summary came from the cache were not read: read again for a code frame.
  const sources = sourceLookup(root, result.sources);
  process.stdout.write(renderDiagnostics(format, diagnostics, { sources, cwdPrefix, color, pages: result.pageCount, ms }));
  const failing = diagnostics.some((d) => d.severity === 'error' || (strict && d.severity === 'warning'));
  return failing ? 1 : 0;
}

function parse(args: string[]) {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { ...REPORT_OPTIONS, ...CACHE_DIR_OPTIONS, 'base-path': { type: 'string' } },
  });
  if (values.help) return 'help' as const;
  if (positionals.length > 1) throw new Error(`expected one directory, got ${positionals.length}`);
  const cacheDir = cacheDirOption(values);
  const { basePath } = siteAddress(undefined, values['base-path']);
  return { dir: positionals[0] ?? '.', cacheDir, basePath, ...reportOptions(values) };
}
