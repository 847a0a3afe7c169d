// Loads every OpenAPI document a run needs, concurrently, once each. A
// document that fails to load maps to undefined: its problems are reported
// here, and the entries that need it report nothing more.

import type { DiagnosticBag } from '../diagnostics/diagnostic.js';
import type { DerivedMemo } from '../host/derived-memo.js';
import type { ProjectHost } from '../host/project-host.js';
import type { SpecSource, SpecSources } from './collect-spec-sources.js';
import { type LoadResult, loadOpenApi } from './load-openapi.js';
import type { OpenApiDocument } from './openapi-document.js';
import type { YamlTrees } from './parse-document-text.js';

export interface LoadDocumentsOptions {
  timeoutMs?: number | undefined;
  memo?: DerivedMemo | undefined;
  trees?: YamlTrees | undefined;
  /** Loads already under way (`startLoading`), by key: taken instead of loading the document again. */
  started?: ReadonlyMap<string, Promise<LoadResult>> | undefined;
}

export async function loadDocuments(
  specs: SpecSources,
  host: ProjectHost,
  bag: DiagnosticBag,
  options: LoadDocumentsOptions,
): Promise<Map<string, OpenApiDocument | undefined>> {
  for (const { name, at } of specs.outside) bag.report('file/outside-root', at, { path: name });
  for (const { name, files, at } of specs.ambiguous) {
    bag.report('openapi/ambiguous-spec', at, { name, files: files.map((f) => `\`${f}\``).join(', ') });
  }
  const loaded = await Promise.all(
    specs.sources.map(async (source) => {
      const result = await (options.started?.get(source.key) ?? load(source, host, options));
      bag.add(result.diagnostics);
      return [source.key, result.document] as const;
    }),
  );
  return new Map(loaded);
}

/**
 * Starts loading these documents now, for a later `loadDocuments` to take (`started`): `docsc check` loads
 * those docs.json names while its workers summarize the pages, its own thread idle until then. Their
 * diagnostics are reported by that `loadDocuments`, once.
 */
export function startLoading(sources: readonly SpecSource[], host: ProjectHost, options: LoadDocumentsOptions): Map<string, Promise<LoadResult>> {
  const started = new Map<string, Promise<LoadResult>>();
  for (const source of sources) {
    const loading = load(source, host, options);
    // Awaited by `loadDocuments`; should the run fail before, not an unhandled rejection.
    loading.catch(() => {});
    started.set(source.key, loading);
  }
  return started;
}

function load(source: SpecSource, host: ProjectHost, options: LoadDocumentsOptions): Promise<LoadResult> {
  return loadOpenApi(source.key, host, {
    at: source.at,
    memo: options.memo,
    trees: options.trees,
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
  });
}
