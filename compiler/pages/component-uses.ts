// What a page's JSX elements name that the renderer would warn about, found
// from the tree alone so that `check` reports it as `build` does: a
// capitalized tag that is no built-in component and that the file neither
// imports nor defines (`render/unknown-component`, reported here at the tag,
// where the renderer reports it), and the icons built-in components show
// (`icon="rocket"`, a code fence's `icon="js"`), which check-page-icons.ts
// looks up in docs.json's icon library (`render/unknown-icon`). Names are
// those of the renderer's component table (component-table.ts), kept equal
// by tests/component-uses.test.ts: the summary does not load the renderer.
// JSX in an expression (`label={<><Icon icon="laptop" /> Chat</>}`) is
// read where it always runs — not in a function, nor a branch of `?:`,
// `&&` or `||`, which only running the page decides — and placed where the
// renderer places it, at the element; JSX in an `export` is left to the
// build.

import type { Node as EstreeNode, JSXElement, Program } from 'estree-jsx';
import type { Code } from 'mdast';
import type { MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx-jsx';
import type { DiagnosticBag } from '../diagnostics/diagnostic.js';
import { isImageIcon } from '../icons/icon-ref.js';
import { parseCodeMeta } from '../render/code-meta.js';
import { childNodes, firstUndefinedName } from './page-scope.js';
import { unknownComponentHint } from './unknown-component-hint.js';

/**
 * The built-in components, by the name pages use (compiler/render/components/component-table.ts), each with whether
 * it shows its `icon` prop (components/icons.ts `iconOf`).
 */
const BUILT_INS: Readonly<Record<string, boolean>> = {
  Note: true,
  Warning: true,
  Info: true,
  Tip: true,
  Check: true,
  Danger: true,
  Callout: true,
  Card: true,
  CardGroup: false,
  Columns: false,
  Tile: false,
  CodeBlock: true,
  CodeGroup: false,
  RequestExample: false,
  ResponseExample: false,
  Accordion: true,
  AccordionGroup: false,
  Expandable: false,
  ParamField: false,
  ResponseField: false,
  Icon: true,
  Tooltip: false,
  Badge: true,
  Latex: false,
  Frame: false,
  Panel: false,
  Color: false,
  'Color.Row': false,
  'Color.Item': false,
  Heading: false,
  Prompt: true,
  Snippet: false,
  Steps: false,
  Step: true,
  Tabs: false,
  Tab: true,
  Tree: false,
  'Tree.Folder': false,
  'Tree.File': false,
  FileTree: false,
  Param: false,
  Column: false,
  GitHub: false,
  'GitHub.Repo': false,
  Github: false,
  'Github.Repo': false,
  Link: false,
  Update: false,
  View: true,
  Visibility: false,
};

export const BUILT_IN_COMPONENT_NAMES: ReadonlySet<string> = new Set(Object.keys(BUILT_INS));

/** The built-ins that show their `icon` prop. */
export const ICON_PROP_COMPONENTS: ReadonlySet<string> = new Set(Object.keys(BUILT_INS).filter((name) => BUILT_INS[name]));

/** An icon a page shows by name: a built-in's `icon` prop or a code fence's. */
export interface PageIcon {
  name: string;
  /** `iconType`, when given. */
  type?: string;
  line: number;
  column: number;
}

/**
 * What the walk notes, judged once the file's own names are known. `reads`: the names the text expression holding
 * the element reads (page-scope.ts `readNames`), which is shown as text, not run, when one of them is undefined.
 */
export interface ElementUses {
  /** Capitalized tags that are no built-in, with the name their first segment binds. */
  unknown: { name: string; root: string; line: number; column: number; reads?: string[] }[];
  /** Icons of built-ins, with the component (the file may define its own `Card`, whose icon is its business). */
  icons: (PageIcon & { component?: string; reads?: string[] })[];
}

/**
 * Notes a tag named `name` at `at`: an unknown component, or nothing; the first segment of its name when it is a
 * built-in that shows its `icon`, whose attributes the caller reads. HTML tags (`div`) are neither.
 */
function noteTag(name: string | null | undefined, at: { line: number; column: number }, uses: ElementUses, reads?: string[]): string | undefined {
  if (!name || (/^[a-z]/.test(name) && !name.includes('.'))) return undefined;
  const root = name.split('.')[0] as string;
  if (!BUILT_IN_COMPONENT_NAMES.has(name)) uses.unknown.push({ name, root, ...at, ...(reads === undefined ? {} : { reads }) });
  return ICON_PROP_COMPONENTS.has(name) ? root : undefined;
}

export function noteElement(node: MdxJsxFlowElement | MdxJsxTextElement, uses: ElementUses): void {
  const start = node.position?.start;
  const root = noteTag(node.name, { line: start?.line ?? 0, column: start?.column ?? 0 }, uses);
  if (root === undefined) return;
  let icon: { value: string; line: number; column: number } | undefined;
  let type: string | undefined;
  for (const attribute of node.attributes) {
    if (attribute.type !== 'mdxJsxAttribute') return; // a spread may set either prop: only running the page tells
    const value = stringValue(attribute.value);
    if (attribute.name === 'iconType') {
      if (value === undefined) return;
      type = value;
    } else if (attribute.name === 'icon') {
      if (value === undefined) return;
      const at = attribute.position?.start;
      icon = { value, line: at?.line ?? 0, column: at?.column ?? 0 };
    }
  }
  if (icon !== undefined) noteIcon(icon.value, type, icon, uses, root);
}

/** The elements of JSX an expression always runs (see the top of this file); `reads`: see `ElementUses`. */
export function noteExpressionElements(program: Program | null | undefined, uses: ElementUses, reads?: string[]): void {
  if (program === null || program === undefined) return;
  const stack: EstreeNode[] = [...(program.body as EstreeNode[])].reverse();
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (NOT_ALWAYS_RUN.has(node.type)) continue;
    if (node.type === 'JSXElement') noteJsxElement(node, uses, reads);
    const children = childNodes(node);
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i] as EstreeNode);
  }
}

/** What may not run, or run later: functions, and the branches of conditions. */
const NOT_ALWAYS_RUN = new Set([
  'ArrowFunctionExpression',
  'FunctionExpression',
  'FunctionDeclaration',
  'ClassExpression',
  'ConditionalExpression',
  'LogicalExpression',
]);

function noteJsxElement(node: JSXElement, uses: ElementUses, reads: string[] | undefined): void {
  const at = { line: node.loc?.start.line ?? 0, column: (node.loc?.start.column ?? -1) + 1 };
  const root = noteTag(jsxName(node.openingElement.name), at, uses, reads);
  if (root === undefined) return;
  let icon: string | undefined;
  let type: string | undefined;
  for (const attribute of node.openingElement.attributes) {
    if (attribute.type !== 'JSXAttribute') return;
    const value = attribute.value?.type === 'JSXExpressionContainer' ? attribute.value.expression : attribute.value;
    const text = value?.type === 'Literal' && typeof value.value === 'string' ? value.value : undefined;
    if (attribute.name.name === 'iconType') {
      if (text === undefined) return;
      type = text;
    } else if (attribute.name.name === 'icon') {
      if (text === undefined) return;
      icon = text;
    }
  }
  if (icon !== undefined) noteIcon(icon, type, at, uses, root, reads);
}

function jsxName(name: JSXElement['openingElement']['name']): string | undefined {
  if (name.type === 'JSXIdentifier') return name.name;
  if (name.type === 'JSXMemberExpression') {
    const object = jsxName(name.object);
    return object === undefined ? undefined : `${object}.${name.property.name}`;
  }
  return undefined;
}

/** A code fence's `icon="…"` (code-meta.ts), placed at the fence, as the renderer places it. */
export function noteCodeIcon(node: Code, uses: ElementUses): void {
  if (!node.meta?.includes('icon')) return;
  const icon = parseCodeMeta(node.meta).icon;
  const start = node.position?.start;
  if (icon !== undefined) noteIcon(icon, undefined, { line: start?.line ?? 0, column: start?.column ?? 0 }, uses);
}

function noteIcon(
  written: string,
  type: string | undefined,
  at: { line: number; column: number },
  uses: ElementUses,
  component?: string,
  reads?: string[],
): void {
  const name = written.trim();
  if (name === '' || isImageIcon(name)) return;
  uses.icons.push({
    name,
    ...(type === undefined ? {} : { type }),
    line: at.line,
    column: at.column,
    ...(component ? { component } : {}),
    ...(reads === undefined ? {} : { reads }),
  });
}

/** A string attribute, or an expression that is one string literal (`icon={"rocket"}`); else undefined. */
function stringValue(value: MdxJsxFlowElement['attributes'][number]['value']): string | undefined {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return undefined;
  const statement = value.data?.estree?.body[0];
  const expression = statement?.type === 'ExpressionStatement' ? statement.expression : undefined;
  return expression?.type === 'Literal' && typeof expression.value === 'string' ? expression.value : undefined;
}

/** `render/unknown-component` for the tags whose first segment the file does not bind (`declared`), at the tag. */
export function reportUnknownComponents(uses: ElementUses, declared: ReadonlySet<string>, file: string, bag: DiagnosticBag): void {
  for (const use of uses.unknown) {
    if (declared.has(use.root) || !runs(use.reads, declared)) continue;
    const hint = unknownComponentHint(use.name, BUILT_IN_COMPONENT_NAMES);
    bag.report(
      'render/unknown-component',
      { file, line: use.line, column: use.column, length: 0 },
      { name: use.name },
      hint === undefined ? {} : { hint },
    );
  }
}

/** The icons of the built-ins, less those of components the file defines or imports under a built-in's name. */
export function builtInIcons(uses: ElementUses, declared: ReadonlySet<string>): PageIcon[] {
  return uses.icons
    .filter((icon) => (icon.component === undefined || !declared.has(icon.component)) && runs(icon.reads, declared))
    .map(({ component: _, reads: __, ...icon }) => icon);
}

/** Whether a text expression reading `reads` runs: it is shown as text when it reads a name nothing defines. */
function runs(reads: readonly string[] | undefined, declared: ReadonlySet<string>): boolean {
  return firstUndefinedName(reads, (name) => declared.has(name)) === undefined;
}
