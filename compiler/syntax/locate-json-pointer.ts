// Finds where the value (or the key) at a JSON pointer is written in a JSON
// text that is known to be valid (`JSON.parse` accepted it), without building
// it: the positioned tree of json-parser.ts gives the same places, but
// building it for GitHub's 13 MB spec takes 0.8 s, for what is usually one
// warning. One `JsonPointerIndex` serves all the pointers of a text: the first
// pointer through an object records where each of its members is (values on
// the way skipped, not built), every later one looks its step up. A container
// is scanned only as far as a step needs — to the member or item it names,
// the whole object for the last of duplicate keys — and resumed there by a
// later step, so one pointer costs what one scan to its place does (a warning
// in GitHub's 13 MB spec: 0.02 s, where indexing every container on the way
// whole took 0.17 s), and any number of pointers at most one scan of each
// container they pass through: never more than the text's length per step of
// the longest pointer, in practice a few times the text. Scanning from the start of the text for
// each pointer, as this file did first, made a document with thousands of
// diagnostics quadratic (Microsoft Graph's 20 MB spec, 11,000 operations,
// thousands of duplicate page slugs: 5 minutes of `docsc check`).
//
// `locate` follows the first of duplicate keys and gives undefined when a
// step leads nowhere; `locateNearest`, as JSON.parse and the positioned tree,
// the last, and gives the nearest ancestor when a step leads nowhere.

export interface TextRange {
  start: number;
  end: number;
}

export interface PointerPlace {
  value: TextRange;
  /** The key's range, quotes included, when the last step is an object member. */
  key?: TextRange;
}

export interface NearestPlace extends PointerPlace {
  /** How many steps of the pointer lead somewhere: `pointer.length` when all do. */
  depth: number;
}

interface Member {
  key: TextRange;
  value: TextRange;
}

interface ObjectIndex {
  kind: 'object';
  /** Each key's first member; `last` holds the keys written more than once. Of the members scanned so far. */
  first: Map<string, Member>;
  last: Map<string, Member>;
  /** Where the next member's key starts; -1 once every member is scanned. */
  next: number;
}

interface ArrayIndex {
  kind: 'array';
  /** The items scanned so far. */
  items: TextRange[];
  /** Where the next item starts; -1 once every item is scanned. */
  next: number;
}

export class JsonPointerIndex {
  /** Containers indexed so far, by the offset of their opening bracket. */
  private readonly containers = new Map<number, ObjectIndex | ArrayIndex>();
  private root: TextRange | undefined;
  /** Characters of the members and items scanned so far: what locating has cost, for tests. */
  scannedChars = 0;

  constructor(readonly text: string) {}

  /** The value (and key) at `pointer`, following the first of duplicate keys; undefined when a step leads nowhere. */
  locate(pointer: readonly (string | number)[]): PointerPlace | undefined {
    let value: TextRange = this.rootRange();
    let key: TextRange | undefined;
    for (const step of pointer) {
      const found = this.child(value, String(step), false);
      if (found === undefined) return undefined;
      ({ value, key } = found);
    }
    return key ? { value, key } : { value };
  }

  /**
   * The value at `pointer` as JSON.parse reads the text (of duplicate keys,
   * the last), or of its nearest ancestor that exists, with the key only when
   * the whole pointer was followed. Array steps are canonical indexes.
   */
  locateNearest(pointer: readonly (string | number)[]): NearestPlace {
    let value: TextRange = this.rootRange();
    let key: TextRange | undefined;
    let depth = 0;
    for (const step of pointer) {
      const found = this.child(value, String(step), true);
      if (found === undefined) return { value, depth };
      ({ value, key } = found);
      depth++;
    }
    return key ? { value, key, depth } : { value, depth };
  }

  /** The root value: from the first to the last character that is not white space (the text is valid JSON). */
  private rootRange(): TextRange {
    if (this.root === undefined) {
      let end = this.text.length;
      while (end > 0 && isSpace(this.text.charCodeAt(end - 1))) end--;
      this.root = { start: skipSpace(this.text, 0), end };
    }
    return this.root;
  }

  private child(container: TextRange, step: string, last: boolean): { value: TextRange; key?: TextRange } | undefined {
    const open = this.text.charCodeAt(container.start);
    if (open !== 123 && open !== 91) return undefined;
    const index = this.indexOf(container);
    if (index.kind === 'object') {
      // The first member of a name is the first one scanned; the last is known only once the whole object is.
      while (index.next !== -1 && (last || !index.first.has(step))) this.scanMember(index);
      const member = (last ? index.last.get(step) : undefined) ?? index.first.get(step);
      return member && { value: member.value, key: member.key };
    }
    if (!/^(?:0|[1-9]\d*)$/.test(step)) return undefined;
    const wanted = Number(step);
    while (index.next !== -1 && index.items.length <= wanted) this.scanItem(index);
    const item = index.items[wanted];
    return item && { value: item };
  }

  /** The index of the container at `range`, made on first use with nothing scanned yet. */
  private indexOf(range: TextRange): ObjectIndex | ArrayIndex {
    const known = this.containers.get(range.start);
    if (known !== undefined) return known;
    const text = this.text;
    const next = skipSpace(text, range.start + 1);
    const index: ObjectIndex | ArrayIndex =
      text.charCodeAt(range.start) === 123
        ? { kind: 'object', first: new Map(), last: new Map(), next: text.charCodeAt(next) === 34 ? next : -1 }
        : { kind: 'array', items: [], next: text.charCodeAt(next) === 93 ? -1 : next };
    this.containers.set(range.start, index);
    return index;
  }

  /** Records the next member of an object and moves past it. */
  private scanMember(index: ObjectIndex): void {
    const text = this.text;
    const i = index.next;
    const keyEnd = skipString(text, i);
    const raw = text.slice(i + 1, keyEnd - 1);
    const name = raw.includes('\\') ? (JSON.parse(text.slice(i, keyEnd)) as string) : raw;
    const valueStart = skipSpace(text, skipSpace(text, keyEnd) + 1);
    const valueEnd = skipValue(text, valueStart);
    const member: Member = { key: { start: i, end: keyEnd }, value: { start: valueStart, end: valueEnd } };
    if (index.first.has(name)) index.last.set(name, member);
    else index.first.set(name, member);
    index.next = this.after(i, valueEnd, true);
  }

  /** Records the next item of an array and moves past it. */
  private scanItem(index: ArrayIndex): void {
    const i = index.next;
    const end = skipValue(this.text, i);
    index.items.push({ start: i, end });
    index.next = this.after(i, end, false);
  }

  /** Past a member or item written from `start` to `end`: where the next one starts, or -1 at the closing bracket. */
  private after(start: number, end: number, member: boolean): number {
    const text = this.text;
    let i = skipSpace(text, end);
    this.scannedChars += i - start;
    if (text.charCodeAt(i) !== 44) return -1;
    i = skipSpace(text, i + 1);
    return member && text.charCodeAt(i) !== 34 ? -1 : i;
  }
}

/** The end of the value starting at `at`: nested containers are counted, not recursed into. */
function skipValue(text: string, at: number): number {
  const first = text.charCodeAt(at);
  if (first === 34) return skipString(text, at);
  if (first !== 123 && first !== 91) {
    let i = at;
    while (i < text.length && !/[\s,\]}]/.test(text[i] as string)) i++;
    return i;
  }
  let depth = 0;
  for (let i = at; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34)
      i = skipString(text, i) - 1; // "
    else if (c === 123 || c === 91)
      depth++; // { [
    else if (c === 125 || c === 93) {
      // } ]
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return text.length;
}

/** The end (after the closing quote) of the string starting at `at`: from quote to quote, counting the backslashes before each. */
export function skipString(text: string, at: number): number {
  for (let quote = text.indexOf('"', at + 1); quote !== -1; quote = text.indexOf('"', quote + 1)) {
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === 92) backslashes++;
    if (backslashes % 2 === 0) return quote + 1;
  }
  return text.length;
}

function skipSpace(text: string, at: number): number {
  let i = at;
  while (i < text.length && isSpace(text.charCodeAt(i))) i++;
  return i;
}

function isSpace(c: number): boolean {
  return c === 32 || c === 10 || c === 13 || c === 9;
}
