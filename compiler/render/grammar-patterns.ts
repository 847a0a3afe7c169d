// The pattern strings of a TextMate grammar as shiki's regex engine receives
// them from vscode-textmate: what the regex table (regex-table.ts) is made
// of, by cli/build-regex-table.ts. tests/regex-table.test.ts checks them
// against the patterns the engine is actually given.

/** The keys of a TextMate rule whose string is a pattern. */
const PATTERN_KEYS = ['match', 'begin', 'end', 'while'];

/** Every pattern string of a grammar (its rules, repository, injections, captures), with the variants the tokenizer compiles. */
export function grammarPatterns(grammar: object): Set<string> {
  const found = new Set<string>();
  const visit = (value: unknown) => {
    if (Array.isArray(value)) for (const item of value) visit(item);
    else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (typeof item === 'string' && PATTERN_KEYS.includes(key)) for (const variant of scannerSources(item)) found.add(variant);
        else visit(item);
      }
    }
  };
  visit(grammar);
  return found;
}

/**
 * The strings vscode-textmate's RegExpSource gives the engine for a pattern: `\z` rewritten as
 * `$(?!\n)(?<!\n)`; with `\A` or `\G`, the four resolutions of those anchors (a resolved-away anchor
 * becomes `\uFFFF`), else the pattern itself.
 */
function scannerSources(pattern: string): string[] {
  let source = '';
  let hasAnchor = false;
  for (let pos = 0; pos < pattern.length; pos++) {
    const ch = pattern[pos] as string;
    if (ch === '\\' && pos + 1 < pattern.length) {
      const next = pattern[pos + 1] as string;
      if (next === 'z') source += '$(?!\\n)(?<!\\n)';
      else {
        if (next === 'A' || next === 'G') hasAnchor = true;
        source += ch + next;
      }
      pos++;
    } else source += ch;
  }
  if (!hasAnchor) return [source];
  const resolved = (allowA: boolean, allowG: boolean) => {
    let out = '';
    for (let pos = 0; pos < source.length; pos++) {
      const ch = source[pos] as string;
      out += ch;
      if (ch === '\\' && pos + 1 < source.length) {
        const next = source[pos + 1] as string;
        out += (next === 'A' && !allowA) || (next === 'G' && !allowG) ? '\uFFFF' : next;
        pos++;
      }
    }
    return out;
  };
  return [resolved(false, false), resolved(false, true), resolved(true, false), resolved(true, true)];
}
