// Hand-written matchers for the JSON grammar's long tokens — strings and
// comments. Regular expressions such as `"(?:[^"\\]|\\.)*"` backtrack one
// stack entry per character or escape in V8, so a string of a few million
// characters ends in "Maximum call stack size exceeded" inside the lexer;
// these scans are linear and use no stack. Each returns chevrotain's custom
// pattern result: the matched text as `[text]`, or null.

type Match = [string] | null;

function matched(text: string, start: number, end: number): Match {
  return end > start ? [text.slice(start, end)] : null;
}

function isHex(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 70) || (code >= 97 && code <= 102);
}

function isLineTerminator(code: number): boolean {
  return code === 10 || code === 13 || code === 0x2028 || code === 0x2029;
}

const SIMPLE_ESCAPES = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't'].map((c) => c.charCodeAt(0)));

/** A valid JSON string: no control characters, only JSON's escapes, closed. */
export function matchGoodString(text: string, offset: number): Match {
  if (text.charCodeAt(offset) !== 34) return null;
  for (let i = offset + 1; i < text.length; ) {
    const code = text.charCodeAt(i);
    if (code === 34) return matched(text, offset, i + 1);
    if (code < 0x20) return null;
    if (code !== 92) {
      i++;
      continue;
    }
    const next = text.charCodeAt(i + 1);
    if (SIMPLE_ESCAPES.has(next)) i += 2;
    else if (next === 117 && [2, 3, 4, 5].every((k) => isHex(text.charCodeAt(i + k)))) i += 6;
    else return null;
  }
  return null;
}

/**
 * A quoted string that is not valid JSON (bad escapes or characters, or not
 * closed before the end of its line): the quote, any escape of a character
 * that is not a line terminator, anything but the quote, `\` and `\n`, and
 * the closing quote if there is one.
 */
export function matchLooseString(quote: number): (text: string, offset: number) => Match {
  return (text, offset) => {
    if (text.charCodeAt(offset) !== quote) return null;
    let i = offset + 1;
    while (i < text.length) {
      const code = text.charCodeAt(i);
      if (code === quote) return matched(text, offset, i + 1);
      if (code === 10) break;
      if (code === 92) {
        if (i + 1 >= text.length || isLineTerminator(text.charCodeAt(i + 1))) break;
        i += 2;
      } else i++;
    }
    return matched(text, offset, i);
  };
}

/** `// …` to the end of the line, or `/* … *\/` (closed or running to the end of the file). */
export function matchComment(text: string, offset: number): Match {
  if (text.charCodeAt(offset) !== 47) return null;
  const second = text.charCodeAt(offset + 1);
  if (second === 47) {
    const end = text.indexOf('\n', offset);
    return matched(text, offset, end === -1 ? text.length : end);
  }
  if (second !== 42) return null;
  const close = text.indexOf('*/', offset + 2);
  return matched(text, offset, close === -1 ? text.length : close + 2);
}
