// Suggestions for misspelled names: the closest candidate by edit distance,
// offered only when it is close enough to be a likely typo. The thresholds
// are TypeScript's spelling-suggestion rule (a transposition such as
// `lihgt` → `light` qualifies; an unrelated word does not).

import { distance } from 'fastest-levenshtein';

export function closestMatch(word: string, candidates: Iterable<string>): string | undefined {
  const lower = word.toLowerCase();
  const maxLengthDifference = Math.max(2, Math.floor(word.length * 0.34));
  let best: string | undefined;
  let bestDistance = Math.floor(word.length * 0.4) + 1;
  for (const candidate of candidates) {
    if (Math.abs(candidate.length - word.length) > maxLengthDifference) continue;
    const d = distance(lower, candidate.toLowerCase());
    if (d < bestDistance || (d === bestDistance && best !== undefined && candidate < best)) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}

/** `"; did you mean `x`?"` or `""`, to end a message. */
export function suggestionSuffix(word: string, candidates: Iterable<string>): string {
  const match = closestMatch(word, candidates);
  return match === undefined ? '' : `; did you mean \`${match}\`?`;
}
