// `$ref`s inside one document: reporting external, dangling and malformed
// ones, following them, and pointers written as `$ref`s write them.

import type { Context } from './analysis-context.js';
import { describeValue, isIndex, isObject, own } from './json-values.js';
import type { RefUse } from './scan-document.js';

/**
 * Reports external, dangling and malformed `$ref`s: `ok` when there are none but dangling ones where a schema
 * belongs (`schemas`), which are warnings: Mintlify's validator accepts them and shows the value as an empty schema,
 * so the document is published (Checkly's and Chroma's refer to schemas they do not define).
 */
export function checkRefs(refs: readonly RefUse[], ctx: Context): { ok: boolean; schemas: RefUse[] } {
  const schemas: RefUse[] = [];
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
  for (const use of refs) {
    const { ref, pointer } = use;
    const at = () => ctx.locator.value([...pointer, '$ref']);
    if (typeof ref !== 'string') ctx.bag.report('openapi/ref-invalid', at(), { found: describeValue(ref), pointer: formatPointer(pointer) });
    else if (!ref.startsWith('#')) ctx.bag.report('openapi/external-ref', at(), { ref, pointer: formatPointer(pointer) });
    else if (resolves(ref)) continue;
    else if (isSchemaPlace(pointer)) {
      ctx.bag.report('openapi/schema-ref-not-found', at(), { ref, pointer: formatPointer(pointer) });
      schemas.push(use);
      continue;
    } else ctx.bag.report('openapi/ref-not-found', at(), { ref, pointer: formatPointer(pointer) });
    ok = false;
  }
  return { ok, schemas };
}

/** Keys whose value is a Schema Object, and keys of maps of them. */
const SCHEMA_KEYS = new Set([
  'schema',
  'items',
  'additionalProperties',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
  'unevaluatedItems',
  'unevaluatedProperties',
]);
const SCHEMA_MAPS = new Set([
  'properties',
  'patternProperties',
  '$defs',
  'definitions',
  'dependentSchemas',
  'oneOf',
  'anyOf',
  'allOf',
  'prefixItems',
]);

/** Whether the object at `pointer` stands where a Schema Object belongs (`…/schema`, `…/properties/name`, `components/schemas/A`). */
export function isSchemaPlace(pointer: readonly string[]): boolean {
  const last = pointer.at(-1);
  const parent = pointer.at(-2);
  if (last === undefined) return false;
  if (pointer.length === 3 && pointer[0] === 'components' && pointer[1] === 'schemas') return true;
  return SCHEMA_KEYS.has(last) || (parent !== undefined && SCHEMA_MAPS.has(parent));
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
