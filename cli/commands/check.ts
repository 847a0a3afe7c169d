// `docsc check [dir]`: runs the front end and prints its diagnostics in the
// chosen format. Exit status: 1 when there are errors (or warnings with
// --strict), 0 otherwise, 2 for a usage error.

import { relative, sep } from 'node:path';
import { parseArgs } from 'node:util';
import { check } from '../../compiler/check.js';
import { readCommand } from '../read-command.js';
import { FORMATS, type Format, renderDiagnostics } from '../render-diagnostics.js';

export async function runCheck(args: string[]): Promise<number> {
  const command = readCommand('check', args, parse);
  if (typeof command === 'number') return command;
  const { options, root } = command;
  const { format, strict, quiet, color, threads, fetchTimeoutMs } = options;
  const started = performance.now();
  const result = await check({ root, ...(threads ? { threads } : {}), ...(fetchTimeoutMs ? { fetchTimeoutMs } : {}) });
  const diagnostics = quiet ? result.diagnostics.filter((d) => d.severity !== 'info') : result.diagnostics;
  const ms = performance.now() - started;
  // Paths are printed from where the user stands, so terminals and CI annotations can open them.
  const cwdPrefix = relative(process.cwd(), root).split(sep).join('/');
  const sources = (path: string) => result.sources.get(path);
  process.stdout.write(renderDiagnostics(format, diagnostics, { sources, cwdPrefix, color, pages: result.pageCount, ms }));
  const failing = diagnostics.some((d) => d.severity === 'error' || (strict && d.severity === 'warning'));
  return failing ? 1 : 0;
}

function parse(args: string[]) {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      format: { type: 'string', default: 'pretty' },
      strict: { type: 'boolean', default: false },
      quiet: { type: 'boolean', default: false },
      'no-color': { type: 'boolean', default: false },
      threads: { type: 'string' },
      'fetch-timeout': { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) return 'help' as const;
  if (!FORMATS.includes(values.format as Format)) throw new Error(`unknown format \`${values.format}\`; use one of ${FORMATS.join(', ')}`);
  if (positionals.length > 1) throw new Error(`expected one directory, got ${positionals.length}`);
  const threads = values.threads === undefined ? undefined : Number(values.threads);
  if (threads !== undefined && !(Number.isInteger(threads) && threads >= 1)) throw new Error('--threads takes a whole number of at least 1');
  const timeout = values['fetch-timeout'] === undefined ? undefined : Number(values['fetch-timeout']);
  if (timeout !== undefined && !(timeout > 0)) throw new Error('--fetch-timeout takes a number of seconds greater than 0');
  const color = !values['no-color'] && process.stdout.isTTY === true && !process.env.NO_COLOR;
  return {
    dir: positionals[0] ?? '.',
    format: values.format as Format,
    strict: values.strict,
    quiet: values.quiet,
    color,
    threads,
    fetchTimeoutMs: timeout === undefined ? undefined : timeout * 1000,
  };
}
