// Loads every OpenAPI document a run needs, concurrently, once each. A
// document that fails to load maps to undefined: its problems are reported
// here, and the entries that need it report nothing more.

import type { DiagnosticBag } from '../diagnostics/diagnostic.js';
import type { DerivedMemo } from '../host/derived-memo.js';
import type { ProjectHost } from '../host/project-host.js';
import type { SpecSources } from './collect-spec-sources.js';
import { loadOpenApi } from './load-openapi.js';
import type { OpenApiDocument } from './openapi-document.js';
import type { YamlTrees } from './parse-document-text.js';

export async function loadDocuments(
  specs: SpecSources,
  host: ProjectHost,
  bag: DiagnosticBag,
  options: { timeoutMs?: number | undefined; memo?: DerivedMemo | undefined; trees?: YamlTrees | undefined },
): Promise<Map<string, OpenApiDocument | undefined>> {
  for (const { name, at } of specs.outside) bag.report('file/outside-root', at, { path: name });
  for (const { name, files, at } of specs.ambiguous) {
    bag.report('openapi/ambiguous-spec', at, { name, files: files.map((f) => `\`${f}\``).join(', ') });
  }
  const loaded = await Promise.all(
    specs.sources.map(async (source) => {
      const result = await loadOpenApi(source.key, host, {
        at: source.at,
        memo: options.memo,
        trees: options.trees,
        ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
      });
      bag.add(result.diagnostics);
      return [source.key, result.document] as const;
    }),
  );
  return new Map(loaded);
}
