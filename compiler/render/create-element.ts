// One way to make an element, for the tree walk (render-tree.ts) and for
// evaluated JSX (jsx-runtime.ts) alike, so both give the same HTML: an HTML
// tag becomes a hast element (React-style props — `className`, `style`
// objects, `htmlFor` — turned into attributes), a built-in component renders
// from the table, a function (a snippet, or a component a page or snippet
// defines) is called, and an unknown name becomes a visible placeholder with
// a warning. URL props (`href`, `src`, …) pass through rewrite-url.ts first:
// made absolute, or dropped with a warning when their scheme is unsafe.

import type { ElementContent, Properties } from 'hast';
import { HTML_URL_ATTRIBUTES, isImageSource, refusedUrlCode } from '../ir/url-scheme.js';
import { unknownComponentHint } from '../pages/unknown-component-hint.js';
import { BuiltInComponent } from './built-in-component.js';
import { type Component, type ComponentContext, valueKind } from './components/component.js';
import { COMPONENTS } from './components/component-table.js';
import { domEvent, handlerCodeOf, isEventProp } from './element-handlers.js';
import { h, text, toNodes } from './hast-nodes.js';
import { fillShell, shellCall } from './island-shells.js';
import { browserProps, isImported, islandOrigin, isSnippetContent } from './islands.js';
import type { RenderContext, SourcePlace } from './render-context.js';
import { renderIcon } from './render-icon.js';
import { rewriteUrl, type UrlUse } from './rewrite-url.js';

/** A name that resolves to nothing: rendered as a placeholder; `silent` when the cause was reported already (a missing import). */
export class UnknownComponent {
  constructor(
    readonly componentName: string,
    readonly silent = false,
  ) {}
}

/** Built-ins by name; `Tree` also carries `Tree.Folder` and `Tree.File` as members, as JSX reads them. */
export const BUILT_INS: ReadonlyMap<string, BuiltInComponent> = (() => {
  const all = new Map([...COMPONENTS].map(([name, render]) => [name, new BuiltInComponent(name, render)]));
  for (const [name, component] of all) {
    const dot = name.indexOf('.');
    const owner = dot === -1 ? undefined : all.get(name.slice(0, dot));
    if (owner) owner[name.slice(dot + 1)] = component;
  }
  return all;
})();

/** Names jsx snippets and `export`ed components may use without importing them. */
export const BUILT_IN_GLOBALS = [...BUILT_INS.keys()].filter((name) => !name.includes('.'));

/**
 * @param at where the element is written (for warnings)
 * @param places where each attribute is written, when known (the tree walk knows; evaluated JSX does not)
 */
export function createElement(
  context: RenderContext,
  type: unknown,
  props: Record<string, unknown>,
  at: SourcePlace,
  inline: boolean,
  places?: ReadonlyMap<string, SourcePlace>,
): ElementContent[] {
  if (typeof type === 'string') return [htmlElement(context, type, props, at, places)];
  if (type instanceof BuiltInComponent) return builtIn(context, type, props, at, inline, places);
  if (type instanceof UnknownComponent) {
    if (context.droppedHandlers !== undefined) context.islandBlocker ??= `it renders the unknown \`<${type.componentName}>\``;
    if (!type.silent) {
      const hint = unknownComponentHint(type.componentName, COMPONENTS.keys());
      context.report('render/unknown-component', at, { name: type.componentName }, hint === undefined ? undefined : { hint });
    }
    return [placeholder(type.componentName, toNodes(props.children), inline)];
  }
  if (typeof type === 'function') return componentCall(context, type as (props: Record<string, unknown>) => unknown, props, at, inline);
  return [renderError(context, at, 'an element', new TypeError(`its type is ${type === null ? 'null' : typeof type}, not a component`), inline)];
}

/**
 * A function component called. The outermost call (the one the page writes) collects the handlers its elements, and
 * the components it calls, leave out: with none, the HTML is all there is; with some, the component becomes an island
 * that runs in the browser when it can (islands.ts), else `render/not-interactive` says why it shows its first state.
 */
function componentCall(
  context: RenderContext,
  component: (props: Record<string, unknown>) => unknown,
  props: Record<string, unknown>,
  at: SourcePlace,
  inline: boolean,
): ElementContent[] {
  const name = component.name === '' ? 'component' : `component \`<${component.name}>\``;
  const outermost = context.droppedHandlers === undefined;
  if (!outermost) {
    if (isImported(component)) context.islandBlocker ??= `it renders the imported ${name}`;
    try {
      return toNodes(component(props));
    } catch (error) {
      return [renderError(context, at, `the ${name}`, error, inline)];
    }
  }
  if (isSnippetContent(component)) {
    try {
      return toNodes(component(props));
    } catch (error) {
      return [renderError(context, at, `the ${name}`, error, inline)];
    }
  }
  context.droppedHandlers = new Set();
  context.islandBlocker = undefined;
  context.islandShells = [];
  let nodes: ElementContent[];
  try {
    nodes = toNodes(component(props));
  } catch (error) {
    context.droppedHandlers = undefined;
    return [renderError(context, at, `the ${name}`, error, inline)];
  }
  const handlers = context.droppedHandlers;
  const blocker = context.islandBlocker;
  context.droppedHandlers = undefined;
  context.islandBlocker = undefined;
  if (handlers.size === 0) return nodes;
  const origin = islandOrigin(component);
  const shipped = browserProps(props);
  const why =
    origin === undefined
      ? 'its module imports code that does not run in the browser'
      : (blocker ?? ('problem' in shipped ? shipped.problem : undefined));
  if (origin === undefined || why !== undefined || 'problem' in shipped) {
    reportNotInteractive(context, at, `The ${name}`, handlers, why);
    return nodes;
  }
  const id = context.uniqueId(`docsc-island-${origin.name.toLowerCase()}`);
  context.islands.push({
    id,
    module: origin.module,
    name: origin.name,
    props: shipped.props,
    ...(shipped.code ? { code: shipped.code } : {}),
    shells: context.islandShells,
  });
  return [h(inline ? 'span' : 'div', { id, className: ['docsc-island'], dataDocscIsland: '' }, nodes)];
}

function reportNotInteractive(context: RenderContext, at: SourcePlace, what: string, handlers: Iterable<string>, why?: string): void {
  const names = [...handlers].sort().map((handler) => `\`${handler}\``);
  context.report('render/not-interactive', at, { what, handlers: names.join(', '), why: why === undefined ? '' : ` (${why})` });
}

/** Reports an evaluation error and returns the error block shown in its place. */
export function renderError(context: RenderContext, at: SourcePlace, what: string, error: unknown, inline: boolean): ElementContent {
  const reason = error instanceof Error ? error.message : String(error);
  if (context.droppedHandlers !== undefined) context.islandBlocker ??= `rendering ${what} failed`;
  context.report('render/evaluation-error', at, { what, reason });
  return h(inline ? 'span' : 'div', { className: ['docsc-render-error'], role: 'alert' }, [text(`Could not render ${what}: ${reason}`)]);
}

/**
 * What an unknown component leaves: in text, a marked span with its children; as a block, only a comment, children
 * and all, as Mintlify replaces an unknown block component with a comment (`remarkMdxRemoveUnknownJsx`), so that the
 * page reads as it does there.
 */
function placeholder(name: string, children: ElementContent[], inline: boolean): ElementContent {
  // hast-util-to-html escapes a `-->` in a comment's text, whatever the name holds.
  if (!inline) return { type: 'comment', value: ` unknown component <${name}> ` } as ElementContent;
  return h('span', { className: ['docsc-unknown-component'], dataComponent: name }, children);
}

/**
 * A built-in rendered. Inside a component call that may become an island, a built-in that places its children whole
 * is rendered with a slot for them and its shell kept for the browser (island-shells.ts); any other stops the call
 * from running there.
 */
function builtIn(
  context: RenderContext,
  type: BuiltInComponent,
  props: Record<string, unknown>,
  at: SourcePlace,
  inline: boolean,
  places: ReadonlyMap<string, SourcePlace> | undefined,
): ElementContent[] {
  const children = toNodes(props.children);
  const blocker = `it renders the built-in \`<${type.componentName}>\``;
  const call = context.droppedHandlers === undefined ? undefined : shellCall(type.componentName, props, children);
  if (context.droppedHandlers !== undefined && call === undefined) context.islandBlocker ??= blocker;
  const nodes = renderBuiltIn(context, type, props, call?.slot === undefined ? children : [call.slot], at, inline, places);
  if (call === undefined) return nodes;
  const shell = fillShell(call, nodes, children);
  if (shell !== undefined) {
    context.islandShells.push(shell);
    return nodes;
  }
  // It did not place its children once, as every component with shells does: made again, with no shell.
  context.islandBlocker ??= blocker;
  return renderBuiltIn(context, type, props, children, at, inline, places);
}

function renderBuiltIn(
  context: RenderContext,
  type: BuiltInComponent,
  props: Record<string, unknown>,
  children: ElementContent[],
  at: SourcePlace,
  inline: boolean,
  places: ReadonlyMap<string, SourcePlace> | undefined,
): ElementContent[] {
  const checked: Record<string, unknown> = { ...props, children };
  for (const name of ['href', 'src', 'img'] as const) {
    const value = checked[name];
    if (typeof value === 'string') checked[name] = checkUrl(context, name, value, places?.get(name) ?? at, { image: name !== 'href' });
  }
  const componentContext: ComponentContext = {
    uniqueId: (base, prefix) => context.uniqueId(base, prefix),
    fieldId: (name) => context.fieldId(name),
    titledId: (component, title) => context.titledId(component, title),
    nextSerial: (kind) => context.nextSerial(kind),
    inline,
    icon: (name, iconType) => renderIcon(context, name, iconType, places?.get('icon') ?? at),
    ignoredProp: (prop, expected, value) =>
      context.report('render/prop-type', places?.get(prop) ?? at, { prop, component: type.componentName, expected, found: valueKind(value) }),
    snippet: (specifier) => context.importSnippet(specifier, places?.get('file') ?? at),
    hasFile: (path) => context.hasFile(path),
  };
  const nodes = toNodes(type.render(checked as Parameters<Component>[0], componentContext));
  const root = nodes.find((node) => node.type === 'element');
  if (root?.type === 'element') addOwnAttributes(context, root.properties, props);
  return nodes;
}

/**
 * `class`/`className` and `id` written on a built-in go on the element it makes: real pages style cards with
 * `class="…"`, and the summary counts `id="…"` as a link target, so it must exist in the HTML.
 */
function addOwnAttributes(context: RenderContext, properties: Properties, props: Record<string, unknown>): void {
  const classes = [props.class, props.className].flatMap((value) => (typeof value === 'string' ? value.split(/\s+/).filter((c) => c !== '') : []));
  for (const name of classes) context.classes.add(name);
  if (classes.length > 0) properties.className = [...(properties.className ?? []), ...classes];
  if (typeof props.id === 'string' && props.id !== '') properties.id = props.id;
}

/** The value to keep (absolute when relative), or undefined when the scheme is unsafe (rewrite-url.ts `UrlUse`: what it is for). */
export function checkUrl(context: RenderContext, attribute: string, url: string, at: SourcePlace, use: UrlUse = {}): string | undefined {
  const verdict = rewriteUrl(url, { url: context.pageUrl, file: context.pagePath }, attribute === 'href', context.options.basePath, use);
  if (verdict.safe) return verdict.url;
  context.report(refusedUrlCode(verdict.scheme), at, { attribute, url, scheme: verdict.scheme });
  return undefined;
}

/** Not attributes: React's own, and Mintlify's `noAnchor` on a JSX heading (which has no anchor here anyway). */
const SKIPPED_PROPS = new Set(['children', 'key', 'ref', 'dangerouslySetInnerHTML', 'noAnchor']);

function htmlElement(
  context: RenderContext,
  tagName: string,
  props: Record<string, unknown>,
  at: SourcePlace,
  places: ReadonlyMap<string, SourcePlace> | undefined,
): ElementContent {
  const properties: Properties = {};
  const listeners: string[] = [];
  for (const [key, value] of Object.entries(props)) {
    if (typeof value === 'function' && isEventProp(key)) {
      // Inside a component, its outermost call reports; written on the page itself, the element runs it in the
      // browser when it needs nothing of the page (element-handlers.ts), else it says why not.
      if (context.droppedHandlers !== undefined) {
        context.droppedHandlers.add(key);
        continue;
      }
      const event = domEvent(key, tagName);
      const handler = handlerCodeOf(value);
      if (event !== undefined && handler !== undefined && 'code' in handler) {
        listeners.push(`${event}:${context.elementHandlers.push(handler.code) - 1}`);
        continue;
      }
      const why =
        event === undefined ? 'it listens in the capture phase' : handler !== undefined && 'blocker' in handler ? handler.blocker : undefined;
      reportNotInteractive(context, at, `This \`<${tagName}>\``, [key], why);
      continue;
    }
    if (SKIPPED_PROPS.has(key) || value === undefined || value === null || typeof value === 'function' || typeof value === 'symbol') continue;
    const name = key === 'class' ? 'className' : key === 'for' ? 'htmlFor' : key;
    if (name === 'className' && typeof value === 'string') for (const c of value.split(/\s+/)) if (c !== '') context.classes.add(c);
    if (name === 'style' && typeof value === 'object') {
      properties.style = styleText(value as Record<string, unknown>);
    } else if (HTML_URL_ATTRIBUTES.has(name) && typeof value === 'string') {
      const url = checkUrl(context, key, value, places?.get(key) ?? at, { image: isImageSource(tagName, name), literal: true });
      if (url !== undefined) properties[name] = url;
    } else if (Array.isArray(value)) {
      properties[name] = value.filter((v) => typeof v === 'string' || typeof v === 'number').join(' ');
    } else if (typeof value !== 'object') {
      properties[name] = typeof value === 'bigint' ? String(value) : (value as string | number | boolean);
    }
  }
  if (listeners.length > 0) properties.dataDocscOn = listeners.join(' ');
  const inner = props.dangerouslySetInnerHTML as { __html?: unknown } | undefined;
  const children: ElementContent[] =
    typeof inner?.__html === 'string' ? [{ type: 'raw', value: inner.__html } as unknown as ElementContent] : toNodes(props.children);
  return h(tagName, properties, children);
}

/** CSS properties React does not add `px` to (its own list; vendor prefixes are ignored when looking up). */
const UNITLESS = new Set([
  'animationIterationCount',
  'aspectRatio',
  'borderImageOutset',
  'borderImageSlice',
  'borderImageWidth',
  'boxFlex',
  'boxFlexGroup',
  'boxOrdinalGroup',
  'columnCount',
  'columns',
  'flex',
  'flexGrow',
  'flexPositive',
  'flexShrink',
  'flexNegative',
  'flexOrder',
  'gridArea',
  'gridRow',
  'gridRowEnd',
  'gridRowSpan',
  'gridRowStart',
  'gridColumn',
  'gridColumnEnd',
  'gridColumnSpan',
  'gridColumnStart',
  'fontWeight',
  'lineClamp',
  'lineHeight',
  'opacity',
  'order',
  'orphans',
  'scale',
  'tabSize',
  'widows',
  'zIndex',
  'zoom',
  'fillOpacity',
  'floodOpacity',
  'stopOpacity',
  'strokeDasharray',
  'strokeDashoffset',
  'strokeMiterlimit',
  'strokeOpacity',
  'strokeWidth',
]);

/** `{ marginTop: 4, color: 'red' }` → `margin-top: 4px; color: red`, as React writes it. */
function styleText(style: Record<string, unknown>): string {
  const declarations: string[] = [];
  for (const [key, value] of Object.entries(style)) {
    if (value === undefined || value === null || typeof value === 'boolean' || value === '') continue;
    const property = key.startsWith('--')
      ? key
      : key.replace(/^(Webkit|Moz|ms|O)(?=[A-Z])/, (prefix) => `-${prefix.toLowerCase()}`).replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
    const unprefixed = key.replace(/^(Webkit|Moz|ms|O)([A-Z])/, (_, _prefix: string, first: string) => first.toLowerCase());
    const unit = typeof value === 'number' && value !== 0 && !UNITLESS.has(unprefixed) && !key.startsWith('--') ? 'px' : '';
    declarations.push(`${property}: ${String(value)}${unit}`);
  }
  return declarations.join('; ');
}
