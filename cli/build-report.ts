// What `docsc build` prints for a build's result — the diagnostics in the
// chosen format, then a one-line summary (pretty), or the JSON report — and
// its exit status: 1 when nothing was built, for errors, or warnings with
// --strict. The same whether the build ran in this process or in the
// repository's build server (which prints it for the command that asked).

import { relative, sep } from 'node:path';
import type { BuildResult } from '../compiler/build/build.js';
import { JSON_REPORT_VERSION, jsonDiagnostics } from '../compiler/report/render-json.js';
import { type Format, renderDiagnostics } from './render-diagnostics.js';
import { sourceLookup } from './source-lookup.js';

/** How the command asked for its report; `cwd` is the command's working directory (paths are shown from it). */
export interface ReportSettings {
  format: Format;
  strict: boolean;
  quiet: boolean;
  color: boolean;
  json: boolean;
  cwd: string;
  /** The build ran in the repository's build server (the summary says so). */
  server?: boolean;
}

/** `root`: the docs root the build read. */
export function reportBuild(result: BuildResult, root: string, settings: ReportSettings): { stdout: string; code: number } {
  const diagnostics = settings.quiet ? result.diagnostics.filter((d) => d.severity !== 'info') : result.diagnostics;
  const cwdPrefix = relative(settings.cwd, root).split(sep).join('/');
  const failing = !result.ok || diagnostics.some((d) => d.severity === 'error' || (settings.strict && d.severity === 'warning'));
  const code = failing ? 1 : 0;
  if (settings.json) return { stdout: `${JSON.stringify(jsonReport(result, cwdPrefix, failing, settings.server === true), null, 2)}\n`, code };
  const rendered = renderDiagnostics(settings.format, diagnostics, {
    sources: sourceLookup(root, result.sources),
    cwdPrefix,
    color: settings.color,
    pages: result.stats.pages,
    ms: result.stats.durationMs,
  });
  const by = settings.server ? ' (build server)' : '';
  return { stdout: settings.format === 'pretty' ? `${rendered}${summary(result, settings.cwd)}${by}\n` : rendered, code };
}

function summary(result: BuildResult, cwd: string): string {
  const { stats } = result;
  const fromHere = relative(cwd, result.outDir);
  const where = fromHere === '' ? '.' : fromHere.startsWith('..') ? result.outDir : fromHere;
  if (!result.ok) return `Nothing built; ${where}/ is unchanged.`;
  const seconds = (stats.durationMs / 1000).toFixed(stats.durationMs < 10_000 ? 2 : 1);
  const pages = `${stats.pages} page${stats.pages === 1 ? '' : 's'}`;
  if (result.recomputed.noop) return `Up to date: ${pages} in ${where}/ (${seconds} s).`;
  const counts = [`${stats.compiled} compiled`, `${stats.fromCache} from cache`, `${stats.failed} failed`].join(', ');
  const files = `${stats.written} files written, ${stats.deleted} removed, ${stats.unchanged} unchanged`;
  const cache = stats.cacheBytes > 0 ? ` · cache ${(stats.cacheBytes / 1024 / 1024).toFixed(1)} MB` : '';
  return `Built ${pages} (${counts}) in ${seconds} s → ${where}/ · ${files}${cache}${remoteSummary(stats)}`;
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
 * warnings with --strict), `upToDate`, `server` (the repository's build server built it), `outDir` and `stats`.
 * Keys in a fixed order.
 */
function jsonReport(result: BuildResult, cwdPrefix: string, failed: boolean, server: boolean) {
  const { diagnostics, summary } = jsonDiagnostics(result.diagnostics, { cwdPrefix });
  return {
    version: JSON_REPORT_VERSION,
    ok: result.ok,
    failed,
    upToDate: result.recomputed.noop,
    server,
    outDir: result.outDir,
    stats: result.stats,
    diagnostics,
    summary,
  };
}
