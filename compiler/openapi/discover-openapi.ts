// OpenAPI documents found by content, as Mintlify finds them (`@mintlify/prebuild`
// `getOpenApiFiles`): every JSON and YAML file of the repository whose top
// level has an `openapi` key, whether or not docs.json names it; a frontmatter
// reference that names no document, or one that lacks the operation, may
// resolve to one of them (resolve-page-references.ts). Swagger 2 files are not
// found, as Mintlify finds none. The files are those the host lists (hidden
// folders, `node_modules` and what `.mintignore` names left out).
//
// Cost: the caller searches only when a reference finds nothing in the
// documents the run loaded. A file whose bytes do not hold `openapi` is not
// parsed; that finding is remembered by the file's hash (the build's snapshot
// hashed every input), so a later build reads none of those files again. The
// others are loaded without validation, enough to know their operations;
// only the documents references resolve to are validated, and their problems
// reported, as a declared document's are.

import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { DerivedMemo } from '../host/derived-memo.js';
import type { ProjectHost } from '../host/project-host.js';
import { loadOpenApi } from './load-openapi.js';
import type { OpenApiDocument } from './openapi-document.js';
import type { YamlTrees } from './parse-document-text.js';
import { isUrl } from './spec-names.js';

const SPEC_FILE = /\.(?:json|ya?ml)$/i;

/**
 * Mintlify's order of documents, the one its choice among several follows: its
 * walk of the repository, depth first with each folder's entries sorted by name
 * (so `a/b.json` before `a-c.json`), then hosted documents in the order given.
 */
export function mintlifyOrder(a: string, b: string): number {
  const hosted = Number(isUrl(a)) - Number(isUrl(b));
  if (hosted !== 0 || isUrl(a)) return hosted;
  const x = a.split('/');
  const y = b.split('/');
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const p = x[i] as string;
    const q = y[i] as string;
    if (p !== q) return p < q ? -1 : 1;
  }
  return x.length - y.length;
}

export interface DiscoverOptions {
  /** Documents the run loaded already (by key): not searched again. */
  loaded: ReadonlySet<string>;
  /** Files that are configuration (docs.json and its `$ref` parts). */
  configFiles: ReadonlySet<string>;
  memo?: DerivedMemo | undefined;
  /** YAML trees parsed before in this run (load-openapi.ts). */
  trees?: YamlTrees | undefined;
  /** The keys of the candidates that references resolve to (resolve-page-references.ts `documentsInUse`). */
  inUse: (candidates: readonly OpenApiDocument[]) => ReadonlySet<string>;
}

export interface Discovered {
  /** Every document found, in Mintlify's order; those in use validated. */
  documents: OpenApiDocument[];
  /** The documents in use, validated. */
  inUse: OpenApiDocument[];
  /** What validating the documents in use found. */
  diagnostics: Diagnostic[];
}

export async function discoverOpenApi(host: ProjectHost, options: DiscoverOptions): Promise<Discovered> {
  const paths = host
    .listFiles()
    .filter((path) => SPEC_FILE.test(path) && !options.loaded.has(path) && !options.configFiles.has(path) && mayBeOpenApi(path, host, options.memo))
    .sort(mintlifyOrder);
  const loaded = await Promise.all(paths.map((path) => loadOpenApi(path, host, { validate: false, memo: options.memo, trees: options.trees })));
  const candidates = loaded.flatMap((result) => (result.document ? [result.document] : []));
  const used = options.inUse(candidates);
  const diagnostics: Diagnostic[] = [];
  const validated = new Map<string, OpenApiDocument | undefined>();
  for (const key of used) {
    const result = await loadOpenApi(key, host, { memo: options.memo, trees: options.trees });
    diagnostics.push(...result.diagnostics);
    validated.set(key, result.document);
  }
  // Validation never stops a document that loaded without it from loading; a failure all the same leaves it out.
  const documents = candidates.flatMap((document) => {
    const checked = validated.has(document.key) ? validated.get(document.key) : document;
    return checked ? [checked] : [];
  });
  return { documents, inUse: documents.filter((d) => validated.has(d.key)), diagnostics };
}

/**
 * Whether a file may be an OpenAPI document: its bytes hold `openapi`, and its
 * top level has that key — parsed as JSON (a `.json` file, or YAML that is
 * JSON), else a YAML line that starts with it; a `.json` file that is not JSON
 * may be one when it holds the key `"openapi"` anywhere. Remembered by the
 * file's hash.
 */
function mayBeOpenApi(path: string, host: ProjectHost, memo: DerivedMemo | undefined): boolean {
  const hash = host.hashOf(path);
  const key = hash === undefined ? undefined : `openapi-discovery\0${hash}`;
  const remembered = key === undefined ? undefined : memo?.get<boolean>(key);
  if (remembered !== undefined) return remembered;
  const read = host.read(path);
  const found = read.ok && read.bytes.includes('openapi') && hasOpenApiKey(read.bytes.toString('utf8'), path);
  if (key !== undefined && read.ok) memo?.put(key, found);
  return found;
}

function hasOpenApiKey(text: string, path: string): boolean {
  const body = text.replace(/^\uFEFF/, '');
  if (/\.json$/i.test(path) || /^\s*\{/.test(body)) {
    try {
      const value: unknown = JSON.parse(body);
      return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.hasOwn(value, 'openapi');
    } catch {
      // Not JSON: Mintlify reads it as YAML all the same (parse-document-text.ts), and loading it tells.
      if (/\.json$/i.test(path)) return /"openapi"\s*:/.test(body);
    }
  }
  return /^(?:openapi|"openapi"|'openapi')[ \t]*:/m.test(body);
}
