// Turns the bytes of a file into text, reporting what a text file should not
// contain: a byte-order mark, invalid UTF-8, NUL bytes. Decoding never fails;
// invalid sequences become U+FFFD so that parsing can go on. Valid UTF-8 is
// checked and decoded by Node's native routines (a 13 MB OpenAPI document:
// 0.05 s, where TextDecoder's fatal mode took 0.07 s and the NUL search on the
// text 0.02 s more). Valid UTF-8 without a NUL byte is decoded only when its
// text is first asked for: the checks need the bytes alone.

import { Buffer, isUtf8 } from 'node:buffer';

export type TextProblem = { kind: 'bom' } | { kind: 'invalid-utf8'; offset: number } | { kind: 'nul'; offset: number };

export interface DecodedText {
  /** The text (U+FFFD for invalid sequences), decoded on the first call when the bytes had no problem but a BOM. */
  text: () => string;
  problems: TextProblem[];
}

const lenient = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });

export function decodeText(bytes: Uint8Array): DecodedText {
  const problems: TextProblem[] = [];
  let body = bytes;
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    problems.push({ kind: 'bom' });
    body = bytes.subarray(3);
  }
  const buffer = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const valid = isUtf8(buffer);
  // A NUL byte in UTF-8 is always the character U+0000, never part of another: the text is searched only when the bytes hold one.
  const hasNul = buffer.indexOf(0) !== -1;
  if (valid && !hasNul) return { text: () => buffer.toString('utf8'), problems };
  const text = valid ? buffer.toString('utf8') : lenient.decode(body);
  if (!valid) {
    const first = text.indexOf('\uFFFD');
    problems.push({ kind: 'invalid-utf8', offset: first === -1 ? 0 : first });
  }
  const nul = hasNul ? text.indexOf('\0') : -1;
  if (nul !== -1) problems.push({ kind: 'nul', offset: nul });
  return { text: () => text, problems };
}
