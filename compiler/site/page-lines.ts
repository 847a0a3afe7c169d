// A page's HTML as lines (PageLayout.lines), each a string or the pieces it
// is written from: joined into one string (`joinLines`), or encoded as the
// UTF-8 bytes of that string without making it (`utf8Lines`), which is what
// a build writes. A page over 128 KB in memory — two bytes a character once
// one character is past U+00FF: a selector's `한국어` is enough — is a string
// V8 maps memory of its own for: each page of a 4-language site cost 0.8 ms
// of CPU joined, against 0.06 ms encoded line by line. A sidebar is the
// section's shared markup cut around the page's marks (sidebar-html.ts),
// never a new string: it would be a copy of it, and two bytes a character
// where the selectors above it are. Without a base path, those cuts are of the
// sidebar's UTF-8 bytes, encoded once and copied: a sidebar is 39 KB of each
// of crewAI's 56 KB pages, and encoding its 24,800 pages took 4.4 s of the
// build's thread, 2.4 s since (CPU profiles of cold builds).

/** A piece of a line: text, or UTF-8 bytes that stand for text. */
export type LinePiece = string | Uint8Array;

/** A line: its text, or the pieces it is written from, one after the other. */
export type PageLine = string | readonly LinePiece[];

export function joinLines(lines: readonly PageLine[]): string {
  return lines.map((line) => (typeof line === 'string' ? line : line.map(pieceText).join(''))).join('\n');
}

function pieceText(piece: LinePiece): string {
  return typeof piece === 'string' ? piece : Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength).toString('utf8');
}

export function utf8Lines(lines: readonly PageLine[]): Buffer {
  let length = lines.length === 0 ? 0 : lines.length - 1;
  for (const line of lines) {
    if (typeof line === 'string') length += Buffer.byteLength(line);
    else for (const piece of line) length += typeof piece === 'string' ? Buffer.byteLength(piece) : piece.byteLength;
  }
  // A buffer of its own (not a slice of Node's pool), which is what the writer's thread is sent.
  const bytes = Buffer.allocUnsafeSlow(length);
  let at = 0;
  lines.forEach((line, n) => {
    if (n > 0) bytes[at++] = 0x0a;
    if (typeof line === 'string') at += bytes.write(line, at);
    else
      for (const piece of line) {
        if (typeof piece === 'string') at += bytes.write(piece, at);
        else {
          bytes.set(piece, at);
          at += piece.byteLength;
        }
      }
  });
  return bytes;
}
