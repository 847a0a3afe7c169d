// Heading ids as Mintlify makes them, so that the links real repositories
// write to a section reach it: `slugify` of @mintlify/common (the title
// lower-cased, runs of whitespace made `-`, percent-encoded; then
// @sindresorhus/slugify, which keeps the percent-escapes when there are any)
// and the `cleanHeadingId` its pages render with (escapes decoded; `?,;:!'"()[]{}`
// and emoji dropped). So `### context.sleepUntil` is `#context-sleepuntil`,
// `## 4. Write the code` is `#4-write-the-code` (a run of separators is one
// `-`), `## Fees & billing` is `#fees-&-billing`, `## Use $ref` is
// `#use-$ref`, and `## 方法 1：サインイン` keeps its full-width colon. The
// text of a Markdown heading is what Mintlify's smartypants made of it
// (`headingTypography`: `What's next?` is `What’s next?`, so `#what’s-next`).
// A repeated id is numbered from 2 (`intro`, `intro-2`, `intro-3`),
// page-wide. Not GitHub's slugs: those drop periods (`contextsleepuntil`)
// and number repeats from 1.

/** Emoji and the joiners and selectors around them, as `cleanHeadingId` removes them. */
const EMOJI = /\p{Emoji_Modifier}|\p{Emoji_Modifier_Base}|\p{Emoji_Presentation}|\p{Extended_Pictographic}|[\u200D\uFE0E\uFE0F]/gu;

export function headingSlug(text: string): string {
  const encoded = encodeComponent(text.toLowerCase().trim().replace(/\s+/g, '-'));
  // With escapes, upper-case letters (the escapes' hex digits) and `%` are kept; without, lower case only.
  const escaped = /%[0-9A-F]{2}/.test(encoded);
  const slug = encoded
    .replace(escaped ? /[^a-zA-Z\d%_]+/g : /[^a-z\d_]+/g, '-')
    .replace(/\\/g, '')
    // Contractions and possessives (`it-s`, `don-t`) lose their separator.
    .replace(/([a-zA-Z\d]+)-([ts])(-|$)/g, '$1$2$3')
    .replace(/-{2,}/g, '-')
    .replace(/^-|-$/g, '');
  return cleanAnchor(slug);
}

/**
 * An anchor as Mintlify compares it (`cleanHeadingId`): percent-escapes decoded, `?,;:!'"()[]{}` and emoji dropped.
 * A link's `#fragment` is read through it too, so `#example:-connect` reaches the heading `Example: connect`.
 */
export function cleanAnchor(id: string): string {
  let decoded = id;
  try {
    decoded = decodeURIComponent(id.replace(/%(?![0-9A-Fa-f]{2})/g, '%25'));
  } catch {
    // A malformed escape: the id as written, as Mintlify falls back.
  }
  return decoded.replace(/[?,;:!'"()[\]{}]/g, '').replace(EMOJI, '');
}

/**
 * A Markdown heading's text as Mintlify's smartypants leaves it (remark-smartypants runs before its table of contents
 * is made): straight quotes curled (`'` in a word is `’`), `--` an em dash, `...` an ellipsis. Only text, never code.
 */
export function headingTypography(text: string): string {
  return text
    .replace(/(?<!-)--(?!-)/g, '—')
    .replace(/\.{3,}/g, '…')
    .replace(/``/g, '“')
    .replace(/''/g, '”')
    .replace(/["']/g, (quote, at: number, whole: string) => (opensQuote(whole, at) ? (quote === '"' ? '“' : '‘') : quote === '"' ? '”' : '’'));
}

/** Whether a straight quote opens (after a space, punctuation or the start, before a word) rather than closes. */
function opensQuote(text: string, at: number): boolean {
  const before = text[at - 1];
  const after = text[at + 1];
  if (after === undefined || /\s/.test(after)) return false;
  if (text[at] === "'" && /^\d\ds/.test(text.slice(at + 1))) return false;
  return before === undefined || /[\s\p{P}\p{S}]/u.test(before);
}

/** `encodeURIComponent`, with a lone surrogate (which it refuses) as U+FFFD. */
function encodeComponent(text: string): string {
  return encodeURIComponent(text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'));
}

/**
 * @sindresorhus/slugify with its defaults, as Mintlify calls it for component anchors: accents dropped, `&` is `and`,
 * camel case split when `decamelize`, lower case, runs of anything but `a-z` and digits one `-`, contractions joined.
 */
function packageSlug(text: string, decamelize: boolean): string {
  let words = text.normalize('NFKD').replace(/\p{M}/gu, '').replace(/&/g, ' and ');
  if (decamelize)
    words = words
      .replace(/([A-Z]{2,})(\d+)/g, '$1 $2')
      .replace(/([a-z\d]+)([A-Z]{2,})/g, '$1 $2')
      .replace(/([a-z\d])([A-Z])/g, '$1 $2')
      .replace(/([A-Z]+)([A-Z][a-rt-z\d]+)/g, '$1 $2');
  return words
    .toLowerCase()
    .replace(/[^a-z\d]+/g, '-')
    .replace(/([a-zA-Z\d]+)-([ts])(-|$)/g, '$1$2$3')
    .replace(/-{2,}/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * The anchor of a ParamField or ResponseField named `name`, the `count`-th of that id on the page (from 0), as
 * Mintlify makes it (`generateParamFieldId`: @sindresorhus/slugify of `param-<name>` with camel case split):
 * `disableTelemetry` is `#param-disable-telemetry`, `user_id` `#param-user-id`, the second `limit` `#param-limit-1`.
 */
export function fieldAnchorId(name: string, count: number): string {
  return packageSlug(`param-${name}${count > 0 ? `_${count}` : ''}`, true);
}

/**
 * The anchors Mintlify gives Tab, Accordion and View from their `title` when they have no `id` (its
 * `remarkComponentIds`), in document order: a Tab's is its title's slug as a heading's (`Install via Git` is
 * `#install-via-git`), numbered `-2`, `-3` among the page's tabs; an Accordion's or View's is @sindresorhus/slugify of
 * the title with its first `:` a `-` (`generateComponentId`), numbered `-1`, `-2` among its kind. A link to one opens it
 * (runtime/client/components/open-target.ts). Undefined for a title that makes no slug (`安装`, for an Accordion).
 */
export class TitledComponentIds {
  private readonly tabs = new Set<string>();
  private readonly tabNext = new Map<string, number>();
  private readonly counts = new Map<string, number>();

  next(component: string, title: string): string | undefined {
    if (component === 'Tab') {
      const base = headingSlug(title);
      if (base === '') return undefined;
      const id = numberedId(base, (candidate) => this.tabs.has(candidate), this.tabNext);
      this.tabs.add(id);
      return id;
    }
    if (component !== 'Accordion' && component !== 'View') return undefined;
    const base = packageSlug(title.replace(':', '-'), false);
    if (base === '') return undefined;
    const key = `${component}\0${base}`;
    const count = this.counts.get(key) ?? 0;
    this.counts.set(key, count + 1);
    return count > 0 ? `${base}-${count}` : base;
  }
}

/**
 * The next field anchor of `name` on a page (Mintlify's `rehypeParamFieldIds`): numbered by how many fields of that
 * id came before (`counts`, by the first id), past any id `taken` already.
 */
export function nextFieldAnchor(name: string, counts: Map<string, number>, taken: (id: string) => boolean): string {
  const base = fieldAnchorId(name, 0);
  let count = counts.get(base) ?? 0;
  let id = fieldAnchorId(name, count);
  while (taken(id)) id = fieldAnchorId(name, ++count);
  counts.set(base, count + 1);
  return id;
}

/**
 * `base` if free, else `base-2`, `base-3`, … (the first not taken). With `next`, where each base's search resumes:
 * for callers whose `taken` only grows (every number below the last one given stays taken), so that a heading
 * repeated a thousand times (a changelog's `### Features`) is not searched for from 2 each time.
 */
export function numberedId(base: string, taken: (id: string) => boolean, next?: Map<string, number>): string {
  if (!taken(base)) return base;
  let n = next?.get(base) ?? 2;
  while (taken(`${base}-${n}`)) n++;
  next?.set(base, n + 1);
  return `${base}-${n}`;
}
