// `docsc check [dir]`: runs the front end and prints its diagnostics in the
// chosen format. Exit status: 1 when there are errors (or warnings with
// --strict), 0 otherwise, 2 for a usage error.

import { relative, sep } from 'node:path';
import { parseArgs } from 'node:util';
import { check } from '../../compiler/check.js';
import { REPORT_OPTIONS, readCommand, reportOptions } from '../read-command.js';
import { renderDiagnostics } from '../render-diagnostics.js';

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
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: REPORT_OPTIONS });
  if (values.help) return 'help' as const;
  if (positionals.length > 1) throw new Error(`expected one directory, got ${positionals.length}`);
  return { dir: positionals[0] ?? '.', ...reportOptions(values) };
}
