// Script snippets — `.js`, `.jsx`, `.ts`, `.tsx` files under the docs folder
// that export components or values (`export const Banner = ({title}) =>
// <div>…</div>`) — compiled by esbuild to CommonJS with the automatic JSX
// runtime pointed at jsx-runtime.ts, then run with a `require` that serves
// snippets (snippet-modules.ts), that runtime and a `react` stand-in. The
// built-in components (`<Note>`, `<Card>`, …) and React's hooks are in scope,
// as in MDX.
//
// esbuild (a dependency of docsc) is loaded on first use, so sites without
// script snippets never start it.

import { createRequire } from 'node:module';
import type * as Esbuild from 'esbuild';
import { BUILT_IN_GLOBALS, BUILT_INS } from './create-element.js';
import { REACT_GLOBALS, reactGlobal } from './jsx-runtime.js';

export type CompiledScript = { code: string } | { error: string; line: number; column: number };

let esbuild: typeof Esbuild | undefined;

export function isScriptPath(path: string): boolean {
  return /\.(jsx?|tsx?)$/.test(path);
}

/** Compiles once per file content; the code is plain text. */
export function compileScript(path: string, text: string): CompiledScript {
  try {
    esbuild ??= createRequire(import.meta.url)('esbuild') as typeof Esbuild;
  } catch (error) {
    return {
      error: `esbuild, which compiles script snippets, could not be loaded (${error instanceof Error ? error.message : String(error)})`,
      line: 0,
      column: 0,
    };
  }
  try {
    const loader = path.endsWith('.tsx') ? 'tsx' : path.endsWith('.ts') ? 'ts' : 'jsx';
    const result = esbuild.transformSync(text, {
      loader,
      format: 'cjs',
      jsx: 'automatic',
      jsxImportSource: 'docsc',
      sourcefile: path,
      target: 'es2022',
      logLevel: 'silent',
    });
    return { code: result.code };
  } catch (error) {
    const first = (error as Partial<Esbuild.TransformFailure>).errors?.[0];
    if (first === undefined) return { error: error instanceof Error ? error.message : String(error), line: 0, column: 0 };
    return { error: first.text, line: first.location?.line ?? 0, column: (first.location?.column ?? -1) + 1 };
  }
}

/** Runs compiled code; returns its exports, or throws what it throws. */
export function runScript(code: string, require: (specifier: string) => unknown): Record<string, unknown> {
  const module = { exports: {} as Record<string, unknown> };
  // In a block, so that the snippet's own `const Card` or `const useState` shadows the name put in scope.
  const body = new Function('module', 'exports', 'require', ...BUILT_IN_GLOBALS, ...REACT_GLOBALS, `{\n${code}\n}`);
  body(module, module.exports, require, ...BUILT_IN_GLOBALS.map((name) => BUILT_INS.get(name)), ...REACT_GLOBALS.map(reactGlobal));
  return module.exports;
}
