// Parsing a document's text, JSON or YAML, and finding places in it again: a
// Locator turns a JSON pointer into a span of the text (JSON through one index
// of the text, remembered across runs; YAML through its positioned tree).
// Syntax problems, duplicate keys and YAML warnings become diagnostics.

import type { Document, Pair, Node as YamlNode } from 'yaml';
import { DiagnosticBag } from '../diagnostics/diagnostic.js';
import type { SourceFile, Span } from '../source/source-file.js';
import { JsonPointerIndex } from '../syntax/locate-json-pointer.js';
import type { PlaceMemo } from './document-index.js';
import { errorMessage, isIndex } from './json-values.js';
import { onFirstUse } from './load-on-first-use.js';

/** YAML alias expansions allowed (yaml's own measure); real documents use few or none. */
const MAX_ALIAS_COUNT = 100;

type Pointer = readonly (string | number)[];

// A JSON document does not pay for the YAML package, a valid one for the JSON grammar (chevrotain).
export const yamlPackage = onFirstUse(() => import('yaml'));
const jsonGrammar = onFirstUse(() => import('../syntax/json-parser.js'));

/** Spans for JSON pointers into the parsed text. */
export interface Locator {
  /** The span of the value at `pointer`, or of its nearest ancestor that has one. */
  value(pointer: Pointer): Span;
  /** The span of the key of the last segment; for an array item, its value. */
  key(pointer: Pointer): Span;
}

export type Parsed = { value: unknown; locator: Locator } | undefined;

export type YamlPackage = typeof import('yaml');

/**
 * YAML trees parsed in one run, by the text's hash: a site's versions and languages often copy one document
 * (crewAI's docs: 140 files, 6 different texts; parsed once each, 1.2 s of CPU becomes 0.1 s). A tree is only
 * read (each file gets its own value from it and places in its own text), so files of the same text share it.
 */
export type YamlTrees = Map<string, Document.Parsed>;

export async function parseText(file: SourceFile, bag: DiagnosticBag, places: PlaceMemo | undefined, trees?: YamlTrees): Promise<Parsed> {
  if (isJsonText(file.text)) return parseJsonText(file, bag, places, trees);
  return parseYamlText(file, bag, await yamlPackage(), trees);
}

export function isJsonText(text: string): boolean {
  return /^\s*\{/.test(text);
}

async function parseJsonText(file: SourceFile, bag: DiagnosticBag, places: PlaceMemo | undefined, trees?: YamlTrees): Promise<Parsed> {
  try {
    return { value: JSON.parse(file.text), locator: jsonLocator(file, places) };
  } catch (error) {
    // Mintlify reads every OpenAPI document with a YAML reader (js-yaml), and YAML takes JSON with more in it: a line
    // break inside a string (Checkly's API document), a comment. Read so, the document is the one Mintlify publishes.
    // Not past a stray byte-order mark, which js-yaml takes for text (the whole document one string).
    const yaml = new DiagnosticBag();
    const asYaml = /^[ \t\r\n]*\{/.test(file.text) ? parseYamlText(file, yaml, await yamlPackage(), trees) : undefined;
    if (asYaml !== undefined && typeof asYaml.value === 'object' && asYaml.value !== null && !Array.isArray(asYaml.value)) {
      // JSON.parse's words for the first error (`Bad control character in string literal`), at its place.
      const reason = errorMessage(error).replace(/ in JSON at position \d+.*$/s, '');
      const offset = Number(/ at position (\d+)/.exec(errorMessage(error))?.[1] ?? Number.NaN);
      const at = Number.isFinite(offset) ? { file, start: offset, end: offset + 1 } : { file: file.path };
      bag.report('openapi/json-as-yaml', at, { reason });
      bag.add(yaml.items);
      return asYaml;
    }
    // The positioned parser is slower but says where every error is.
    const { parseJson } = await jsonGrammar();
    const { diagnostics } = parseJson(file);
    if (diagnostics.length > 0) bag.add(diagnostics);
    else bag.report('openapi/parse-failed', { file: file.path }, { reason: errorMessage(error) });
    return undefined;
  }
}

/**
 * Places in a JSON document: found through one index of the text
 * (syntax/locate-json-pointer.ts), remembered across runs when a memo is
 * given. A pointer that leads nowhere is placed at its nearest ancestor, as
 * the positioned tree would place it.
 */
export function jsonLocator(file: SourceFile, places: PlaceMemo | undefined): Locator {
  // Remembered with the line and column of its start, so that a diagnostic placed there decodes no text.
  const remembered = (kind: 'v' | 'k', pointer: Pointer): Span => {
    const key = `${kind}${JSON.stringify(pointer)}`;
    const known = places?.get<[number, number, number, number]>(key);
    if (known) {
      file.knowPosition(known[0], { line: known[2], column: known[3] });
      return { file, start: known[0], end: known[1] };
    }
    const span = find(kind, pointer);
    if (places !== undefined) {
      const { line, column } = file.position(span.start);
      places.put(key, [span.start, span.end, line, column]);
    }
    return span;
  };
  // One index for all the places of the document: each container on the way to them is scanned once.
  let index: JsonPointerIndex | undefined;
  const find = (kind: 'v' | 'k', pointer: Pointer): Span => {
    index ??= new JsonPointerIndex(file.text);
    const scanned = index.locate(pointer);
    if (scanned) return { file, ...(kind === 'k' ? (scanned.key ?? scanned.value) : scanned.value) };
    const nearest = index.locateNearest(pointer);
    const whole = nearest.depth === pointer.length;
    return { file, ...(kind === 'k' && whole ? (nearest.key ?? nearest.value) : nearest.value) };
  };
  return { value: (pointer) => remembered('v', pointer), key: (pointer) => remembered('k', pointer) };
}

export function parseYamlText(file: SourceFile, bag: DiagnosticBag, y: YamlPackage, trees?: YamlTrees): Parsed {
  let doc = trees?.get(file.textHash);
  if (doc === undefined) {
    // prettyErrors is off: its code frame repeats what the diagnostic's place already shows. `<<` merge keys
    // (`<<: *base`, YAML 1.1) are applied, as js-yaml, Mintlify's reader, applies them.
    doc = y.parseDocument(file.text, { prettyErrors: false, uniqueKeys: true, resolveKnownTags: false, logLevel: 'error', merge: true });
    trees?.set(file.textHash, doc);
  }
  reportYamlProblems(doc, file, bag, y);
  if (doc.errors.length > 0) return undefined;
  try {
    return { value: doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT }), locator: yamlLocator(file, doc, y) };
  } catch (error) {
    // Too many aliases, or an alias before its anchor; anything else is not ours to explain.
    if (!(error instanceof ReferenceError)) throw error;
    if (/alias count/i.test(error.message)) bag.report('openapi/alias-limit', { file: file.path }, { limit: `${MAX_ALIAS_COUNT} alias expansions` });
    else bag.report('openapi/syntax', { file: file.path }, { detail: error.message });
    return undefined;
  }
}

function reportYamlProblems(doc: Document.Parsed, file: SourceFile, bag: DiagnosticBag, y: YamlPackage): void {
  for (const error of doc.errors) {
    const span: Span = { file, start: error.pos[0], end: error.pos[1] };
    if (error.code === 'DUPLICATE_KEY') bag.report('openapi/duplicate-key', span, { key: duplicateKeyText(doc, error.pos[0], y) });
    else if (error.code === 'MULTIPLE_DOCS')
      bag.report('openapi/syntax', span, { detail: 'Unexpected second YAML document, expected one document per file' });
    else if (/call stack/i.test(error.message)) bag.report('openapi/syntax', span, { detail: 'Nesting too deep to read (thousands of levels)' });
    else bag.report('openapi/syntax', span, { detail: error.message });
  }
  for (const warning of doc.warnings) {
    const span: Span = { file, start: warning.pos[0], end: warning.pos[1] };
    const tag = file.text.slice(span.start, span.end);
    const detail = warning.code === 'TAG_RESOLVE_FAILED' ? `Unknown YAML tag \`${tag}\`; the value is read as if untagged` : warning.message;
    bag.report('openapi/yaml-warning', span, { detail });
  }
}

/** The text of the key a DUPLICATE_KEY error points at. */
function duplicateKeyText(doc: Document.Parsed, offset: number, y: YamlPackage): string {
  let text = '';
  const visit = (node: unknown): void => {
    if (!y.isMap(node) && !y.isSeq(node)) return;
    for (const item of node.items as unknown[]) {
      const pair = y.isMap(node) ? (item as Pair) : undefined;
      if (pair && y.isScalar(pair.key) && pair.key.range?.[0] === offset) text = String(pair.key.value);
      visit(pair ? pair.value : item);
    }
  };
  visit(doc.contents);
  return text;
}

function yamlLocator(file: SourceFile, doc: Document.Parsed, y: YamlPackage): Locator {
  const span = (node: YamlNode | null | undefined): Span | undefined =>
    node?.range ? { file, start: node.range[0], end: node.range[1] } : undefined;
  const walk = (pointer: Pointer): { node: YamlNode | null; pair?: Pair } => {
    let node: YamlNode | null = doc.contents;
    let pair: Pair | undefined;
    for (const step of pointer) {
      const found = yamlChild(doc, node, String(step), y);
      if (found === undefined) return { node };
      ({ node, pair } = found);
    }
    return pair ? { node, pair } : { node };
  };
  const start: Span = { file, start: 0, end: 0 };
  return {
    value: (pointer) => {
      const found = walk(pointer);
      return span(found.node) ?? span(found.pair?.key as YamlNode | undefined) ?? start;
    },
    key: (pointer) => {
      const found = walk(pointer);
      return span(found.pair?.key as YamlNode | undefined) ?? span(found.node) ?? start;
    },
  };
}

function yamlChild(doc: Document.Parsed, node: YamlNode | null, step: string, y: YamlPackage): { node: YamlNode | null; pair?: Pair } | undefined {
  const target = y.isAlias(node) ? (node.resolve(doc) ?? null) : node;
  if (y.isMap(target)) {
    const pairs = target.items as Pair[];
    for (let i = pairs.length - 1; i >= 0; i--) {
      const pair = pairs[i] as Pair;
      const key = y.isScalar(pair.key) ? pair.key.value : pair.key;
      if (String(key) === step) return { node: (pair.value as YamlNode | null) ?? null, pair };
    }
    return undefined;
  }
  if (y.isSeq(target) && isIndex(step)) {
    const item = target.items[Number(step)] as YamlNode | undefined;
    return item === undefined ? undefined : { node: item };
  }
  return undefined;
}
