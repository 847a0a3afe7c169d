// The JSON body's text as the typed inputs read and write it: the object it
// holds (undefined when it holds something else, or does not parse), the
// value at a path of keys and indexes, and the text with one value set,
// removed or added. The text is the source of truth: an input never keeps a
// value of its own.

export type JsonPath = readonly (string | number)[];

type Container = Record<string, unknown> | unknown[];

/** The object the text holds; `{}` for empty text; undefined for anything else. */
export function parsedObject(text: string): Record<string, unknown> | undefined {
  if (text.trim() === '') return {};
  try {
    const value: unknown = JSON.parse(text);
    return isObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The value at `path`: own properties only, so that a name such as `constructor` or `__proto__` is a property like any other. */
export function valueAt(root: unknown, path: JsonPath): unknown {
  let node = root;
  for (const step of path) {
    if (typeof step === 'number' ? !Array.isArray(node) : !isObject(node)) return undefined;
    if (Object.getOwnPropertyDescriptor(node, step) === undefined) return undefined;
    node = (node as Record<string | number, unknown>)[step];
  }
  return node;
}

/** Sets an own property (`__proto__` too, as JSON.parse makes it). */
function put(container: Container, step: string | number, value: unknown): void {
  Object.defineProperty(container, step, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * The text with `value` at `path` (objects and arrays made on the way where the text has none); with
 * `undefined`, the property removed, and each object it leaves empty removed from its parent object in
 * turn (an array's items stay where they are: removing one is `withoutItem`'s).
 */
export function withValue(text: string, path: JsonPath, value: unknown): string {
  const root = parsedObject(text) ?? {};
  if (value === undefined) remove(root, path);
  else {
    let node: Container = root;
    path.forEach((step, i) => {
      const next = path[i + 1];
      if (next === undefined) {
        put(node, step, value);
        return;
      }
      const current = valueAt(node, [step]);
      const fits = typeof next === 'number' ? Array.isArray(current) : isObject(current);
      const child: Container = fits ? (current as Container) : typeof next === 'number' ? [] : {};
      put(node, step, child);
      node = child;
    });
  }
  return stringify(root);
}

function remove(root: Record<string, unknown>, path: JsonPath): void {
  for (let end = path.length; end > 0; end--) {
    const parent = valueAt(root, path.slice(0, end - 1));
    const step = path[end - 1] as string | number;
    if (typeof step === 'number' || !isObject(parent)) return;
    delete parent[step];
    // The root stays, and so does an object that still holds something or sits in an array.
    if (end === 1 || Object.keys(parent).length > 0 || typeof path[end - 2] === 'number') return;
  }
}

/** The text with `item` added at the end of the array at `path` (made when there is none). */
export function withItem(text: string, path: JsonPath, item: unknown): string {
  const current = valueAt(parsedObject(text), path);
  return withValue(text, path, [...(Array.isArray(current) ? current : []), item]);
}

/** The text without the array's item `index`. */
export function withoutItem(text: string, path: JsonPath, index: number): string {
  const current = valueAt(parsedObject(text), path);
  return Array.isArray(current)
    ? withValue(
        text,
        path,
        current.filter((_, i) => i !== index),
      )
    : text;
}

export function stringify(value: unknown): string {
  return JSON.stringify(value, null, 2);
}
