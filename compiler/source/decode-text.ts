// Turns the bytes of a file into text, reporting what a text file should not
// contain: a byte-order mark, invalid UTF-8, NUL bytes. Decoding never fails;
// invalid sequences become U+FFFD so that parsing can go on.

export type TextProblem = { kind: 'bom' } | { kind: 'invalid-utf8'; offset: number } | { kind: 'nul'; offset: number };

export interface DecodedText {
  text: string;
  problems: TextProblem[];
}

const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const lenient = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });

export function decodeText(bytes: Uint8Array): DecodedText {
  const problems: TextProblem[] = [];
  let body = bytes;
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    problems.push({ kind: 'bom' });
    body = bytes.subarray(3);
  }
  let text: string;
  try {
    text = strict.decode(body);
  } catch {
    text = lenient.decode(body);
    const first = text.indexOf('\uFFFD');
    problems.push({ kind: 'invalid-utf8', offset: first === -1 ? 0 : first });
  }
  const nul = text.indexOf('\0');
  if (nul !== -1) problems.push({ kind: 'nul', offset: nul });
  return { text, problems };
}
