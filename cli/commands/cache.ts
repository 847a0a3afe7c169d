// `docsc cache [dir]`: the build cache's size on disk and in use, its limit,
// and its entries by kind; `docsc cache clear [dir]` deletes it. Exit status
// 2 for a usage error, a folder no cache may be in, or a cache a build is
// using (clear).

import { existsSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_CACHE_DIR, DEFAULT_MAX_CACHE_BYTES } from '../../compiler/cache/build-cache.js';
import { BuildLockedError } from '../../compiler/cache/build-lock.js';
import { type CacheReport, clearCache, inspectCache } from '../../compiler/cache/inspect-cache.js';
import { checkCacheDir } from '../../compiler/output/output-guard.js';
import { CACHE_SIZE_OPTIONS, cacheMaxSize } from '../cache-options.js';
import { readCommand } from '../read-command.js';

export async function runCache(args: string[]): Promise<number> {
  const command = readCommand('cache', args, parse);
  if (typeof command === 'number') return command;
  const { options, root } = command;
  const dir = options.cacheDir ?? join(root, DEFAULT_CACHE_DIR);
  const allowed = checkCacheDir(dir, root, []);
  if (!allowed.ok) {
    process.stderr.write(`docsc cache: ${dir} is not a cache folder docsc would use: ${allowed.reason}\n`);
    return 2;
  }
  const shown = relative(process.cwd(), dir).split(sep).join('/') || '.';
  if (options.clear) {
    try {
      const { freedBytes } = clearCache(dir, root);
      process.stdout.write(`Cleared the build cache at ${shown} (${formatBytes(freedBytes)}).\n`);
      return 0;
    } catch (error) {
      if (!(error instanceof BuildLockedError)) throw error;
      process.stderr.write(`docsc cache clear: ${error.message}\n`);
      return 2;
    }
  }
  const report = existsSync(dir) ? await inspectCache(dir, options.limit ?? DEFAULT_MAX_CACHE_BYTES) : undefined;
  if (options.json) process.stdout.write(`${JSON.stringify(report ?? { dir, fileBytes: 0, kinds: [] }, null, 2)}\n`);
  else process.stdout.write(report === undefined ? `No build cache at ${shown}.\n` : describe(report, shown));
  return 0;
}

function describe(report: CacheReport, shown: string): string {
  const lines = [`Build cache at ${shown}`];
  if (report.damaged !== undefined) {
    lines.push(`  damaged (${report.damaged}): the next build clears it`, '');
    return lines.join('\n');
  }
  const share = report.limitBytes > 0 ? ` (${Math.round((report.fileBytes / report.limitBytes) * 100)}% of its limit)` : '';
  lines.push(`  on disk:  ${formatBytes(report.fileBytes)}, ${formatBytes(report.usedBytes)} in use${share}`);
  lines.push(
    `  limit:    ${formatBytes(report.limitBytes)} (--cache-max-size, DOCSC_CACHE_MAX_SIZE): a build over it removes the least recently used entries`,
  );
  if (report.writtenBy !== undefined) lines.push(`  written by docsc ${report.writtenBy}, closed ${report.closes} times`);
  if (report.kinds.length > 0) {
    lines.push('', '  kind          entries         stored');
    for (const { kind, entries, bytes } of report.kinds)
      lines.push(`  ${kind.padEnd(12)} ${entries.toLocaleString('en-US').padStart(8)} ${formatBytes(bytes).padStart(14)}`);
    const total = report.kinds.reduce((sum, k) => ({ entries: sum.entries + k.entries, bytes: sum.bytes + k.bytes }), { entries: 0, bytes: 0 });
    lines.push(`  ${'total'.padEnd(12)} ${total.entries.toLocaleString('en-US').padStart(8)} ${formatBytes(total.bytes).padStart(14)}`);
  } else lines.push('  no entries');
  lines.push('');
  return lines.join('\n');
}

function formatBytes(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${(bytes / 1024 ** 3).toFixed(1)} GiB`;
  if (bytes >= 1024 ** 2) return `${(bytes / 1024 ** 2).toFixed(1)} MiB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${bytes} bytes`;
}

function parse(args: string[]) {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      'cache-dir': { type: 'string' },
      ...CACHE_SIZE_OPTIONS,
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) return 'help' as const;
  const clear = positionals[0] === 'clear';
  const dirs = clear ? positionals.slice(1) : positionals;
  if (dirs.length > 1) throw new Error(`expected one directory, got ${dirs.length}`);
  return {
    dir: dirs[0] ?? '.',
    clear,
    json: values.json,
    cacheDir: values['cache-dir'] === undefined ? undefined : resolve(values['cache-dir']),
    limit: cacheMaxSize(values['cache-max-size']),
  };
}
