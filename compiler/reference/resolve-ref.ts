// Local `$ref`s of an untrusted document, followed without trusting it: at
// most 32 hops in a row (a cycle of `$ref`s stops there), and the name a
// reference gives (`#/components/schemas/Pet` → `Pet`) kept for display and
// for marking recursive schemas.

import { asRecord, refSegments, valueAt } from '../openapi/json-pointer.js';

export type Json = Record<string, unknown>;

export class RefResolver {
  constructor(readonly root: Json) {}

  resolve(value: unknown): unknown {
    return this.follow(value).value;
  }

  /** The value a chain of `$ref`s ends at, and the last `$ref` followed (undefined when `value` is no reference). */
  follow(value: unknown): { value: unknown; ref?: string } {
    let node = value;
    let last: string | undefined;
    for (let hops = 0; hops < 32; hops++) {
      const ref = asRecord(node)?.$ref;
      if (typeof ref !== 'string' || !ref.startsWith('#/')) return last === undefined ? { value: node } : { value: node, ref: last };
      last = ref;
      node = valueAt(this.root, refSegments(ref));
    }
    return { value: undefined };
  }
}

/** `#/components/schemas/Pet` → `Pet`. */
export function refName(ref: string): string {
  return refSegments(ref).at(-1) ?? ref;
}

export function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

export function isDefined<T>(value: T | undefined): value is T {
  return value !== undefined;
}

export function stringOf(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** An id fragment made of `[a-z0-9-]`. */
export function idSlug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
