// Loads one OpenAPI document, local or hosted, into an OpenApiDocument:
// read (read-document.ts) → parse JSON or YAML (parse-document-text.ts) →
// check the version → scan the tree for `$ref`s (scan-document.ts,
// document-refs.ts) → index operations and webhooks (index-operations.ts,
// index-webhooks.ts), checking `x-docs`, security names and servers on the way
// → validate (validate-document.ts). The analysis is remembered by text
// (document-index.ts). Untrusted input never throws out of `loadOpenApi`:
// every problem becomes a diagnostic, placed by JSON pointer in the text.

import { type Diagnostic, DiagnosticBag, dedupeDiagnostics, type Location, type Place } from '../diagnostics/diagnostic.js';
import type { DerivedMemo } from '../host/derived-memo.js';
import type { ProjectHost } from '../host/project-host.js';
import type { SourceFile, Span } from '../source/source-file.js';
import type { Context } from './analysis-context.js';
import { checkSecurity, checkServers, securitySchemeNames } from './check-security-and-servers.js';
import { type DocumentIndex, documentMemo, rememberedDocument } from './document-index.js';
import { checkRefs, valueAt } from './document-refs.js';
import type { FetchLimits } from './fetch-document.js';
import { indexOperations } from './index-operations.js';
import { indexWebhooks, withoutStaleWebhooks } from './index-webhooks.js';
import { asObject, describeValue, errorMessage, isIndex, isObject, type JsonObject, own, setOwn } from './json-values.js';
import type { OpenApiDocument } from './openapi-document.js';
import { isJsonText, type Locator, parseText, type YamlTrees } from './parse-document-text.js';
import { readDocument } from './read-document.js';
import { type RefUse, refsFineInText, scanDocument } from './scan-document.js';
import { DIRECT_SCHEMA_ERRORS_CHARS, validateDocument } from './validate-document.js';

export interface LoadOptions extends Partial<FetchLimits> {
  /** Where the configuration names the document: for problems with the document as a whole. */
  at?: Span | Location;
  /** Remembers the analysis (index and findings) and the places found in JSON documents, by document key and text, across runs. */
  memo?: DerivedMemo | undefined;
  /** YAML trees parsed before in this run, shared by documents of the same text. */
  trees?: YamlTrees | undefined;
  /** Validate against the OpenAPI schema with @readme/openapi-parser (default true; `openapi-file` skips it). */
  validate?: boolean;
}

export interface LoadResult {
  document?: OpenApiDocument;
  diagnostics: Diagnostic[];
}

export async function loadOpenApi(source: string, host: ProjectHost, options: LoadOptions = {}): Promise<LoadResult> {
  const bag = new DiagnosticBag();
  const whole: Place = options.at ?? { file: source };
  let document: OpenApiDocument | undefined;
  try {
    const read = await readDocument(source, host, options, bag);
    if (read) document = await analyzeDocument(read.key, read.file, bag, options);
  } catch (error) {
    bag.report('openapi/parse-failed', whole, { reason: errorMessage(error) });
  }
  // A Path Item shared through `$ref`s is checked once per path that uses it.
  const diagnostics = dedupeDiagnostics(bag.items);
  return document ? { document, diagnostics } : { diagnostics };
}

async function analyzeDocument(key: string, file: SourceFile, bag: DiagnosticBag, options: LoadOptions): Promise<OpenApiDocument | undefined> {
  const memo = options.memo === undefined ? undefined : documentMemo(options.memo, key, file);
  const indexName = options.validate === false ? 'index-unvalidated' : 'index';
  const index = memo?.get<DocumentIndex>(indexName);
  if (index !== undefined && memo !== undefined) return rememberedDocument(key, file, index, bag, memo);
  const reportedBefore = bag.items.length;
  const parsed = await parseText(file, bag, memo, options.trees);
  if (parsed === undefined) return undefined;
  const { value, locator } = parsed;
  if (!isObject(value)) {
    bag.report('openapi/not-object', locator.value([]), { found: describeValue(value) });
    return undefined;
  }
  const version = checkVersion(value, file, locator, bag);
  if (version === undefined) return undefined;
  // The copy is the validator's alone: openapi-file, which skips validation, walks without it (0.2 s of GitHub's spec),
  // or not at all when the text shows that the walk would find nothing.
  const validate = options.validate !== false;
  // A large document is validated as written first (validate-schema.ts): its copy is made only if the parser needs it.
  const large = file.text.length > DIRECT_SCHEMA_ERRORS_CHARS;
  const scan = !validate && refsFineInText(file.text, value) ? { refs: [], copy: value } : scanDocument(value, file, bag, validate && !large);
  if (scan === undefined) return undefined;
  const ctx: Context = { file, root: value, version, locator, bag, schemeNames: securitySchemeNames(value) };
  const refs = checkRefs(scan.refs, ctx);
  const operations = indexOperations(ctx);
  const webhooks = indexWebhooks(ctx);
  checkSecurity(value.security, ['security'], ctx);
  checkServers(operations, ctx);
  // A broken `$ref` stops the validator at the first one; ours lists them all.
  if (refs.ok && options.validate !== false) {
    const remembered = memo?.get<Diagnostic[]>('validation');
    if (remembered) bag.add(remembered);
    else {
      const findings = new DiagnosticBag();
      // The copy the parser may change (it dereferences in place), made on first use.
      const copy = () =>
        withoutDanglingSchemas(
          withoutStaleWebhooks(scan.copy !== value ? scan.copy : (scanDocument(value, file, findings)?.copy ?? {}), version),
          refs.schemas,
        );
      await validateDocument({ ...ctx, bag: findings }, { operations, refs: scan.refs, copy });
      memo?.put('validation', findings.items);
      bag.add(findings.items);
    }
  }
  const schemaNames = Object.keys(asObject(own(asObject(value.components), 'schemas')));
  memo?.put(indexName, {
    json: isJsonText(file.text),
    version,
    operations,
    webhooks,
    schemaNames,
    diagnostics: bag.items.slice(reportedBefore),
  } satisfies DocumentIndex);
  return { key, file, version, value, operations, webhooks, schemaNames, locate: (pointer) => locator.value(pointer), parsed: true };
}

function checkVersion(root: JsonObject, file: SourceFile, locator: Locator, bag: DiagnosticBag): string | undefined {
  if (Object.hasOwn(root, 'swagger')) {
    bag.report(
      'openapi/swagger',
      locator.value(['swagger']),
      { version: String(root.swagger) },
      { hint: 'Convert it to OpenAPI 3, for example with `npx swagger2openapi swagger.json -o openapi.json`.' },
    );
    return undefined;
  }
  if (!Object.hasOwn(root, 'openapi')) {
    bag.report('openapi/missing-version', { file: file.path });
    return undefined;
  }
  const version = root.openapi;
  if (typeof version === 'string' && /^3\.[01]\.\d+$/.test(version)) return version;
  const hint =
    typeof version === 'number'
      ? { hint: `Write the version as a string, such as \`openapi: "${Number.isInteger(version) ? `${version}.0` : version}.0"\`.` }
      : {};
  bag.report('openapi/unsupported-version', locator.value(['openapi']), { found: `\`${String(version)}\`` }, hint);
  return undefined;
}

/**
 * The validator's copy with each dangling `$ref` where a schema belongs made the empty schema Mintlify shows in its
 * place (document-refs.ts `checkRefs`): the parser, which follows every `$ref`, would stop at the first.
 */
function withoutDanglingSchemas(copy: JsonObject, dangling: readonly RefUse[]): JsonObject {
  for (const { pointer } of dangling) {
    const parent = valueAt(copy, pointer.slice(0, -1));
    const key = pointer.at(-1);
    if (key === undefined) continue;
    if (Array.isArray(parent) && isIndex(key)) parent[Number(key)] = {};
    else if (isObject(parent)) setOwn(parent, key, {});
  }
  return copy;
}
