// Finds where the value (or the key) at a JSON pointer is written in a JSON
// text that is known to be valid (`JSON.parse` accepted it), by scanning it
// once up to that place: values on the way are skipped without being built.
// The positioned tree of json-parser.ts gives the same places, but building it
// for GitHub's 13 MB spec takes 0.8 s, for what is usually one warning.
// `locateJsonPointer` returns undefined when the pointer leads nowhere;
// `locateNearestJsonPointer` then finds its nearest ancestor, as the positioned
// tree would (the last of duplicate keys, as JSON.parse keeps it).

export interface TextRange {
  start: number;
  end: number;
}

export interface PointerPlace {
  value: TextRange;
  /** The key's range, quotes included, when the last step is an object member. */
  key?: TextRange;
}

export function locateJsonPointer(text: string, pointer: readonly (string | number)[]): PointerPlace | undefined {
  let at = skipSpace(text, 0);
  let key: TextRange | undefined;
  for (const step of pointer) {
    const open = text[at];
    if (open === '{') {
      const found = findMember(text, at, String(step));
      if (found === undefined) return undefined;
      key = found.key;
      at = found.value;
    } else if (open === '[') {
      const found = findItem(text, at, Number(step));
      if (found === undefined) return undefined;
      key = undefined;
      at = found;
    } else return undefined;
  }
  const value = { start: at, end: skipValue(text, at) };
  return key ? { value, key } : { value };
}

export interface NearestPlace extends PointerPlace {
  /** How many steps of the pointer lead somewhere: `pointer.length` when all do. */
  depth: number;
}

/**
 * The place of the value at `pointer` as JSON.parse reads the text (of
 * duplicate keys, the last), or of its nearest ancestor that exists, with
 * the key only when the whole pointer was followed: what the positioned tree
 * of json-parser.ts gives, without building it. Array steps are canonical
 * indexes (`0`, `12`), as in the tree.
 */
export function locateNearestJsonPointer(text: string, pointer: readonly (string | number)[]): NearestPlace {
  let at = skipSpace(text, 0);
  let key: TextRange | undefined;
  let depth = 0;
  for (const step of pointer) {
    const open = text[at];
    let found: { key?: TextRange; value: number } | undefined;
    if (open === '{') found = findMember(text, at, String(step), true);
    else if (open === '[' && /^(?:0|[1-9]\d*)$/.test(String(step))) {
      const item = findItem(text, at, Number(step));
      found = item === undefined ? undefined : { value: item };
    }
    if (found === undefined) return { value: { start: at, end: skipValue(text, at) }, depth };
    key = found.key;
    at = found.value;
    depth++;
  }
  const value = { start: at, end: skipValue(text, at) };
  return key ? { value, key, depth } : { value, depth };
}

/**
 * The member `name` of the object opening at `at`: its key's range and where
 * its value starts. The first of duplicate keys, or with `last` the last one.
 */
function findMember(text: string, at: number, name: string, last = false): { key: TextRange; value: number } | undefined {
  let i = skipSpace(text, at + 1);
  let found: { key: TextRange; value: number } | undefined;
  while (text[i] === '"') {
    const keyEnd = skipString(text, i);
    const raw = text.slice(i + 1, keyEnd - 1);
    const matches = raw.includes('\\') ? (JSON.parse(text.slice(i, keyEnd)) as string) === name : raw === name;
    const valueStart = skipSpace(text, skipSpace(text, keyEnd) + 1);
    if (matches) {
      found = { key: { start: i, end: keyEnd }, value: valueStart };
      if (!last) return found;
    }
    i = skipSpace(text, skipValue(text, valueStart));
    if (text[i] === ',') i = skipSpace(text, i + 1);
  }
  return found;
}

/** Where item `index` of the array opening at `at` starts. */
function findItem(text: string, at: number, index: number): number | undefined {
  if (!Number.isInteger(index) || index < 0) return undefined;
  let i = skipSpace(text, at + 1);
  for (let n = 0; text[i] !== ']' && i < text.length; n++) {
    if (n === index) return i;
    i = skipSpace(text, skipValue(text, i));
    if (text[i] === ',') i = skipSpace(text, i + 1);
  }
  return undefined;
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
function skipString(text: string, at: number): number {
  for (let quote = text.indexOf('"', at + 1); quote !== -1; quote = text.indexOf('"', quote + 1)) {
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === 92) backslashes++;
    if (backslashes % 2 === 0) return quote + 1;
  }
  return text.length;
}

function skipSpace(text: string, at: number): number {
  let i = at;
  while (i < text.length && (text[i] === ' ' || text[i] === '\n' || text[i] === '\r' || text[i] === '\t')) i++;
  return i;
}
