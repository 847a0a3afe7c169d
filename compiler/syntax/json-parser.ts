// docs.json and its `$ref` parts are read by this chevrotain grammar. It keeps
// the span of every key and value and never throws: the grammar accepts a
// superset of JSON (missing commas and colons, trailing commas, comments,
// single-quoted and unquoted strings) and reports each deviation as a
// diagnostic, so one mistake does not hide the next. What the grammar cannot
// make sense of is reported by chevrotain's recovery and becomes an invalid node.

import type { IToken, TokenType } from 'chevrotain';
import { type Diagnostic, makeDiagnostic } from '../diagnostics/diagnostic.js';
import { cutText } from '../source/cut-text.js';
import type { SourceFile, Span } from '../source/source-file.js';
import { createToken, EmbeddedActionsParser, Lexer, tokenMatcher } from './chevrotain.js';
import { MAX_JSON_DEPTH } from './json-limits.js';
import type { JsonMember, JsonNode } from './json-tree.js';
import { matchComment, matchGoodString, matchLooseString } from './scan-json-tokens.js';
import { parseStrictJson } from './strict-json.js';

export { MAX_JSON_DEPTH };

const AnyString = createToken({ name: 'AnyString', pattern: Lexer.NA, label: 'a string in double quotes' });
// Strings and comments are scanned by hand (scan-json-tokens.ts): as regular
// expressions they overflow V8's backtracking stack on multi-megabyte values.
const GoodString = createToken({
  name: 'GoodString',
  pattern: { exec: matchGoodString },
  start_chars_hint: ['"'],
  line_breaks: false,
  categories: [AnyString],
});
const BadString = createToken({
  name: 'BadString',
  pattern: { exec: matchLooseString(34) },
  start_chars_hint: ['"'],
  line_breaks: false,
  categories: [AnyString],
});
const SingleQuoted = createToken({
  name: 'SingleQuoted',
  pattern: { exec: matchLooseString(39) },
  start_chars_hint: ["'"],
  line_breaks: false,
  categories: [AnyString],
});
const BareWord = createToken({ name: 'BareWord', pattern: /[A-Za-z_$][\w$-]*/, categories: [AnyString] });
const True = createToken({ name: 'True', pattern: /true/, longer_alt: BareWord });
const False = createToken({ name: 'False', pattern: /false/, longer_alt: BareWord });
const Null = createToken({ name: 'Null', pattern: /null/, longer_alt: BareWord });
const NumberLiteral = createToken({ name: 'NumberLiteral', pattern: /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/ });
const LCurly = createToken({ name: 'LCurly', pattern: '{', label: '`{`' });
const RCurly = createToken({ name: 'RCurly', pattern: '}', label: '`}`' });
const LSquare = createToken({ name: 'LSquare', pattern: '[', label: '`[`' });
const RSquare = createToken({ name: 'RSquare', pattern: ']', label: '`]`' });
const Comma = createToken({ name: 'Comma', pattern: ',', label: '`,`' });
const Colon = createToken({ name: 'Colon', pattern: ':', label: '`:`' });
const WhiteSpace = createToken({ name: 'WhiteSpace', pattern: /[ \t\r\n\uFEFF]+/, group: Lexer.SKIPPED });
const Comment = createToken({
  name: 'Comment',
  pattern: { exec: matchComment },
  start_chars_hint: ['/'],
  line_breaks: true,
  group: 'comments',
});

const allTokens: TokenType[] = [
  WhiteSpace,
  Comment,
  LCurly,
  RCurly,
  LSquare,
  RSquare,
  Comma,
  Colon,
  GoodString,
  BadString,
  SingleQuoted,
  NumberLiteral,
  True,
  False,
  Null,
  BareWord,
];

// Made on first use: building the lexer and the parser costs about 50 ms, which a command that reads no docs.json
// (`openapi-file` on a JSON spec, whose JSON.parse succeeds) need not pay.
let jsonLexer: InstanceType<typeof Lexer> | undefined;

/** How a token reads in a message: "Unexpected `}`", "Unexpected end of file". */
function describeToken(token: IToken): string {
  if (token.tokenType.name === 'EOF' || Number.isNaN(token.startOffset)) return 'Unexpected end of file';
  const image = token.image.length > 30 ? `${cutText(token.image, 30)}…` : token.image;
  return `Unexpected \`${image}\``;
}

const expectedValue = 'a value (object, array, string, number, `true`, `false` or `null`)';

class JsonParser extends EmbeddedActionsParser {
  file!: SourceFile;
  problems: Diagnostic[] = [];

  constructor() {
    super([AnyString, ...allTokens], {
      recoveryEnabled: true,
      errorMessageProvider: {
        buildMismatchTokenMessage: ({ expected, actual }) => `${describeToken(actual)}\0${expected.LABEL ?? expected.name}`,
        buildNotAllInputParsedMessage: ({ firstRedundant }) => `${describeToken(firstRedundant)}\0the end of the document`,
        buildNoViableAltMessage: ({ actual }) => `${describeToken(actual[0] as IToken)}\0${expectedValue}`,
        buildEarlyExitMessage: ({ actual }) => `${describeToken(actual[0] as IToken)}\0${expectedValue}`,
      },
    });
    this.performSelfAnalysis();
  }

  private span(start: number, end: number): Span {
    return { file: this.file, start, end };
  }

  private tokenSpan(token: IToken): Span {
    if (Number.isNaN(token.startOffset)) return this.span(this.file.text.length, this.file.text.length);
    return this.span(token.startOffset, token.startOffset + token.image.length);
  }

  private report(code: 'json/syntax' | 'json/trailing-comma', token: IToken, args: Record<string, string>): void {
    this.problems.push(makeDiagnostic(code, this.tokenSpan(token), args));
  }

  readonly value = this.RULE(
    'value',
    (): JsonNode =>
      this.OR([
        { ALT: () => this.SUBRULE(this.object) },
        { ALT: () => this.SUBRULE(this.array) },
        { ALT: () => this.SUBRULE(this.string) },
        {
          ALT: () => {
            const t = this.CONSUME(NumberLiteral);
            return this.ACTION(() => ({ kind: 'number' as const, span: this.tokenSpan(t), value: Number(t.image) }));
          },
        },
        {
          ALT: () => {
            const t = this.CONSUME(True);
            return this.ACTION(() => ({ kind: 'boolean' as const, span: this.tokenSpan(t), value: true }));
          },
        },
        {
          ALT: () => {
            const t = this.CONSUME(False);
            return this.ACTION(() => ({ kind: 'boolean' as const, span: this.tokenSpan(t), value: false }));
          },
        },
        {
          ALT: () => {
            const t = this.CONSUME(Null);
            return this.ACTION(() => ({ kind: 'null' as const, span: this.tokenSpan(t) }));
          },
        },
      ]),
    { resyncEnabled: true, recoveryValueFunc: () => this.invalidHere() },
  );

  readonly string = this.RULE('string', (): JsonNode => {
    const t = this.CONSUME(AnyString);
    return this.ACTION(() => ({ kind: 'string' as const, span: this.tokenSpan(t), value: stringValue(t) }));
  });

  readonly object = this.RULE(
    'object',
    (): JsonNode => {
      const open = this.CONSUME(LCurly);
      const members: JsonMember[] = [];
      let lastComma: IToken | undefined;
      let needComma: IToken | undefined;
      this.MANY(() => {
        const key = this.CONSUME(AnyString);
        const colon = this.OPTION(() => this.CONSUME(Colon));
        const value = this.SUBRULE(this.value);
        const comma = this.OPTION2(() => this.CONSUME(Comma));
        this.ACTION(() => {
          if (needComma) this.report('json/syntax', key, { found: describeToken(key), expected: '`,` or `}`' });
          if (colon === undefined)
            this.report('json/syntax', key, {
              found: `Missing \`:\` after ${describeToken(key).replace('Unexpected ', '')}`,
              expected: '`:` between key and value',
            });
          members.push({ key: stringValue(key), keySpan: this.tokenSpan(key), value: value ?? this.invalidHere() });
          lastComma = comma;
          needComma = comma === undefined ? key : undefined;
        });
      });
      const close = this.CONSUME(RCurly);
      return this.ACTION(() => {
        if (lastComma) this.report('json/trailing-comma', lastComma, { closer: '}' });
        return { kind: 'object' as const, span: this.span(open.startOffset, endOf(this, close)), members: this.withoutDuplicates(members) };
      });
    },
    { resyncEnabled: true, recoveryValueFunc: () => this.invalidHere() },
  );

  readonly array = this.RULE(
    'array',
    (): JsonNode => {
      const open = this.CONSUME(LSquare);
      const items: JsonNode[] = [];
      let lastComma: IToken | undefined;
      let needComma = false;
      this.MANY(() => {
        const before = this.LA(1);
        const value = this.SUBRULE(this.value);
        const comma = this.OPTION(() => this.CONSUME(Comma));
        this.ACTION(() => {
          if (needComma) this.report('json/syntax', before, { found: describeToken(before), expected: '`,` or `]`' });
          items.push(value ?? this.invalidHere());
          lastComma = comma;
          needComma = comma === undefined;
        });
      });
      const close = this.CONSUME(RSquare);
      return this.ACTION(() => {
        if (lastComma) this.report('json/trailing-comma', lastComma, { closer: ']' });
        return { kind: 'array' as const, span: this.span(open.startOffset, endOf(this, close)), items };
      });
    },
    { resyncEnabled: true, recoveryValueFunc: () => this.invalidHere() },
  );

  /** Reports each repeated key and keeps its last value, as JSON.parse does. */
  private withoutDuplicates(members: JsonMember[]): JsonMember[] {
    const last = new Map<string, JsonMember>();
    for (const m of members) {
      const earlier = last.get(m.key);
      if (earlier) {
        this.problems.push(
          makeDiagnostic('json/duplicate-key', m.keySpan, { key: m.key }, { notes: [{ message: 'the ignored value is here', at: earlier.keySpan }] }),
        );
      }
      last.set(m.key, m);
    }
    return last.size === members.length ? members : members.filter((m) => last.get(m.key) === m);
  }

  invalidHere(): JsonNode {
    const t = this.LA(1);
    const at = Number.isNaN(t.startOffset) ? this.file.text.length : t.startOffset;
    return { kind: 'invalid', span: this.span(at, at) };
  }
}

function endOf(parser: JsonParser, close: IToken): number {
  return Number.isNaN(close.startOffset) || close.isInsertedInRecovery ? parser.file.text.length : close.startOffset + 1;
}

/** The value of any string-like token; lenient for the malformed ones (already reported). */
function stringValue(token: IToken): string {
  const image = token.image;
  if (tokenMatcher(token, GoodString)) return JSON.parse(image) as string;
  if (tokenMatcher(token, BareWord)) return image;
  const quote = image[0] as string;
  const body = image.length > 1 && image.endsWith(quote) ? image.slice(1, -1) : image.slice(1);
  return body.replace(/\\(u[0-9a-fA-F]{4}|.)/g, (_, esc: string) => {
    if (esc.length === 5) return String.fromCharCode(Number.parseInt(esc.slice(1), 16));
    return { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' }[esc] ?? esc;
  });
}

let jsonParser: JsonParser | undefined;

export interface JsonParseResult {
  /** The root value; `invalid` when the document could not be read at all. */
  root: JsonNode;
  diagnostics: Diagnostic[];
}

/** The tree of a JSON document and what is wrong with it: strict JSON is scanned (strict-json.ts), anything else read by the grammar. */
export function parseJson(file: SourceFile): JsonParseResult {
  const strict = parseStrictJson(file);
  return strict === undefined ? parseJsonByGrammar(file) : { root: strict, diagnostics: [] };
}

/** The tree by the grammar alone, which reads any document and reports every deviation from JSON. */
export function parseJsonByGrammar(file: SourceFile): JsonParseResult {
  const diagnostics: Diagnostic[] = [];
  jsonLexer ??= new Lexer(allTokens, { positionTracking: 'onlyOffset', ensureOptimizations: true });
  const lexed = jsonLexer.tokenize(file.text);
  const span = (start: number, length: number): Span => ({ file, start, end: start + length });

  for (const error of lexed.errors) {
    const ch = file.text.slice(error.offset, error.offset + error.length);
    diagnostics.push(
      makeDiagnostic('json/syntax', span(error.offset, error.length), { found: `Unexpected character \`${ch}\``, expected: expectedValue }),
    );
  }
  for (const comment of lexed.groups.comments ?? []) {
    diagnostics.push(makeDiagnostic('json/comment', span(comment.startOffset, comment.image.length)));
  }
  let depth = 0;
  for (const token of lexed.tokens) {
    const type = token.tokenType;
    if (type === LCurly || type === LSquare) {
      if (++depth > MAX_JSON_DEPTH) {
        diagnostics.push(makeDiagnostic('json/too-deep', span(token.startOffset, 1), { limit: MAX_JSON_DEPTH }));
        return { root: { kind: 'invalid', span: span(0, 0) }, diagnostics };
      }
    } else if (type === RCurly || type === RSquare) depth = Math.max(0, depth - 1);
    else if (type === BadString) {
      diagnostics.push(makeDiagnostic('json/bad-string', span(token.startOffset, token.image.length), { detail: badStringDetail(token.image) }));
    } else if (type === SingleQuoted) diagnostics.push(makeDiagnostic('json/single-quoted', span(token.startOffset, token.image.length)));
    else if (type === BareWord) {
      diagnostics.push(
        makeDiagnostic('json/syntax', span(token.startOffset, token.image.length), {
          found: `Unquoted word \`${token.image}\``,
          expected: 'a string in double quotes',
        }),
      );
    }
  }

  if (lexed.tokens.length === 0) {
    diagnostics.push(makeDiagnostic('json/syntax', span(file.text.length, 0), { found: 'Empty document', expected: expectedValue }));
    return { root: { kind: 'invalid', span: span(0, 0) }, diagnostics };
  }

  jsonParser ??= new JsonParser();
  const parser = jsonParser;
  parser.file = file;
  parser.problems = diagnostics;
  parser.input = lexed.tokens;
  const root = parser.value();
  for (const error of parser.errors) {
    const [found = error.message, expected = expectedValue] = error.message.split('\0');
    const t = error.token;
    const at = Number.isNaN(t.startOffset) ? span(file.text.length, 0) : span(t.startOffset, t.image.length);
    diagnostics.push(makeDiagnostic('json/syntax', at, { found, expected }));
  }
  parser.problems = [];
  return { root: root ?? { kind: 'invalid', span: span(0, 0) }, diagnostics };
}

function badStringDetail(image: string): string {
  if (image.length < 2 || !image.endsWith('"') || image.endsWith('\\"')) return 'unterminated string';
  if (/[\u0000-\u001F]/.test(image)) return 'raw control character (write it as an escape such as `\\t`)';
  return 'invalid escape sequence';
}
