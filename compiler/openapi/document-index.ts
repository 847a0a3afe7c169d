// What the analysis of a document is remembered as, by the document's key and
// text: its index (operations, webhooks, schema names) and findings. A
// remembered document is served from it, its tree parsed only when read.

import { type Diagnostic, DiagnosticBag } from '../diagnostics/diagnostic.js';
import { contentKey, type DerivedMemo } from '../host/derived-memo.js';
import type { SourceFile } from '../source/source-file.js';
import type { JsonObject } from './json-values.js';
import type { OpenApiDocument, OperationInfo, WebhookInfo } from './openapi-document.js';
import { jsonLocator, type Parsed, parseYamlText, type YamlPackage, yamlPackage } from './parse-document-text.js';

/**
 * What the analysis of a document that loaded found: its index and every
 * problem it reported (all placed in the document itself). Remembered by text,
 * it lets a later run skip parsing and walking the document altogether
 * (GitHub's spec: about 0.5 s of CPU and a 13 MB tree) when nothing needs its
 * tree: API bodies come from the cache by the document's hash and pointer.
 */
export interface DocumentIndex {
  /** Whether the text is JSON (its places are found without the tree), so that a remembered document's text is not decoded to tell. */
  json: boolean;
  version: string;
  operations: OperationInfo[];
  webhooks: WebhookInfo[];
  schemaNames: string[];
  diagnostics: Diagnostic[];
}

/** A document from its remembered index; its tree is parsed on first use (rendering an API body, a schema page). */
export async function rememberedDocument(
  key: string,
  file: SourceFile,
  index: DocumentIndex,
  bag: DiagnosticBag,
  memo: PlaceMemo,
): Promise<OpenApiDocument> {
  bag.add(index.diagnostics);
  const json = index.json;
  const y = json ? undefined : await yamlPackage();
  // JSON places are found from the text (and remembered) without the tree.
  const places = y === undefined ? jsonLocator(file, memo) : undefined;
  let parsed: Parsed;
  const tree = (): NonNullable<Parsed> => {
    // The text parsed before, so its problems are known (and were replayed above).
    parsed ??= places !== undefined ? { value: JSON.parse(file.text), locator: places } : parseYamlText(file, new DiagnosticBag(), y as YamlPackage);
    if (parsed === undefined) throw new Error(`${key} no longer parses, though it did when its index was remembered`);
    return parsed;
  };
  return {
    key,
    file,
    version: index.version,
    get value() {
      return tree().value as JsonObject;
    },
    operations: index.operations,
    webhooks: index.webhooks,
    schemaNames: index.schemaNames,
    locate: (pointer) => (places ?? tree().locator).value(pointer),
    get parsed() {
      return parsed !== undefined;
    },
  };
}

/**
 * What is remembered of one document: its index and findings, its validation findings, and places in
 * its text (finding one builds the positioned tree: 0.8 s for GitHub's 13 MB
 * spec). Keyed by the document's key and a hash of its text, hashed once.
 */
export interface PlaceMemo {
  get<T>(name: string): T | undefined;
  put(name: string, value: unknown): void;
}

export function documentMemo(memo: DerivedMemo, key: string, file: SourceFile): PlaceMemo {
  const prefix = contentKey('openapi', [key], file);
  return { get: (name) => memo.get(`${prefix}\0${name}`), put: (name, value) => memo.put(`${prefix}\0${name}`, value) };
}
