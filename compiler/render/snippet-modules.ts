// Snippets, as one page's render sees them. `SnippetLoader` resolves each
// `import` (resolve-import.ts), reads the file from the page's SnippetTable,
// and makes it a module once per page: an MDX snippet's default export is a
// component rendering the snippet inline with its props, beside whatever it
// exports; a script snippet's exports are what its code exports
// (script-snippet.ts). Snippets may import snippets; a cycle is reported at
// the import that closes it, which then renders nothing. Every path looked
// up is a dependency of the page body, found or not (a missing snippet that
// appears later must rebuild the page).
//
// What a snippet's text alone determines — its tree, plan and compiled code
// — is kept per thread across pages (keyed by path, valid while the text is
// the same), so a snippet used by 10,000 pages is parsed once per worker.

import { type Diagnostic, DiagnosticBag } from '../diagnostics/diagnostic.js';
import { parsePage } from '../pages/parse-page.js';
import { SourceFile } from '../source/source-file.js';
import { BUILT_INS } from './create-element.js';
import { fragment } from './hast-nodes.js';
import { type IslandModule, registerIslandExports, registerSnippetContent } from './islands.js';
import { JSX_RUNTIME, REACT_STAND_IN } from './jsx-runtime.js';
import type { ImportBinding } from './plan-file.js';
import type { RenderContext, SourcePlace } from './render-context.js';
import { type ImportResolver, instantiateFile, type MdxArtifact, renderFile, snippetHeadingId } from './render-file.js';
import { resolveImport } from './resolve-import.js';
import { type CompiledScript, compileScript, isScriptPath, runScript } from './script-snippet.js';

export interface SnippetTable {
  /** Project-relative path (`snippets/intro.mdx`, `snippets/cards.jsx`) → the file's text, or undefined when there is none. */
  get(path: string): string | undefined;
  /** The symbolic link leading outside the docs root that `path` goes through, when `get` found no file there. */
  linkOutside?(path: string): string | undefined;
}

type Exports = Record<string, unknown>;

/** A module being loaded: importing it now closes a cycle. */
const LOADING = Symbol('loading');
/** A module whose code failed (reported once): its bindings are undefined, silently. */
const FAILED = Symbol('failed');

export class SnippetLoader implements ImportResolver {
  readonly dependencies = new Set<string>();
  private readonly modules = new Map<string, Exports | typeof LOADING | typeof FAILED>();
  private readonly paths = new WeakMap<Exports, string>();
  /** Script snippets' exports whose code runs in the browser too, with their module there. */
  private readonly browserModules = new WeakMap<Exports, IslandModule>();
  private readonly chain: string[] = [];

  constructor(
    private readonly context: RenderContext,
    private readonly table: SnippetTable,
    /** Where the page's own imports that it never uses are (`line:column` of the specifier). */
    private readonly unusedImports: ReadonlySet<string> = new Set(),
  ) {}

  exists(path: string): boolean {
    this.dependencies.add(path);
    return this.table.get(path) !== undefined;
  }

  valueOf(binding: ImportBinding, fromFile: string): unknown {
    const at: SourcePlace = { file: fromFile, line: binding.line, column: binding.column, length: binding.length };
    const exports = this.import(binding.specifier, fromFile, at);
    if (exports === LOADING) return () => null;
    // Left out, as Mintlify leaves out an import it cannot resolve: the name is free, a built-in if there is one
    // (`import { Card } from '@mintlify/components'`).
    if (exports === undefined) return BUILT_INS.get(binding.local);
    if (exports === FAILED) return undefined;
    if (binding.imported === '*') return exports;
    if (!(binding.imported in exports)) {
      this.context.report('render/missing-export', at, { name: binding.imported, path: this.paths.get(exports) ?? binding.specifier });
      return undefined;
    }
    return exports[binding.imported];
  }

  /** The module a specifier names; undefined (reported) when there is none, LOADING when it closes a cycle. */
  private import(specifier: string, fromFile: string, at: SourcePlace): Exports | typeof LOADING | typeof FAILED | undefined {
    if (specifier === 'react') return REACT_STAND_IN;
    const target = resolveImport(specifier, fromFile);
    if (target.kind === 'outside-root') {
      this.context.report('render/snippet-outside-root', at, { specifier });
      return undefined;
    }
    if (target.kind === 'not-a-file') {
      this.context.report('render/unsupported-import', at, { specifier });
      return undefined;
    }
    for (const path of target.candidates) {
      this.dependencies.add(path);
      const text = this.table.get(path);
      if (text !== undefined) return this.load(path, text, at);
    }
    for (const path of target.candidates) {
      const link = this.table.linkOutside?.(path);
      if (link === undefined) continue;
      this.context.report('render/snippet-link-outside-root', at, { specifier, path, link });
      return undefined;
    }
    const unused = fromFile === this.context.pagePath && this.unusedImports.has(`${at.line}:${at.column}`);
    this.context.report(unused ? 'render/unused-snippet-missing' : 'render/snippet-missing', at, {
      specifier,
      path: target.candidates[0] ?? specifier,
    });
    return undefined;
  }

  private load(path: string, text: string, at: SourcePlace): Exports | typeof LOADING | typeof FAILED {
    const known = this.modules.get(path);
    if (known === LOADING) {
      const cycle = [...this.chain.slice(this.chain.indexOf(path)), path].join(' → ');
      this.context.report('render/snippet-cycle', at, { cycle });
      return LOADING;
    }
    if (known !== undefined) return known;
    this.modules.set(path, LOADING);
    this.chain.push(path);
    try {
      const exports = isScriptPath(path) ? this.loadScript(path, text) : this.loadMdx(path, text);
      if (exports !== FAILED) this.paths.set(exports, path);
      this.modules.set(path, exports);
      return exports;
    } finally {
      this.chain.pop();
    }
  }

  private loadMdx(path: string, text: string): Exports {
    const artifact = mdxArtifact(path, text);
    this.context.addDiagnostics(artifact.diagnostics);
    const instance = this.context.inFile(path, () => instantiateFile(artifact, this, this.context));
    const headingId = snippetHeadingId(artifact, this.context);
    const context = this.context;
    const component = (props: Record<string, unknown> | null | undefined) =>
      fragment(context.inFile(path, () => renderFile(instance, props ?? {}, context, headingId)));
    Object.defineProperty(component, 'name', { value: path });
    registerSnippetContent(component);
    const exports: Exports = { default: component };
    for (const [name, value] of instance.bindings) if (instance.module && name in instance.module.exports) exports[name] = value;
    return exports;
  }

  private loadScript(path: string, text: string): Exports | typeof FAILED {
    const compiled = scriptArtifact(path, text);
    if ('error' in compiled) {
      this.context.report(
        'render/evaluation-error',
        { file: path, line: compiled.line, column: compiled.column },
        { what: 'the script snippet', reason: compiled.error },
      );
      return FAILED;
    }
    try {
      let runnable = true;
      const requires: Record<string, IslandModule> = {};
      const leftOut = new Set<string>();
      const exports = runScript(compiled.code, (specifier) => {
        if (JSX_SPECIFIERS.has(specifier)) return JSX_RUNTIME;
        const imported = this.import(specifier, path, specifierPlace(path, text, specifier));
        if (imported === undefined) {
          leftOut.add(specifier);
          return LEFT_OUT_MODULE;
        }
        if (specifier !== 'react') {
          const module = typeof imported === 'object' ? this.browserModules.get(imported) : undefined;
          if (module === undefined) runnable = false;
          else requires[specifier] = module;
        }
        // As an ES module, for esbuild's interop.
        return typeof imported === 'object' ? { ...imported, __esModule: true } : { __esModule: true };
      });
      const result = { ...exports };
      // A snippet that requires nothing but React, the JSX runtime, snippets that run there too and modules left out
      // (built-ins there too) can run in the browser as it is.
      if (runnable) {
        const module: IslandModule = {
          kind: 'script',
          code: compiled.code,
          ...(Object.keys(requires).length > 0 ? { requires } : {}),
          ...(leftOut.size > 0 ? { leftOut: [...leftOut] } : {}),
        };
        registerIslandExports(exports, module);
        this.browserModules.set(result, module);
      }
      return result;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.context.report('render/evaluation-error', { file: path, line: 0, column: 0 }, { what: 'the script snippet', reason });
      return FAILED;
    }
  }
}

/** Where a script snippet writes a specifier (its first quoted occurrence), else the whole file. */
function specifierPlace(path: string, text: string, specifier: string): SourcePlace {
  const quoted = [`'${specifier}'`, `"${specifier}"`].map((q) => text.indexOf(q)).filter((at) => at !== -1);
  if (quoted.length === 0) return { file: path, line: 0, column: 0 };
  const at = Math.min(...quoted);
  return { file: path, ...new SourceFile(path, text).position(at), length: specifier.length + 2 };
}

/**
 * What a script snippet's import that is left out gives: its names are free, as they are on Mintlify once the import
 * is removed — a built-in component (`import { Card, Columns } from '@mintlify/components'`), else nothing.
 */
const LEFT_OUT_MODULE: Record<string, unknown> = new Proxy(
  {},
  { get: (_, name) => (name === '__esModule' ? true : typeof name === 'string' ? BUILT_INS.get(name) : undefined) },
);

/** The JSX runtime's names, as a script snippet requires them. */
const JSX_SPECIFIERS = new Set(['docsc/jsx-runtime', 'docsc/jsx-dev-runtime', 'react/jsx-runtime']);

// ---------------------------------------------------------------------------
// Per-thread cache of what a snippet's text determines

const MAX_CACHED = 4096;
const cache = new Map<string, { text: string; artifact: MdxArtifact | CompiledScript }>();

function cached<T extends MdxArtifact | CompiledScript>(path: string, text: string, make: () => T): T {
  const hit = cache.get(path);
  if (hit !== undefined && hit.text === text) return hit.artifact as T;
  if (cache.size >= MAX_CACHED) cache.clear();
  const artifact = make();
  cache.set(path, { text, artifact });
  return artifact;
}

function mdxArtifact(path: string, text: string): MdxArtifact {
  return cached(path, text, () => {
    const bag = new DiagnosticBag();
    const parsed = parsePage(new SourceFile(path, text), bag);
    const diagnostics: Diagnostic[] = bag.items;
    return { file: parsed.file, tree: parsed.tree, customIds: parsed.customIds, diagnostics, mode: 'snippet' };
  });
}

function scriptArtifact(path: string, text: string): CompiledScript {
  return cached(path, text, () => compileScript(path, text));
}
