// Interactive components ("islands"). A component a page defines with
// `export const`, or a script snippet exports, renders at build time at its
// first state (create-element.ts). When that render left out event handlers
// (it is interactive) and the component can run in the reader's browser as
// it is, its HTML is wrapped in an element marked `data-docsc-island`, and the
// page carries the component's compiled module and its props as JSON
// (`script.docsc-islands`, made by `islandsScript`); the site's runtime
// (runtime/client/entries/islands.ts) runs it there with Preact in React's
// place. It can when:
// - its module's code is all it needs: a script snippet that requires only
//   `react`, script snippets that run there too (their modules go along) and
//   modules Mintlify leaves out (`@mintlify/components`: built-ins there too),
//   or an MDX file whose imports are plain data (passed along as
//   JSON), built-ins, components that run in the browser too (their modules
//   go along), or other components (stand-ins there, which it must not render);
// - its first render made plain HTML elements, and built-ins only of those
//   that place their children whole, with props that are plain data: each
//   such call's HTML goes along as a shell for the browser to make it again
//   (island-shells.ts) — no other built-in, imported stand-in, snippet or
//   unknown name, which exist only at build time;
// - its props are JSON (strings, numbers, booleans, null, arrays and plain
//   objects; no children, functions or elements), or written as expressions
//   that need nothing of the page (`onReady={(editor) => editor.focus()}`, an
//   array of buttons with handlers): their code goes along, and the browser
//   makes the values again (element-handlers.ts `valueCodeOf`).
// Otherwise it stays at its first state, and `render/not-interactive` says why.
// The module's code is the repository's, trusted like MDX; props, shells and
// code reach the page as JSON with `<` escaped, so no text ends the script
// early.

import { createRequire } from 'node:module';
import type * as Esbuild from 'esbuild';
import { BuiltInComponent } from './built-in-component.js';
import { valueCodeOf } from './element-handlers.js';
import { isContent } from './hast-nodes.js';
import type { Shell } from './island-shells.js';

const require = createRequire(import.meta.url);

/** A module whose exports can run in the browser. */
export interface IslandModule {
  /** `mdx`: @mdx-js/mdx's function body (evaluate-module.ts); `script`: esbuild's CommonJS (script-snippet.ts). */
  kind: 'mdx' | 'script';
  code: string;
  /** An MDX file's imports that are plain data, by local name. */
  data?: Record<string, unknown>;
  /** An MDX file's imports that are components of modules that run in the browser too, by local name. */
  links?: Record<string, { module: IslandModule; name: string }>;
  /** An MDX file's other imported components, by local name: stand-ins in the browser. */
  standIns?: string[];
  /** An MDX file's imported built-ins (`import { Card } from '@mintlify/components'`): local name to built-in name. */
  builtIns?: Record<string, string>;
  /** A script snippet's required snippets (which run in the browser too), by specifier. */
  requires?: Record<string, IslandModule>;
  /** What a script snippet requires that is left out, as on Mintlify: its names are built-ins, or nothing. */
  leftOut?: string[];
}

export interface Island {
  /** The wrapper element's id. */
  id: string;
  module: IslandModule;
  /** The export that is the component. */
  name: string;
  props: Record<string, unknown>;
  /** Props made again in the browser from their code (`BrowserProps.code`). */
  code?: Record<string, string>;
  /** The built-ins its first render made, for it to make again (island-shells.ts). */
  shells: readonly Shell[];
}

/** Where each function a runnable module exports came from. */
const origins = new WeakMap<object, { module: IslandModule; name: string }>();
/** Imported components that do not run in the browser (it has stand-ins for them): an island must not render them. */
const imported = new WeakSet<object>();

/**
 * What an MDX file's imports become in the browser: plain data as it is, components of modules that run there as
 * themselves (`links`), other components and failed imports as stand-ins (remembered, so that an island rendering
 * one is not made); undefined when an import is none of these, and the file's components cannot run there.
 */
export function importsForBrowser(
  bindings: ReadonlyMap<string, unknown>,
): Pick<IslandModule, 'data' | 'links' | 'standIns' | 'builtIns'> | undefined {
  const data: Record<string, unknown> = {};
  const links: Record<string, { module: IslandModule; name: string }> = {};
  const standIns: string[] = [];
  const builtIns: Record<string, string> = {};
  for (const [name, value] of bindings) {
    const origin = islandOrigin(value);
    if (origin !== undefined) links[name] = origin;
    else if (value instanceof BuiltInComponent) builtIns[name] = value.componentName;
    else if (typeof value === 'function') {
      imported.add(value);
      standIns.push(name);
    } else if (value === undefined)
      standIns.push(name); // a failed import, reported where it is written
    else if (isJson(value, 0)) data[name] = value;
    else return undefined;
  }
  const some = (record: object) => Object.keys(record).length > 0;
  return {
    ...(some(data) ? { data } : {}),
    ...(some(links) ? { links } : {}),
    ...(standIns.length > 0 ? { standIns } : {}),
    ...(some(builtIns) ? { builtIns } : {}),
  };
}

const snippetContents = new WeakSet<object>();

/** Records an MDX snippet's content, imported as a component: markup like the page's own (see `isSnippetContent`). */
export function registerSnippetContent(component: object): void {
  snippetContents.add(component);
}

/**
 * Whether a component is an MDX snippet's content. Written on the page, it renders as the page's own markup would:
 * its elements' handlers and its components each get their own chance to run in the browser, where the snippet as a
 * whole never could (it renders built-ins).
 */
export function isSnippetContent(component: unknown): boolean {
  return typeof component === 'function' && snippetContents.has(component);
}

/** Whether a component was bound by an import and does not run in the browser (an island cannot render it). */
export function isImported(component: unknown): boolean {
  return typeof component === 'function' && imported.has(component);
}

/** Records the functions `exports` holds as components of `module`, which can run in the browser. */
export function registerIslandExports(exports: Record<string, unknown>, module: IslandModule): void {
  for (const [name, value] of Object.entries(exports)) {
    if (typeof value === 'function' && name !== 'default') origins.set(value, { module, name });
  }
}

/** The module and export name of a component, when its module can run in the browser. */
export function islandOrigin(component: unknown): { module: IslandModule; name: string } | undefined {
  return typeof component === 'function' ? origins.get(component) : undefined;
}

/** The props as the browser gets them: plain data (text children as a string), and the code of the others. */
export interface BrowserProps {
  props: Record<string, unknown>;
  /** Props that are not plain data, as the code of the expressions written for them (element-handlers.ts `valueCodeOf`). */
  code?: Record<string, string>;
}

/** The props as the browser gets them, or why they cannot go there. */
export function browserProps(props: Record<string, unknown>): BrowserProps | { problem: string } {
  const shipped: Record<string, unknown> = {};
  const code: Record<string, string> = {};
  for (const [name, value] of Object.entries(props)) {
    if (value === undefined) continue;
    if (name === 'children') {
      const text = textOf(value);
      if (text === undefined) return { problem: 'it is given children other than text' };
      shipped.children = text;
    } else if (isJson(value, 0)) shipped[name] = value;
    else {
      const made = valueCodeOf(value);
      if (made === undefined) return { problem: `its prop \`${name}\` is not plain data` };
      if ('blocker' in made) return { problem: `its prop \`${name}\` is not plain data: ${made.blocker}` };
      code[name] = made.code;
    }
  }
  return Object.keys(code).length > 0 ? { props: shipped, code } : { props: shipped };
}

/** Children that are only text (a string, or the tree walk's text nodes) as one string. */
function textOf(children: unknown): string | undefined {
  if (typeof children === 'string') return children;
  const nodes = Array.isArray(children) ? children : [children];
  let text = '';
  for (const node of nodes) {
    if (typeof node === 'string') text += node;
    else if (typeof node === 'object' && node !== null && (node as { type?: unknown }).type === 'text')
      text += String((node as { value?: unknown }).value ?? '');
    else return undefined;
  }
  return text;
}

/** Whether a value is plain data: JSON's types, no function, class instance or element (a hast node, at build time). */
export function isJson(value: unknown, depth = 0): boolean {
  if (depth > 20 || isContent(value)) return false;
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every((item) => isJson(item, depth + 1));
  if (typeof value !== 'object') return false;
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return false;
  return Object.values(value).every((item) => item === undefined || isJson(item, depth + 1));
}

/**
 * The page's islands as one JSON script element: each module once, each island as
 * `[id, module index, export, props, code?]` (text children included; `code`: the props made from code), the built-in names script snippets see, and the
 * built-ins' shells by name, as `[key, HTML]` each once.
 */
export function islandsScript(islands: readonly Island[], builtIns: readonly string[]): string {
  const modules: IslandModule[] = [];
  // Each module once, with the modules it links to (an imported component that runs there too).
  const indexOf = (module: IslandModule): number => {
    const known = modules.indexOf(module);
    if (known !== -1) return known;
    const index = modules.push(module) - 1;
    for (const link of Object.values(module.links ?? {})) indexOf(link.module);
    for (const required of Object.values(module.requires ?? {})) indexOf(required);
    return index;
  };
  const rows = islands.map((island) => [island.id, indexOf(island.module), island.name, island.props, ...(island.code ? [island.code] : [])]);
  const script = modules.some((module) => module.kind === 'script');
  const shipped = modules.map(({ links, requires, ...module }) => ({
    ...module,
    code: browserCode(module),
    ...(links === undefined
      ? {}
      : { links: Object.fromEntries(Object.entries(links).map(([local, link]) => [local, [modules.indexOf(link.module), link.name]])) }),
    ...(requires === undefined
      ? {}
      : { requires: Object.fromEntries(Object.entries(requires).map(([specifier, required]) => [specifier, modules.indexOf(required)])) }),
  }));
  const shells: Record<string, [string, string][]> = {};
  for (const shell of islands.flatMap((island) => island.shells)) {
    const known = shells[shell.name] ?? [];
    if (!known.some(([key]) => key === shell.key)) known.push([shell.key, shell.html]);
    shells[shell.name] = known;
  }
  const withShells = Object.keys(shells).length > 0;
  const json = JSON.stringify({ modules: shipped, islands: rows, builtIns: script ? builtIns : [], ...(withShells ? { shells } : {}) })
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script type="application/json" class="docsc-islands">${json}</script>`;
}

const minified = new Map<string, string>();
const HOLDER = '__docscModule';

/**
 * A module's code as the page carries it, minified by esbuild (compiled MDX spells out every element's source place):
 * an MDX file's function body as a function expression (`function(){…}`), a script snippet's CommonJS as it is.
 */
function browserCode(module: IslandModule): string {
  // Assigned, or the minifier drops the unused function.
  const source = module.kind === 'mdx' ? `${HOLDER}=function(){${module.code}\n}` : module.code;
  let code = minified.get(source);
  if (code === undefined) {
    const output = (require('esbuild') as typeof Esbuild).transformSync(source, { loader: 'js', minify: true, target: 'es2020', logLevel: 'silent' });
    code = module.kind === 'mdx' ? output.code.slice(HOLDER.length + 1).replace(/;?\n$/, '') : output.code;
    if (minified.size >= 256) minified.clear();
    minified.set(source, code);
  }
  return code;
}
