// Page frontmatter: the YAML block between `---` lines at the top of a page.
// Reads it with the `yaml` package (duplicate keys are errors, aliases are
// capped), or, when it is only `key: value` lines of strings, by hand
// (`simplePairs`, to the same result), reports problems at their real line
// and column in the page, and types the keys docsc knows (seed 2.16 and REFERENCE.md "Page entries and
// frontmatter"): a scalar of another type whose meaning is plain (`title: 2024`, `hidden: "true"`) is read as
// the key's type with a warning, as Mintlify renders it; anything else of the wrong type is an error and the
// key is left out. Other keys are free metadata and pass silently. An empty value (`description:`) counts as
// absent.

import { createRequire } from 'node:module';
import type { Document, YAMLError, Node as YamlNode } from 'yaml';
import { closestMatch } from '../config/did-you-mean.js';
import { type Diagnostic, DiagnosticBag, type Location } from '../diagnostics/diagnostic.js';
import { cutText } from '../source/cut-text.js';
import type { SourceFile, Span } from '../source/source-file.js';
import { type Entry, parseEntry, parseOpenApiReference, parseSchemaReference, type SchemaEntry, type StringRange } from '../syntax/entry-parser.js';
import { joinContinuedQuotes } from './join-continued-quotes.js';

const require = createRequire(import.meta.url);
let yamlPackage: typeof import('yaml') | undefined;

/** The `yaml` package, loaded on first use: a build whose pages all come from the cache (a navigation edit) parses no frontmatter, and loading it costs 40 ms. */
function yaml(): typeof import('yaml') {
  yamlPackage ??= require('yaml') as typeof import('yaml');
  return yamlPackage;
}

/** Aliases a frontmatter may expand; real frontmatter uses none, a "billion laughs" block uses millions. */
export const MAX_ALIAS_COUNT = 10;

export const PAGE_MODES = ['default', 'wide', 'frame', 'custom', 'center'] as const;
export type PageMode = (typeof PAGE_MODES)[number];

const STRING_FIELDS = ['title', 'sidebarTitle', 'description', 'icon', 'tag', 'version'] as const;
const BOOLEAN_FIELDS = ['hidden', 'deprecated', 'noindex', 'rss'] as const;

/** A string value with the place of its text in the page, for passes that report on it later. */
export interface PlacedString {
  value: string;
  /** Where the text starts (after an opening quote). */
  at: Location;
  /** The page holds the value character for character (no escapes, no folded lines). */
  verbatim: boolean;
}

export type Frontmatter = { [K in (typeof STRING_FIELDS)[number]]?: string } & { [K in (typeof BOOLEAN_FIELDS)[number]]?: boolean } & {
  mode?: PageMode;
  /** The address the page's navigation entry links to instead of the page: an http(s) or mailto URL, or a path of the site (`/guides/x`). */
  url?: string;
  boost?: number;
  keywords?: string[];
  /** `og:*` keys, by their full name (`og:title`). */
  openGraph?: Record<string, string>;
  /** An `invalid` reference has been reported here already. */
  openapi?: PlacedString & { reference: Entry };
  'openapi-schema'?: PlacedString & { reference: SchemaEntry };
  /** `api: "POST https://…"`: a page documenting an endpoint by hand. */
  api?: PlacedString;
};

export interface ParsedFrontmatter {
  frontmatter: Frontmatter;
  /** Offsets of the whole block, both `---` lines included; absent when the page has none. */
  block?: { start: number; end: number };
  /** Where a `url` that is a path of the site is written: a link of the page, checked like the others. */
  urlLink?: Location & { href: string };
  diagnostics: Diagnostic[];
}

interface BlockBounds {
  yamlStart: number;
  yamlEnd: number;
  end: number;
}

/** What reading one field needs: where the YAML starts in the page, and where to report. */
interface FieldReader {
  file: SourceFile;
  yamlStart: number;
  bag: DiagnosticBag;
  frontmatter: Frontmatter;
  urlLink?: Location & { href: string };
}

export function parseFrontmatter(file: SourceFile): ParsedFrontmatter {
  const bounds = findFrontmatter(file.text);
  if (bounds === undefined) return { frontmatter: {}, diagnostics: [] };
  const bag = new DiagnosticBag();
  if (bounds === 'unclosed') {
    bag.report('page/frontmatter-unclosed', { file, start: 0, end: 3 });
    return { frontmatter: {}, diagnostics: bag.items };
  }
  const reader: FieldReader = { file, yamlStart: bounds.yamlStart, bag, frontmatter: {} };
  readFrontmatter(reader, bounds);
  const parsed: ParsedFrontmatter = { frontmatter: reader.frontmatter, block: { start: 0, end: bounds.end }, diagnostics: bag.items };
  if (reader.urlLink !== undefined) parsed.urlLink = reader.urlLink;
  return parsed;
}

/** Where the text of a value's sub-range is, when the value is verbatim; else the whole value. */
export function locationInValue(placed: PlacedString, range: StringRange): Location {
  if (!placed.verbatim) return placed.at;
  return { ...placed.at, column: placed.at.column + range.start, length: Math.max(range.end - range.start, 0) };
}

/** The frontmatter of an identical page at `path`: its placed values name their page. */
export function relocateFrontmatter(frontmatter: Frontmatter, path: string): Frontmatter {
  const { openapi, api } = frontmatter;
  const schema = frontmatter['openapi-schema'];
  if (openapi === undefined && schema === undefined && api === undefined) return frontmatter;
  const moved = { ...frontmatter };
  if (openapi !== undefined) moved.openapi = { ...openapi, at: { ...openapi.at, file: path } };
  if (schema !== undefined) moved['openapi-schema'] = { ...schema, at: { ...schema.at, file: path } };
  if (api !== undefined) moved.api = { ...api, at: { ...api.at, file: path } };
  return moved;
}

/** The YAML of a page's frontmatter block (closed), or undefined. */
export function frontmatterText(text: string): string | undefined {
  const bounds = findFrontmatter(text);
  return typeof bounds === 'object' ? text.slice(bounds.yamlStart, bounds.yamlEnd) : undefined;
}

/**
 * A first line `---` opens the block; the next line holding only `---` closes it. Without one, a `---` followed by a
 * blank line is a thematic break, as Mintlify renders it (a snippet that opens with a rule: Portkey's docs), not a
 * frontmatter left open: only text right below it (`title: …`) is taken for frontmatter that lost its end.
 */
function findFrontmatter(text: string): BlockBounds | 'unclosed' | undefined {
  const opening = /^---[ \t]*\r?\n/.exec(text);
  if (opening === null) return undefined;
  const closing = /^---[ \t]*\r?$/gm;
  closing.lastIndex = opening[0].length;
  const match = closing.exec(text);
  if (match === null) return /^[ \t]*(?:\r?\n|$)/.test(text.slice(opening[0].length)) ? undefined : 'unclosed';
  return { yamlStart: opening[0].length, yamlEnd: match.index, end: match.index + match[0].length };
}

function readFrontmatter(reader: FieldReader, bounds: BlockBounds): void {
  const { file, bag } = reader;
  const text = file.text.slice(bounds.yamlStart, bounds.yamlEnd);
  const simple = simplePairs(text);
  if (simple !== undefined) {
    for (const { key, value, node } of simple) readField(key, value, node, reader);
    return;
  }
  const doc = parseYaml(text, reader);
  if (!reportYamlErrors(doc, reader)) return;
  const contents = doc.contents;
  if (contents === null) return;
  if (!yaml().isMap(contents)) {
    bag.report('page/frontmatter-not-mapping', nodeSpan(reader, contents), { found: yaml().isSeq(contents) ? 'a list' : 'a single value' });
    return;
  }
  const values = expandAliases(doc, reader);
  if (values === undefined) return;
  // Of duplicate keys the last wins, as in `values`.
  const valueNodes = new Map<string, YamlNode>();
  for (const pair of contents.items) {
    if (yaml().isScalar(pair.key) && isNodeValue(pair.value)) valueNodes.set(String(pair.key.value), pair.value);
  }
  for (const [key, node] of valueNodes) {
    const value = values[key];
    if (value !== null && value !== undefined) readField(key, value, node, reader);
  }
}

/** A value of `simplePairs`: its place in the YAML text (quotes included) and how it was written, as a `yaml` scalar has them. */
interface SimpleNode {
  range: [number, number, number];
  type: 'PLAIN' | 'QUOTE_DOUBLE' | 'QUOTE_SINGLE';
}

/** A list of `simplePairs` (`["a", "b"]`): its place and its items', as a `yaml` flow sequence has them. */
interface SimpleList {
  range: [number, number, number];
  items: SimpleNode[];
}

/** `key: value` at the start of a line: a plain key (`og:title` included), then the value's text, trailing spaces left out. */
const SIMPLE_PAIR = /^([A-Za-z_][\w.-]*(?::[\w.-]+)*):(?:( +)(.*?))? *$/;
/** A plain value YAML reads as this text: a safe first character, no comment, no nested mapping. */
const PLAIN_STRING = /^[A-Za-z_$/(<](?!.*(?:: | #|:$))/;
/** Plain values YAML (1.2, core schema) reads as a boolean or null. */
const NOT_A_STRING = /^(?:true|True|TRUE|false|False|FALSE|null|Null|NULL)$/;
/** A plain value YAML reads as this integer (no sign, no leading zero, within a double's exact range). */
const PLAIN_INTEGER = /^(?:0|[1-9][0-9]{0,14})$/;
/** A flow list of strings quoted without escapes, spaces around items, no trailing comma. */
const STRING_LIST = /^\[ *(?:"[^"\\]*" *(?:, *"[^"\\]*" *)*)?\]$/;

/**
 * Frontmatter made of `key: value` lines alone (and blank or comment lines), each value written as a string
 * YAML reads as written — plain text that is no number, boolean or null, or quoted without escapes —, a plain
 * integer (`boost: 3`) or a one-line list of such quoted strings (`keywords: ["a", "b"]`), and each key once:
 * its pairs, read without the `yaml` package, the value's place (and a list's items') kept as `yaml` gives it.
 * Real pages' frontmatter is almost always this (`title: "Quickstart"`; mintlify's docs, 1,019 of 1,063 pages,
 * with their keywords and boosts), and `yaml` took a fifth of a bench page's compile outside the MDX parser.
 * Undefined for anything else (block lists, other numbers, booleans, escapes, continued lines, comments after a
 * list, duplicate keys, tabs), which `yaml` reads and reports on; tests/frontmatter-fast-path.test.ts holds both
 * ways to the same result.
 */
export function simplePairs(text: string): { key: string; value: string | number | string[]; node: YamlNode }[] | undefined {
  if (text.includes('\r') || text.includes('\t')) return undefined;
  const pairs: { key: string; value: string | number | string[]; node: YamlNode }[] = [];
  const keys = new Set<string>();
  let offset = 0;
  for (const line of text.split('\n')) {
    const start = offset;
    offset += line.length + 1;
    if (line.trim() === '' || line.startsWith('#')) continue;
    const match = SIMPLE_PAIR.exec(line);
    if (match === null) return undefined;
    const [, key = '', spaces = '', raw = ''] = match;
    if (keys.has(key)) return undefined;
    keys.add(key);
    // `key:` alone is null: absent, as `yaml` gives it.
    if (raw === '') continue;
    const valueStart = start + key.length + 1 + spaces.length;
    const range: SimpleNode['range'] = [valueStart, valueStart + raw.length, valueStart + raw.length];
    if (PLAIN_INTEGER.test(raw)) {
      pairs.push({ key, value: Number(raw), node: { range, type: 'PLAIN' } satisfies SimpleNode as unknown as YamlNode });
      continue;
    }
    if (raw.startsWith('[')) {
      if (!STRING_LIST.test(raw)) return undefined;
      const items: SimpleNode[] = [];
      const values: string[] = [];
      for (const item of raw.matchAll(/"([^"]*)"/g)) {
        const itemStart = valueStart + item.index;
        items.push({ range: [itemStart, itemStart + item[0].length, itemStart + item[0].length], type: 'QUOTE_DOUBLE' });
        values.push(item[1] ?? '');
      }
      pairs.push({ key, value: values, node: { range, items } satisfies SimpleList as unknown as YamlNode });
      continue;
    }
    let value: string;
    let type: SimpleNode['type'];
    if (raw.startsWith('"')) {
      if (!/^"[^"\\]*"$/.test(raw)) return undefined;
      [value, type] = [raw.slice(1, -1), 'QUOTE_DOUBLE'];
    } else if (raw.startsWith("'")) {
      if (!/^'[^']*'$/.test(raw)) return undefined;
      [value, type] = [raw.slice(1, -1), 'QUOTE_SINGLE'];
    } else {
      if (!PLAIN_STRING.test(raw) || NOT_A_STRING.test(raw)) return undefined;
      [value, type] = [raw, 'PLAIN'];
    }
    pairs.push({ key, value, node: { range, type } satisfies SimpleNode as unknown as YamlNode });
  }
  return pairs;
}

function isNodeValue(value: unknown): value is YamlNode {
  return typeof value === 'object' && value !== null && 'range' in value;
}

/** Reports YAML errors; true when the values can still be trusted (duplicate keys only). */
/**
 * The YAML document; when it does not parse but does with its quoted values that go on at the first column joined
 * (join-continued-quotes.ts, as Mintlify's YAML reader joins them), that one, with a warning at each such value.
 */
function parseYaml(text: string, reader: FieldReader): Document.Parsed {
  const parse = (source: string) => yaml().parseDocument(source, { prettyErrors: false, uniqueKeys: true, logLevel: 'error' });
  const doc = parse(text);
  if (doc.errors.length === 0) return doc;
  const joined = joinContinuedQuotes(text);
  if (joined === undefined) return doc;
  const retried = parse(joined.text);
  if (retried.errors.length > 0) return doc;
  for (const { key, offset } of joined.values) reader.bag.report('page/frontmatter-continued-lines', offsetSpan(reader, offset, offset + 1), { key });
  return retried;
}

function reportYamlErrors(doc: Document.Parsed, reader: FieldReader): boolean {
  let readable = true;
  for (const error of doc.errors) {
    const at = offsetSpan(reader, error.pos[0], error.pos[1]);
    if (error.code === 'DUPLICATE_KEY') {
      reader.bag.report('page/frontmatter-duplicate-key', at, { key: keyAt(doc, error.pos[0]) });
    } else {
      readable = false;
      reader.bag.report('page/frontmatter-syntax', at, { reason: humanYamlReason(error) });
    }
  }
  return readable;
}

function humanYamlReason(error: YAMLError): string {
  // yaml's recursive composer runs out of stack on thousands of nested levels and says so.
  if (/call stack/i.test(error.message)) return 'nesting is too deep to read (thousands of levels)';
  const reason = lowerFirst(error.message);
  if (error.code === 'BLOCK_AS_IMPLICIT_KEY') return `${reason}; quote a value that contains \`: \``;
  if (error.code === 'TAB_AS_INDENT') return `${reason}; indent with spaces`;
  return reason;
}

/** The text of the key that starts at a YAML offset (where `yaml` reports a duplicate). */
function keyAt(doc: Document.Parsed, offset: number): string {
  let found = '';
  yaml().visit(doc, {
    Pair(_, pair) {
      if (yaml().isScalar(pair.key) && pair.key.range?.[0] === offset) {
        found = String(pair.key.value);
        return yaml().visit.BREAK;
      }
      return undefined;
    },
  });
  return found;
}

/** The plain values of the mapping, or undefined (and a report) when aliases expand too far. */
function expandAliases(doc: Document.Parsed, reader: FieldReader): Record<string, unknown> | undefined {
  try {
    return doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT }) as Record<string, unknown>;
  } catch (error) {
    if (!(error instanceof ReferenceError)) throw error;
    reader.bag.report('page/frontmatter-alias-limit', offsetSpan(reader, 0, 3), { limit: MAX_ALIAS_COUNT });
    return undefined;
  }
}

function readField(key: string, value: unknown, node: YamlNode, reader: FieldReader): void {
  const fm = reader.frontmatter;
  if (isOneOf(STRING_FIELDS, key)) {
    const text = readText(key, value, node, reader);
    if (text !== undefined) fm[key] = text;
  } else if (isOneOf(BOOLEAN_FIELDS, key)) {
    const flag = readFlag(key, value, node, reader);
    if (flag !== undefined) fm[key] = flag;
  } else if (key === 'boost') {
    const boost = readNumber(key, value, node, reader);
    if (boost !== undefined) fm.boost = boost;
  } else if (key === 'mode') {
    readMode(value, node, reader);
  } else if (key === 'url') {
    readUrl(value, node, reader);
  } else if (key === 'asyncapi') {
    reader.bag.report('page/asyncapi-unsupported', nodeSpan(reader, node), {});
  } else if (key === 'keywords') {
    readKeywords(value, node, reader);
  } else if (key.startsWith('og:')) {
    const text = readText(key, value, node, reader);
    if (text !== undefined) fm.openGraph = { ...fm.openGraph, [key]: text };
  } else if (key === 'openapi' || key === 'openapi-schema' || key === 'api') {
    readReference(key, value, node, reader);
  }
}

function isOneOf<T extends string>(list: readonly T[], key: string): key is T {
  return (list as readonly string[]).includes(key);
}

function expectString(key: string, value: unknown, node: YamlNode, reader: FieldReader): string | undefined {
  if (typeof value === 'string') return value;
  reportWrongType(key, 'a string', value, node, reader);
  return undefined;
}

// A scalar of another type that says plainly what it means is read as that, with a warning: Mintlify renders
// `title: 2024` and `hidden: "true"`, so a repository that writes them must build.

/** A text field: a number or boolean is read as the text written (`version: 1.10` is `1.10`, not the number's `1.1`). */
function readText(key: string, value: unknown, node: YamlNode, reader: FieldReader): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value !== 'number' && typeof value !== 'boolean') return expectString(key, value, node, reader);
  const written = writtenText(node, reader);
  const found = typeof value === 'number' ? `the number \`${written}\`` : `\`${written}\``;
  reportCoerced(key, 'a string', found, `\`"${written}"\``, node, reader, `Quote the value to make it a string: \`"${written}"\``);
  return written;
}

const TRUE_WORDS = new Set(['true', 'yes', 'on']);
const FALSE_WORDS = new Set(['false', 'no', 'off']);

/** A flag: `"true"`, `yes`, `on`, `1` are true, `"false"`, `no`, `off`, `0` false (the YAML 1.1 words, which YAML 1.2 reads as text). */
function readFlag(key: string, value: unknown, node: YamlNode, reader: FieldReader): boolean | undefined {
  if (typeof value === 'boolean') return value;
  const word = typeof value === 'string' ? value.trim().toLowerCase() : typeof value === 'number' ? String(value) : undefined;
  const flag =
    word === undefined ? undefined : TRUE_WORDS.has(word) || word === '1' ? true : FALSE_WORDS.has(word) || word === '0' ? false : undefined;
  if (flag === undefined) {
    reportWrongType(key, 'a boolean (`true` or `false`)', value, node, reader);
    return undefined;
  }
  reportCoerced(key, 'a boolean (`true` or `false`)', describeValue(value), `\`${flag}\``, node, reader, `Write \`${key}: ${flag}\``);
  return flag;
}

/** A number: a string that is one (`boost: "2"`) is read as it. */
function readNumber(key: string, value: unknown, node: YamlNode, reader: FieldReader): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  const text = typeof value === 'string' ? value.trim() : '';
  if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(text)) {
    reportWrongType(key, 'a number', value, node, reader);
    return undefined;
  }
  const number = Number(text);
  reportCoerced(key, 'a number', describeValue(value), `\`${number}\``, node, reader, `Write the number without quotes: \`${key}: ${text}\``);
  return number;
}

function reportCoerced(key: string, expected: string, found: string, result: string, node: YamlNode, reader: FieldReader, hint: string): void {
  reader.bag.report('page/frontmatter-coerced', nodeSpan(reader, node), { key, expected, found, result }, { hint });
}

/** A scalar's text as the page writes it. */
function writtenText(node: YamlNode, reader: FieldReader): string {
  const at = nodeSpan(reader, node);
  return reader.file.text.slice(at.start, at.end).trim();
}

function readMode(value: unknown, node: YamlNode, reader: FieldReader): void {
  if (typeof value !== 'string') {
    reportWrongType('mode', 'a string', value, node, reader);
  } else if (isOneOf(PAGE_MODES, value)) {
    reader.frontmatter.mode = value;
  } else {
    const modes = PAGE_MODES.map((m) => `\`${m}\``).join(', ');
    const suggestion = closestMatch(value, PAGE_MODES);
    reader.bag.report(
      'page/frontmatter-mode',
      nodeSpan(reader, node),
      { modes, found: value },
      suggestion ? { hint: `Did you mean \`${suggestion}\`?` } : {},
    );
  }
}

/**
 * `url`: the page's navigation entry links to this address instead of showing the page: out (an http(s) or
 * mailto URL), or to a path of the site (`/guides/x`, as Mintlify's sidebar does), a link checked like the page's.
 */
function readUrl(value: unknown, node: YamlNode, reader: FieldReader): void {
  const text = expectString('url', value, node, reader);
  if (text === undefined) return;
  const url = text.trim();
  const sitePath = /^\/(?![/\\])/.test(url);
  if ((sitePath || /^(https?:\/\/[^\s/]|mailto:\S)/i.test(url)) && !/[\s<>"]/.test(url)) reader.frontmatter.url = url;
  else reader.bag.report('page/frontmatter-url', nodeSpan(reader, node), { found: text });
  if (reader.frontmatter.url === undefined || !sitePath) return;
  const placed = placeString(text, node, reader);
  const offset = text.indexOf(url);
  reader.urlLink = { ...placed.at, ...(placed.verbatim ? { column: placed.at.column + offset, length: url.length } : {}), href: url };
}

/**
 * `keywords`: a list of strings. A string, number or boolean instead (`keywords: search, install`) is the list of its
 * comma-separated parts, with a warning: Mintlify writes it into the page's `<meta name="keywords">` as it is, where a
 * comma-separated list is what that tag holds (LangWatch's docs write every page's keywords so).
 */
function readKeywords(value: unknown, node: YamlNode, reader: FieldReader): void {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    const written = typeof value === 'string' ? value : writtenText(node, reader);
    const keywords = written
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== '');
    const shown = `[${keywords.map((keyword) => JSON.stringify(keyword)).join(', ')}]`;
    const result = keywords.length > 3 ? `a list of ${keywords.length} keywords` : `\`${shown}\``;
    reportCoerced('keywords', 'a list of strings', describeValue(value), result, node, reader, `Write the list: \`keywords: ${cutText(shown, 60)}\``);
    reader.frontmatter.keywords = keywords;
    return;
  }
  if (!Array.isArray(value)) {
    reportWrongType('keywords', 'a list of strings', value, node, reader);
    return;
  }
  const keywords: string[] = [];
  // A `yaml` sequence, or a list of `simplePairs` (a value that is a list has no other node with items).
  const items = 'items' in node && Array.isArray(node.items) ? (node.items as unknown[]) : undefined;
  value.forEach((item: unknown, index) => {
    const itemNode = items !== undefined && isNodeValue(items[index]) ? items[index] : node;
    const text = readText(`keywords[${index}]`, item, itemNode, reader);
    if (text !== undefined) keywords.push(text);
  });
  reader.frontmatter.keywords = keywords;
}

function readReference(key: 'openapi' | 'openapi-schema' | 'api', value: unknown, node: YamlNode, reader: FieldReader): void {
  const text = expectString(key, value, node, reader);
  if (text === undefined) return;
  const placed = placeString(text, node, reader);
  if (key === 'api') {
    reader.frontmatter.api = placed;
  } else if (key === 'openapi') {
    const reference = parseOpenApiReference(text);
    // A document's name alone is no operation: Mintlify ignores the key (`potentiallyParseOpenApiString`), so the page is ordinary.
    if (reference.kind === 'invalid' && parseEntry(text).kind === 'page')
      reader.bag.report('page/openapi-document-only', locationInValue(placed, { start: 0, end: text.length }), { found: text.trim() });
    else reportInvalidReference(key, placed, reference, reader);
    reader.frontmatter.openapi = { ...placed, reference };
  } else {
    const reference = parseSchemaReference(text);
    reportInvalidReference(key, placed, reference, reader);
    reader.frontmatter['openapi-schema'] = { ...placed, reference };
  }
}

function reportInvalidReference(key: string, placed: PlacedString, reference: Entry | SchemaEntry, reader: FieldReader): void {
  if (reference.kind !== 'invalid') return;
  reader.bag.report('page/frontmatter-reference', locationInValue(placed, reference.range), { key, reason: lowerFirst(reference.message) });
}

/** Where a string scalar's text begins: after its quote, if it has one. */
function placeString(value: string, node: YamlNode, reader: FieldReader): PlacedString {
  const [start, end] = node.range ?? [0, 0];
  // A `yaml` scalar, or a value of `simplePairs` (which has its `type` too).
  const type = 'type' in node ? node.type : undefined;
  const quoted = type === 'QUOTE_DOUBLE' || type === 'QUOTE_SINGLE';
  const textStart = reader.yamlStart + start + (quoted ? 1 : 0);
  const verbatim = reader.file.text.startsWith(value, textStart);
  const { line, column } = reader.file.position(textStart);
  const length = verbatim ? value.length : end - start - (quoted ? 2 : 0);
  return { value, at: { file: reader.file.path, line, column, length }, verbatim };
}

function reportWrongType(key: string, expected: string, value: unknown, node: YamlNode, reader: FieldReader): void {
  const at = nodeSpan(reader, node);
  // `version: 1.10` reads as the number 1.1: the hint quotes what was written.
  const written = reader.file.text.slice(at.start, at.end);
  const scalar = typeof value === 'number' || typeof value === 'boolean';
  const extras = scalar && expected === 'a string' ? { hint: `Quote the value to keep it a string: \`"${written}"\`` } : {};
  reader.bag.report('page/frontmatter-type', at, { key, expected, found: describeValue(value) }, extras);
}

function describeValue(value: unknown): string {
  if (typeof value === 'string') return `the string \`${value.length > 40 ? `${cutText(value, 40)}…` : value}\``;
  if (typeof value === 'number') return `the number \`${value}\``;
  if (typeof value === 'boolean') return `\`${value}\``;
  if (Array.isArray(value)) return 'a list';
  return 'a mapping';
}

function nodeSpan(reader: FieldReader, node: YamlNode): Span {
  const [start, end] = node.range ?? [0, 0];
  return offsetSpan(reader, start, end);
}

/** A span of the page from offsets into the YAML text. */
function offsetSpan(reader: FieldReader, start: number, end: number): Span {
  return { file: reader.file, start: reader.yamlStart + start, end: reader.yamlStart + end };
}

/** `Expected …` reads as `…: expected …` after a colon. */
function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
