// A page's HTML as lines (PageLayout.lines), each a string or the pieces it
// is written from: joined into one string (`joinLines`), or encoded as the
// UTF-8 bytes of that string without making it (`utf8Lines`), which is what
// a build writes. A page over 128 KB in memory — two bytes a character once
// one character is past U+00FF: a selector's `한국어` is enough — is a string
// V8 maps memory of its own for: each page of a 4-language site cost 0.8 ms
// of CPU joined, against 0.06 ms encoded line by line. A sidebar is the
// section's shared markup cut around the page's marks (sidebar-html.ts),
// never a new string: it would be a copy of it, and two bytes a character
// where the selectors above it are.

/** A line: its text, or the pieces it is written from, one after the other. */
export type PageLine = string | readonly string[];

export function joinLines(lines: readonly PageLine[]): string {
  return lines.map((line) => (typeof line === 'string' ? line : line.join(''))).join('\n');
}

export function utf8Lines(lines: readonly PageLine[]): Buffer {
  let length = lines.length === 0 ? 0 : lines.length - 1;
  for (const line of lines) {
    if (typeof line === 'string') length += Buffer.byteLength(line);
    else for (const piece of line) length += Buffer.byteLength(piece);
  }
  // A buffer of its own (not a slice of Node's pool), which is what the writer's thread is sent.
  const bytes = Buffer.allocUnsafeSlow(length);
  let at = 0;
  lines.forEach((line, n) => {
    if (n > 0) bytes[at++] = 0x0a;
    if (typeof line === 'string') at += bytes.write(line, at);
    else for (const piece of line) at += bytes.write(piece, at);
  });
  return bytes;
}
