// Placing a message of @readme/openapi-parser, which carries no pointer: by
// the marked line of its code frame, or the path it names, back through the
// `$ref`s to where the value is written in the text.

import type { Place } from '../diagnostics/diagnostic.js';
import type { Context } from './analysis-context.js';
import { canonicalPointer, formatPointer } from './document-refs.js';
import { isObject } from './json-values.js';

/** The document the validator's messages speak of, dereferenced: the parser's copy, or the document read through its `$ref`s. */
export interface Dereferenced {
  root: unknown;
  child: (node: unknown, step: string) => unknown;
}

/**
 * The validator's messages carry no pointer. Schema errors hold a code frame
 * of the dereferenced document printed by JSON.stringify(…, null, 2): its
 * marked line leads back to a value, and from there, through the `$ref`s, to
 * the place in the text. Other messages name a path such as `/paths/pets/get`.
 */
export function placeValidatorMessage(
  message: string,
  dereferenced: Dereferenced,
  ctx: Context,
): { at: Place; detail: string; hint?: string; pointer: readonly string[] } {
  const frameAt = message.search(/\n\n\s*>?\s*\d+ \|/);
  const head = frameAt === -1 ? message : message.slice(0, frameAt);
  const frame = frameAt === -1 ? '' : message.slice(frameAt);
  const text = head
    .replace(/^[A-Z][A-Z ]*[A-Z] (?=[a-z])/, '')
    .replace(/\s*\n\s*/g, ' ')
    .trim();
  const line = /^>\s*(\d+) \|/m.exec(frame)?.[1];
  const steps = line !== undefined ? pointerAtLine(dereferenced.root, Number(line)) : pointerInText(dereferenced, text);
  const pointer = canonicalPointer(ctx.root, steps);
  const at = pointer.length > 0 ? ctx.locator.key(pointer) : { file: ctx.file.path };
  const detail = line !== undefined ? `\`${formatPointer(pointer)}\` ${text}` : text;
  // The frame's caret note, unless it only repeats the message.
  const hint = /^\s*\|\s*\^+\s*(.+)$/m.exec(frame)?.[1];
  return hint && !hint.includes(text) ? { at, detail, hint, pointer } : { at, detail, pointer };
}

/** The path to the value printed on `line` (1-based) of JSON.stringify(root, null, 2). */
function pointerAtLine(root: unknown, line: number): string[] {
  const counts = new WeakMap<object, number>();
  const path: string[] = [];
  let node = root;
  let offset = line - 1;
  while (offset > 0) {
    offset -= 1;
    let next: [string, unknown] | undefined;
    for (const entry of printedChildren(node)) {
      const lines = printedLines(entry[1], counts);
      if (offset < lines) {
        next = entry;
        break;
      }
      offset -= lines;
    }
    if (next === undefined) break;
    path.push(next[0]);
    node = next[1];
  }
  return path;
}

/** The members JSON.stringify prints, in its order. */
function printedChildren(node: unknown): [string, unknown][] {
  if (Array.isArray(node)) return node.map((item, index) => [String(index), item]);
  if (!isObject(node)) return [];
  return Object.keys(node)
    .filter((key) => node[key] !== undefined && typeof node[key] !== 'function')
    .map((key) => [key, node[key]]);
}

/** How many lines a value takes in JSON.stringify(…, null, 2); shared values are counted once. */
function printedLines(value: unknown, counts: WeakMap<object, number>): number {
  if (typeof value !== 'object' || value === null) return 1;
  const known = counts.get(value);
  if (known !== undefined) return known;
  const children = printedChildren(value);
  const lines = children.length === 0 ? 1 : 2 + children.reduce((sum, [, child]) => sum + printedLines(child, counts), 0);
  counts.set(value, lines);
  return lines;
}

/**
 * The first `/a/b` path in backticks that leads into the document. The
 * validator joins keys with `/` without escaping, so keys that hold `/`
 * (paths) are matched whole, longest first.
 */
function pointerInText(dereferenced: Dereferenced, text: string): string[] {
  for (const match of text.matchAll(/`(\/[^`]*)`/g)) {
    const steps = loosePath(dereferenced, match[1] as string);
    if (steps.length > 0) return steps;
  }
  return [];
}

function loosePath({ root, child }: Dereferenced, text: string): string[] {
  const steps: string[] = [];
  let node = root;
  let rest = text;
  while (rest !== '') {
    let best: { key: string; length: number } | undefined;
    for (const [key] of printedChildren(node)) {
      const length = consumedBy(rest, key);
      if (length > (best?.length ?? 0)) best = { key, length };
    }
    if (best === undefined) break;
    steps.push(best.key);
    node = child(node, best.key);
    rest = rest.slice(best.length);
  }
  return steps;
}

/** How much of `rest` (`/key/…`) the key stands for; 0 when it does not match. */
function consumedBy(rest: string, key: string): number {
  if (rest === `/${key}` || rest.startsWith(`/${key}/`)) return key.length + 1;
  if (key.startsWith('/') && (rest === key || rest.startsWith(`${key}/`))) return key.length;
  return 0;
}
