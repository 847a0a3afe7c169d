// `docsc build [dir] [-o out]`: builds the static site, incrementally, and
// reports diagnostics and a summary (pages built, taken from the cache,
// failed; time; cache size). Exit status: 1 when there are errors (or
// warnings with --strict) or nothing could be built, 2 for a usage error or
// a refused output folder / a build already running.

import { relative, resolve, sep } from 'node:path';
import { parseArgs } from 'node:util';
import { BuildRefusedError, type BuildResult, build } from '../../compiler/build/build.js';
import { BuildLockedError } from '../../compiler/cache/build-lock.js';
import { JSON_REPORT_VERSION, jsonDiagnostics } from '../../compiler/report/render-json.js';
import { CACHE_SIZE_OPTIONS, cacheMaxSize, REMOTE_CACHE_OPTIONS, remoteCacheOptions } from '../cache-options.js';
import { progressReporter } from '../progress.js';
import { REPORT_OPTIONS, readCommand, reportOptions, siteAddress } from '../read-command.js';
import { type Format, renderDiagnostics } from '../render-diagnostics.js';
import { sourceLookup } from '../source-lookup.js';

export async function runBuild(args: string[]): Promise<number> {
  const command = readCommand('build', args, parse);
  if (typeof command === 'number') return command;
  const { options: parsed, root } = command;
  const progress = parsed.json ? undefined : progressReporter(process.stderr);
  let result: BuildResult;
  try {
    result = await build({
      root,
      ...(parsed.out === undefined ? {} : { outDir: resolve(parsed.out) }),
      ...(parsed.cacheDir === undefined ? {} : { cacheDir: parsed.cacheDir }),
      ...(parsed.cacheMaxSize === undefined ? {} : { cacheMaxSize: parsed.cacheMaxSize }),
      ...(parsed.remoteCache === undefined ? {} : { remoteCache: parsed.remoteCache }),
      ...(parsed.threads === undefined ? {} : { threads: parsed.threads }),
      ...(parsed.siteUrl === undefined ? {} : { siteUrl: parsed.siteUrl }),
      ...(parsed.basePath === '' ? {} : { basePath: parsed.basePath }),
      ...(parsed.fetchTimeoutMs === undefined ? {} : { fetchTimeoutMs: parsed.fetchTimeoutMs }),
      ...(progress ? { onProgress: progress.report } : {}),
    });
  } catch (error) {
    progress?.done();
    if (error instanceof BuildRefusedError || error instanceof BuildLockedError) {
      process.stderr.write(`docsc build: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
  progress?.done();
  const diagnostics = parsed.quiet ? result.diagnostics.filter((d) => d.severity !== 'info') : result.diagnostics;
  const cwdPrefix = relative(process.cwd(), root).split(sep).join('/');
  const failing = !result.ok || diagnostics.some((d) => d.severity === 'error' || (parsed.strict && d.severity === 'warning'));
  if (parsed.json) process.stdout.write(`${JSON.stringify(jsonReport(result, cwdPrefix, failing), null, 2)}\n`);
  else {
    const sources = sourceLookup(root, result.sources);
    const format: Format = parsed.format;
    const rendered = renderDiagnostics(format, diagnostics, {
      sources,
      cwdPrefix,
      color: parsed.color,
      pages: result.stats.pages,
      ms: result.stats.durationMs,
    });
    process.stdout.write(rendered);
    if (format === 'pretty') process.stdout.write(`${summary(result)}\n`);
  }
  return failing ? 1 : 0;
}

function summary(result: BuildResult): string {
  const { stats } = result;
  const fromHere = relative(process.cwd(), result.outDir);
  const where = fromHere === '' ? '.' : fromHere.startsWith('..') ? result.outDir : fromHere;
  if (!result.ok) return `Nothing built; ${where}/ is unchanged.`;
  const seconds = (stats.durationMs / 1000).toFixed(stats.durationMs < 10_000 ? 2 : 1);
  if (result.recomputed.noop) return `Up to date: ${stats.pages} pages in ${where}/ (${seconds} s).`;
  const counts = [`${stats.compiled} compiled`, `${stats.fromCache} from cache`, `${stats.failed} failed`].join(', ');
  const files = `${stats.written} files written, ${stats.deleted} removed, ${stats.unchanged} unchanged`;
  const cache = stats.cacheBytes > 0 ? ` · cache ${(stats.cacheBytes / 1024 / 1024).toFixed(1)} MB` : '';
  return `Built ${stats.pages} pages (${counts}) in ${seconds} s → ${where}/ · ${files}${cache}${remoteSummary(stats)}`;
}

/** The remote cache's part of the summary: pages fetched, bytes each way, entries uploaded and refused. */
function remoteSummary(stats: BuildResult['stats']): string {
  const remote = stats.remote;
  if (remote === undefined) return '';
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  const parts = [`${stats.fromRemote} pages from it (${remote.hits} entries, ${mb(remote.bytesDown)})`];
  if (remote.uploaded > 0) parts.push(`${remote.uploaded} entries uploaded (${mb(remote.bytesUp)})`);
  if (remote.corrupt > 0) parts.push(`${remote.corrupt} refused as corrupted`);
  return ` · remote cache: ${parts.join(', ')}`;
}

/**
 * check's JSON report (`version`, `diagnostics`, `summary`) with the build's own fields: `ok` (false when nothing
 * could be built and the previous output is unchanged), `failed` (the exit status is 1: nothing built, errors, or
 * warnings with --strict), `upToDate`, `outDir` and `stats`. Keys in a fixed order.
 */
function jsonReport(result: BuildResult, cwdPrefix: string, failed: boolean) {
  const { diagnostics, summary } = jsonDiagnostics(result.diagnostics, { cwdPrefix });
  return {
    version: JSON_REPORT_VERSION,
    ok: result.ok,
    failed,
    upToDate: result.recomputed.noop,
    outDir: result.outDir,
    stats: result.stats,
    diagnostics,
    summary,
  };
}

function parse(args: string[]) {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      ...REPORT_OPTIONS,
      output: { type: 'string', short: 'o' },
      'cache-dir': { type: 'string' },
      'no-cache': { type: 'boolean', default: false },
      ...CACHE_SIZE_OPTIONS,
      ...REMOTE_CACHE_OPTIONS,
      'site-url': { type: 'string' },
      'base-path': { type: 'string' },
      json: { type: 'boolean', default: false },
    },
  });
  if (values.help) return 'help' as const;
  if (positionals.length > 1) throw new Error(`expected one directory, got ${positionals.length}`);
  if (values['no-cache'] && values['cache-dir'] !== undefined) throw new Error('--cache-dir and --no-cache contradict each other');
  const { siteUrl, basePath } = siteAddress(values['site-url'], values['base-path']);
  return {
    dir: positionals[0] ?? '.',
    out: values.output,
    cacheDir: values['no-cache'] ? (false as const) : values['cache-dir'] === undefined ? undefined : resolve(values['cache-dir']),
    cacheMaxSize: cacheMaxSize(values['cache-max-size']),
    remoteCache: remoteCacheOptions(values),
    siteUrl,
    basePath,
    json: values.json,
    ...reportOptions(values),
  };
}
