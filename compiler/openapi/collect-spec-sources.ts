// Which OpenAPI documents a check or build needs: those named by `openapi` on
// navigation elements, by `<spec> METHOD /path` entries, by docs.json's
// `api.openapi`, and by pages' frontmatter. Each is keyed once (spec-names.ts)
// and remembers the first place that names it, for load errors.

import type { Location } from '../diagnostics/diagnostic.js';
import type { ProjectHost } from '../host/project-host.js';
import { type RootNode, walk } from '../ir/navigation.js';
import type { Span } from '../source/source-file.js';
import { type JsonNode, member } from '../syntax/json-tree.js';
import { resolveSpecName } from './spec-names.js';

export interface SpecSource {
  key: string;
  /** Where it is first named. */
  at: Span | Location;
}

export interface SpecSources {
  sources: SpecSource[];
  /** Keys of `api.openapi`, the documents in effect where the navigation sets none. */
  defaults: string[];
  /** Names that leave the docs root, with where they stand. */
  outside: { name: string; at: Span | Location }[];
  /** Bare file names that fit several files. */
  ambiguous: { name: string; files: string[]; at: Span | Location }[];
  /** Names leaving the docs root that were found from the naming file's folder (spec-names.ts `besideNamingFile`). */
  besideFile: { name: string; key: string; at: Span | Location }[];
}

export function collectSpecSources(
  config: JsonNode | undefined,
  nav: RootNode | undefined,
  frontmatterSpecs: readonly { name: string; at: Location }[],
  host: ProjectHost,
): SpecSources {
  const byKey = new Map<string, SpecSource>();
  const outside: SpecSources['outside'] = [];
  const ambiguous: SpecSources['ambiguous'] = [];
  const besideFile: SpecSources['besideFile'] = [];
  const add = (name: string, at: Span | Location): string | undefined => {
    const resolved = resolveSpecName(name, host, fileOf(at));
    if ('key' in resolved && resolved.besideFile) besideFile.push({ name, key: resolved.key, at });
    if ('outside' in resolved) outside.push({ name, at });
    else if ('ambiguous' in resolved) ambiguous.push({ name, files: resolved.ambiguous, at });
    else if (!byKey.has(resolved.key)) byKey.set(resolved.key, { key: resolved.key, at });
    return 'key' in resolved ? resolved.key : undefined;
  };
  const defaults: string[] = [];
  for (const { name, at } of apiOpenApiNames(config)) {
    const key = add(name, at);
    if (key !== undefined && !defaults.includes(key)) defaults.push(key);
  }
  if (nav) {
    for (const node of walk(nav)) {
      if ('openapi' in node && node.openapi) add(node.openapi.source, node.openapi.span);
      if ((node.kind === 'endpoint' || node.kind === 'webhook') && node.spec) add(node.spec.text, node.specSpan ?? node.span);
    }
  }
  for (const { name, at } of frontmatterSpecs) add(name, at);
  return { sources: [...byKey.values()], defaults, outside, ambiguous, besideFile };
}

export function fileOf(at: Span | Location): string {
  return typeof at.file === 'string' ? at.file : at.file.path;
}

/** `api.openapi`: a string, an array of strings, or `{source}` objects. */
function apiOpenApiNames(config: JsonNode | undefined): { name: string; at: Span }[] {
  if (config?.kind !== 'object') return [];
  const api = member(config, 'api')?.value;
  const openapi = api?.kind === 'object' ? member(api, 'openapi')?.value : undefined;
  if (openapi === undefined) return [];
  const items = openapi.kind === 'array' ? openapi.items : [openapi];
  return items.flatMap((item) => {
    if (item.kind === 'string') return [{ name: item.value, at: item.span }];
    const source = item.kind === 'object' ? member(item, 'source')?.value : undefined;
    return source?.kind === 'string' ? [{ name: source.value, at: source.span }] : [];
  });
}
