// A page's Markdown copy (`<page>.md`, for "Copy page" and agents): its
// source as written, except for `<Visibility>` blocks, as Mintlify makes it —
// `for="humans"` content is left out, and `for="agents"` content (which the
// site leaves out) stands in place of its block, unwrapped and dedented. The
// blocks' offsets come from the page's summary (pages/summarize-page.ts).

import type { VisibilityBlock } from '../pages/summarize-page.js';

export function markdownCopy(text: string, blocks: readonly VisibilityBlock[]): string {
  let out = text;
  // From the last block back, so that earlier offsets stay valid.
  for (const block of [...blocks].sort((a, b) => b[0] - a[0])) {
    const [start, end] = block;
    const kept = block.length === 4 ? dedent(text, block[2], block[3]) : '';
    out = out.slice(0, start) + kept + out.slice(end);
    if (kept === '') out = dropBlankRun(out, start);
  }
  return out;
}

/** The text between `from` and `to`, its lines after the first moved left by the first line's indentation. */
function dedent(text: string, from: number, to: number): string {
  const lineStart = text.lastIndexOf('\n', from - 1) + 1;
  const indent = text.slice(lineStart, from);
  const width = /^[ \t]*$/.test(indent) ? indent.length : 0;
  if (width === 0) return text.slice(from, to);
  const pattern = new RegExp(`\\n[ \\t]{0,${width}}`, 'g');
  return text.slice(from, to).replace(pattern, '\n');
}

/** Where a block was removed, the blank lines around it made one. */
function dropBlankRun(text: string, at: number): string {
  let before = at;
  while (before > 0 && /[ \t\n]/.test(text[before - 1] as string)) before--;
  let after = at;
  while (after < text.length && /[ \t\n]/.test(text[after] as string)) after++;
  const newlines = (text.slice(before, after).match(/\n/g) ?? []).length;
  if (newlines < 2) return text;
  return `${text.slice(0, before)}${before === 0 || after === text.length ? '\n' : '\n\n'}${text.slice(after)}`;
}
