// Interactive components ("islands"): a component a page defines (`export
// const Counter = () => { const [n, setN] = useState(0); … }`) or a script
// snippet exports, that the build rendered at its first state and marked
// `[data-docsc-island]` (compiler/render/islands.ts), runs here with Preact in
// React's place (preact/compat: React's names and event semantics, such as
// `onChange` on every keystroke). The page carries the components' compiled
// modules and each island's props as JSON (`script.docsc-islands`); this
// bundle, `_docsc/islands.js`, is loaded only by pages that have one
// (components/islands.ts). A component that fails leaves its static HTML in
// place.

import { Fragment, h, render } from 'preact';
import * as React from 'preact/compat';
import { jsx, jsxDEV, jsxs } from 'preact/jsx-runtime';

interface IslandModule {
  kind: 'mdx' | 'script';
  code: string;
  /** An MDX file's imports: plain data, components of other modules here ([module index, export]), stand-ins. */
  data?: Record<string, unknown>;
  links?: Record<string, [number, string]>;
  /** A script snippet's required snippets, by specifier: the index of each one's module. */
  requires?: Record<string, number>;
  standIns?: string[];
}

interface IslandData {
  modules: IslandModule[];
  /** [element id, module index, export name, props] */
  islands: [string, number, string, Record<string, unknown>][];
  /** Names of docsc's built-in components, in scope in script snippets. */
  builtIns: string[];
}

const HOOKS = ['useState', 'useEffect', 'useRef', 'useCallback', 'useMemo', 'useContext', 'useReducer', 'useLayoutEffect', 'useId'] as const;
const reactGlobals: Record<string, unknown> = { React };
for (const name of HOOKS) reactGlobals[name] = (React as unknown as Record<string, unknown>)[name];

/** A built-in or imported component named in an island's code (the build made sure its first render used none): its children. */
function standIn(name: string) {
  return (props: { children?: unknown }) => h('div', { class: 'docsc-unknown-component', 'data-component': name }, props.children as never);
}

const builtInProxy = new Proxy({} as Record<string, unknown>, {
  get: (_, name) => (typeof name === 'string' && /^[A-Z]/.test(name) ? standIn(name) : undefined),
});

const jsxRuntime = { Fragment, jsx, jsxs, jsxDEV };

/** Runs the page's modules on demand, each once (a module an island's module imports runs first). */
function moduleRunner(data: IslandData): (index: number) => Record<string, unknown> | undefined {
  const done = new Map<number, Record<string, unknown> | undefined>();
  const run = (index: number): Record<string, unknown> | undefined => {
    if (done.has(index)) return done.get(index);
    done.set(index, undefined);
    const module = data.modules[index];
    if (module === undefined) return undefined;
    try {
      const imports: Record<string, unknown> = { ...module.data };
      for (const name of module.standIns ?? []) imports[name] = standIn(name);
      for (const [name, [linked, exported]] of Object.entries(module.links ?? {})) imports[name] = run(linked)?.[exported];
      done.set(index, runModule(module, imports, data.builtIns, run));
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
  run: (index: number) => Record<string, unknown> | undefined,
): Record<string, unknown> {
  if (module.kind === 'mdx') {
    // A function expression: the file's compiled body, which reads its runtime from `arguments[0]`.
    const body = new Function(`return ${module.code}`)() as (runtime: object) => Record<string, unknown>;
    return body({ ...jsxRuntime, docscImports: imports, docscGlobals: builtInProxy, docscReact: reactGlobals });
  }
  const exports: Record<string, unknown> = {};
  const shell = { exports };
  const required = (specifier: string): unknown => {
    if (specifier === 'react') return { ...React, default: React, __esModule: true };
    if (specifier === 'docsc/jsx-runtime' || specifier === 'docsc/jsx-dev-runtime' || specifier === 'react/jsx-runtime') return jsxRuntime;
    const index = module.requires?.[specifier];
    const exported = index === undefined ? undefined : run(index);
    // As an ES module, for esbuild's interop (as at build time: snippet-modules.ts).
    if (exported !== undefined) return { ...exported, __esModule: true };
    throw new Error(`${specifier} cannot be loaded in the browser`);
  };
  const names = [...builtIns, ...Object.keys(reactGlobals)];
  const body = new Function('module', 'exports', 'require', ...names, `{\n${module.code}\n}`);
  body(shell, exports, required, ...builtIns.map(standIn), ...Object.values(reactGlobals));
  return shell.exports;
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
    for (const [id, index, name, props] of data.islands) {
      const element = document.getElementById(id);
      if (element === null) continue;
      const component = run(index)?.[name];
      if (typeof component !== 'function') continue;
      try {
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
