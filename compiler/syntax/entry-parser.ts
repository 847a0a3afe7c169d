// Page-entry strings, read by a chevrotain grammar (spec/entry-grammar.md):
//
//   page/path                       a page file, without extension
//   METHOD /path                    an operation of the OpenAPI document in scope
//   <spec> METHOD /path             an operation of the named document (path or URL)
//   webhook <name>                  a webhook of the document in scope
//   <spec> webhook <name>           a webhook of the named document
//
// and the frontmatter `openapi-schema:` values `<name>` and `<spec> <name>`.
// Methods are read case-insensitively and kept in OpenAPI's lowercase key form;
// messages show them upper-case. Offsets in results are relative to the string.

import type { IToken } from 'chevrotain';
import { createToken, EmbeddedActionsParser, Lexer } from './chevrotain.js';
import type { HttpMethod } from './http-methods.js';

export { HTTP_METHODS, type HttpMethod } from './http-methods.js';

export interface StringRange {
  start: number;
  end: number;
}

export interface SpecName {
  text: string;
  range: StringRange;
}

export type Entry =
  | { kind: 'page'; path: string; range: StringRange }
  | { kind: 'endpoint'; spec?: SpecName; method: HttpMethod; path: string; methodRange: StringRange; pathRange: StringRange }
  | { kind: 'webhook'; spec?: SpecName; name: string; nameRange: StringRange }
  | { kind: 'invalid'; message: string; range: StringRange };

export type SchemaEntry =
  | { kind: 'schema'; spec?: SpecName; name: string; nameRange: StringRange }
  | { kind: 'invalid'; message: string; range: StringRange };

const Name = createToken({ name: 'Name', pattern: Lexer.NA, label: 'a name' });
const Operand = createToken({ name: 'Operand', pattern: Lexer.NA, label: 'a page path or spec' });
const Word = createToken({ name: 'Word', pattern: /[^\s/][^\s]*/, categories: [Operand, Name] });
const Method = createToken({
  name: 'Method',
  pattern: /(?:get|put|post|delete|options|head|patch|trace)(?=\s)/i,
  longer_alt: Word,
  categories: [Name],
  label: 'an HTTP method',
});
const Webhook = createToken({ name: 'Webhook', pattern: /webhook(?=\s)/i, longer_alt: Word, categories: [Name], label: '`webhook`' });
const PathTok = createToken({ name: 'Path', pattern: /\/[^\s]*/, categories: [Operand, Name], label: 'a path starting with `/`' });
const Space = createToken({ name: 'Space', pattern: /\s+/, group: Lexer.SKIPPED });

const tokens = [Space, Name, Operand, Method, Webhook, PathTok, Word];
const methodList = 'GET, PUT, POST, DELETE, OPTIONS, HEAD, PATCH, TRACE';

function range(t: IToken): StringRange {
  return { start: t.startOffset, end: t.startOffset + t.image.length };
}

function found(t: IToken | undefined): string {
  return t === undefined || t.tokenType.name === 'EOF' ? 'the end of the entry' : `\`${t.image}\``;
}

class EntryParser extends EmbeddedActionsParser {
  constructor() {
    super(tokens, {
      errorMessageProvider: {
        buildMismatchTokenMessage: ({ expected, actual, previous }) =>
          expected === PathTok && previous.tokenType === Method
            ? `Expected a path starting with \`/\` after ${previous.image.toUpperCase()}, found ${found(actual)}`
            : `Expected ${expected.LABEL ?? expected.name}, found ${found(actual)}`,
        buildNotAllInputParsedMessage: ({ firstRedundant }) =>
          `Unexpected ${found(firstRedundant)} after the entry; write \`page/path\`, \`METHOD /path\`, \`<spec> METHOD /path\` or \`<spec> webhook <name>\``,
        buildNoViableAltMessage: ({ actual }) => `Expected a page path, \`METHOD /path\` or \`webhook <name>\`, found ${found(actual[0])}`,
        buildEarlyExitMessage: ({ actual }) => `Expected a name, found ${found(actual[0])}`,
      },
    });
    this.performSelfAnalysis();
  }

  /** entry := operation | Operand operation? */
  readonly entry = this.RULE('entry', (): Entry => {
    return this.OR([
      { ALT: () => this.SUBRULE(this.operation, { ARGS: [undefined] }) },
      {
        ALT: () => {
          const first = this.CONSUME(Operand);
          const op = this.OPTION(() => this.SUBRULE2(this.operation, { ARGS: [first] }));
          return op ?? { kind: 'page' as const, path: first.image, range: range(first) };
        },
      },
    ]);
  });

  /** operation := Method Path | 'webhook' Name   (after an optional spec) */
  readonly operation = this.RULE('operation', (specToken: IToken | undefined): Entry => {
    return this.OR([
      {
        ALT: () => {
          const m = this.CONSUME(Method);
          const p = this.CONSUME(PathTok);
          return this.ACTION(() => ({
            kind: 'endpoint' as const,
            ...optionalSpec(specToken),
            method: m.image.toLowerCase() as HttpMethod,
            path: p.image,
            methodRange: range(m),
            pathRange: range(p),
          }));
        },
      },
      {
        ALT: () => {
          this.CONSUME(Webhook);
          const n = this.CONSUME(Name);
          return this.ACTION(() => ({ kind: 'webhook' as const, ...optionalSpec(specToken), name: n.image, nameRange: range(n) }));
        },
      },
    ]);
  });

  /** schema := Name | Operand Name */
  readonly schema = this.RULE('schema', (): SchemaEntry => {
    const first = this.CONSUME(Name);
    const second = this.OPTION(() => this.CONSUME2(Name));
    return this.ACTION(() =>
      second === undefined
        ? { kind: 'schema' as const, name: first.image, nameRange: range(first) }
        : { kind: 'schema' as const, spec: { text: first.image, range: range(first) }, name: second.image, nameRange: range(second) },
    );
  });
}

function optionalSpec(t: IToken | undefined): { spec?: SpecName } {
  return t === undefined ? {} : { spec: { text: t.image, range: range(t) } };
}

/**
 * Built on first use: chevrotain's analysis of the lexer and the grammar is costly (the lexer's, 25-30 ms
 * at every start), and most builds meet no entry with a space, the only kind that needs them.
 */
let parser: EntryParser | undefined;
let entryLexer: InstanceType<typeof Lexer> | undefined;

function run<T>(text: string, rule: (p: EntryParser) => T): T | { kind: 'invalid'; message: string; range: StringRange } {
  parser ??= new EntryParser();
  entryLexer ??= new Lexer(tokens, { positionTracking: 'onlyOffset' });
  const lexed = entryLexer.tokenize(text);
  parser.input = lexed.tokens;
  const result = rule(parser);
  const error = parser.errors[0];
  if (error === undefined) return result;
  const t = error.token;
  // `FETCH /users`: a word where the method belongs reads better as that.
  const before = lexed.tokens[lexed.tokens.indexOf(t) - 1];
  if (t.tokenType === PathTok && before?.tokenType === Word && lexed.tokens.length === 2) {
    return { kind: 'invalid', message: `Expected an HTTP method (${methodList}), found \`${before.image}\``, range: range(before) };
  }
  const start = Number.isNaN(t.startOffset) ? text.length : t.startOffset;
  return { kind: 'invalid', message: error.message, range: { start, end: start + (Number.isNaN(t.startOffset) ? 0 : t.image.length) } };
}

/**
 * Parses a navigation page entry. A string without whitespace is always a
 * single token, which the grammar reads as a page path; that case skips the
 * lexer (it is nearly every entry of a large navigation).
 */
export function parseEntry(text: string): Entry {
  if (text.trim() === '') return { kind: 'invalid', message: 'Empty page entry', range: { start: 0, end: text.length } };
  if (!/\s/.test(text)) return { kind: 'page', path: text, range: { start: 0, end: text.length } };
  return run(text, (p) => p.entry());
}

/** Parses a frontmatter `openapi:` value: an operation, never a page. */
export function parseOpenApiReference(text: string): Entry {
  const entry = parseEntry(text);
  if (entry.kind !== 'page') return entry;
  return {
    kind: 'invalid',
    message: `Expected \`METHOD /path\`, \`<spec> METHOD /path\` or \`<spec> webhook <name>\`, found \`${text.trim()}\``,
    range: entry.range,
  };
}

/** Parses a frontmatter `openapi-schema:` value. */
export function parseSchemaReference(text: string): SchemaEntry {
  if (text.trim() === '') return { kind: 'invalid', message: 'Empty schema reference', range: { start: 0, end: text.length } };
  const result = run(text, (p) => p.schema());
  if (result.kind === 'invalid' && result.message.startsWith('Unexpected')) {
    return {
      ...result,
      message: `${result.message.slice(0, result.message.indexOf(';')).replace('after the entry', 'after the schema name')}; write \`<name>\` or \`<spec> <name>\``,
    };
  }
  return result;
}

export function displayMethod(method: HttpMethod): string {
  return method.toUpperCase();
}
