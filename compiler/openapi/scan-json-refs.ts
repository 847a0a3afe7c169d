// What scan-document.ts needs to know to skip its walk of a JSON document's
// tree, found more cheaply: the `$ref` targets its text names (an indexOf
// search for `"$ref"`: 0.015 s for GitHub's 13 MB spec), and whether the
// parsed value nests deeper than a limit (a walk of its containers alone:
// 0.03 s), where the walk — roles, paths, every value — takes 0.1–0.15 s.
// Every `$ref` key of the document is written `"$ref"` in the text (unless
// an escape spells it, which sends the caller to the walk), so when each one
// holds a plain string target that resolves and nothing nests too deeply,
// the walk would report nothing. A `"$ref"` that is not a reference (a
// property of that name, example data, text inside a string) only adds a
// target to check: the answer can be "walk" when the walk would find
// nothing, never the other way round.

import { skipString } from '../syntax/locate-json-pointer.js';

/**
 * Every string a `"$ref"` key holds in a text JSON.parse accepted, decoded;
 * undefined when the text cannot say: a `"$ref"` key holds something other
 * than a string, or an escape (`\u0024ref`) could spell one.
 */
export function scanJsonRefs(text: string): Set<string> | undefined {
  if (/\\u00(?:24|72|65|66)/i.test(text)) return undefined;
  const targets = new Set<string>();
  for (let at = text.indexOf('"$ref"'); at !== -1; at = text.indexOf('"$ref"', at + 6)) {
    const target = refTarget(text, at + 6);
    if (target === null) return undefined;
    if (target !== undefined) targets.add(target);
  }
  return targets;
}

/**
 * Whether a parsed JSON value opens more than `limit` containers (objects,
 * arrays) one inside another; stops at the limit. Keys by `for…in`, which
 * allocates nothing per object (`Object.values` took 0.07 s of GitHub's spec,
 * this 0.025 s); a JSON value's objects inherit no enumerable keys.
 */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  const deeper = (node: object, open: number): boolean => {
    if (open > limit) return true;
    if (Array.isArray(node)) {
      for (const child of node) if (typeof child === 'object' && child !== null && deeper(child, open + 1)) return true;
      return false;
    }
    for (const key in node) {
      const child = (node as Record<string, unknown>)[key];
      if (typeof child === 'object' && child !== null && deeper(child, open + 1)) return true;
    }
    return false;
  };
  return typeof value === 'object' && value !== null && deeper(value, 1);
}

/**
 * After a `"$ref"` ending at `at`: the string it holds as a key; undefined
 * when it is not a key (no `:` follows: a value, or the end of a string
 * holding `\"$ref`); null when a key's value is not a string.
 */
function refTarget(text: string, at: number): string | undefined | null {
  let i = skipSpace(text, at);
  if (text.charCodeAt(i) !== 58) return undefined;
  i = skipSpace(text, i + 1);
  if (text.charCodeAt(i) !== 34) return null;
  const literal = text.slice(i, skipString(text, i));
  return literal.includes('\\') ? (JSON.parse(literal) as string) : literal.slice(1, -1);
}

function skipSpace(text: string, at: number): number {
  let i = at;
  for (let c = text.charCodeAt(i); c === 32 || c === 10 || c === 13 || c === 9; c = text.charCodeAt(++i));
  return i;
}
