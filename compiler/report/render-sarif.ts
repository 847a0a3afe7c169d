// SARIF 2.1.0, for code-scanning services: one run whose driver lists one rule
// per code used (described from the catalogue, linked to spec/diagnostics.md)
// and one result per diagnostic. Notes with a place become related locations;
// notes without one and the hint are added to the message text. Every result
// has a location, as GitHub code scanning requires.

import { catalogue, type DiagnosticCode } from '../diagnostics/catalogue.js';
import type { Diagnostic, RelatedLocation, Severity } from '../diagnostics/diagnostic.js';
import { docsLink } from './docs-anchor.js';
import { diagnosticRegion, displayPath, isUrl, type Region, type SourceLookup } from './locations.js';

export const SARIF_SCHEMA = 'https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json';

export interface SarifOptions {
  /** docsc's version. */
  version: string;
  /**
   * docsc's home, an absolute URL (SARIF wants absolute URIs here). Rules' helpUri
   * is `spec/diagnostics.md#anchor` resolved against it; without it, that path as is.
   */
  informationUri?: string;
  /** Folder of the docs root relative to the repository root, prefixed to paths. */
  cwdPrefix?: string;
  /** When given, regions get their exact end (spans may run over several lines). */
  sources?: SourceLookup;
}

/**
 * Where a problem without a file is anchored: GitHub code scanning rejects the
 * whole log when one result has no location, and docs.json stands for the project.
 */
const PROJECT_FILE = 'docs.json';

const levels: Record<Severity, 'error' | 'warning' | 'note'> = { error: 'error', warning: 'warning', info: 'note' };

export function renderSarif(diagnostics: readonly Diagnostic[], options: SarifOptions): string {
  const codes = [...new Set(diagnostics.map((d) => d.code))].sort();
  const log = {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'docsc',
            version: options.version,
            informationUri: options.informationUri,
            rules: codes.map((code) => rule(code, options.informationUri)),
          },
        },
        columnKind: 'utf16CodeUnits',
        results: diagnostics.map((d) => result(d, codes.indexOf(d.code), options)),
      },
    ],
  };
  return `${JSON.stringify(log, null, 2)}\n`;
}

function rule(code: DiagnosticCode, informationUri: string | undefined) {
  const entry = catalogue[code];
  return {
    id: code,
    shortDescription: { text: entry.description },
    helpUri: docsLink(code, informationUri),
    defaultConfiguration: { level: levels[entry.severity] },
  };
}

function result(d: Diagnostic, ruleIndex: number, options: SarifOptions) {
  const placed = d.notes.filter(hasPlace);
  const unplaced = d.notes.filter((note) => !hasPlace(note)).map((note) => `note: ${note.message}`);
  const hint = d.hint === undefined ? [] : [`help: ${d.hint}`];
  const file = d.file || PROJECT_FILE;
  const region = diagnosticRegion(d, options.sources?.(d.file));
  return {
    ruleId: d.code,
    ruleIndex,
    level: levels[d.severity],
    message: { text: [d.message, ...unplaced, ...hint].join('\n') },
    locations: [{ physicalLocation: physicalLocation(file, region, options.cwdPrefix) }],
    relatedLocations: placed.map((note, id) => ({
      id,
      physicalLocation: physicalLocation(note.file ?? file, noteRegion(note), options.cwdPrefix),
      message: { text: note.message },
    })),
  };
}

function hasPlace(note: RelatedLocation): boolean {
  return note.file !== undefined || note.line !== undefined;
}

function noteRegion(note: RelatedLocation): Region | undefined {
  return note.line ? { startLine: note.line, startColumn: note.column ?? 1 } : undefined;
}

/** An undefined region (a whole file) is left out of the JSON. */
function physicalLocation(file: string, region: Region | undefined, cwdPrefix: string | undefined) {
  return { artifactLocation: { uri: artifactUri(file, cwdPrefix) }, region };
}

/** Project paths become relative URI references (each segment percent-encoded); URLs stay as they are. */
function artifactUri(file: string, cwdPrefix: string | undefined): string {
  if (isUrl(file)) return file;
  return displayPath(file, cwdPrefix).split('/').map(encodeURIComponent).join('/');
}
