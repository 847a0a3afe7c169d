// Interactive components ("islands"): a component a page defines (`export
// const Counter = () => { const [n, setN] = useState(0); … }`) or a script
// snippet exports, that the build rendered at its first state and marked
// `[data-docsc-island]` (compiler/render/islands.ts), runs here with Preact in
// React's place (preact/compat: React's names and event semantics, such as
// `onChange` on every keystroke). The page carries the components' compiled
// modules and each island's props as JSON (`script.docsc-islands`); this
// bundle, `_docsc/islands.js`, is loaded only by pages that have one
// (components/islands.ts). Built-ins the build rendered inside them (a card,
// a callout) are made again from the HTML the build gave for each call, its
// shell, with the live children in its slot (compiler/render/island-shells.ts).
// A component that fails leaves its static HTML in place.

import { Fragment, h, render } from 'preact';
import * as React from 'preact/compat';
import { jsx, jsxDEV, jsxs } from 'preact/jsx-runtime';
import { HTML_URL_ATTRIBUTES, isImageSource, scriptScheme } from '../../../compiler/ir/url-scheme.js';
import { SHELL_SLOT, shellKey } from '../../../compiler/render/shell-key.js';

interface IslandModule {
  kind: 'mdx' | 'script';
  code: string;
  /** An MDX file's imports: plain data, components of other modules here ([module index, export]), stand-ins. */
  data?: Record<string, unknown>;
  links?: Record<string, [number, string]>;
  /** A script snippet's required snippets, by specifier: the index of each one's module. */
  requires?: Record<string, number>;
  standIns?: string[];
  /** An MDX file's imported built-ins: local name to built-in name. */
  builtIns?: Record<string, string>;
  /** What a script snippet requires that the build left out: its names are built-ins. */
  leftOut?: string[];
}

interface IslandData {
  modules: IslandModule[];
  /** [element id, module index, export name, props, the code of the props that are not plain data] */
  islands: [string, number, string, Record<string, unknown>, Record<string, string>?][];
  /** Names of docsc's built-in components, in scope in script snippets. */
  builtIns: string[];
  /** The shells of the built-ins the islands made, by name: [key, HTML with the slot a comment]. */
  shells?: Record<string, [string, string][]>;
}

const HOOKS = ['useState', 'useEffect', 'useRef', 'useCallback', 'useMemo', 'useContext', 'useReducer', 'useLayoutEffect', 'useId'] as const;
const reactGlobals: Record<string, unknown> = { React };
for (const name of HOOKS) reactGlobals[name] = (React as unknown as Record<string, unknown>)[name];

type Props = Record<string, unknown> & { children?: unknown };

/** An imported component named in an island's code (the build made sure its first render used none): its children. */
function standIn(name: string) {
  return (props: Props) => h('div', { class: 'docsc-unknown-component', 'data-component': name }, props.children as never);
}

/**
 * The built-ins as an island's code sees them, each made from its shells; one function per name, so that a render
 * keeps the components under it (a new function would be a new component, and Preact would make them anew).
 */
function builtInTable(shells: Record<string, [string, string][]>): (name: string) => unknown {
  const made = new Map<string, unknown>();
  return (name) => {
    let component = made.get(name);
    if (component === undefined) {
      const own = shells[name];
      component = own === undefined ? standIn(name) : fromShells(own);
      made.set(name, component);
    }
    return component;
  };
}

/**
 * A built-in made again: the shell of a call with the same props (the build rendered that call), else one with the
 * same props by name, its text and attributes that were the old string values given the new ones.
 */
function fromShells(shells: [string, string][]) {
  const parsed = new Map<string, DocumentFragment>();
  const fragment = (html: string): DocumentFragment => {
    let content = parsed.get(html);
    if (content === undefined) {
      const template = document.createElement('template');
      template.innerHTML = html;
      content = template.content;
      parsed.set(html, content);
    }
    return content;
  };
  return (props: Props) => {
    const key = shellKey(props, hasChildren(props.children));
    const exact = shells.find(([shell]) => shell === key);
    if (exact !== undefined) return toVNodes(fragment(exact[1]).childNodes, props.children);
    const [shell, html] = closest(shells, props);
    return toVNodes(fragment(html).childNodes, props.children, swapsOf(shell, props));
  };
}

/** Whether children render anything, as the build counts them (rendered nodes). */
function hasChildren(children: unknown): boolean {
  if (children === null || children === undefined || typeof children === 'boolean' || children === '') return false;
  return Array.isArray(children) ? children.some(hasChildren) : true;
}

function propsOf(key: string): Record<string, unknown> {
  return JSON.parse(key.endsWith('+') ? key.slice(0, -1) : key) as Record<string, unknown>;
}

/** The shell whose props have the same names as `props`, else the first. */
function closest(shells: [string, string][], props: Props): [string, string] {
  const names = Object.keys(props)
    .filter((name) => name !== 'children' && props[name] !== undefined)
    .sort()
    .join(' ');
  return shells.find(([key]) => Object.keys(propsOf(key)).sort().join(' ') === names) ?? (shells[0] as [string, string]);
}

/** The string props whose values differ from the shell's: old value to new. */
function swapsOf(key: string, props: Props): Map<string, string> {
  const swaps = new Map<string, string>();
  for (const [name, old] of Object.entries(propsOf(key))) {
    const value = props[name];
    if (typeof old === 'string' && old !== '' && (typeof value === 'string' || typeof value === 'number') && String(value) !== old)
      swaps.set(old, String(value));
  }
  return swaps;
}

/** A shell's nodes as Preact's: its slot the children, boolean attributes (`open`, `hidden`) as `true`. */
function toVNodes(nodes: NodeListOf<ChildNode>, children: unknown, swaps?: Map<string, string>): unknown[] {
  const made: unknown[] = [];
  for (const node of nodes) {
    if (node instanceof Text) made.push(swaps?.get(node.data) ?? node.data);
    else if (node instanceof Comment) {
      if (node.data === SHELL_SLOT) made.push(children);
    } else if (node instanceof Element) {
      const attributes: Record<string, unknown> = {};
      for (const { name, value } of node.attributes) {
        // A new value for a URL keeps the build's rule, no scheme that runs script (a prop may come from fetched data).
        const fresh = swaps?.get(value);
        const refused =
          fresh !== undefined && HTML_URL_ATTRIBUTES.has(name) && scriptScheme(fresh, isImageSource(node.localName, name)) !== undefined;
        const swapped = fresh !== undefined && !refused ? fresh : value;
        attributes[name] = swapped === '' && typeof (node as unknown as Record<string, unknown>)[name] === 'boolean' ? true : swapped;
      }
      made.push(h(node.localName, attributes, ...(toVNodes(node.childNodes, children, swaps) as never[])));
    }
  }
  return made;
}

const jsxRuntime = { Fragment, jsx, jsxs, jsxDEV };

/** Runs the page's modules on demand, each once (a module an island's module imports runs first). */
function moduleRunner(data: IslandData): (index: number) => Record<string, unknown> | undefined {
  const done = new Map<number, Record<string, unknown> | undefined>();
  const builtIn = builtInTable(data.shells ?? {});
  const run = (index: number): Record<string, unknown> | undefined => {
    if (done.has(index)) return done.get(index);
    done.set(index, undefined);
    const module = data.modules[index];
    if (module === undefined) return undefined;
    try {
      const imports: Record<string, unknown> = { ...module.data };
      for (const name of module.standIns ?? []) imports[name] = standIn(name);
      for (const [name, builtInName] of Object.entries(module.builtIns ?? {})) imports[name] = builtIn(builtInName);
      for (const [name, [linked, exported]] of Object.entries(module.links ?? {})) imports[name] = run(linked)?.[exported];
      done.set(index, runModule(module, imports, data.builtIns, builtIn, run));
    } catch (error) {
      console.error('docsc: a component module failed to run', error);
    }
    return done.get(index);
  };
  return run;
}

function runModule(
  module: IslandModule,
  imports: Record<string, unknown>,
  builtIns: readonly string[],
  builtIn: (name: string) => unknown,
  run: (index: number) => Record<string, unknown> | undefined,
): Record<string, unknown> {
  // Built-ins by name, as an MDX file's free names and a left-out module's exports (`@mintlify/components`).
  const builtInNames = new Proxy({} as Record<string, unknown>, {
    get: (_, name) => (name === '__esModule' ? true : typeof name === 'string' && /^[A-Z]/.test(name) ? builtIn(name) : undefined),
  });
  if (module.kind === 'mdx') {
    // A function expression: the file's compiled body, which reads its runtime from `arguments[0]`.
    const body = new Function(`return ${module.code}`)() as (runtime: object) => Record<string, unknown>;
    return body({ ...jsxRuntime, docscImports: imports, docscGlobals: builtInNames, docscReact: reactGlobals });
  }
  const exports: Record<string, unknown> = {};
  const holder = { exports };
  const required = (specifier: string): unknown => {
    if (specifier === 'react') return { ...React, default: React, __esModule: true };
    if (specifier === 'docsc/jsx-runtime' || specifier === 'docsc/jsx-dev-runtime' || specifier === 'react/jsx-runtime') return jsxRuntime;
    if (module.leftOut?.includes(specifier)) return builtInNames;
    const index = module.requires?.[specifier];
    const exported = index === undefined ? undefined : run(index);
    // As an ES module, for esbuild's interop (as at build time: snippet-modules.ts).
    if (exported !== undefined) return { ...exported, __esModule: true };
    throw new Error(`${specifier} cannot be loaded in the browser`);
  };
  const names = [...builtIns, ...Object.keys(reactGlobals)];
  const body = new Function('module', 'exports', 'require', ...names, `{\n${module.code}\n}`);
  body(holder, exports, required, ...builtIns.map(builtIn), ...Object.values(reactGlobals));
  return holder.exports;
}

export function mountIslands(root: ParentNode): void {
  for (const script of root.querySelectorAll<HTMLScriptElement>('script.docsc-islands')) {
    let data: IslandData;
    try {
      data = JSON.parse(script.textContent ?? '') as IslandData;
    } catch {
      continue;
    }
    const run = moduleRunner(data);
    for (const [id, index, name, plain, code] of data.islands) {
      const element = document.getElementById(id);
      if (element === null) continue;
      const component = run(index)?.[name];
      if (typeof component !== 'function') continue;
      try {
        // Props written as code (a handler, an array of buttons with handlers) are made again here.
        const props = { ...plain };
        for (const [prop, source] of Object.entries(code ?? {})) props[prop] = new Function(`return (${source});`)();
        const fresh = document.createElement(element.tagName);
        fresh.id = element.id;
        fresh.className = element.className;
        fresh.dataset.docscIsland = 'live';
        render(h(component as never, props), fresh);
        element.replaceWith(fresh);
      } catch (error) {
        console.error(`docsc: the component <${name}> failed in the browser; its first state stays`, error);
      }
    }
  }
}
