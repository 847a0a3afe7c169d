// Text cut at a length without splitting a character. JavaScript strings
// count UTF-16 units: a cut between the two halves of a surrogate pair (an
// emoji, a CJK extension character) leaves half a character, which UTF-8
// output writes as U+FFFD and JSON as a lone `\ud83d`. Every place that
// shortens text for a page, a search entry or a message cuts through here.

/** The first `length` UTF-16 units of `text`, one fewer when the cut would split a surrogate pair. */
export function cutText(text: string, length: number): string {
  if (text.length <= length) return text;
  const end = length > 0 && isHighSurrogate(text.charCodeAt(length - 1)) && isLowSurrogate(text.charCodeAt(length)) ? length - 1 : length;
  return text.slice(0, Math.max(0, end));
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
