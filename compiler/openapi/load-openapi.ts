// Loads one OpenAPI document, local or hosted, into an OpenApiDocument:
// read (through the host, or fetched) → parse (JSON or YAML) → check the
// version → scan the tree for `$ref`s → index operations, webhooks and schemas
// (checking `x-docs`, security names and servers on the way) → validate with
// @readme/openapi-parser. Untrusted input never throws out of `loadOpenApi`:
// every problem becomes a diagnostic, placed by JSON pointer in the text.

import type { Document, Pair, Node as YamlNode } from 'yaml';
import { type Diagnostic, DiagnosticBag, dedupeDiagnostics, type Location, type Place } from '../diagnostics/diagnostic.js';
import { contentKey, type DerivedMemo } from '../host/derived-memo.js';
import { MAX_FILE_BYTES, type ProjectHost, sourceFromBytes } from '../host/project-host.js';
import { cutText } from '../source/cut-text.js';
import type { SourceFile, Span } from '../source/source-file.js';
import { HTTP_METHODS, type HttpMethod } from '../syntax/http-methods.js';
import { MAX_JSON_DEPTH } from '../syntax/json-limits.js';
import { JsonPointerIndex } from '../syntax/locate-json-pointer.js';
import type { FetchLimits } from './fetch-document.js';
import type { OpenApiDocument, OperationInfo, WebhookInfo, XDocs } from './openapi-document.js';
import { nestsDeeperThan, scanJsonRefs } from './scan-json-refs.js';
import { isHttpUrl } from './spec-names.js';

export interface LoadOptions extends Partial<FetchLimits> {
  /** Where the configuration names the document: for problems with the document as a whole. */
  at?: Span | Location;
  /** Remembers the analysis (index and findings) and the places found in JSON documents, by document key and text, across runs. */
  memo?: DerivedMemo | undefined;
  /** Validate against the OpenAPI schema with @readme/openapi-parser (default true; `openapi-file` skips it). */
  validate?: boolean;
}

export interface LoadResult {
  document?: OpenApiDocument;
  diagnostics: Diagnostic[];
}

/** YAML alias expansions allowed (yaml's own measure); real documents use few or none. */
const MAX_ALIAS_COUNT = 100;

/**
 * Documents larger than this (characters) that fail the schema are reported
 * from the direct ajv pass (validate-schema.ts), each problem once where it is
 * written, and @readme/openapi-parser is not run on them: its report of one
 * mistake in a shared schema repeats it at every use with a code frame of the
 * whole dereferenced document (GitHub's spec with one mistake: 40 s, 2 GB).
 * Smaller documents keep the parser's messages, which say more.
 */
const DIRECT_SCHEMA_ERRORS_CHARS = 1_000_000;
/** Deeper documents are refused before any recursive walk can overflow the stack. */
const MAX_DEPTH = MAX_JSON_DEPTH;

type Pointer = readonly (string | number)[];

/**
 * A module loaded on first use, once, and one at a time: Node 20's loader can
 * fail concurrent dynamic imports that share modules ("request for 'node:…'
 * is not in cache", nodejs/node#52187), and documents load concurrently.
 */
let importing: Promise<unknown> = Promise.resolve();
function onFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => {
    if (loaded === undefined) {
      loaded = importing.then(load, load);
      importing = loaded.catch(() => undefined);
    }
    return loaded;
  };
}

// A JSON document does not pay for the YAML package, a valid one for the JSON grammar (chevrotain), a local one for the network modules.
const yamlPackage = onFirstUse(() => import('yaml'));
const jsonGrammar = onFirstUse(() => import('../syntax/json-parser.js'));
const fetchModule = onFirstUse(() => import('./fetch-document.js'));
// Validation: ajv and the schemas, and @readme/openapi-parser, cost about 0.1–0.2 s each to load; runs that validate nothing (all remembered) do not.
const schemaValidator = onFirstUse(() => import('./validate-schema.js'));
const openApiParser = onFirstUse(() => import('@readme/openapi-parser'));
const parserRules = onFirstUse(() => import('./parser-rules.js'));
type JsonObject = Record<string, unknown>;

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

// ---------------------------------------------------------------------------
// Reading

async function readDocument(
  source: string,
  host: ProjectHost,
  options: LoadOptions,
  bag: DiagnosticBag,
): Promise<{ key: string; file: SourceFile } | undefined> {
  const whole: Place = options.at ?? { file: source };
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(source)?.[1];
  if (scheme !== undefined) return fetchHosted(source, scheme, options, bag);
  const path = host.normalize(source);
  if (path === undefined) {
    bag.report('file/outside-root', whole, { path: source });
    return undefined;
  }
  const result = host.read(path);
  if (result.ok) return { key: path, file: sourceFromBytes(path, result.bytes, bag, host.hashOf(path)) };
  if (result.failure === 'not-found') bag.report('openapi/not-found', whole, { path: source });
  else if (result.failure === 'outside-root') bag.report('file/outside-root', whole, { path: source });
  else if (result.failure === 'too-large') bag.report('file/too-large', whole, { path: source, size: result.reason, limit: MAX_FILE_BYTES });
  else bag.report('file/unreadable', whole, { path: source, reason: result.reason });
  return undefined;
}

async function fetchHosted(
  url: string,
  scheme: string,
  options: LoadOptions,
  bag: DiagnosticBag,
): Promise<{ key: string; file: SourceFile } | undefined> {
  const whole: Place = options.at ?? { file: url };
  if (!URL.canParse(url) || !isHttpUrl(new URL(url))) {
    bag.report('openapi/url-scheme', whole, { scheme: `${scheme}:`, url });
    return undefined;
  }
  const { DEFAULT_FETCH_LIMITS, fetchDocument } = await fetchModule();
  const limits: FetchLimits = {
    timeoutMs: options.timeoutMs ?? DEFAULT_FETCH_LIMITS.timeoutMs,
    maxBytes: options.maxBytes ?? DEFAULT_FETCH_LIMITS.maxBytes,
    maxRedirects: options.maxRedirects ?? DEFAULT_FETCH_LIMITS.maxRedirects,
    ...(options.allowPrivate === undefined ? {} : { allowPrivate: options.allowPrivate }),
  };
  const result = await fetchDocument(url, limits);
  if (!result.ok) {
    bag.report('openapi/fetch-failed', whole, { url, reason: result.reason });
    return undefined;
  }
  return { key: url, file: sourceFromBytes(url, result.bytes, bag) };
}

// ---------------------------------------------------------------------------
// The pipeline over the text

async function analyzeDocument(key: string, file: SourceFile, bag: DiagnosticBag, options: LoadOptions): Promise<OpenApiDocument | undefined> {
  const memo = options.memo === undefined ? undefined : documentMemo(options.memo, key, file);
  const indexName = options.validate === false ? 'index-unvalidated' : 'index';
  const index = memo?.get<DocumentIndex>(indexName);
  if (index !== undefined && memo !== undefined) return rememberedDocument(key, file, index, bag, memo);
  const reportedBefore = bag.items.length;
  const parsed = await parseText(file, bag, memo);
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
  const refsOk = checkRefs(scan.refs, ctx);
  const operations = indexOperations(ctx);
  const webhooks = indexWebhooks(ctx);
  checkSecurity(value.security, ['security'], ctx);
  checkServers(operations, ctx);
  // A broken `$ref` stops the validator at the first one; ours lists them all.
  if (refsOk && options.validate !== false) {
    const remembered = memo?.get<Diagnostic[]>('validation');
    if (remembered) bag.add(remembered);
    else {
      const findings = new DiagnosticBag();
      // The copy the parser may change (it dereferences in place), made on first use.
      const copy = () => withoutStaleWebhooks(scan.copy !== value ? scan.copy : (scanDocument(value, file, findings)?.copy ?? {}), version);
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

/**
 * What the analysis of a document that loaded found: its index and every
 * problem it reported (all placed in the document itself). Remembered by text,
 * it lets a later run skip parsing and walking the document altogether
 * (GitHub's spec: about 0.5 s of CPU and a 13 MB tree) when nothing needs its
 * tree: API bodies come from the cache by the document's hash and pointer.
 */
interface DocumentIndex {
  /** Whether the text is JSON (its places are found without the tree), so that a remembered document's text is not decoded to tell. */
  json: boolean;
  version: string;
  operations: OperationInfo[];
  webhooks: WebhookInfo[];
  schemaNames: string[];
  diagnostics: Diagnostic[];
}

/** A document from its remembered index; its tree is parsed on first use (rendering an API body, a schema page). */
async function rememberedDocument(
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

interface Context {
  file: SourceFile;
  root: JsonObject;
  version: string;
  locator: Locator;
  bag: DiagnosticBag;
  schemeNames: string[];
}

// ---------------------------------------------------------------------------
// Parsing, and finding places again

/** Spans for JSON pointers into the parsed text. */
interface Locator {
  /** The span of the value at `pointer`, or of its nearest ancestor that has one. */
  value(pointer: Pointer): Span;
  /** The span of the key of the last segment; for an array item, its value. */
  key(pointer: Pointer): Span;
}

/**
 * What is remembered of one document: its index and findings, its validation findings, and places in
 * its text (finding one builds the positioned tree: 0.8 s for GitHub's 13 MB
 * spec). Keyed by the document's key and a hash of its text, hashed once.
 */
interface PlaceMemo {
  get<T>(name: string): T | undefined;
  put(name: string, value: unknown): void;
}

function documentMemo(memo: DerivedMemo, key: string, file: SourceFile): PlaceMemo {
  const prefix = contentKey('openapi', [key], file);
  return { get: (name) => memo.get(`${prefix}\0${name}`), put: (name, value) => memo.put(`${prefix}\0${name}`, value) };
}

type Parsed = { value: unknown; locator: Locator } | undefined;
type YamlPackage = typeof import('yaml');

async function parseText(file: SourceFile, bag: DiagnosticBag, places: PlaceMemo | undefined): Promise<Parsed> {
  if (isJsonText(file.text)) return parseJsonText(file, bag, places);
  return parseYamlText(file, bag, await yamlPackage());
}

function isJsonText(text: string): boolean {
  return /^\s*\{/.test(text);
}

async function parseJsonText(file: SourceFile, bag: DiagnosticBag, places: PlaceMemo | undefined): Promise<Parsed> {
  try {
    return { value: JSON.parse(file.text), locator: jsonLocator(file, places) };
  } catch (error) {
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
function jsonLocator(file: SourceFile, places: PlaceMemo | undefined): Locator {
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

function parseYamlText(file: SourceFile, bag: DiagnosticBag, y: YamlPackage): Parsed {
  // prettyErrors is off: its code frame repeats what the diagnostic's place already shows.
  const doc = y.parseDocument(file.text, { prettyErrors: false, uniqueKeys: true, resolveKnownTags: false, logLevel: 'error' });
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

// ---------------------------------------------------------------------------
// Version

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

// ---------------------------------------------------------------------------
// Scan: every `$ref`, and the copy the validator may change

/**
 * What a value means where it stands. `data` is example or extension data:
 * a `$ref` key there is a value like any other, not a reference.
 */
type Role = 'node' | 'map' | 'components' | 'schema' | 'schemas' | 'examples' | 'example' | 'links' | 'link' | 'data';

interface RefUse {
  /** Not a string in a broken document. */
  ref: unknown;
  /** Pointer of the object holding the `$ref`. */
  pointer: string[];
  /** That object. */
  holder: JsonObject;
}

class ScanLimit extends Error {}

interface Scan {
  refs: RefUse[];
  /**
   * A deep copy for the validator, which dereferences in place. Data keeps
   * no `$ref` keys, or the validator's dereferencer would follow them.
   * The document itself when no copy was asked for.
   */
  copy: JsonObject;
}

/** Walks the whole document once; undefined (reported) when it is too deep or expands too far. */
function scanDocument(root: JsonObject, file: SourceFile, bag: DiagnosticBag, copy = true): Scan | undefined {
  const refs: RefUse[] = [];
  const path: string[] = [];
  // Aliases share values, so a YAML tree can be far larger than its text; JSON never is.
  let budget = sizeBudget(file);
  const walk = (value: unknown, role: Role, depth: number): unknown => {
    if (depth > MAX_DEPTH) throw new ScanLimit('depth');
    if (--budget < 0) throw new ScanLimit('size');
    if (Array.isArray(value)) {
      const itemRole: Role = role === 'schema' || role === 'data' ? role : 'node';
      if (!copy) {
        value.forEach((item, index) => {
          path.push(String(index));
          walk(item, itemRole, depth + 1);
          path.pop();
        });
        return value;
      }
      return value.map((item, index) => {
        path.push(String(index));
        const out = walk(item, itemRole, depth + 1);
        path.pop();
        return out;
      });
    }
    if (!isObject(value)) return value;
    const out: JsonObject | undefined = copy ? {} : undefined;
    for (const key of Object.keys(value)) {
      const child = value[key];
      if (key === '$ref' && role === 'data') continue;
      // In `properties` and other maps of schemas, `$ref` may name a property.
      if (key === '$ref' && (typeof child === 'string' || role !== 'schemas')) refs.push({ ref: child, pointer: [...path], holder: value });
      path.push(key);
      const walked = walk(child, childRole(role, key, child), depth + 1);
      if (out) setOwn(out, key, walked);
      path.pop();
    }
    return out ?? value;
  };
  try {
    return { refs, copy: walk(root, 'node', 0) as JsonObject };
  } catch (error) {
    if (!(error instanceof ScanLimit)) throw error;
    if (error.message === 'depth') bag.report('openapi/too-deep', { file: file.path }, { limit: MAX_DEPTH });
    else bag.report('openapi/alias-limit', { file: file.path }, { limit: `${sizeBudget(file)} values` });
    return undefined;
  }
}

/**
 * A JSON text whose every `"$ref"` key holds an internal target that
 * resolves, nested no deeper than the walk allows (scan-json-refs.ts): the
 * walk would report nothing. YAML is always walked.
 */
function refsFineInText(text: string, root: JsonObject): boolean {
  if (!/^\s*\{/.test(text)) return false;
  const targets = scanJsonRefs(text);
  return targets !== undefined && [...targets].every((ref) => resolveRef(root, ref) !== undefined) && !nestsDeeperThan(root, MAX_DEPTH);
}

/** How many values a document may expand to: linear in its text, which JSON never exceeds. */
function sizeBudget(file: SourceFile): number {
  return 10 * file.text.length + 100_000;
}

function childRole(role: Role, key: string, value: unknown): Role {
  switch (role) {
    case 'data':
      return 'data';
    case 'schema':
      return schemaChildRole(key);
    case 'schemas':
      return 'schema';
    case 'examples':
      return 'example';
    case 'links':
      return 'link';
    case 'map':
      return 'node';
    case 'components':
      return componentsChildRole(key);
    case 'example':
      return key === 'value' || isExtension(key) ? 'data' : 'node';
    case 'link':
      return key === 'parameters' || key === 'requestBody' || isExtension(key) ? 'data' : 'node';
    case 'node':
      return nodeChildRole(key, value);
  }
}

/** Objects whose keys are names (paths, status codes, media types…), not fields. */
const MAP_FIELDS = new Set(['paths', 'webhooks', 'callbacks', 'responses', 'content', 'headers', 'encoding', 'variables']);

function nodeChildRole(key: string, value: unknown): Role {
  if (isExtension(key) || key === 'example') return 'data';
  if (key === 'examples') return Array.isArray(value) ? 'data' : 'examples';
  if (key === 'schema') return 'schema';
  if (key === 'components') return 'components';
  if (key === 'links') return 'links';
  return MAP_FIELDS.has(key) ? 'map' : 'node';
}

function componentsChildRole(key: string): Role {
  if (isExtension(key)) return 'data';
  if (key === 'schemas') return 'schemas';
  if (key === 'examples') return 'examples';
  if (key === 'links') return 'links';
  return 'map';
}

const SCHEMA_DATA = new Set(['example', 'examples', 'default', 'const', 'enum']);
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);

function schemaChildRole(key: string): Role {
  if (SCHEMA_DATA.has(key) || isExtension(key)) return 'data';
  if (SCHEMA_MAPS.has(key)) return 'schemas';
  if (key === 'discriminator' || key === 'xml' || key === 'externalDocs') return 'node';
  return 'schema';
}

function isExtension(key: string): boolean {
  return key.startsWith('x-');
}

// ---------------------------------------------------------------------------
// References

/** Reports external, dangling and malformed `$ref`s; true when there are none. */
function checkRefs(refs: readonly RefUse[], ctx: Context): boolean {
  let ok = true;
  // A document names a few hundred targets thousands of times (GitHub's: 10,000 uses): each is resolved once.
  const found = new Map<string, boolean>();
  const resolves = (ref: string) => {
    let known = found.get(ref);
    if (known === undefined) {
      known = resolveRef(ctx.root, ref) !== undefined;
      found.set(ref, known);
    }
    return known;
  };
  for (const { ref, pointer } of refs) {
    const at = () => ctx.locator.value([...pointer, '$ref']);
    if (typeof ref !== 'string') ctx.bag.report('openapi/ref-invalid', at(), { found: describeValue(ref), pointer: formatPointer(pointer) });
    else if (!ref.startsWith('#')) ctx.bag.report('openapi/external-ref', at(), { ref, pointer: formatPointer(pointer) });
    else if (!resolves(ref)) ctx.bag.report('openapi/ref-not-found', at(), { ref, pointer: formatPointer(pointer) });
    else continue;
    ok = false;
  }
  return ok;
}

/** The pointer segments of an internal `$ref` (`#/a/b~1c`), undefined when it is not one. */
function refPointer(ref: string): string[] | undefined {
  if (!ref.startsWith('#')) return undefined;
  let fragment: string;
  try {
    fragment = decodeURIComponent(ref.slice(1));
  } catch {
    return undefined;
  }
  if (fragment === '') return [];
  if (!fragment.startsWith('/')) return undefined;
  return fragment
    .slice(1)
    .split('/')
    .map((s) => s.replaceAll('~1', '/').replaceAll('~0', '~'));
}

function resolveRef(root: unknown, ref: string): unknown {
  const pointer = refPointer(ref);
  return pointer && valueAt(root, pointer);
}

/** The value at a pointer, own properties only; undefined when any step is missing. */
function valueAt(root: unknown, pointer: readonly string[]): unknown {
  let node = root;
  for (const step of pointer) {
    node = childValue(node, step);
    if (node === undefined) return undefined;
  }
  return node;
}

function childValue(node: unknown, step: string): unknown {
  if (Array.isArray(node)) return isIndex(step) ? node[Number(step)] : undefined;
  return isObject(node) ? own(node, step) : undefined;
}

/** Follows internal `$ref`s from a node; cycles and dangling refs stop where they are. */
function followRefs(root: unknown, node: unknown, pointer: string[]): { node: unknown; pointer: string[] } {
  for (let hops = 0; hops < 32 && isObject(node) && typeof node.$ref === 'string'; hops++) {
    const target = refPointer(node.$ref);
    const value = target && valueAt(root, target);
    if (target === undefined || value === undefined) break;
    node = value;
    pointer = target;
  }
  return { node, pointer };
}

/** A pointer as `$ref`s write it: `#/paths/~1pets/get`. */
function formatPointer(pointer: readonly string[]): string {
  return `#${pointer.map((s) => `/${s.replaceAll('~', '~0').replaceAll('/', '~1')}`).join('')}`;
}

// ---------------------------------------------------------------------------
// Index

function indexOperations(ctx: Context): OperationInfo[] {
  const operations: OperationInfo[] = [];
  const paths = asObject(ctx.root.paths);
  for (const path of Object.keys(paths)) {
    if (!path.startsWith('/')) continue;
    for (const found of pathItemOperations(ctx, paths[path], ['paths', path])) {
      operations.push({
        method: found.method,
        path,
        ...operationId(found.op),
        ...describeOperation(found.op, found.pointer, ctx),
        pointer: found.pointer,
      });
    }
  }
  return operations;
}

/** `webhooks` are OpenAPI 3.1+; a 3.0 document's are reported, not indexed. */
function indexWebhooks(ctx: Context): WebhookInfo[] {
  if (!Object.hasOwn(ctx.root, 'webhooks')) return [];
  if (!supportsWebhooks(ctx.version)) {
    ctx.bag.report('openapi/webhooks-version', ctx.locator.key(['webhooks']), { version: ctx.version });
    return [];
  }
  const webhooks: WebhookInfo[] = [];
  const hooks = asObject(ctx.root.webhooks);
  for (const name of Object.keys(hooks)) {
    for (const found of pathItemOperations(ctx, hooks[name], ['webhooks', name])) {
      webhooks.push({ name, method: found.method, ...describeOperation(found.op, found.pointer, ctx), pointer: found.pointer });
    }
  }
  return webhooks;
}

function supportsWebhooks(version: string): boolean {
  return !version.startsWith('3.0');
}

/** The operations of a Path Item (following its `$ref`), with their pointers. */
function pathItemOperations(ctx: Context, item: unknown, pointer: string[]): { method: HttpMethod; op: JsonObject; pointer: string[] }[] {
  const target = followRefs(ctx.root, item, pointer);
  if (!isObject(target.node)) return [];
  const out: { method: HttpMethod; op: JsonObject; pointer: string[] }[] = [];
  for (const method of HTTP_METHODS) {
    const op = own(target.node, method);
    if (isObject(op)) out.push({ method, op, pointer: [...target.pointer, method] });
  }
  return out;
}

function operationId(op: JsonObject): { operationId?: string } {
  return typeof op.operationId === 'string' ? { operationId: op.operationId } : {};
}

/** What operations and webhooks share; checks the operation's `security` and `x-docs`. */
function describeOperation(op: JsonObject, pointer: string[], ctx: Context) {
  checkSecurity(op.security, [...pointer, 'security'], ctx);
  const xDocs = readXDocs(op, pointer, ctx);
  return {
    ...(typeof op.summary === 'string' && { summary: op.summary }),
    ...(typeof op.description === 'string' && { description: op.description }),
    deprecated: op.deprecated === true,
    tags: Array.isArray(op.tags) ? op.tags.filter((t): t is string => typeof t === 'string') : [],
    hidden: own(op, 'x-hidden') === true,
    excluded: own(op, 'x-excluded') === true,
    ...(xDocs && { xDocs }),
  };
}

// ---------------------------------------------------------------------------
// x-docs (alias x-mint)

/** Keys Mintlify documents for `x-mint` beside the seed's three: `groups` (navigation) and `mcp` (MCP tools). */
const X_DOCS_KEYS = new Set(['metadata', 'content', 'href', 'groups', 'mcp']);

function readXDocs(op: JsonObject, pointer: string[], ctx: Context): XDocs | undefined {
  const hasDocs = Object.hasOwn(op, 'x-docs');
  const hasMint = Object.hasOwn(op, 'x-mint');
  if (hasDocs && hasMint) ctx.bag.report('openapi/x-docs-both', ctx.locator.key([...pointer, 'x-mint']));
  if (!hasDocs && !hasMint) return undefined;
  const name = hasDocs ? 'x-docs' : 'x-mint';
  const at = [...pointer, name];
  const raw = op[name];
  if (!isObject(raw)) {
    reportType(ctx, at, name, raw, 'an object');
    return undefined;
  }
  const xDocs: XDocs = {};
  for (const key of Object.keys(raw)) {
    const value = raw[key];
    const field = `${name}.${key}`;
    if (key === 'metadata') {
      const metadata = readMetadata(value, [...at, key], field, ctx);
      if (metadata) xDocs.metadata = metadata;
    } else if (key === 'content') {
      if (typeof value === 'string') xDocs.content = value;
      else reportType(ctx, [...at, key], field, value, 'a string of MDX');
    } else if (key === 'href') {
      if (isHrefTarget(value)) xDocs.href = value;
      else reportHref(ctx, [...at, key], field, value);
    } else if (!X_DOCS_KEYS.has(key)) {
      ctx.bag.report('openapi/x-docs-unknown-key', ctx.locator.key([...at, key]), { key, field: name });
    }
  }
  return xDocs;
}

/** The frontmatter fields of `metadata`, without `openapi` (reported). */
function readMetadata(value: unknown, at: string[], field: string, ctx: Context): Record<string, unknown> | undefined {
  if (!isObject(value)) {
    reportType(ctx, at, field, value, 'an object of frontmatter fields');
    return undefined;
  }
  if (Object.hasOwn(value, 'openapi')) ctx.bag.report('openapi/x-docs-openapi', ctx.locator.key([...at, 'openapi']), { field });
  return Object.fromEntries(Object.entries(value).filter(([k]) => k !== 'openapi'));
}

function reportType(ctx: Context, at: string[], field: string, value: unknown, expected: string): void {
  ctx.bag.report('openapi/x-docs-type', ctx.locator.value(at), { found: describeValue(value), field, expected });
}

function reportHref(ctx: Context, at: string[], field: string, value: unknown): void {
  if (typeof value === 'string') ctx.bag.report('openapi/x-docs-href', ctx.locator.value(at), { href: value, field });
  else reportType(ctx, at, field, value, 'an absolute http(s) URL or a path of the site');
}

/** Where a navigation entry may link instead of a generated page: out to http(s), or to a page of the site (`/path`). */
function isHrefTarget(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  if (/^\/(?![/\\])/.test(value)) return !/[\u0000-\u001F\s]/.test(value);
  return URL.canParse(value) && isHttpUrl(new URL(value));
}

// ---------------------------------------------------------------------------
// Security and servers

function securitySchemeNames(root: JsonObject): string[] {
  return Object.keys(asObject(own(asObject(root.components), 'securitySchemes')));
}

/** Every scheme named in a `security` array must be declared in `components.securitySchemes`. */
function checkSecurity(security: unknown, pointer: string[], ctx: Context): void {
  if (!Array.isArray(security)) return;
  security.forEach((requirement, index) => {
    for (const name of Object.keys(asObject(requirement))) {
      if (ctx.schemeNames.includes(name)) continue;
      ctx.bag.report('openapi/unknown-security-scheme', ctx.locator.key([...pointer, String(index), name]), {
        name,
        known: knownSchemes(ctx.schemeNames),
      });
    }
  });
}

function knownSchemes(names: readonly string[]): string {
  if (names.length === 0) return 'a scheme declared in `components.securitySchemes` (it declares none)';
  return `one of ${names.map((n) => `\`${n}\``).join(', ')}`;
}

/** Without any server the playground cannot send requests: say so, once. */
function checkServers(operations: readonly OperationInfo[], ctx: Context): void {
  if (operations.length === 0 || hasServers(ctx.root)) return;
  for (const op of operations) {
    const item = valueAt(ctx.root, op.pointer.slice(0, -1));
    if (hasServers(asObject(item)) || hasServers(asObject(valueAt(ctx.root, op.pointer)))) return;
  }
  const at = Object.hasOwn(ctx.root, 'servers') ? ctx.locator.value(['servers']) : { file: ctx.file.path };
  ctx.bag.report('openapi/no-servers', at);
}

function hasServers(node: JsonObject): boolean {
  return Array.isArray(node.servers) && node.servers.length > 0;
}

// ---------------------------------------------------------------------------
// Validation by @readme/openapi-parser

interface ValidationInput {
  operations: readonly OperationInfo[];
  refs: readonly RefUse[];
  /** The whole document for the parser, its own to change. */
  copy: () => JsonObject;
}

async function validateDocument(ctx: Context, input: ValidationInput): Promise<void> {
  let copy: JsonObject | undefined;
  if (ctx.file.text.length > DIRECT_SCHEMA_ERRORS_CHARS) {
    const { validateSchema } = await schemaValidator();
    // As written, `$ref`s not followed: the document itself serves (the copy differs only by `$ref` keys in example data, valid anywhere).
    const direct = validateSchema(withoutStaleWebhooks(ctx.root, ctx.version), ctx.version);
    if (direct.problems.length > 0) {
      for (const problem of direct.problems) {
        const pointer = canonicalPointer(ctx.root, problem.pointer);
        const at = pointer.length === 0 ? { file: ctx.file.path } : ctx.locator.key(pointer);
        ctx.bag.report('openapi/invalid', at, { detail: `\`${formatPointer(pointer)}\` ${problem.message}` });
      }
      if (direct.more > 0) ctx.bag.report('openapi/more-errors', { file: ctx.file.path }, { count: direct.more });
      return;
    }
    checkOperationIds(input.operations, ctx);
    const { rulesSuffice, runParserRules, dereferencer } = await parserRules();
    const targets = new Map<string, string[]>();
    const targetOf = (ref: string) => targets.get(ref) ?? targets.set(ref, refPointer(ref) ?? []).get(ref) ?? [];
    const refs = input.refs.map((use) => ({ pointer: use.pointer, holder: use.holder, target: targetOf(use.ref as string) }));
    if (rulesSuffice(refs, ctx.file.text)) {
      let found: ValidatorResult;
      try {
        found = runParserRules(ctx.root);
      } catch (error) {
        ctx.bag.report('openapi/validator-failed', { file: ctx.file.path }, { reason: errorMessage(error) });
        return;
      }
      const deref = dereferencer(ctx.root);
      reportValidatorResult(found, { root: ctx.root, child: (node, step) => deref(childValue(node, step)) }, ctx);
      return;
    }
    copy = input.copy();
    shallowComponentSchemas(copy, pointedInto(refs));
    withoutOperationIds(copy, input.operations);
  }
  if (copy === undefined) {
    // Duplicate ids are found here, as for a large document, and reported at the later one (the parser names no place).
    checkOperationIds(input.operations, ctx);
    copy = input.copy();
    withoutOperationIds(copy, input.operations);
  }
  let result: ValidatorResult;
  try {
    const { validate } = await openApiParser();
    result = await validate(copy as unknown as Parameters<typeof validate>[0], {
      resolve: { external: false, file: false },
      dereference: { circular: 'ignore' },
      timeoutMs: 60_000,
      // `type: array` without `items` is valid JSON Schema (and so OpenAPI 3.1); worth a warning, not a refusal.
      validate: { rules: { openapi: { 'array-without-items': 'warning' } } },
    });
  } catch (error) {
    ctx.bag.report('openapi/validator-failed', { file: ctx.file.path }, { reason: errorMessage(error) });
    return;
  }
  reportValidatorResult(result, { root: copy, child: childValue }, ctx);
}

/** What @readme/openapi-parser's `validate` returns, as far as it is read (parser-rules.ts returns the same). */
interface ValidatorResult {
  valid: boolean;
  errors?: { message: string }[];
  warnings: { message: string }[];
  additionalErrors?: number;
}

/** The document the validator's messages speak of, dereferenced: the parser's copy, or the document read through its `$ref`s. */
interface Dereferenced {
  root: unknown;
  child: (node: unknown, step: string) => unknown;
}

/**
 * The parser's rules beyond the OpenAPI schema that Mintlify's validator does
 * not apply (it publishes such a document, and its pages render): a path
 * parameter declared twice, optional, or missing from the path or from the
 * parameters, a placeholder twice in a path, a component name with other
 * characters, a duplicated `operationId`.
 */
const RULES_PAGES_SURVIVE = [
  /^Found multiple `[^`]+` parameters named /,
  /^Path parameters cannot be optional\. /,
  /` has a path parameter named `[^`]+`, but there is no corresponding /,
  /` is missing path parameter\(s\) for /,
  /` has multiple path placeholders named /,
  /` has an invalid name\. Component names should match /,
  /^The operationId `[^`]*` is duplicated /,
];

function reportValidatorResult(result: ValidatorResult, dereferenced: Dereferenced, ctx: Context): void {
  // An error reached through several `$ref`s lands on one place each time; loadOpenApi drops the repeats.
  const report = (code: 'openapi/invalid' | 'openapi/invalid-warning' | 'openapi/spec-rule', message: string) => {
    const found = placeValidatorMessage(message, dereferenced, ctx);
    ctx.bag.report(code, found.at, { detail: found.detail }, found.hint ? { hint: found.hint } : {});
  };
  const codeOf = (message: string) => (RULES_PAGES_SURVIVE.some((rule) => rule.test(message)) ? 'openapi/spec-rule' : 'openapi/invalid');
  if (!result.valid) for (const message of withoutEchoes((result.errors ?? []).map((e) => e.message))) report(codeOf(message), message);
  for (const warning of result.warnings) report('openapi/invalid-warning', warning.message);
  const more = result.additionalErrors ?? 0;
  if (!result.valid && more > 0) ctx.bag.report('openapi/more-errors', { file: ctx.file.path }, { count: more });
}

/**
 * Cuts every schema of `components.schemas` to what @readme/openapi-parser
 * still has to look at once the direct pass found the document as written
 * valid: its rules over operations, parameters, responses and headers look
 * one level into a schema (`type: array` without `items`). Whole, the
 * parser dereferences every schema at every use and validates the result,
 * each shared schema again wherever it is reached: Microsoft Graph's 20 MB
 * spec, 2,600 schemas inheriting through `allOf`, spent 9 s of CPU there
 * and its 47 MB beta more. What is lost is a `$ref` inside a schema that
 * leads to something other than a schema. Schemas a `$ref` points inside
 * (`#/components/schemas/A/properties/b`) are kept whole: cut, the pointer
 * would lead nowhere. The copy is the validator's own.
 */
function shallowComponentSchemas(copy: JsonObject, keep: ReadonlySet<string>): void {
  const schemas = own(asObject(own(copy, 'components')), 'schemas');
  if (!isObject(schemas)) return;
  for (const name of Object.keys(schemas)) {
    const schema = schemas[name];
    if (!isObject(schema) || keep.has(name)) continue;
    const shallow: JsonObject = {};
    if (typeof schema.$ref === 'string') shallow.$ref = schema.$ref;
    else {
      if (Object.hasOwn(schema, 'type')) shallow.type = schema.type;
      if (Object.hasOwn(schema, 'items')) shallow.items = {};
    }
    setOwn(schemas, name, shallow);
  }
}

/** The component schemas a `$ref` points inside, by name. */
function pointedInto(refs: readonly { target: readonly string[] }[]): Set<string> {
  const names = new Set<string>();
  for (const { target } of refs) if (target.length > 3 && target[0] === 'components' && target[1] === 'schemas') names.add(target[2] as string);
  return names;
}

/**
 * Duplicate `operationId`s, reported at the later one, instead of by
 * @readme/openapi-parser: it searches an array of the ids seen so far for
 * each operation, quadratic in their number (Microsoft Graph's beta spec,
 * 22,000 operations: a fifth of its check), and says only which id. The ids
 * are taken out of the parser's copy, where nothing else reads them.
 */
function checkOperationIds(operations: readonly OperationInfo[], ctx: Context): void {
  const seen = new Set<string>();
  for (const op of operations) {
    if (op.operationId === undefined || op.operationId === '') continue;
    if (!seen.has(op.operationId)) seen.add(op.operationId);
    else
      ctx.bag.report('openapi/spec-rule', ctx.locator.value([...op.pointer, 'operationId']), {
        detail: `The operationId \`${op.operationId}\` is duplicated and must be made unique.`,
      });
  }
}

/** The ids are taken out of the parser's copy, where nothing else reads them. */
function withoutOperationIds(copy: JsonObject, operations: readonly OperationInfo[]): void {
  for (const op of operations) {
    const inCopy = valueAt(copy, op.pointer);
    if (isObject(inCopy)) delete inCopy.operationId;
  }
}

/** A 3.0 document's `webhooks` are reported already: the validator would only repeat it as an unknown property. */
function withoutStaleWebhooks(document: JsonObject, version: string): JsonObject {
  if (supportsWebhooks(version) || !Object.hasOwn(document, 'webhooks')) return document;
  const { webhooks: _, ...rest } = document;
  return rest;
}

/**
 * A path parameter declared twice makes the validator also claim, wrongly,
 * that the path string lacks it: keep only the true message.
 */
function withoutEchoes(messages: string[]): string[] {
  const duplicated = new Set<string>();
  for (const m of messages) {
    const found = /^Found multiple `path` parameters named `([^`]+)` in `([^`]+)`/.exec(m);
    if (found) duplicated.add(`${found[2]}\0${found[1]}`);
  }
  return messages.filter((m) => {
    const echo = /^`([^`]+)` has a path parameter named `([^`]+)`, but there is no corresponding/.exec(m);
    return !(echo && duplicated.has(`${echo[1]}\0${echo[2]}`));
  });
}

/**
 * The validator's messages carry no pointer. Schema errors hold a code frame
 * of the dereferenced document printed by JSON.stringify(…, null, 2): its
 * marked line leads back to a value, and from there, through the `$ref`s, to
 * the place in the text. Other messages name a path such as `/paths/pets/get`.
 */
function placeValidatorMessage(message: string, dereferenced: Dereferenced, ctx: Context): { at: Place; detail: string; hint?: string } {
  const frameAt = message.search(/\n\n\s*>?\s*\d+ \|/);
  const head = frameAt === -1 ? message : message.slice(0, frameAt);
  const frame = frameAt === -1 ? '' : message.slice(frameAt);
  const text = head
    .replace(/^[A-Z][A-Z ]*[A-Z] (?=[a-z])/, '')
    .replace(/\s*\n\s*/g, ' ')
    .trim();
  const line = /^>\s*(\d+) \|/m.exec(frame)?.[1];
  const steps = line !== undefined ? pointerAtLine(dereferenced.root, Number(line)) : pointerInText(dereferenced, text);
  const pointer = canonicalPointer(ctx.root, steps);
  const at = pointer.length > 0 ? ctx.locator.key(pointer) : { file: ctx.file.path };
  const detail = line !== undefined ? `\`${formatPointer(pointer)}\` ${text}` : text;
  // The frame's caret note, unless it only repeats the message.
  const hint = /^\s*\|\s*\^+\s*(.+)$/m.exec(frame)?.[1];
  return hint && !hint.includes(text) ? { at, detail, hint } : { at, detail };
}

/** The path to the value printed on `line` (1-based) of JSON.stringify(root, null, 2). */
function pointerAtLine(root: unknown, line: number): string[] {
  const counts = new WeakMap<object, number>();
  const path: string[] = [];
  let node = root;
  let offset = line - 1;
  while (offset > 0) {
    offset -= 1;
    let next: [string, unknown] | undefined;
    for (const entry of printedChildren(node)) {
      const lines = printedLines(entry[1], counts);
      if (offset < lines) {
        next = entry;
        break;
      }
      offset -= lines;
    }
    if (next === undefined) break;
    path.push(next[0]);
    node = next[1];
  }
  return path;
}

/** The members JSON.stringify prints, in its order. */
function printedChildren(node: unknown): [string, unknown][] {
  if (Array.isArray(node)) return node.map((item, index) => [String(index), item]);
  if (!isObject(node)) return [];
  return Object.keys(node)
    .filter((key) => node[key] !== undefined && typeof node[key] !== 'function')
    .map((key) => [key, node[key]]);
}

/** How many lines a value takes in JSON.stringify(…, null, 2); shared values are counted once. */
function printedLines(value: unknown, counts: WeakMap<object, number>): number {
  if (typeof value !== 'object' || value === null) return 1;
  const known = counts.get(value);
  if (known !== undefined) return known;
  const children = printedChildren(value);
  const lines = children.length === 0 ? 1 : 2 + children.reduce((sum, [, child]) => sum + printedLines(child, counts), 0);
  counts.set(value, lines);
  return lines;
}

/**
 * The first `/a/b` path in backticks that leads into the document. The
 * validator joins keys with `/` without escaping, so keys that hold `/`
 * (paths) are matched whole, longest first.
 */
function pointerInText(dereferenced: Dereferenced, text: string): string[] {
  for (const match of text.matchAll(/`(\/[^`]*)`/g)) {
    const steps = loosePath(dereferenced, match[1] as string);
    if (steps.length > 0) return steps;
  }
  return [];
}

function loosePath({ root, child }: Dereferenced, text: string): string[] {
  const steps: string[] = [];
  let node = root;
  let rest = text;
  while (rest !== '') {
    let best: { key: string; length: number } | undefined;
    for (const [key] of printedChildren(node)) {
      const length = consumedBy(rest, key);
      if (length > (best?.length ?? 0)) best = { key, length };
    }
    if (best === undefined) break;
    steps.push(best.key);
    node = child(node, best.key);
    rest = rest.slice(best.length);
  }
  return steps;
}

/** How much of `rest` (`/key/…`) the key stands for; 0 when it does not match. */
function consumedBy(rest: string, key: string): number {
  if (rest === `/${key}` || rest.startsWith(`/${key}/`)) return key.length + 1;
  if (key.startsWith('/') && (rest === key || rest.startsWith(`${key}/`))) return key.length;
  return 0;
}

/** A path through the dereferenced document, as a pointer into the text: through `$ref`s to where values are written. */
function canonicalPointer(root: unknown, steps: readonly string[]): string[] {
  let node = root;
  let pointer: string[] = [];
  for (const step of steps) {
    ({ node, pointer } = followRefs(root, node, pointer));
    const child = childValue(node, step);
    if (child === undefined) break;
    node = child;
    pointer = [...pointer, step];
  }
  return pointer;
}

// ---------------------------------------------------------------------------
// Small helpers

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function asObject(value: unknown): JsonObject {
  return isObject(value) ? value : {};
}

/** An own property only: `constructor` or `__proto__` never reach Object.prototype. */
function own(object: JsonObject, key: string): unknown {
  return Object.hasOwn(object, key) ? object[key] : undefined;
}

/** Sets a property without ever changing a prototype (`__proto__` becomes an ordinary key). */
function setOwn(object: JsonObject, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
  else object[key] = value;
}

function isIndex(step: string): boolean {
  return /^(?:0|[1-9]\d*)$/.test(step);
}

/** A value as "Unexpected …" names it: `array`, `number \`42\``, `string \`abc\``. */
function describeValue(value: unknown): string {
  if (value === null || typeof value === 'boolean') return `\`${String(value)}\``;
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'object') return 'object';
  if (typeof value === 'string') return `string \`${value.length > 40 ? `${cutText(value, 40)}…` : value}\``;
  if (typeof value === 'number') return `number \`${value}\``;
  return 'nothing';
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
