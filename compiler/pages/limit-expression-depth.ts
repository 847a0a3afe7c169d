// A nesting limit for the JavaScript of pages: MDX parses every expression,
// attribute expression and `import`/`export` with acorn, which recurses once
// or more per level of nesting (`{a: {b: …}}`, `<A b={<B c={…} />} />`,
// `` `${`${…}`}` ``, `!!!…`, `1 + 1 + …`). A page a few thousand levels deep
// exhausts the stack, and acorn catches the overflow in the nearest
// `parseExpression`, which may be thousands of frames down: the regular
// expression it tests the error's message with is compiled there, and V8
// aborts the process when the stack runs out while compiling one ("FATAL
// ERROR: RegExpCompiler Allocation failed - process out of memory"). One
// page must never stop the rest, so acorn stops first: past
// MAX_EXPRESSION_DEPTH levels the parse fails as a syntax error at that
// place (`page/mdx-syntax`), while far from the stack's end.
//
// acorn has no option for this, and MDX makes its acorn parser itself
// (micromark-extension-mdxjs: acorn's `Parser` extended with acorn-jsx), so
// the limit wraps the recursive methods of acorn's `Parser` in place: every
// parser extended from it has them, in every page and worker. Each recursion
// of acorn's grammar passes through one of them, except a JSX element nested
// in another's children (acorn-jsx's own `jsx_parseElementAt`), which keeps a
// token context open per level: the tokenizer checks their count.

import { Parser } from 'acorn';

/**
 * How many calls of acorn's recursive methods may be open at once (and token contexts: braces, parentheses, JSX
 * elements). Each level of an object, a call or a JSX attribute costs 2 or 3; the pages of docsc's tests and
 * examples reach 21. acorn overflows Node's default stack (984 KB, the main thread's) at about 950 of the
 * costliest (`{a: {a: …}} = x`, a kilobyte each), so at the limit a parse takes about a quarter of it.
 */
export const MAX_EXPRESSION_DEPTH = 256;

/** The methods each recursion of acorn's grammar passes through: statements, expressions, operators, patterns. */
const RECURSIVE_METHODS = ['parseStatement', 'parseMaybeAssign', 'parseMaybeUnary', 'parseExprOp', 'parseExprAtom', 'parseBindingAtom'] as const;

/** As the parse error reads: "Could not read the expression in braces as JavaScript (it nests more than …)". */
const MESSAGE = `It nests more than ${MAX_EXPRESSION_DEPTH} levels deep, more than docsc reads`;

interface LimitedParser {
  docscDepth?: number;
  start: number;
  pos: number;
  context: unknown[];
  raise(pos: number, message: string): never;
}

type Method = (this: LimitedParser, ...args: unknown[]) => unknown;

let installed = false;

/** Installs the limit on acorn's `Parser` (once; later calls do nothing): remark-parse-fork.ts does, before MDX parses anything. */
export function limitExpressionDepth(): void {
  if (installed) return;
  installed = true;
  const prototype = Parser.prototype as unknown as Record<string, Method>;
  for (const name of RECURSIVE_METHODS) {
    const method = prototype[name];
    if (typeof method !== 'function') throw new Error(`acorn's Parser has no ${name}: the expression depth limit needs updating`);
    // Five parameters: the most any of them takes (parseExprOp); a rest parameter would cost an array per call.
    prototype[name] = function (this: LimitedParser, a, b, c, d, e) {
      const depth = (this.docscDepth ?? 0) + 1;
      if (depth > MAX_EXPRESSION_DEPTH) this.raise(this.start, MESSAGE);
      this.docscDepth = depth;
      try {
        return method.call(this, a, b, c, d, e);
      } finally {
        this.docscDepth = depth - 1;
      }
    };
  }
  const nextToken = prototype.nextToken;
  if (typeof nextToken !== 'function') throw new Error("acorn's Parser has no nextToken: the expression depth limit needs updating");
  prototype.nextToken = function (this: LimitedParser) {
    if (this.context.length > MAX_EXPRESSION_DEPTH) this.raise(this.pos, MESSAGE);
    return nextToken.call(this);
  };
}
