// `$ref`s inside one document: reporting external, dangling and malformed
// ones, following them, and pointers written as `$ref`s write them.

import type { Context } from './analysis-context.js';
import { describeValue, isIndex, isObject, own } from './json-values.js';
import type { RefUse } from './scan-document.js';

/** Reports external, dangling and malformed `$ref`s; true when there are none. */
export function checkRefs(refs: readonly RefUse[], ctx: Context): boolean {
  let ok = true;
  // A document names a few hundred targets thousands of times (GitHub's: 10,000 uses): each is resolved once.
  const found = new Map<string, boolean>();
  const resolves = (ref: string) => {
    let known = found.get(ref);
    if (known === undefined) {
      known = resolveRef(ctx.root, ref) !== undefined;
      found.set(ref, known);
    }
    return known;
  };
  for (const { ref, pointer } of refs) {
    const at = () => ctx.locator.value([...pointer, '$ref']);
    if (typeof ref !== 'string') ctx.bag.report('openapi/ref-invalid', at(), { found: describeValue(ref), pointer: formatPointer(pointer) });
    else if (!ref.startsWith('#')) ctx.bag.report('openapi/external-ref', at(), { ref, pointer: formatPointer(pointer) });
    else if (!resolves(ref)) ctx.bag.report('openapi/ref-not-found', at(), { ref, pointer: formatPointer(pointer) });
    else continue;
    ok = false;
  }
  return ok;
}

/** The pointer segments of an internal `$ref` (`#/a/b~1c`), undefined when it is not one. */
export function refPointer(ref: string): string[] | undefined {
  if (!ref.startsWith('#')) return undefined;
  let fragment: string;
  try {
    fragment = decodeURIComponent(ref.slice(1));
  } catch {
    return undefined;
  }
  if (fragment === '') return [];
  if (!fragment.startsWith('/')) return undefined;
  return fragment
    .slice(1)
    .split('/')
    .map((s) => s.replaceAll('~1', '/').replaceAll('~0', '~'));
}

export function resolveRef(root: unknown, ref: string): unknown {
  const pointer = refPointer(ref);
  return pointer && valueAt(root, pointer);
}

/** The value at a pointer, own properties only; undefined when any step is missing. */
export function valueAt(root: unknown, pointer: readonly string[]): unknown {
  let node = root;
  for (const step of pointer) {
    node = childValue(node, step);
    if (node === undefined) return undefined;
  }
  return node;
}

export function childValue(node: unknown, step: string): unknown {
  if (Array.isArray(node)) return isIndex(step) ? node[Number(step)] : undefined;
  return isObject(node) ? own(node, step) : undefined;
}

/** Follows internal `$ref`s from a node; cycles and dangling refs stop where they are. */
export function followRefs(root: unknown, node: unknown, pointer: string[]): { node: unknown; pointer: string[] } {
  for (let hops = 0; hops < 32 && isObject(node) && typeof node.$ref === 'string'; hops++) {
    const target = refPointer(node.$ref);
    const value = target && valueAt(root, target);
    if (target === undefined || value === undefined) break;
    node = value;
    pointer = target;
  }
  return { node, pointer };
}

/** A pointer as `$ref`s write it: `#/paths/~1pets/get`. */
export function formatPointer(pointer: readonly string[]): string {
  return `#${pointer.map((s) => `/${s.replaceAll('~', '~0').replaceAll('/', '~1')}`).join('')}`;
}

/** A path through the dereferenced document, as a pointer into the text: through `$ref`s to where values are written. */
export function canonicalPointer(root: unknown, steps: readonly string[]): string[] {
  let node = root;
  let pointer: string[] = [];
  for (const step of steps) {
    ({ node, pointer } = followRefs(root, node, pointer));
    const child = childValue(node, step);
    if (child === undefined) break;
    node = child;
    pointer = [...pointer, step];
  }
  return pointer;
}
