// The names an MDX page's `{…}` expressions can see, as one rule shared by
// the summary (which reports `{name}` that nothing defines) and the renderer
// (which shows such `{name}` as text): what the page's `import` and `export`
// statements declare, plus a few names MDX or JavaScript always provide.

import type { Declaration, Pattern, Program } from 'estree';

/** Names a page may use in `{…}` without defining them: MDX's `props`, and harmless values. */
const PREDEFINED_NAMES = new Set(['props', 'undefined', 'NaN', 'Infinity']);

export function isPredefinedName(name: string): boolean {
  return PREDEFINED_NAMES.has(name);
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

function patternNames(pattern: Pattern): string[] {
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

/** The name, when an expression is nothing but one identifier: `{name}`. */
export function bareIdentifier(program: Program | null | undefined): string | undefined {
  const statement = program?.body.length === 1 ? program.body[0] : undefined;
  return statement?.type === 'ExpressionStatement' && statement.expression.type === 'Identifier' ? statement.expression.name : undefined;
}
