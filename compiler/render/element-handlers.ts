// Event handlers written on an HTML element of a page itself
// (`<button onClick={async (event) => { await navigator.clipboard.writeText(…) }}>`,
// `<a onMouseOver={(e) => { e.currentTarget.style.opacity = 0.8 }}>`): Mintlify's
// page is a React component, so they run in the reader's browser there. A
// handler that needs nothing of the page — a function whose free names are
// JavaScript's and the browser's own (`navigator`, `window`, `setTimeout`) —
// runs here too: its code, generated from the expression's syntax tree, goes
// with the page as JSON (`script.docsc-handlers`), and the element is marked
// `data-docsc-on="click:0"`; the site's runtime attaches it as a listener of
// the DOM event the React prop names (runtime/client/components/element-handlers.ts).
// One that reads the page's bindings (an `export const`, an import, a
// snippet's props), holds JSX, or listens in the capture phase is left out,
// and `render/not-interactive` says why. The code is the repository's,
// trusted like MDX; it reaches the page as JSON with `<` escaped (`inlineJson`),
// so no text ends the script early.
// The same holds for an interactive component's prop that is not plain data
// (`customButtons={[[{ label: 'Bold', onClick: (editor) => editor.commands.toggleBold() }]]}`):
// an expression that needs nothing of the page goes to the browser as code,
// made again there (`valueCodeOf`, islands.ts).

import type { Node as EstreeNode, Expression, ModuleDeclaration, Program, Statement } from 'estree';
import { jsx, toJs } from 'estree-util-to-js';
import { childNodes, patternNames } from '../pages/page-scope.js';
import { inlineJson } from '../site/escape-html.js';

/** A handler's code, or why it cannot run in the browser. */
export type HandlerCode = { code: string } | { blocker: string };

/** An attribute's expression, by the value it made (a function, an array, an object), and its code once asked for. */
const expressions = new WeakMap<object, { program: Program; handler?: HandlerCode; value?: HandlerCode }>();

/**
 * Remembers the expression an attribute's value came from (an `on…` handler, or any prop that is not plain data),
 * to make its code from if it is asked for; the first expression a value came from is kept.
 */
export function rememberExpression(value: unknown, program: Program | null | undefined): void {
  if ((typeof value !== 'function' && (typeof value !== 'object' || value === null)) || program === null || program === undefined) return;
  if (!expressions.has(value)) expressions.set(value, { program });
}

/**
 * A page's exported functions, as handlers (`export function openSearch() { document.getElementById(…).click() }`,
 * then `<button onClick={openSearch}>`, as Lago's and Sequence's home pages write it): such a handler runs in the
 * browser when its function, like one written in place, needs nothing of the page.
 */
export function rememberExportedHandlers(statements: readonly (Statement | ModuleDeclaration)[], exports: Record<string, unknown>): void {
  for (const statement of statements) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : undefined;
    if (declaration?.type === 'FunctionDeclaration' && declaration.id) {
      rememberExpression(exports[declaration.id.name], expressionProgram({ ...declaration, type: 'FunctionExpression' }));
    } else if (declaration?.type === 'VariableDeclaration') {
      for (const declarator of declaration.declarations) {
        const init = declarator.init;
        if (declarator.id.type !== 'Identifier' || (init?.type !== 'ArrowFunctionExpression' && init?.type !== 'FunctionExpression')) continue;
        rememberExpression(exports[declarator.id.name], expressionProgram(init));
      }
    }
  }
}

function expressionProgram(expression: Expression): Program {
  return { type: 'Program', sourceType: 'module', body: [{ type: 'ExpressionStatement', expression }] };
}

/** What a handler can become in the browser; undefined when its expression is unknown (made inside a component). */
export function handlerCodeOf(handler: unknown): HandlerCode | undefined {
  const remembered = typeof handler === 'function' ? expressions.get(handler) : undefined;
  if (remembered === undefined) return undefined;
  remembered.handler ??= handlerCode(remembered.program);
  return remembered.handler;
}

/**
 * What a prop's value that is not plain data can become in the browser: the code of the expression that made it,
 * when that needs nothing of the page; undefined when its expression is unknown (made by other code).
 */
export function valueCodeOf(value: unknown): HandlerCode | undefined {
  const remembered = (typeof value === 'object' && value !== null) || typeof value === 'function' ? expressions.get(value) : undefined;
  if (remembered === undefined) return undefined;
  remembered.value ??= valueCode(remembered.program);
  return remembered.value;
}

/**
 * The code of an expression of the page that failed at build time only because it reads a name of the browser
 * (`{(() => { window.location.href = '/modules/toolbar' })()}`, a redirect): the reader's browser can run it, as it
 * does when Mintlify's React page renders, and the browser's name it read. Undefined for any other failure, or an
 * expression that needs the page.
 */
export function browserOnlyCode(program: Program | null | undefined, error: unknown): { code: string; name: string } | undefined {
  if (!(error instanceof ReferenceError) || program === null || program === undefined) return undefined;
  const name = /^(\S+) is not defined$/.exec(error.message)?.[1];
  if (name === undefined || !BROWSER_NAMES.has(name)) return undefined;
  const made = valueCode(program);
  return 'code' in made ? { code: made.code, name } : undefined;
}

/** Whether a prop is an event handler's (`onClick`). */
export function isEventProp(name: string): boolean {
  return /^on[A-Z]/.test(name);
}

/** The DOM event a React event prop listens to (`onClick` → `click`); undefined for a capture-phase listener. */
export function domEvent(prop: string, tagName: string): string | undefined {
  if (prop.endsWith('Capture')) return undefined;
  const name = prop.slice(2);
  // React's onChange fires on every edit of a text field: the DOM's `input`.
  if (name === 'Change' && (tagName === 'input' || tagName === 'textarea')) return 'input';
  if (name === 'DoubleClick') return 'dblclick';
  return name.toLowerCase();
}

/** The JSON that carries a page's handlers' code, after the markup. */
export function handlersScript(handlers: readonly string[]): string {
  return `<script type="application/json" class="docsc-handlers">${inlineJson(handlers)}</script>`;
}

/** Names a handler may use without the page defining them: the browser's, beside JavaScript's (`name in globalThis`). */
const BROWSER_NAMES = new Set([
  'window',
  'document',
  'navigator',
  'location',
  'history',
  'localStorage',
  'sessionStorage',
  'alert',
  'confirm',
  'prompt',
  'open',
  'requestAnimationFrame',
  'cancelAnimationFrame',
  'getComputedStyle',
  'matchMedia',
  'ClipboardItem',
  'HTMLElement',
  'Element',
  'CustomEvent',
  'KeyboardEvent',
  'MouseEvent',
  'scrollTo',
  'innerWidth',
  'innerHeight',
]);

/** Node types whose syntax only MDX's compiler turns into JavaScript. */
const JSX_TYPES = new Set(['JSXElement', 'JSXFragment']);

function handlerCode(program: Program): HandlerCode {
  const statement = program.body[0];
  const expression = statement?.type === 'ExpressionStatement' ? statement.expression : undefined;
  if (expression === undefined || (expression.type !== 'ArrowFunctionExpression' && expression.type !== 'FunctionExpression')) {
    return { blocker: 'its handler is no function written in place' };
  }
  return selfContainedCode(expression, 'its handler');
}

function valueCode(program: Program): HandlerCode {
  const statement = program.body[0];
  const expression = statement?.type === 'ExpressionStatement' ? statement.expression : undefined;
  if (expression === undefined) return { blocker: 'it is no expression' };
  return selfContainedCode(expression, 'it');
}

/** The code of an expression whose free names are JavaScript's and the browser's own; `what` names it in the blocker. */
function selfContainedCode(expression: Expression, what: string): HandlerCode {
  const free = freeNames(expression);
  if (free === 'jsx') return { blocker: `${what} makes elements` };
  const unknown = free.find((name) => !(name in globalThis) && !BROWSER_NAMES.has(name));
  if (unknown !== undefined) return { blocker: `${what} reads \`${unknown}\`, which only the page's own code has` };
  const code = toJs(expressionProgram(expression), { handlers: jsx }).value.trim().replace(/;$/, '');
  return { code };
}

/**
 * The names a function reads that it does not bind itself (its parameters, declarations, catch clauses and inner
 * functions' parameters anywhere inside, whatever their scope: a name bound anywhere in it counts as its own);
 * 'jsx' when it holds JSX. Property names (`a.b`, `{ b: 1 }`) are not read names.
 */
function freeNames(expression: Expression): string[] | 'jsx' {
  const read = new Set<string>();
  const bound = new Set<string>();
  const stack: EstreeNode[] = [expression];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (JSX_TYPES.has(node.type)) return 'jsx';
    switch (node.type) {
      case 'Identifier':
        read.add(node.name);
        continue;
      case 'ArrowFunctionExpression':
      case 'FunctionExpression':
      case 'FunctionDeclaration':
        for (const param of node.params) for (const name of patternNames(param)) bound.add(name);
        if (node.type !== 'ArrowFunctionExpression' && node.id) bound.add(node.id.name);
        break;
      case 'VariableDeclarator':
        for (const name of patternNames(node.id)) bound.add(name);
        break;
      case 'CatchClause':
        for (const name of node.param ? patternNames(node.param) : []) bound.add(name);
        break;
      case 'ClassDeclaration':
        if (node.id) bound.add(node.id.name);
        break;
      case 'LabeledStatement':
      case 'BreakStatement':
      case 'ContinueStatement':
        // A label is no variable.
        if (node.type === 'LabeledStatement') stack.push(node.body);
        continue;
      default:
        break;
    }
    const named =
      node.type === 'MemberExpression' && !node.computed
        ? 'property'
        : (node.type === 'Property' || node.type === 'MethodDefinition' || node.type === 'PropertyDefinition') && !node.computed
          ? 'key'
          : undefined;
    for (const child of childNodes(node, named)) stack.push(child);
  }
  return [...read].filter((name) => !bound.has(name) && name !== 'arguments' && name !== 'undefined');
}
