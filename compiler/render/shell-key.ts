// How a built-in component written inside an interactive component (an
// island) is found again in the reader's browser. The build renders each such
// call once, with a slot where its children go, and ships the HTML it made
// (its "shell") under a key made of the component's name, its props and
// whether it had children (island-shells.ts); the browser makes the same key
// from the props the component's code passes at each render and puts the live
// children in the slot (runtime/client/entries/islands.ts). Shared by both,
// so the keys agree: pure and dependency-free, so esbuild bundles it for the
// browser.

/** The comment that marks where a shell's children go. */
export const SHELL_SLOT = 'docsc-slot';

/** Props that are React's own, not the component's. */
const NOT_PROPS = new Set(['children', 'key', 'ref']);

/**
 * The key of a built-in's call: its props (children aside) as JSON with object keys sorted, and `+` when it has
 * children; undefined when a prop is not plain data (a function, an element), which no shell can stand for.
 */
export function shellKey(props: Readonly<Record<string, unknown>>, hasChildren: boolean): string | undefined {
  const own: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(props)) if (!NOT_PROPS.has(name) && value !== undefined) own[name] = value;
  const json = stableJson(own, 0);
  return json === undefined ? undefined : `${json}${hasChildren ? '+' : ''}`;
}

function stableJson(value: unknown, depth: number): string | undefined {
  if (depth > 20) return undefined;
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return JSON.stringify(value);
  if (typeof value === 'number') return Number.isFinite(value) ? JSON.stringify(value) : undefined;
  if (Array.isArray(value)) {
    const items: string[] = [];
    for (const item of value) {
      const json = stableJson(item, depth + 1);
      if (json === undefined) return undefined;
      items.push(json);
    }
    return `[${items.join(',')}]`;
  }
  if (typeof value !== 'object') return undefined;
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return undefined;
  const entries: string[] = [];
  for (const name of Object.keys(value).sort()) {
    const item = (value as Record<string, unknown>)[name];
    if (item === undefined) continue;
    const json = stableJson(item, depth + 1);
    if (json === undefined) return undefined;
    entries.push(`${JSON.stringify(name)}:${json}`);
  }
  return `{${entries.join(',')}}`;
}
