// GitHub Actions workflow commands, one per diagnostic, which GitHub shows as
// annotations on the pull request: `::error file=…,line=…,col=…,endColumn=…,
// title=code::message`. Notes and the hint follow the message on lines of
// their own. Values are escaped the way the runner expects.

import type { Diagnostic, Severity } from '../diagnostics/diagnostic.js';
import { describeNote, diagnosticRegion, displayPath, type SourceLookup } from './locations.js';

export interface GithubOptions {
  /** Folder of the docs root relative to the repository root, prefixed to paths. */
  cwdPrefix?: string;
  /** When given, spans that run past their first line are detected (GitHub takes columns on one line only). */
  sources?: SourceLookup;
}

const commands: Record<Severity, string> = { error: 'error', warning: 'warning', info: 'notice' };

export function renderGithub(diagnostics: readonly Diagnostic[], options: GithubOptions = {}): string {
  return diagnostics.map((d) => `${workflowCommand(d, options)}\n`).join('');
}

function workflowCommand(d: Diagnostic, options: GithubOptions): string {
  const properties = commandProperties(d, options)
    .map(([name, value]) => `${name}=${escapeProperty(String(value))}`)
    .join(',');
  return `::${commands[d.severity]} ${properties}::${escapeData(messageText(d, options.cwdPrefix))}`;
}

function commandProperties(d: Diagnostic, options: GithubOptions): [string, string | number][] {
  if (d.file === '') return [['title', d.code]];
  const properties: [string, string | number][] = [['file', displayPath(d.file, options.cwdPrefix)]];
  const region = diagnosticRegion(d, options.sources?.(d.file));
  if (region !== undefined) {
    properties.push(['line', region.startLine], ['col', region.startColumn]);
    if (region.endLine === region.startLine && region.endColumn !== undefined) properties.push(['endColumn', region.endColumn]);
  }
  properties.push(['title', d.code]);
  return properties;
}

function messageText(d: Diagnostic, cwdPrefix: string | undefined): string {
  const notes = d.notes.map((note) => `note: ${describeNote(note, d.file, cwdPrefix)}`);
  const hint = d.hint === undefined ? [] : [`help: ${d.hint}`];
  return [d.message, ...notes, ...hint].join('\n');
}

/** Message escaping: `%`, CR and LF. */
export function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** Property escaping: the message escapes plus `:` and `,`, which delimit properties. */
export function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}
