// Reading an expression's value without running JavaScript, for the
// expressions most pages write: literals (`cols={2}`, `{' '}`), arrays and
// objects of them (`style={{ color: 'red' }}`, `tags={["API"]}`), template
// strings, `-1`, and names whose values are known before the page runs
// (imported snippets, `props.title` in a snippet). Anything else —
// calls, operators, JSX, names the page's own `export`s define — is
// NOT_STATIC, and the page is evaluated (evaluate-module.ts).
//
// Static-ness depends on the syntax and on which names are known: the
// planner (plan-file.ts) looks names up as UNKNOWN_VALUE (known before the
// page runs, but not yet), the renderer with their values. Member access on
// `null` or `undefined` is NOT_STATIC, as it would throw: written literally
// (`{null.x}`) it is evaluated and reported; reached through a prop
// (`{props.a.b}` without `a`) it renders nothing.

import type { Expression, Pattern, PrivateIdentifier, Property, SpreadElement, Super } from 'estree';

export const NOT_STATIC: unique symbol = Symbol('not static');

/** A value known before the page runs but not at planning time (a prop, an import): static, whatever it is. */
export const UNKNOWN_VALUE: unique symbol = Symbol('unknown value');

/** The value of a name, or NOT_STATIC when only running the page can tell. */
export type NameLookup = (name: string) => unknown;

const MAX_DEPTH = 64;

export function staticValue(expression: Expression | SpreadElement | Pattern | PrivateIdentifier | Super, lookup: NameLookup, depth = 0): unknown {
  if (depth > MAX_DEPTH) return NOT_STATIC;
  switch (expression.type) {
    case 'Literal':
      return 'regex' in expression || 'bigint' in expression ? NOT_STATIC : expression.value;
    case 'Identifier':
      return lookup(expression.name);
    case 'TemplateLiteral': {
      let result = expression.quasis[0]?.value.cooked ?? '';
      for (let i = 0; i < expression.expressions.length; i++) {
        const part = staticValue(expression.expressions[i] as Expression, lookup, depth + 1);
        if (part === NOT_STATIC || part === UNKNOWN_VALUE) return part;
        result += String(part) + (expression.quasis[i + 1]?.value.cooked ?? '');
      }
      return result;
    }
    case 'UnaryExpression': {
      if (expression.operator !== '-' && expression.operator !== '+' && expression.operator !== '!') return NOT_STATIC;
      const operand = staticValue(expression.argument, lookup, depth + 1);
      if (operand === NOT_STATIC || operand === UNKNOWN_VALUE) return operand;
      return expression.operator === '-' ? -(operand as number) : expression.operator === '+' ? +(operand as number) : !operand;
    }
    case 'ArrayExpression': {
      const items: unknown[] = [];
      for (const element of expression.elements) {
        if (element === null || element.type === 'SpreadElement') return NOT_STATIC;
        const value = staticValue(element, lookup, depth + 1);
        if (value === NOT_STATIC) return NOT_STATIC;
        items.push(value);
      }
      return items;
    }
    case 'ObjectExpression': {
      const result: Record<string, unknown> = {};
      for (const property of expression.properties) if (!addProperty(result, property, lookup, depth + 1)) return NOT_STATIC;
      return result;
    }
    case 'MemberExpression': {
      if (expression.object.type === 'Super' || expression.property.type === 'PrivateIdentifier') return NOT_STATIC;
      const object = staticValue(expression.object, lookup, depth + 1);
      if (object === NOT_STATIC) return NOT_STATIC;
      const key = expression.computed ? staticValue(expression.property, lookup, depth + 1) : (expression.property as { name: string }).name;
      if (key === UNKNOWN_VALUE) return UNKNOWN_VALUE;
      if (key === NOT_STATIC || (typeof key !== 'string' && typeof key !== 'number')) return NOT_STATIC;
      if (object === UNKNOWN_VALUE) return UNKNOWN_VALUE;
      if (object === null || object === undefined) return NOT_STATIC;
      return Object.hasOwn(Object(object), key) ? (object as Record<string, unknown>)[key] : undefined;
    }
    default:
      return NOT_STATIC;
  }
}

function addProperty(into: Record<string, unknown>, property: Property | SpreadElement, lookup: NameLookup, depth: number): boolean {
  if (property.type === 'SpreadElement') {
    const spread = staticValue(property.argument, lookup, depth);
    if (spread === NOT_STATIC) return false;
    if (typeof spread === 'object' && spread !== null) Object.assign(into, spread);
    return true;
  }
  if (property.kind !== 'init' || property.method || property.computed) return false;
  const key = property.key.type === 'Identifier' ? property.key.name : property.key.type === 'Literal' ? String(property.key.value) : undefined;
  if (key === undefined || key === '__proto__') return false;
  const value = staticValue(property.value, lookup, depth);
  if (value === NOT_STATIC) return false;
  into[key] = value;
  return true;
}
