// Frontmatter values in quotes that go on over lines at the first column:
//
//   description: "Call the latest models using the OpenAI format including:
//   Llama, Mistral, Claude, Gemini"
//
// YAML 1.2 wants the lines after the first indented (they are deeper than
// the mapping), and the `yaml` package, like js-yaml 4, refuses them. Mintlify
// reads frontmatter with `front-matter`, whose js-yaml 3 joins the lines as
// any folded line is joined, and publishes the page with that description;
// real repositories rely on it (Portkey's docs: 11 pages). When the YAML does
// not parse, such values are joined here — each line break inside the quotes
// replaced by spaces, so that every offset, and so every line and column, is
// still the page's — and the text is parsed again; the caller takes it only
// when that parses cleanly, and says so with a warning at each value.
//
// Only top-level keys (`key: "…`) whose quotes close further down. A blank
// line inside is a line break in the value, which a space would lose: in
// double quotes it is written as the escape `\n` instead, in the room the
// line breaks took (a blank line holding a space, or none: two characters or
// more); a value whose blank lines leave no such room, or in single quotes
// (which have no escapes), is not joined. The value keeps the spaces that end
// or start the joined lines (js-yaml 3 trims them): a description's spacing,
// nothing more.

/** A top-level key whose value opens a quote: the key, and the offset of the quote. */
const QUOTED_VALUE = /^([A-Za-z_][\w.-]*(?::[\w.-]+)*):[ \t]+(["'])/gm;

export interface JoinedQuotes {
  /** The YAML text, with the line breaks inside the joined values made spaces (same length). */
  text: string;
  /** The keys joined, with the offset of each value's opening quote. */
  values: { key: string; offset: number }[];
}

/** The text with its continued quoted values joined, or undefined when it has none to join. */
export function joinContinuedQuotes(text: string): JoinedQuotes | undefined {
  let joined = text;
  const values: JoinedQuotes['values'] = [];
  QUOTED_VALUE.lastIndex = 0;
  for (let match = QUOTED_VALUE.exec(text); match !== null; match = QUOTED_VALUE.exec(text)) {
    const [whole, key = '', quote = '"'] = match;
    const open = match.index + whole.length - 1;
    const close = closingQuote(text, open + 1, quote);
    if (close === undefined) continue;
    const inside = text.slice(open + 1, close);
    // Closed on its own line: nothing to join.
    if (!inside.includes('\n')) continue;
    // Only lines at the first column need it; an indented continuation is YAML already.
    if (!/\n(?![ \t])/.test(inside)) continue;
    const kept = keepBlankLines(inside, quote);
    if (kept === undefined) continue;
    joined = joined.slice(0, open + 1) + kept.replace(/[\r\n]/g, ' ') + joined.slice(close);
    values.push({ key, offset: open });
    QUOTED_VALUE.lastIndex = close + 1;
  }
  return values.length === 0 ? undefined : { text: joined, values };
}

/**
 * The value with each run of blank lines (the line break before them included) written as that many `\n` escapes,
 * padded with spaces in front to the run's length; undefined when a run has no room for them, or the quotes are single.
 */
function keepBlankLines(inside: string, quote: string): string | undefined {
  let fits = true;
  const kept = inside.replace(/\r?\n(?:[ \t]*\r?\n)+/g, (run) => {
    const breaks = (run.match(/\n/g)?.length ?? 1) - 1;
    const escapes = '\\n'.repeat(breaks);
    if (quote !== '"' || escapes.length > run.length) fits = false;
    return escapes.padStart(run.length, ' ');
  });
  return fits ? kept : undefined;
}

/** The offset of the quote that closes a value opened before `from`: `\"` escapes in double quotes, `''` in single ones. */
function closingQuote(text: string, from: number, quote: string): number | undefined {
  for (let at = from; at < text.length; at++) {
    const char = text[at];
    if (quote === '"' && char === '\\') at++;
    else if (char === quote) {
      if (quote === "'" && text[at + 1] === "'") at++;
      else return at;
    }
  }
  return undefined;
}
