// The positioned tree of a document that is strict JSON, without the grammar.
// Most docs.json files are: JSON.parse accepts them, and no key repeats. For
// those this scan builds the tree json-parser.ts's chevrotain grammar would
// build (the same nodes and spans, and no diagnostic) in a fraction of its
// time: a 1.15 MB docs.json took the grammar 140-190 ms on its first parse of
// a run (75 ms warm), and a navigation edit parses it once. Anything else —
// comments, trailing commas, single quotes, a repeated key, nesting deeper
// than MAX_JSON_DEPTH — returns undefined, and the grammar reads the document
// and reports what it finds. The scan trusts JSON.parse's verdict: it only
// walks text already known to be JSON.

import type { SourceFile, Span } from '../source/source-file.js';
import { MAX_JSON_DEPTH } from './json-limits.js';
import type { JsonMember, JsonNode } from './json-tree.js';

/** The tree of `file` when its text is strict JSON with no repeated key; undefined otherwise. */
export function parseStrictJson(file: SourceFile): JsonNode | undefined {
  const text = file.text;
  try {
    JSON.parse(text);
  } catch {
    return undefined;
  }
  try {
    return new StrictScan(file, text).value(0);
  } catch (error) {
    if (error === GIVE_UP) return undefined;
    throw error;
  }
}

/** From this many members, an object's keys are kept in a set to find a repeated one. */
const MANY_KEYS = 16;

/** Thrown to leave the document to the grammar (a repeated key, too deep). */
const GIVE_UP = new Error('not for the strict scan');

class StrictScan {
  private at = 0;

  constructor(
    private readonly file: SourceFile,
    private readonly text: string,
  ) {}

  value(depth: number): JsonNode {
    this.skipSpace();
    const start = this.at;
    const c = this.text.charCodeAt(start);
    if (c === 0x7b /* { */) return this.object(depth + 1);
    if (c === 0x5b /* [ */) return this.array(depth + 1);
    if (c === 0x22 /* " */) {
      const end = this.stringEnd(start);
      return { kind: 'string', span: this.span(start, end), value: this.stringValue(start, end) };
    }
    if (c === 0x74 /* t */) return this.literal(start, 4, { kind: 'boolean', span: this.span(start, start + 4), value: true });
    if (c === 0x66 /* f */) return this.literal(start, 5, { kind: 'boolean', span: this.span(start, start + 5), value: false });
    if (c === 0x6e /* n */) return this.literal(start, 4, { kind: 'null', span: this.span(start, start + 4) });
    let end = start + 1;
    while (end < this.text.length && isNumberChar(this.text.charCodeAt(end))) end++;
    this.at = end;
    return { kind: 'number', span: this.span(start, end), value: Number(this.text.slice(start, end)) };
  }

  private object(depth: number): JsonNode {
    if (depth > MAX_JSON_DEPTH) throw GIVE_UP;
    const open = this.at++;
    const members: JsonMember[] = [];
    // Repeated keys are looked for among the members, or in a set once there are many.
    let keys: Set<string> | undefined;
    this.skipSpace();
    if (this.text.charCodeAt(this.at) !== 0x7d /* } */) {
      for (;;) {
        this.skipSpace();
        const keyStart = this.at;
        const keyEnd = this.stringEnd(keyStart);
        const key = this.stringValue(keyStart, keyEnd);
        if (keys === undefined && members.length >= MANY_KEYS) keys = new Set(members.map((m) => m.key));
        if (keys === undefined ? members.some((m) => m.key === key) : keys.has(key)) throw GIVE_UP;
        keys?.add(key);
        this.skipSpace();
        this.at++; // the colon
        members.push({ key, keySpan: this.span(keyStart, keyEnd), value: this.value(depth) });
        this.skipSpace();
        if (this.text.charCodeAt(this.at++) !== 0x2c /* , */) break;
      }
    } else this.at++;
    return { kind: 'object', span: this.span(open, this.at), members };
  }

  private array(depth: number): JsonNode {
    if (depth > MAX_JSON_DEPTH) throw GIVE_UP;
    const open = this.at++;
    const items: JsonNode[] = [];
    this.skipSpace();
    if (this.text.charCodeAt(this.at) !== 0x5d /* ] */) {
      for (;;) {
        items.push(this.value(depth));
        this.skipSpace();
        if (this.text.charCodeAt(this.at++) !== 0x2c /* , */) break;
      }
    } else this.at++;
    return { kind: 'array', span: this.span(open, this.at), items };
  }

  private literal(start: number, length: number, node: JsonNode): JsonNode {
    this.at = start + length;
    return node;
  }

  /** The offset after the closing quote of the string opening at `start`. */
  private stringEnd(start: number): number {
    let i = start + 1;
    for (;;) {
      const c = this.text.charCodeAt(i);
      if (c === 0x22 /* " */) break;
      i += c === 0x5c /* \ */ ? 2 : 1;
    }
    this.at = i + 1;
    return i + 1;
  }

  private stringValue(start: number, end: number): string {
    const body = this.text.slice(start + 1, end - 1);
    return body.includes('\\') ? (JSON.parse(this.text.slice(start, end)) as string) : body;
  }

  private skipSpace(): void {
    for (;;) {
      const c = this.text.charCodeAt(this.at);
      if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) return;
      this.at++;
    }
  }

  private span(start: number, end: number): Span {
    return { file: this.file, start, end };
  }
}

/** Characters of a JSON number after its first. */
function isNumberChar(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || c === 0x2e || c === 0x65 || c === 0x45 || c === 0x2b || c === 0x2d;
}
