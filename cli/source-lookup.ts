// The files diagnostics name, for code frames: those the command kept, else
// read again from the docs root (a build lets page texts go once it no longer
// needs them), each at most once.

import { DiagnosticBag } from '../compiler/diagnostics/diagnostic.js';
import { ProjectHost } from '../compiler/host/project-host.js';
import type { SourceFile } from '../compiler/source/source-file.js';

export function sourceLookup(root: string, kept: ReadonlyMap<string, SourceFile>): (path: string) => SourceFile | undefined {
  const host = new ProjectHost(root);
  const read = new Map<string, SourceFile | undefined>();
  return (path) => {
    const known = kept.get(path);
    if (known !== undefined) return known;
    if (!read.has(path)) read.set(path, /^https?:/.test(path) ? undefined : host.readSource(path, new DiagnosticBag()));
    return read.get(path);
  };
}
