// The names an MDX page's `{…}` expressions can see, as one rule shared by
// the summary (which reports an expression reading a name nothing defines)
// and the renderer (which shows such an expression as text): what the page's
// `import` and `export` statements declare, plus the names MDX or JavaScript
// always provide.

import type { Declaration, Node, Pattern, Program } from 'estree';

/** Names a page may use in `{…}` without defining them: MDX's `props`, and harmless values. */
const PREDEFINED_NAMES = new Set(['props', 'undefined', 'NaN', 'Infinity']);

export function isPredefinedName(name: string): boolean {
  return PREDEFINED_NAMES.has(name);
}

/**
 * The first of an expression's read names (`readNames`) that reading throws for: neither the page (`declared`) nor
 * MDX (`props`) nor JavaScript (`Math`, `JSON`) defines it. Undefined when there is none: the expression runs.
 */
export function firstUndefinedName(names: readonly string[] | undefined, declared: (name: string) => boolean): string | undefined {
  return names?.find((name) => !declared(name) && !PREDEFINED_NAMES.has(name) && !(name in globalThis));
}

/** The names `import` and `export` statements bring into the page's scope. */
export function declaredNames(program: Program): string[] {
  return program.body.flatMap((statement) => {
    if (statement.type === 'ImportDeclaration') return statement.specifiers.map((s) => s.local.name);
    if (statement.type === 'ExportNamedDeclaration' && statement.declaration) return declarationNames(statement.declaration);
    return [];
  });
}

function declarationNames(declaration: Declaration): string[] {
  if (declaration.type === 'VariableDeclaration') return declaration.declarations.flatMap((d) => patternNames(d.id));
  return [declaration.id.name];
}

/** The names a binding pattern declares (`{ a, b: [c] }`: `a`, `c`). */
export function patternNames(pattern: Pattern): string[] {
  switch (pattern.type) {
    case 'Identifier':
      return [pattern.name];
    case 'ObjectPattern':
      return pattern.properties.flatMap((p) => patternNames(p.type === 'RestElement' ? p.argument : p.value));
    case 'ArrayPattern':
      return pattern.elements.flatMap((e) => (e ? patternNames(e) : []));
    case 'AssignmentPattern':
      return patternNames(pattern.left);
    case 'RestElement':
      return patternNames(pattern.argument);
    default:
      return [];
  }
}

/** Node types that bind names of their own: a name read inside may come from them, which only running the page tells. */
const SCOPES = new Set(['FunctionExpression', 'ArrowFunctionExpression', 'ClassExpression', 'FunctionDeclaration', 'ClassDeclaration']);

/**
 * The names an expression reads, in the order written: `api` and `id` in `{api-id}` (text that was meant as text),
 * `used` and `free` in `{used,free}`, `topic` in `{{topic}}`; reading one that nothing defines throws when the page
 * runs. Undefined when the expression makes a scope of its own (a function, a class). Property names
 * (`a.b`, `{ b: 1 }`) and `typeof x`'s operand (which does not throw) are not read names.
 */
export function readNames(program: Program | null | undefined): string[] | undefined {
  if (program === null || program === undefined) return [];
  const names: string[] = [];
  const stack: Node[] = [...program.body].reverse();
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (SCOPES.has(node.type)) return undefined;
    if (node.type === 'Identifier') {
      if (!names.includes(node.name)) names.push(node.name);
      continue;
    }
    if ((node.type === 'UnaryExpression' && node.operator === 'typeof' && node.argument.type === 'Identifier') || node.type === 'MetaProperty')
      continue;
    // A property's name is no read name (`a.b`, `{ b: 1 }`); a computed one is (`a[b]`).
    const named = node.type === 'MemberExpression' && !node.computed ? 'property' : node.type === 'Property' && !node.computed ? 'key' : undefined;
    const children = childNodes(node, named);
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i] as Node);
  }
  return names;
}

/** The nodes an ESTree node holds (JSX's included), in source order, but those under the key `skipped`. */
export function childNodes<T extends { type: string }>(node: T, skipped?: string): T[] {
  const children: T[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (key === skipped || key === 'loc' || key === 'range' || key === 'position' || key === 'comments') continue;
    for (const child of Array.isArray(value) ? value : [value]) if (isNode(child)) children.push(child as T);
  }
  return children;
}

function isNode(value: unknown): value is { type: string } {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';
}
