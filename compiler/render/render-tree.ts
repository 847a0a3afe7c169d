// The tree walk: a file's MDX tree (mdast) to hast in one pass, with
// mdast-util-to-hast (through remark-rehype) and docsc's handlers for what
// it does not know or docsc does differently:
//
// - JSX elements become elements through create-element.ts: attribute values
//   are strings, flags, static values (static-value.ts) or the results of
//   the file's evaluated expressions; the tag name resolves to an HTML tag,
//   a binding (import or export), a built-in, or an unknown placeholder;
// - `{expressions}`: nothing for comments, the value (static or evaluated),
//   or, for a page's `{name}` that nothing declares, the text `{name}`;
// - headings get their ids (the summary's for a page, so links that
//   `docsc check` verified land); code fences become code blocks
//   (code-meta.ts, code-block.ts: highlighted by shiki);
//   links and images the URL policy (rewrite-url.ts);
// - a paragraph holding only JSX and expressions is unwrapped, as MDX does,
//   so that `<Card … />` alone on a line is not put inside a `<p>`.

import type { ElementContent } from 'hast';
import type { Code, Heading, Paragraph, Root, RootContent } from 'mdast';
import type { MdxFlowExpression, MdxTextExpression } from 'mdast-util-mdx-expression';
import type { MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx-jsx';
import remarkRehype, { defaultHandlers, type Options as ToHastOptions } from 'remark-rehype';
import type { CustomHeadingId } from '../pages/parse-page.js';
import type { SourceFile } from '../source/source-file.js';
import { codeBlock } from './code-block.js';
import { parseCodeMeta, splitLanguage } from './code-meta.js';
import { renderTex } from './components/latex.js';
import { BUILT_INS, checkUrl, createElement, renderError, UnknownComponent } from './create-element.js';
import { browserOnlyCode, rememberExpression } from './element-handlers.js';
import { h, text, toNodes } from './hast-nodes.js';
import { type ExpressionHolder, expressionOf, type FilePlan, spreadOf } from './plan-file.js';
import type { RenderContext, SourcePlace } from './render-context.js';
import { renderIcon } from './render-icon.js';
import { type NameLookup, NOT_STATIC, staticValue } from './static-value.js';

export interface TreeScope {
  file: SourceFile;
  plan: FilePlan;
  /** Values of the names the file imports and exports. */
  bindings: ReadonlyMap<string, unknown>;
  /** The props a snippet is rendered with (`{}` for a page). */
  props: Record<string, unknown>;
  /** The file's dynamic expressions, evaluated for this render. */
  expressions: ReadonlyMap<ExpressionHolder, () => unknown>;
  /** Set when the file's module failed to run (reported once): dynamic expressions show an error block. */
  failure?: string;
  headingId(node: Heading): string;
  /** `{#id}` suffixes parse-page.ts blanked, including any inside code (restored there). */
  customIds: readonly CustomHeadingId[];
}

type Handlers = NonNullable<ToHastOptions['handlers']>;
type State = Parameters<NonNullable<Handlers['root']>>[0];
type JsxElement = MdxJsxFlowElement | MdxJsxTextElement;
type ExpressionNode = MdxFlowExpression | MdxTextExpression;

const JSX_NODES = new Set(['mdxJsxFlowElement', 'mdxJsxTextElement', 'mdxFlowExpression', 'mdxTextExpression']);

export function renderTree(tree: Root, context: RenderContext, scope: TreeScope): ElementContent[] {
  const walk = new TreeWalk(context, scope);
  const toHast = remarkRehype({ handlers: walk.handlers }) as unknown as (tree: Root, file: undefined) => { children?: ElementContent[] };
  const result = toHast(tree, undefined);
  return result.children ?? [];
}

class TreeWalk {
  readonly handlers: Handlers;
  private readonly lookup: NameLookup;

  constructor(
    private readonly context: RenderContext,
    private readonly scope: TreeScope,
  ) {
    this.lookup = (name) => {
      if (scope.bindings.has(name)) return scope.bindings.get(name);
      if (name === 'props') return scope.props;
      if (name === 'undefined') return undefined;
      if (name === 'NaN') return Number.NaN;
      if (name === 'Infinity') return Number.POSITIVE_INFINITY;
      return scope.plan.mode === 'snippet' ? scope.props[name] : NOT_STATIC;
    };
    this.handlers = {
      heading: (state, node: Heading) => {
        const element = defaultHandlers.heading(state, node);
        element.properties.id = scope.headingId(node);
        return element;
      },
      code: (state, node: Code) => this.code(state, node),
      link: (state, node) => this.checked(defaultHandlers.link(state, node), 'href', node),
      linkReference: (state, node) => this.checked(defaultHandlers.linkReference(state, node), 'href', node),
      image: (state, node) => this.checked(defaultHandlers.image(state, node), 'src', node),
      imageReference: (state, node) => this.checked(defaultHandlers.imageReference(state, node), 'src', node),
      paragraph: (state, node: Paragraph) => this.paragraph(state, node),
      mdxJsxFlowElement: (state, node: MdxJsxFlowElement) => this.jsxElement(state, node, false),
      mdxJsxTextElement: (state, node: MdxJsxTextElement) => this.jsxElement(state, node, true),
      mdxFlowExpression: (_, node: MdxFlowExpression) => this.expression(node, false),
      mdxTextExpression: (_, node: MdxTextExpression) => this.expression(node, true),
      mdxjsEsm: () => undefined,
      // remark-math's nodes (parse-page.ts): `$$…$$` display math, `$…$` inline math.
      math: (_, node: { value: string }) => renderTex(node.value, true),
      inlineMath: (_, node: { value: string }) => renderTex(node.value, false),
    } as Handlers;
  }

  private at(node: { position?: { start: { line: number; column: number } } | undefined }): SourcePlace {
    return this.context.at(node.position?.start);
  }

  // -------------------------------------------------------------------------
  // Markdown

  private code(state: State, node: Code): ElementContent {
    const { language, ranges } = splitLanguage(node.lang);
    if (language === 'mermaid') {
      // A diagram: its source, which the site runtime draws with mermaid (runtime/client/components/mermaid.ts).
      const diagram = h('pre', { className: ['docsc-mermaid'] }, [text(restoreBlanked(node, this.scope.file, this.scope.customIds))]);
      state.patch(node, diagram as never);
      this.context.diagrams = true;
      return diagram;
    }
    const meta = parseCodeMeta(node.meta, ranges);
    const icon = meta.icon === undefined ? undefined : renderIcon(this.context, meta.icon, undefined, this.at(node));
    const block = codeBlock(restoreBlanked(node, this.scope.file, this.scope.customIds), language, meta, icon);
    state.patch(node, block as never);
    return block;
  }

  /** Drops an unsafe URL (with an error) and makes a relative one absolute. */
  private checked(
    result: ElementContent | ElementContent[] | undefined,
    attribute: 'href' | 'src',
    node: RootContent,
  ): ElementContent | ElementContent[] | undefined {
    if (result === undefined || Array.isArray(result) || result.type !== 'element') return result;
    const url = result.properties[attribute];
    if (typeof url !== 'string') return result;
    const kept = checkUrl(this.context, attribute, url, this.at(node), { image: attribute === 'src' });
    if (kept === undefined) delete result.properties[attribute];
    else result.properties[attribute] = kept;
    return result;
  }

  private paragraph(state: State, node: Paragraph): ElementContent | ElementContent[] | undefined {
    let some = false;
    for (const child of node.children) {
      if (JSX_NODES.has(child.type)) some = true;
      else if (child.type !== 'text' || !/^[\t\r\n ]*$/.test(child.value)) return defaultHandlers.paragraph(state, node);
    }
    if (!some) return defaultHandlers.paragraph(state, node);
    // Only JSX, expressions and whitespace: unwrapped, as @mdx-js/mdx does.
    return node.children.flatMap((child) => {
      if (child.type === 'mdxJsxTextElement') return this.jsxElement(state, child, false);
      if (child.type === 'mdxTextExpression') return this.expression(child, false);
      return [];
    });
  }

  // -------------------------------------------------------------------------
  // JSX and expressions

  private jsxElement(state: State, node: JsxElement, inline: boolean): ElementContent[] {
    if (node.name === 'script') {
      const code = scriptCode(node);
      if (code !== undefined) {
        const at = this.at(node);
        return createElement(this.context, 'script', { ...this.props(node, at, inline, new Map()), children: [text(code)] }, at, inline);
      }
    }
    // In flow (block) context, whitespace between blocks is left out and put back as one line break
    // between them (`state.wrap`), however many snippets and fragments the blocks come from.
    const flow = node.type === 'mdxJsxFlowElement';
    const rendered = flow ? state.all(node as never).filter(notBlank) : state.all(node as never);
    // A fragment's children stand in its place.
    if (node.name === null) return rendered;
    const inParagraph = node.name === 'p' ? withoutParagraphs(rendered) : undefined;
    const children = inParagraph ?? (flow && rendered.length > 0 ? state.wrap(rendered, true) : rendered);
    const at = this.at(node);
    const places = new Map<string, SourcePlace>();
    const props = this.props(node, at, inline, places);
    if (children.length > 0) props.children = children;
    const nodes = createElement(this.context, this.resolve(node.name), props, at, inline, places);
    return inline ? nodes : nodes.filter(notBlank);
  }

  private props(node: JsxElement, at: SourcePlace, inline: boolean, places: Map<string, SourcePlace>): Record<string, unknown> {
    const props: Record<string, unknown> = {};
    for (const attribute of node.attributes) {
      const place = attribute.position ? this.at(attribute) : at;
      if (attribute.type === 'mdxJsxAttribute') places.set(attribute.name, place);
      if (attribute.type === 'mdxJsxExpressionAttribute') {
        const value = this.value(attribute, spreadOf(attribute), place, 'the spread attribute', inline);
        if (typeof value === 'object' && value !== null && !isFailure(value)) Object.assign(props, value);
      } else if (attribute.value === null || attribute.value === undefined) {
        props[attribute.name] = true;
      } else if (typeof attribute.value === 'string') {
        props[attribute.name] = attribute.value;
      } else {
        const value = this.value(attribute, expressionOf(attribute.value.data?.estree), place, `the \`${attribute.name}\` attribute`, inline);
        if (!isFailure(value)) props[attribute.name] = value;
        // A handler, or a prop an interactive component may take to the browser (islands.ts `browserProps`).
        if (!isFailure(value)) rememberExpression(value, attribute.value.data?.estree);
      }
    }
    return props;
  }

  /** What a tag name stands for: an HTML tag, a binding (or a member of one), a built-in, or an unknown name. */
  private resolve(name: string): unknown {
    if (/^[a-z]/.test(name) && !name.includes('.')) return name;
    const [root = '', ...members] = name.split('.');
    if (this.scope.bindings.has(root)) {
      let value = this.scope.bindings.get(root);
      // An import whose target is missing was reported where it is written.
      if (value === undefined) return new UnknownComponent(name, true);
      for (const member of members) value = value === null || value === undefined ? undefined : (value as Record<string, unknown>)[member];
      return value ?? new UnknownComponent(name);
    }
    return BUILT_INS.get(name) ?? new UnknownComponent(name);
  }

  private expression(node: ExpressionNode, inline: boolean): ElementContent[] {
    if (this.scope.plan.literal.has(node)) {
      const start = node.position?.start.offset;
      const end = node.position?.end.offset;
      return [text(start === undefined || end === undefined ? `{${node.value}}` : this.scope.file.text.slice(start, end))];
    }
    const at = this.at(node);
    const value = this.value(node, expressionOf(node.data?.estree), at, 'this expression', inline, (error) => this.browserScript(node, error, at));
    if (isFailure(value)) return [value.block];
    return inline ? toNodes(value) : toNodes(value).filter(notBlank);
  }

  /**
   * An expression that failed at build time because it reads a name of the browser (`window`), as the script the
   * reader's browser runs in its place (as a `<script>{…}</script>` is); undefined when it cannot be.
   */
  private browserScript(node: ExpressionNode, error: unknown, at: SourcePlace): ElementContent | undefined {
    const browserOnly = browserOnlyCode(node.data?.estree, error);
    if (browserOnly === undefined) return undefined;
    this.context.report('render/browser-only-expression', at, { name: browserOnly.name });
    return h('script', {}, [text(scriptText([browserOnly.code]))]);
  }

  /**
   * The value of an expression: static, or its evaluated function's result; a failure carries the block to show in
   * its place: the error block, or what `recover` makes of the error.
   */
  private value(
    holder: ExpressionHolder,
    expression: Parameters<typeof staticValue>[0] | undefined,
    at: SourcePlace,
    what: string,
    inline: boolean,
    recover?: (error: unknown) => ElementContent | undefined,
  ): unknown {
    if (!this.scope.plan.dynamic.has(holder)) {
      if (expression === undefined) return undefined;
      const value = staticValue(expression, this.lookup);
      return value === NOT_STATIC ? undefined : value;
    }
    if (this.scope.failure !== undefined) {
      const reason = this.scope.failure;
      return failure(h(inline ? 'span' : 'div', { className: ['docsc-render-error'], role: 'alert' }, [text(`Could not render ${what}: ${reason}`)]));
    }
    try {
      return (this.scope.expressions.get(holder) ?? (() => undefined))();
    } catch (error) {
      return failure(recover?.(error) ?? renderError(this.context, at, what, error, inline));
    }
  }
}

/**
 * The code as written: parse-page.ts blanks `## Title {#id}` suffixes before parsing wherever they are, also
 * on such lines inside code, where they are text. The blanked part is at the end of its line, and a code
 * line is its source line minus indentation and container markers, so the source line's tail restores it.
 */
function restoreBlanked(node: Code, file: SourceFile, customIds: readonly CustomHeadingId[]): string {
  const start = node.position?.start.line ?? 0;
  const end = node.position?.end.line ?? 0;
  const inside = customIds.filter((c) => c.line >= start && c.line <= end);
  if (inside.length === 0) return node.value;
  const firstLine = /`{3,}|~{3,}/.test(file.lineText(start)) ? start + 1 : start;
  const lines = node.value.split('\n');
  for (const custom of inside) {
    const line = lines[custom.line - firstLine];
    if (line === undefined) continue;
    const cr = line.endsWith('\r') ? '\r' : '';
    const content = cr === '' ? line : line.slice(0, -1);
    const original = file.lineText(custom.line);
    if (original.length >= content.length) lines[custom.line - firstLine] = `${original.slice(original.length - content.length)}${cr}`;
  }
  return lines.join('\n');
}

/**
 * The content of a `<p>` written around text on lines of its own (`<p className="text-lg">`, a line of text,
 * `</p>`), which MDX reads as a paragraph: HTML cannot nest paragraphs (a browser closes the outer one at the inner
 * one's start, and the text loses the outer one's classes and style), so its paragraphs' content takes their place,
 * one after another with a line break between them, as React's page shows it in one box. Undefined when it holds none.
 */
function withoutParagraphs(children: readonly ElementContent[]): ElementContent[] | undefined {
  if (!children.some((child) => child.type === 'element' && child.tagName === 'p')) return undefined;
  const content: ElementContent[] = [];
  for (const child of children) {
    if (child.type !== 'element' || child.tagName !== 'p') content.push(child);
    else {
      if (content.length > 0) content.push(h('br', {}, []));
      content.push(...child.children);
    }
  }
  return content;
}

function notBlank(node: ElementContent): boolean {
  return node.type !== 'text' || !/^[\t\n\f\r ]*$/.test(node.value);
}

/** An expression that could not be evaluated, with the error block shown in its place. */
class Failure {
  constructor(readonly block: ElementContent) {}
}

function failure(block: ElementContent): Failure {
  return new Failure(block);
}

function isFailure(value: unknown): value is Failure {
  return value instanceof Failure;
}

/** Expressions as a script's text, each a statement of its own; a `</script` inside is escaped so that it cannot end the element. */
function scriptText(expressions: readonly string[]): string {
  return `\n${expressions.map((expression) => `;(${expression});`).join('\n')}\n`.replace(/<\/(script)/gi, '<\\/$1');
}

/**
 * `<script>{code}</script>`: the expressions are the script, run by the reader's browser as they would be when React
 * renders the page (Mintlify's), not at build time, where `window` does not exist. Undefined when the element holds
 * anything else. MDX is the repository's code; a `</script` inside it is escaped so that it cannot end the element.
 */
function scriptCode(node: JsxElement): string | undefined {
  const expressions: string[] = [];
  const visit = (children: readonly RootContent[]): boolean =>
    children.every((child) => {
      if (child.type === 'mdxFlowExpression' || child.type === 'mdxTextExpression') {
        if (child.value.trim() !== '') expressions.push(child.value);
        return true;
      }
      if (child.type === 'paragraph') return visit(child.children as RootContent[]);
      return child.type === 'text' && child.value.trim() === '';
    });
  if (node.children.length === 0 || !visit(node.children as RootContent[]) || expressions.length === 0) return undefined;
  return scriptText(expressions);
}
