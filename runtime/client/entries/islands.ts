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

interface IslandData {
  modules: { kind: 'mdx' | 'script'; code: string; data?: Record<string, unknown>; standIns?: string[] }[];
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

function runModule(module: IslandData['modules'][number], builtIns: readonly string[]): Record<string, unknown> {
  if (module.kind === 'mdx') {
    // A function expression: the file's compiled body, which reads its runtime from `arguments[0]`.
    const body = new Function(`return ${module.code}`)() as (runtime: object) => Record<string, unknown>;
    const imports: Record<string, unknown> = { ...module.data };
    for (const name of module.standIns ?? []) imports[name] = standIn(name);
    return body({ ...jsxRuntime, docscImports: imports, docscGlobals: builtInProxy, docscReact: reactGlobals });
  }
  const exports: Record<string, unknown> = {};
  const shell = { exports };
  const required = (specifier: string): unknown => {
    if (specifier === 'react') return { ...React, default: React, __esModule: true };
    if (specifier === 'docsc/jsx-runtime' || specifier === 'docsc/jsx-dev-runtime' || specifier === 'react/jsx-runtime') return jsxRuntime;
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
    const modules = new Map<number, Record<string, unknown> | undefined>();
    for (const [id, index, name, props] of data.islands) {
      const element = document.getElementById(id);
      const source = data.modules[index];
      if (element === null || source === undefined) continue;
      if (!modules.has(index)) {
        try {
          modules.set(index, runModule(source, data.builtIns));
        } catch (error) {
          console.error(`docsc: a component module failed to run`, error);
          modules.set(index, undefined);
        }
      }
      const component = modules.get(index)?.[name];
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
