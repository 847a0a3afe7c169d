// Heading ids as Mintlify makes them, so that the links real repositories
// write to a section reach it (`### context.sleepUntil` is
// `#context-sleepuntil`, `## What's next?` is `#what’s-next`, `## Fees &
// billing` is `#fees-&-billing`): lower case; a straight apostrophe becomes
// a right single quotation mark; a period becomes a hyphen; letters, digits,
// `_`, `-`, `&`, `/` and `’` are kept, other punctuation and symbols
// (parentheses, `:`, `?`, `!`, emoji) dropped; each run of whitespace is one
// hyphen. A repeated id is numbered from 2 (`intro`, `intro-2`, `intro-3`),
// page-wide. Not GitHub's slugs: those drop periods (`contextsleepuntil`)
// and number repeats from 1.

const DROPPED = /[^\p{L}\p{M}\p{N}\s_&/’-]/gu;

export function headingSlug(text: string): string {
  return text.trim().toLowerCase().replace(/'/g, '’').replace(/\./g, '-').replace(DROPPED, '').trim().replace(/\s+/g, '-');
}

/** `base` if free, else `base-2`, `base-3`, … (the first not taken). */
export function numberedId(base: string, taken: (id: string) => boolean): string {
  if (!taken(base)) return base;
  let n = 2;
  while (taken(`${base}-${n}`)) n++;
  return `${base}-${n}`;
}
