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
  started?: ReadonlyMap<string, StartedLoad> | undefined;
}

/** A load `startLoading` began; `guessed` when its place was not the reference's (spec-hints.ts). */
export interface StartedLoad {
  result: Promise<LoadResult>;
  guessed: boolean;
}

export async function loadDocuments(
  specs: SpecSources,
  host: ProjectHost,
  bag: DiagnosticBag,
  options: LoadDocumentsOptions,
): Promise<Map<string, OpenApiDocument | undefined>> {
  for (const { name, at } of specs.outside) bag.report('file/outside-root', at, { path: name });
  for (const { name, key, at } of specs.besideFile) bag.report('openapi/spec-beside-page', at, { name, path: key });
  for (const { name, files, at } of specs.ambiguous) {
    bag.report('openapi/ambiguous-spec', at, { name, files: files.map((f) => `\`${f}\``).join(', ') });
  }
  const loaded = await Promise.all(
    specs.sources.map(async (source) => {
      const result = await takeOrLoad(source, host, options);
      bag.add(result.diagnostics);
      return [source.key, result.document] as const;
    }),
  );
  return new Map(loaded);
}

/**
 * A started load of the document, or a new one. A guessed load is taken when its document loaded: its place
 * (`at`) was a guess, and only the problems of a document that did not load are reported there.
 */
async function takeOrLoad(source: SpecSource, host: ProjectHost, options: LoadDocumentsOptions): Promise<LoadResult> {
  const started = options.started?.get(source.key);
  if (started === undefined) return load(source, host, options);
  const result = await started.result;
  return !started.guessed || result.document !== undefined ? result : load(source, host, options);
}

/**
 * Starts loading these documents now, for a later `loadDocuments` to take (`started`): `docsc check` loads
 * those docs.json names, and those pages seem to name (`guessed`), while its workers summarize the pages, its
 * own thread idle until then. Their diagnostics are reported by that `loadDocuments`, once; a guessed document
 * no page names is never reported.
 */
export function startLoading(
  sources: readonly SpecSource[],
  guessed: readonly SpecSource[],
  host: ProjectHost,
  options: LoadDocumentsOptions,
): Map<string, StartedLoad> {
  const started = new Map<string, StartedLoad>();
  const start = (source: SpecSource, isGuess: boolean) => {
    if (started.has(source.key)) return;
    const result = load(source, host, options);
    // Awaited by `loadDocuments`, or never (a guess no page confirms): not an unhandled rejection either way.
    result.catch(() => {});
    started.set(source.key, { result, guessed: isGuess });
  };
  for (const source of sources) start(source, false);
  for (const source of guessed) start(source, true);
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
