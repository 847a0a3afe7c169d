// The last line of `docsc check`: counts by severity, what was checked and how
// long it took, e.g. `✖ 3 errors, 1 warning, 2 infos in 120 pages (0.42 s)`.
// Zero counts are left out; `ascii` swaps the symbols for terminals without them.

import type { Diagnostic, Severity } from '../diagnostics/diagnostic.js';

export interface CheckStats {
  /** Files read; shown after the pages when given. */
  files?: number;
  pages: number;
  ms: number;
}

export interface SeverityCounts {
  errors: number;
  warnings: number;
  infos: number;
}

export function countSeverities(diagnostics: readonly Diagnostic[]): SeverityCounts {
  const count = (severity: Severity) => diagnostics.filter((d) => d.severity === severity).length;
  return { errors: count('error'), warnings: count('warning'), infos: count('info') };
}

export function summaryLine(diagnostics: readonly Diagnostic[], stats: CheckStats, options: { ascii?: boolean } = {}): string {
  const counts = countSeverities(diagnostics);
  const symbol = counts.errors > 0 ? (options.ascii ? 'x' : '✖') : options.ascii ? 'ok' : '✔';
  const tallies: [number, string][] = [
    [counts.errors, 'error'],
    [counts.warnings, 'warning'],
    [counts.infos, 'info'],
  ];
  const problems = tallies.filter(([count]) => count > 0).map(([count, noun]) => plural(count, noun));
  const found = problems.length === 0 ? 'No problems' : problems.join(', ');
  const scope = plural(stats.pages, 'page') + (stats.files === undefined ? '' : `, ${plural(stats.files, 'file')}`);
  return `${symbol} ${found} in ${scope} (${(stats.ms / 1000).toFixed(2)} s)`;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
