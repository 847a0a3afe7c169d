// Evaluating the JavaScript of an MDX file that has some (plan-file.ts):
// its `export` statements and its dynamic expressions only — the markdown
// around them is rendered by the tree walk like any static page, so a page
// is never parsed twice and evaluated pages give the same HTML as static
// ones.
//
// @mdx-js/mdx compiles a small MDX tree made for the purpose: the file's
// imports as `const {…} = arguments[0].docscImports` (docsc resolves
// snippets itself), its exports, and one expression listing every dynamic
// expression as a function, `{docscExpressions: [() => (expr), …]}`. MDX
// turns the JSX inside them into runtime calls and unknown names into
// `props.components.X`; the `function-body` output runs with
// jsx-runtime.ts. Rendering calls each function where its expression is, so
// an error points at that expression and the rest of the page renders.
// MDX is the repository's own code, trusted like a build script.

import { createProcessor } from '@mdx-js/mdx';
import type { Expression, Program, Statement } from 'estree';
import type { Root, RootContent } from 'mdast';
import type { SourceFile } from '../source/source-file.js';
import { BUILT_INS, UnknownComponent } from './create-element.js';
import { isExpressionBundle, JSX_RUNTIME, REACT_GLOBALS, reactGlobal } from './jsx-runtime.js';
import { type ExpressionHolder, type FilePlan, snippetPropNames } from './plan-file.js';

export type CompiledModule = { code: string; holders: ExpressionHolder[] } | { error: unknown };

export interface ModuleInstance {
  exports: Record<string, unknown>;
  /** The file's dynamic expressions as functions, for one render with these props. */
  expressions(props: Record<string, unknown>): Map<ExpressionHolder, () => unknown>;
}

let processor: ReturnType<typeof createProcessor> | undefined;

/** Compiles once per file content; the result is plain text, reusable by every page that uses the file. */
export function compileModule(plan: FilePlan, file: SourceFile): CompiledModule {
  processor ??= createProcessor({ format: 'mdx', outputFormat: 'function-body', development: true });
  const holders = [...plan.dynamic.keys()];
  const expressions = [...plan.dynamic.values()];
  const statements: Statement[] = [];
  const locals = plan.imports.map((i) => i.local);
  if (locals.length > 0) statements.push(destructure(locals, argument('docscImports')));
  if (plan.freeComponentNames.length > 0) statements.push(destructure(plan.freeComponentNames, argument('docscGlobals')));
  // React's hooks are in scope without an import, as Mintlify has them, unless the file names them itself.
  const own = new Set([...locals, ...plan.exported]);
  const react = REACT_GLOBALS.filter((name) => !own.has(name));
  if (react.length > 0) statements.push(destructure(react, argument('docscReact')));
  statements.push(...plan.exportStatements);
  // In a snippet every other name an expression uses is a prop (undefined when the importer does not pass it).
  const declared = new Set([...own, ...react, ...plan.freeComponentNames]);
  const functions = expressions.map((expression) =>
    plan.mode === 'snippet' ? withProps(expression, snippetPropNames(expression, declared)) : arrow(expression),
  );
  const bundle: Expression = {
    type: 'ObjectExpression',
    properties: [
      {
        type: 'Property',
        key: { type: 'Identifier', name: 'docscExpressions' },
        value: { type: 'ArrayExpression', elements: functions },
        kind: 'init',
        method: false,
        shorthand: false,
        computed: false,
      },
    ],
  };
  const tree: Root = {
    type: 'root',
    children: [
      { type: 'mdxjsEsm', value: '', data: { estree: program(statements) } } as RootContent,
      { type: 'mdxFlowExpression', value: '', data: { estree: program([{ type: 'ExpressionStatement', expression: bundle }]) } } as RootContent,
    ],
  };
  try {
    const estree = processor.runSync(tree as never, { path: file.path } as never);
    return { code: String(processor.stringify(estree as never)), holders };
  } catch (error) {
    return { error };
  }
}

/** Runs a compiled module (its exports' code runs now); throws what the module throws. */
export function runModule(compiled: { code: string; holders: ExpressionHolder[] }, imports: Record<string, unknown>): ModuleInstance {
  const body = new Function(compiled.code) as (runtime: object) => Record<string, unknown>;
  const exports = body({ ...JSX_RUNTIME, docscImports: imports, docscGlobals: COMPONENTS_PROXY, docscReact: REACT_IN_SCOPE });
  const content = exports.default as (props: Record<string, unknown>) => unknown;
  const { default: _, ...named } = exports;
  return {
    exports: named,
    expressions(props) {
      const bundle = content({ ...props, components: COMPONENTS_PROXY });
      const functions = isExpressionBundle(bundle) ? bundle.docscExpressions : [];
      return new Map(compiled.holders.map((holder, i) => [holder, functions[i] ?? (() => undefined)]));
    },
  };
}

const REACT_IN_SCOPE = Object.fromEntries(REACT_GLOBALS.map((name) => [name, reactGlobal(name)]));

const unknownComponents = new Map<string, UnknownComponent>();

/** What `props.components.X` (and a free `<X>` in an export) resolves to: a built-in, else an unknown placeholder. */
const COMPONENTS_PROXY: Record<string, unknown> = new Proxy(
  {},
  {
    get(_, name) {
      if (typeof name !== 'string' || name === 'wrapper' || !/^[A-Z]/.test(name)) return undefined;
      const builtIn = BUILT_INS.get(name);
      if (builtIn) return builtIn;
      let unknown = unknownComponents.get(name);
      if (unknown === undefined) {
        unknown = new UnknownComponent(name);
        unknownComponents.set(name, unknown);
      }
      return unknown;
    },
  },
);

function program(body: Statement[]): Program {
  return { type: 'Program', sourceType: 'module', body };
}

function arrow(body: Expression): Expression {
  return { type: 'ArrowFunctionExpression', params: [], body, expression: true, async: false, generator: false };
}

/** `() => { const {a, b} = props; return (body); }`: MDX's `props` is the snippet's, in scope where the expression is. */
function withProps(body: Expression, names: readonly string[]): Expression {
  if (names.length === 0) return arrow(body);
  const declaration = destructure(names, { type: 'Identifier', name: 'props' });
  return {
    type: 'ArrowFunctionExpression',
    params: [],
    body: { type: 'BlockStatement', body: [declaration, { type: 'ReturnStatement', argument: body }] },
    expression: false,
    async: false,
    generator: false,
  };
}

/** `const {a, b} = <init>;` */
function destructure(names: readonly string[], init: Expression): Statement {
  return {
    type: 'VariableDeclaration',
    kind: 'const',
    declarations: [
      {
        type: 'VariableDeclarator',
        id: {
          type: 'ObjectPattern',
          properties: names.map((name) => ({
            type: 'Property',
            key: { type: 'Identifier', name },
            value: { type: 'Identifier', name },
            kind: 'init',
            method: false,
            shorthand: true,
            computed: false,
          })),
        },
        init,
      },
    ],
  };
}

/** `arguments[0].<field>`: what the function body is called with. */
function argument(field: string): Expression {
  return {
    type: 'MemberExpression',
    object: {
      type: 'MemberExpression',
      object: { type: 'Identifier', name: 'arguments' },
      property: { type: 'Literal', value: 0 },
      computed: true,
      optional: false,
    },
    property: { type: 'Identifier', name: field },
    computed: false,
    optional: false,
  };
}
