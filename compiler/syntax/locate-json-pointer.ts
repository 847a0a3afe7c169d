// Finds where the value (or the key) at a JSON pointer is written in a JSON
// text that is known to be valid (`JSON.parse` accepted it), by scanning it
// once up to that place: values on the way are skipped without being built.
// The positioned tree of json-parser.ts gives the same places, but building it
// for GitHub's 13 MB spec takes 0.8 s, for what is usually one warning.
// Returns undefined when the pointer leads nowhere; callers then fall back to
// the positioned tree, which also knows the nearest ancestor.

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

/** The member `name` of the object opening at `at`: its key's range and where its value starts. */
function findMember(text: string, at: number, name: string): { key: TextRange; value: number } | undefined {
  let i = skipSpace(text, at + 1);
  while (text[i] === '"') {
    const keyEnd = skipString(text, i);
    const raw = text.slice(i + 1, keyEnd - 1);
    const matches = raw.includes('\\') ? (JSON.parse(text.slice(i, keyEnd)) as string) === name : raw === name;
    const valueStart = skipSpace(text, skipSpace(text, keyEnd) + 1);
    if (matches) return { key: { start: i, end: keyEnd }, value: valueStart };
    i = skipSpace(text, skipValue(text, valueStart));
    if (text[i] === ',') i = skipSpace(text, i + 1);
  }
  return undefined;
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
  const first = text[at];
  if (first === '"') return skipString(text, at);
  if (first !== '{' && first !== '[') {
    let i = at;
    while (i < text.length && !/[\s,\]}]/.test(text[i] as string)) i++;
    return i;
  }
  let depth = 0;
  for (let i = at; i < text.length; i++) {
    const c = text[i];
    if (c === '"') i = skipString(text, i) - 1;
    else if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return text.length;
}

/** The end (after the closing quote) of the string starting at `at`. */
function skipString(text: string, at: number): number {
  for (let i = at + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 92)
      i++; // backslash: skip the escaped character
    else if (c === 34) return i + 1;
  }
  return text.length;
}

function skipSpace(text: string, at: number): number {
  let i = at;
  while (i < text.length && (text[i] === ' ' || text[i] === '\n' || text[i] === '\r' || text[i] === '\t')) i++;
  return i;
}
