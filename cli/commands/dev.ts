// `docsc dev [dir]`: serves the site on 127.0.0.1 at once — the pages asked
// for before the first build is done are compiled on demand — builds it,
// rebuilds on every change and reloads open pages; build errors show in the
// terminal and as an overlay in the browser. Runs until interrupted (Ctrl-C).

import { relative, resolve, sep } from 'node:path';
import { parseArgs } from 'node:util';
import { BuildRefusedError, type BuildResult } from '../../compiler/build/build.js';
import { BuildLockedError } from '../../compiler/cache/build-lock.js';
import { startDev } from '../../compiler/dev/dev-session.js';
import type { PreviewFile } from '../../compiler/dev/page-preview.js';
import { CACHE_DIR_OPTIONS, CACHE_SIZE_OPTIONS, cacheDirOption, cacheMaxSize } from '../cache-options.js';
import { isLive, progressReporter } from '../progress.js';
import { allowPrivateUrls, readCommand, siteAddress } from '../read-command.js';
import { renderDiagnostics } from '../render-diagnostics.js';
import { sourceLookup } from '../source-lookup.js';

export async function runDev(args: string[]): Promise<number> {
  const command = readCommand('dev', args, parse);
  if (typeof command === 'number') return command;
  const { options: parsed, root } = command;
  const cwdPrefix = relative(process.cwd(), root).split(sep).join('/');
  const color = process.stdout.isTTY === true && !process.env.NO_COLOR;
  // The first build's progress, on one line rewritten in place on a terminal (every full build's there).
  const progress = progressReporter(process.stderr);
  const live = isLive(process.stderr);
  let built = false;
  const previewed = (file: PreviewFile) => {
    progress.done();
    const page = file.page as NonNullable<PreviewFile['page']>;
    process.stdout.write(`Served /${page.url} before the first build is done (compiled in ${Math.round(page.ms)} ms)\n`);
  };
  const report = (result: BuildResult | Error, changed: readonly string[]) => {
    built = true;
    progress.done();
    const what = changed.length === 0 ? 'Built' : `Rebuilt after ${changed.length === 1 ? changed[0] : `${changed.length} changes`}`;
    if (result instanceof Error) {
      process.stderr.write(`docsc dev: the build failed: ${result.message}\n`);
      return;
    }
    const problems = result.diagnostics.filter((d) => d.severity !== 'info');
    if (problems.length > 0) {
      const sources = sourceLookup(root, result.sources);
      process.stdout.write(
        renderDiagnostics('pretty', problems, { sources, cwdPrefix, color, pages: result.stats.pages, ms: result.stats.durationMs }),
      );
    }
    process.stdout.write(
      `${what} in ${Math.round(result.stats.durationMs)} ms: ${result.stats.written} files written, ${result.stats.compiled} pages compiled${result.stats.failed > 0 ? `, ${result.stats.failed} failed` : ''}\n`,
    );
  };
  let session: Awaited<ReturnType<typeof startDev>>;
  try {
    session = await startDev({
      root,
      host: parsed.host,
      port: parsed.port,
      onBuild: report,
      onPreview: previewed,
      onProgress: (step) => {
        if (live || !built) progress.report(step);
      },
      ...(parsed.cacheDir === undefined ? {} : { cacheDir: parsed.cacheDir }),
      ...(parsed.cacheMaxSize === undefined ? {} : { cacheMaxSize: parsed.cacheMaxSize }),
      ...(parsed.out === undefined ? {} : { outDir: resolve(parsed.out) }),
      ...(parsed.basePath === '' ? {} : { basePath: parsed.basePath }),
    });
  } catch (error) {
    if (error instanceof BuildRefusedError || error instanceof BuildLockedError) {
      process.stderr.write(`docsc dev: ${error.message}\n`);
      return 2;
    }
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') {
      process.stderr.write(`docsc dev: port ${parsed.port} is in use; pick another with --port\n`);
      return 2;
    }
    throw error;
  }
  process.stdout.write(`Serving ${cwdPrefix || '.'} at ${session.url} — watching for changes (Ctrl-C stops)\n`);
  if (session.networkUrls.length > 0) process.stdout.write(`On the network: ${session.networkUrls.join(', ')}\n`);
  await new Promise<void>((resolveStop) => {
    const stop = () => resolveStop();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  progress.done();
  // A build running is not waited for: its output is written atomically, with a journal (the next build finishes it).
  if (session.building) process.exit(0);
  await session.close();
  return 0;
}

function parse(args: string[]) {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      port: { type: 'string', short: 'p', default: '3000' },
      host: { type: 'string', default: '127.0.0.1' },
      output: { type: 'string', short: 'o' },
      ...CACHE_DIR_OPTIONS,
      ...CACHE_SIZE_OPTIONS,
      'allow-private-urls': { type: 'boolean', default: false },
      'base-path': { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) return 'help' as const;
  if (values['allow-private-urls']) allowPrivateUrls();
  if (positionals.length > 1) throw new Error(`expected one directory, got ${positionals.length}`);
  const { basePath } = siteAddress(undefined, values['base-path']);
  const port = Number(values.port);
  if (!(Number.isInteger(port) && port >= 0 && port < 65536)) throw new Error('--port takes a port number (0 picks a free one)');
  return {
    dir: positionals[0] ?? '.',
    port,
    host: values.host,
    out: values.output,
    cacheDir: cacheDirOption(values),
    cacheMaxSize: cacheMaxSize(values['cache-max-size']),
    basePath,
  };
}
