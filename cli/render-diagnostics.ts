// Diagnostics as the user asked for them: pretty (code frames and a summary
// line), JSON, GitHub workflow annotations or SARIF. Shared by the commands.

import type { Diagnostic } from '../compiler/diagnostics/diagnostic.js';
import type { SourceLookup } from '../compiler/report/locations.js';
import { renderGithub } from '../compiler/report/render-github.js';
import { renderJson } from '../compiler/report/render-json.js';
import { renderPretty } from '../compiler/report/render-pretty.js';
import { renderSarif } from '../compiler/report/render-sarif.js';
import { summaryLine } from '../compiler/report/summary-line.js';
import { DOCS_SITE_URL, VERSION } from '../compiler/version.js';

export const FORMATS = ['pretty', 'json', 'github', 'sarif'] as const;
export type Format = (typeof FORMATS)[number];

export interface RenderContext {
  sources: SourceLookup;
  cwdPrefix: string;
  color: boolean;
  pages: number;
  ms: number;
}

/** Where every pretty diagnostic links to: the published docs site, else the installed copy of spec/diagnostics.md. */
const docsBase = DOCS_SITE_URL ?? new URL('../', import.meta.url).href.replace(/dist\/$/, '');

export function renderDiagnostics(format: Format, diagnostics: Diagnostic[], context: RenderContext): string {
  const { sources, cwdPrefix } = context;
  switch (format) {
    case 'json':
      return renderJson(diagnostics, { cwdPrefix });
    case 'github':
      return renderGithub(diagnostics, { sources, cwdPrefix });
    case 'sarif':
      return renderSarif(diagnostics, { version: VERSION, sources, cwdPrefix, ...(DOCS_SITE_URL ? { informationUri: DOCS_SITE_URL } : {}) });
    case 'pretty':
      return `${renderPretty(diagnostics, { sources, cwdPrefix, color: context.color, docsBase })}${summaryLine(diagnostics, { pages: context.pages, ms: context.ms })}\n`;
  }
}
