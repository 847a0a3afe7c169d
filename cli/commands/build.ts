// `docsc build [dir] [-o out]`: builds the static site, incrementally, and
// reports diagnostics and a summary (pages built, taken from the cache,
// failed; time; cache size). Exit status: 1 when there are errors (or
// warnings with --strict) or nothing could be built, 2 for a usage error or
// a refused output folder / a build already running.
//
// With `--server`, or whenever the build server of the same folders runs, the
// build is handed to it (cli/build-server/); the report is the same.

import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { BuildOptions } from '../../compiler/build/build.js';
import { buildFolders } from '../../compiler/build/build-folders.js';
import { ALLOW_PRIVATE_URLS_ENV } from '../../compiler/openapi/allow-private-urls.js';
import { toolIdentity } from '../../compiler/version.js';
import type { ReportSettings } from '../build-report.js';
import { buildThroughServer } from '../build-server/build-client.js';
import type { ServedOptions } from '../build-server/protocol.js';
import { CACHE_DIR_OPTIONS, CACHE_SIZE_OPTIONS, cacheDirOption, cacheMaxSize, REMOTE_CACHE_OPTIONS, remoteCacheOptions } from '../cache-options.js';
import { progressReporter } from '../progress.js';
import { REPORT_OPTIONS, readCommand, reportOptions, siteAddress } from '../read-command.js';

/** `DOCSC_BUILD_SERVER=0`: as `--no-server`. */
const SERVER_ENV = 'DOCSC_BUILD_SERVER';

export async function runBuild(args: string[]): Promise<number> {
  const command = readCommand('build', args, parse);
  if (typeof command === 'number') return command;
  const { options: parsed, root } = command;
  const folders = buildFolders(root, parsed.out, parsed.cacheDir);
  const options: ServedOptions = {
    ...folders,
    ...(parsed.cacheMaxSize === undefined ? {} : { cacheMaxSize: parsed.cacheMaxSize }),
    ...(parsed.remoteCache === undefined ? {} : { remoteCache: parsed.remoteCache }),
    ...(parsed.threads === undefined ? {} : { threads: parsed.threads }),
    ...(parsed.siteUrl === undefined ? {} : { siteUrl: parsed.siteUrl }),
    ...(parsed.basePath === '' ? {} : { basePath: parsed.basePath }),
    ...(parsed.fetchTimeoutMs === undefined ? {} : { fetchTimeoutMs: parsed.fetchTimeoutMs }),
  };
  const report: ReportSettings = {
    format: parsed.format,
    strict: parsed.strict,
    quiet: parsed.quiet,
    color: parsed.color,
    json: parsed.json,
    cwd: process.cwd(),
  };
  const progress = parsed.json ? undefined : progressReporter(process.stderr);
  if (parsed.server !== false && process.env[SERVER_ENV] !== '0') {
    const served = await buildThroughServer(
      {
        type: 'build',
        identity: toolIdentity(),
        options,
        allowPrivateUrls: process.env[ALLOW_PRIVATE_URLS_ENV] === '1',
        report,
        progress: progress !== undefined,
      },
      folders,
      {
        start: parsed.server === true,
        ...(progress ? { onProgress: progress.report } : {}),
        note: (line) => {
          progress?.done();
          process.stderr.write(`docsc build: ${line}\n`);
        },
      },
    );
    if (served !== undefined) {
      progress?.done();
      process.stderr.write(served.stderr);
      process.stdout.write(served.stdout);
      return served.code;
    }
  }
  return buildHere({ ...options, ...(progress ? { onProgress: progress.report } : {}) }, report, progress);
}

/** The build in this process. */
async function buildHere(options: BuildOptions, report: ReportSettings, progress: ReturnType<typeof progressReporter> | undefined): Promise<number> {
  const { BuildRefusedError, build } = await import('../../compiler/build/build.js');
  const { BuildLockedError } = await import('../../compiler/cache/build-lock.js');
  const { reportBuild } = await import('../build-report.js');
  let result: Awaited<ReturnType<typeof build>>;
  try {
    result = await build(options);
  } catch (error) {
    progress?.done();
    if (error instanceof BuildRefusedError || error instanceof BuildLockedError) {
      process.stderr.write(`docsc build: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
  progress?.done();
  const { stdout, code } = reportBuild(result, options.root, report);
  process.stdout.write(stdout);
  return code;
}

function parse(args: string[]) {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      ...REPORT_OPTIONS,
      output: { type: 'string', short: 'o' },
      ...CACHE_DIR_OPTIONS,
      ...CACHE_SIZE_OPTIONS,
      ...REMOTE_CACHE_OPTIONS,
      'site-url': { type: 'string' },
      'base-path': { type: 'string' },
      json: { type: 'boolean', default: false },
      server: { type: 'boolean' },
      'no-server': { type: 'boolean', default: false },
    },
  });
  if (values.help) return 'help' as const;
  if (positionals.length > 1) throw new Error(`expected one directory, got ${positionals.length}`);
  if (values.server && values['no-server']) throw new Error('--server and --no-server contradict each other');
  const { siteUrl, basePath } = siteAddress(values['site-url'], values['base-path']);
  return {
    dir: positionals[0] ?? '.',
    out: values.output === undefined ? undefined : resolve(values.output),
    /** True: through the build server, started if none runs; false: never; undefined: through one if it runs. */
    server: values['no-server'] ? false : values.server,
    cacheDir: cacheDirOption(values),
    cacheMaxSize: cacheMaxSize(values['cache-max-size']),
    remoteCache: remoteCacheOptions(values),
    siteUrl,
    basePath,
    json: values.json,
    ...reportOptions(values),
  };
}
