// Suggestions for misspelled names: the closest candidate by edit distance,
// offered only when it is close enough to be a likely typo. The thresholds
// are TypeScript's spelling-suggestion rule (a transposition such as
// `lihgt` → `light` qualifies; an unrelated word does not).

import { distance } from 'fastest-levenshtein';

/** How far from the word a suggestion may be: in length, and in edits. */
export function suggestionLimits(word: string): { lengthDifference: number; edits: number } {
  return { lengthDifference: Math.max(2, Math.floor(word.length * 0.34)), edits: Math.floor(word.length * 0.4) };
}

export function closestMatch(word: string, candidates: Iterable<string>): string | undefined {
  const lower = word.toLowerCase();
  const limits = suggestionLimits(word);
  const maxLengthDifference = limits.lengthDifference;
  let best: string | undefined;
  let bestDistance = limits.edits + 1;
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
