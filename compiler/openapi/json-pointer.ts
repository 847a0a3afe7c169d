// JSON pointers into a parsed OpenAPI document: following a path of keys, and
// reading a local `$ref` (`#/components/schemas/Pet`) as one.

/** The value at a path of keys (own properties only), or undefined. */
export function valueAt(root: unknown, pointer: readonly string[]): unknown {
  let node = root;
  for (const step of pointer) {
    const record = asRecord(node);
    if (record === undefined || !Object.hasOwn(record, step)) return undefined;
    node = record[step];
  }
  return node;
}

/** `#/components/schemas/a~1b` → `['components', 'schemas', 'a/b']`. */
export function refSegments(ref: string): string[] {
  return ref
    .slice(2)
    .split('/')
    .map((s) => decodeURIComponent(s).replace(/~1/g, '/').replace(/~0/g, '~'));
}

export function asRecord(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}
