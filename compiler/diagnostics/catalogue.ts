// The catalogue of diagnostic codes, loaded from spec/diagnostics/*.json (the
// normative list; TypeScript's diagnosticMessages.json is the model). Each
// area has its own file; codes are `area/name`, stable once published.

import buildCodes from '../../spec/diagnostics/build.json' with { type: 'json' };
import cacheCodes from '../../spec/diagnostics/cache.json' with { type: 'json' };
import configCodes from '../../spec/diagnostics/config.json' with { type: 'json' };
import fileCodes from '../../spec/diagnostics/file.json' with { type: 'json' };
import generateCodes from '../../spec/diagnostics/generate.json' with { type: 'json' };
import jsonCodes from '../../spec/diagnostics/json.json' with { type: 'json' };
import navCodes from '../../spec/diagnostics/nav.json' with { type: 'json' };
import openapiCodes from '../../spec/diagnostics/openapi.json' with { type: 'json' };
import openapiRefCodes from '../../spec/diagnostics/openapi-refs.json' with { type: 'json' };
import pageCodes from '../../spec/diagnostics/page.json' with { type: 'json' };
import renderCodes from '../../spec/diagnostics/render.json' with { type: 'json' };

export interface CatalogueEntry {
  severity: 'error' | 'warning' | 'info';
  /** Template with `{name}` placeholders. */
  message: string;
  /** One or two sentences for spec/diagnostics.md: why this is a problem and how to fix it. */
  description: string;
}

const all = {
  ...fileCodes,
  ...jsonCodes,
  ...configCodes,
  ...navCodes,
  ...openapiCodes,
  ...openapiRefCodes,
  ...pageCodes,
  ...renderCodes,
  ...generateCodes,
  ...cacheCodes,
  ...buildCodes,
};

export type DiagnosticCode = keyof typeof all;

export const catalogue: Record<DiagnosticCode, CatalogueEntry> = all as Record<DiagnosticCode, CatalogueEntry>;

export const catalogueFiles = ['file', 'json', 'config', 'nav', 'openapi', 'openapi-refs', 'page', 'render', 'generate', 'cache', 'build'] as const;
