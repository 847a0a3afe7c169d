// What rendering one MDX file (a page or a snippet) takes, decided once from
// its tree before any rendering: its imports, its exports, and which of its
// expressions need JavaScript. An expression is static when static-value.ts
// can read it (literals, `style={{…}}`, imported names, `props.x`); the
// others are "dynamic" and make the file evaluated (evaluate-module.ts).
// Most pages have no dynamic expression and no export, so they never run
// any JavaScript.
//
// Names: a page's expression in text that reads a name nothing declares
// (`{name}`, `{api-id}`, `{{topic}}`) is shown as written, as text (the
// summary warns about it with `page/undefined-name`); in a snippet, a name
// nothing declares is a prop (`{title}` is `props.title`).

import type { Node as EstreeNode, Expression, ModuleDeclaration, Program, Statement } from 'estree';
import type { Root, RootContent } from 'mdast';
import type { MdxJsxExpressionAttribute } from 'mdast-util-mdx-jsx';
import type { MdxjsEsm } from 'mdast-util-mdxjs-esm';
import { childNodes, declaredNames, firstUndefinedName, isPredefinedName, readNames } from '../pages/page-scope.js';
import type { SourceFile } from '../source/source-file.js';
import { type NameLookup, NOT_STATIC, staticValue, UNKNOWN_VALUE } from './static-value.js';

export type FileMode = 'page' | 'snippet';

export interface ImportBinding {
  specifier: string;
  /** `default`, `*` (namespace) or the exported name. */
  imported: string;
  local: string;
  /** Where the specifier is written. */
  line: number;
  column: number;
  length: number;
}

export interface UnsupportedStatement {
  what: string;
  line: number;
  column: number;
}

/** What holds a dynamic expression: an expression node, or a JSX attribute (value or spread). */
export type ExpressionHolder = object;

export interface FilePlan {
  mode: FileMode;
  imports: ImportBinding[];
  /** Names the file's `export` statements declare. */
  exported: Set<string>;
  /** The `export` declarations to run, in order. */
  exportStatements: Statement[];
  unsupported: UnsupportedStatement[];
  /** Expressions only JavaScript can compute, in document order. */
  dynamic: Map<ExpressionHolder, Expression>;
  /** Page expressions `{name}` shown as text. */
  literal: Set<ExpressionHolder>;
  /** Capitalized JSX names the export statements use without declaring: built-ins, or unknown. */
  freeComponentNames: string[];
  needsEvaluation: boolean;
  /** How deep the tree nests: the tree walk recurses, so a file deeper than MAX_NESTING is not rendered. */
  depth: number;
}

/** Deeper than any real page (they nest a few dozen levels), shallow enough for the recursive tree walk on a 1 MB stack. */
export const MAX_NESTING = 1000;

export function planFile(tree: Root, file: SourceFile, mode: FileMode): FilePlan {
  const plan: FilePlan = {
    mode,
    imports: [],
    exported: new Set(),
    exportStatements: [],
    unsupported: [],
    dynamic: new Map(),
    literal: new Set(),
    freeComponentNames: [],
    needsEvaluation: false,
    depth: 0,
  };
  for (const node of esmNodes(tree)) planEsm(node.data?.estree, file, plan);
  const imported = new Set(plan.imports.map((i) => i.local));
  const lookup: NameLookup = (name) => {
    if (plan.exported.has(name)) return NOT_STATIC;
    if (name === 'undefined') return undefined;
    if (imported.has(name) || name === 'props' || isPredefinedName(name) || mode === 'snippet') return UNKNOWN_VALUE;
    return NOT_STATIC;
  };
  planExpressions(tree, plan, lookup, imported);
  if (plan.exportStatements.length > 0) plan.freeComponentNames = freeJsxNames(plan.exportStatements, new Set([...imported, ...plan.exported]));
  plan.needsEvaluation = plan.dynamic.size > 0 || plan.exportStatements.length > 0;
  return plan;
}

/**
 * The file's ESM in document order, at any depth: an `import` at the start of a line inside a component
 * (`<Step>` … `import Install from "/snippets/install.mdx"` … `</Step>`) is ESM to the parser, nested in the
 * component's children, and Mintlify takes it as the file's own (`findAndRemoveImports` removes ESM at any depth
 * with unist-util-remove and puts it at the top). Without recursion, as planExpressions walks.
 */
function esmNodes(tree: Root): MdxjsEsm[] {
  const found: MdxjsEsm[] = [];
  const stack: (Root | RootContent)[] = [tree];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (node.type === 'mdxjsEsm') found.push(node);
    else if ('children' in node) for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i] as RootContent);
  }
  return found;
}

function planEsm(program: Program | null | undefined, file: SourceFile, plan: FilePlan): void {
  for (const statement of program?.body ?? []) {
    const at = file.position(statement.range?.[0] ?? 0);
    switch (statement.type) {
      case 'ImportDeclaration': {
        const [start, end] = statement.source.range ?? [0, 0];
        const place = { ...file.position(start), length: end - start };
        for (const specifier of statement.specifiers) {
          const imported =
            specifier.type === 'ImportDefaultSpecifier'
              ? 'default'
              : specifier.type === 'ImportNamespaceSpecifier'
                ? '*'
                : specifier.imported.type === 'Identifier'
                  ? specifier.imported.name
                  : String(specifier.imported.value);
          plan.imports.push({ specifier: String(statement.source.value), imported, local: specifier.local.name, ...place });
        }
        break;
      }
      case 'ExportNamedDeclaration':
        if (statement.declaration && !statement.source) {
          for (const name of declaredNames({ type: 'Program', sourceType: 'module', body: [statement] })) plan.exported.add(name);
          plan.exportStatements.push(statement as unknown as Statement);
        } else {
          plan.unsupported.push({ what: statement.source ? 'A re-export (`export … from`)' : 'An `export { … }` list', ...at });
        }
        break;
      case 'ExportDefaultDeclaration':
        plan.unsupported.push({ what: 'An `export default` (an MDX layout)', ...at });
        break;
      case 'ExportAllDeclaration':
        plan.unsupported.push({ what: 'A re-export (`export * from`)', ...at });
        break;
      default:
        break;
    }
  }
}

function planExpressions(tree: Root, plan: FilePlan, lookup: NameLookup, imported: Set<string>): void {
  // In document order, without recursion (no nesting depth can overflow the stack).
  const stack: (Root | RootContent)[] = [tree];
  const depths: number[] = [0];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    const depth = depths.pop() ?? 0;
    if (depth > plan.depth) plan.depth = depth;
    if (node.type === 'mdxFlowExpression' || node.type === 'mdxTextExpression') {
      const program = node.data?.estree;
      if (plan.mode === 'page' && readsUndefinedName(program, imported, plan.exported)) plan.literal.add(node);
      else classify(node, expressionOf(program), plan, lookup);
    } else if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') {
      for (const attribute of node.attributes) {
        if (attribute.type === 'mdxJsxExpressionAttribute') classify(attribute, spreadOf(attribute), plan, lookup);
        else if (attribute.value !== null && typeof attribute.value === 'object')
          classify(attribute, expressionOf(attribute.value.data?.estree), plan, lookup);
      }
    }
    if (!('children' in node)) continue;
    for (let i = node.children.length - 1; i >= 0; i--) {
      stack.push(node.children[i] as RootContent);
      depths.push(depth + 1);
    }
  }
}

/** Whether a page's expression reads a name that neither the page nor MDX nor JavaScript defines: it would throw. */
function readsUndefinedName(program: Program | null | undefined, imported: ReadonlySet<string>, exported: ReadonlySet<string>): boolean {
  const declared = (name: string) => imported.has(name) || exported.has(name);
  return firstUndefinedName(readNames(program), declared) !== undefined;
}

/** The expression of `{…}`; undefined for a comment-only `{/* … *\/}`. */
export function expressionOf(program: Program | null | undefined): Expression | undefined {
  const statement = program?.body[0];
  return statement?.type === 'ExpressionStatement' ? statement.expression : undefined;
}

/** `{...rest}` is parsed as the object expression `{...rest}`. */
export function spreadOf(attribute: MdxJsxExpressionAttribute): Expression | undefined {
  return expressionOf(attribute.data?.estree);
}

function classify(holder: ExpressionHolder, expression: Expression | undefined, plan: FilePlan, lookup: NameLookup): void {
  if (expression !== undefined && staticValue(expression, lookup) === NOT_STATIC) plan.dynamic.set(holder, expression);
}

/** Names JavaScript, the browser (`window`, as Mintlify counts it) or strict code keep for themselves. */
const KEPT_NAMES = new Set(['window', 'document', 'navigator', 'location', 'localStorage', 'arguments', 'eval']);

/**
 * The props a snippet's dynamic expression reads: every name it uses (property names aside) that the file does not
 * declare (`declared`) and JavaScript does not provide. Mintlify inlines a snippet by declaring each such name as a
 * variable, set to the prop of that name or undefined (`{verb ?? "is"}` reads "is" when `verb` is not passed:
 * @mintlify/common's resolveComponentWithContent); a name bound inside the expression (an arrow's parameter) shadows
 * its prop there, as it does there.
 */
export function snippetPropNames(expression: Expression, declared: ReadonlySet<string>): string[] {
  const names = new Set<string>();
  const stack: EstreeNode[] = [expression];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (node.type === 'Identifier') {
      const name = node.name;
      if (!declared.has(name) && !isPredefinedName(name) && !KEPT_NAMES.has(name) && !(name in globalThis)) names.add(name);
      continue;
    }
    const named = node.type === 'MemberExpression' && !node.computed ? 'property' : node.type === 'Property' && !node.computed ? 'key' : undefined;
    for (const child of childNodes(node, named)) stack.push(child);
  }
  return [...names];
}

/** Capitalized JSX element names (the root of `A.B`) used in `statements` and not in `declared`. */
function freeJsxNames(statements: readonly (Statement | ModuleDeclaration)[], declared: Set<string>): string[] {
  const names = new Set<string>();
  const stack: unknown[] = [...statements];
  for (let value = stack.pop(); value !== undefined; value = stack.pop()) {
    if (typeof value !== 'object' || value === null) continue;
    if (Array.isArray(value)) {
      stack.push(...value);
      continue;
    }
    const node = value as EstreeNode & { name?: unknown; object?: unknown };
    if ((node.type as string) === 'JSXOpeningElement') {
      let name = (node as unknown as { name: { type: string; name?: string; object?: unknown } }).name;
      while (name.type === 'JSXMemberExpression') name = name.object as typeof name;
      if (name.type === 'JSXIdentifier' && name.name !== undefined && /^[A-Z]/.test(name.name) && !declared.has(name.name)) names.add(name.name);
    }
    for (const [key, child] of Object.entries(node)) if (key !== 'loc' && key !== 'range' && typeof child === 'object') stack.push(child);
  }
  return [...names].sort();
}
