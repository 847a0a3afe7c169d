// Rendering one parsed MDX file — the page, or a snippet inside it — in two
// steps. `instantiateFile` binds its imports (through the snippet loader)
// and, when its plan says so, runs its JavaScript (evaluate-module.ts): the
// values of its exports. `renderFile` then walks its tree with given props
// (render-tree.ts). A snippet is instantiated once per page and rendered at
// each use.

import type { ElementContent } from 'hast';
import type { Heading, Root } from 'mdast';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { CustomHeadingId } from '../pages/parse-page.js';
import { headingText } from '../pages/summarize-page.js';
import type { SourceFile } from '../source/source-file.js';
import { rememberExportedHandlers } from './element-handlers.js';
import { type CompiledModule, compileModule, type ModuleInstance, runModule } from './evaluate-module.js';
import { h, text } from './hast-nodes.js';
import { importsForBrowser, registerIslandExports } from './islands.js';
import { type FileMode, type FilePlan, type ImportBinding, MAX_NESTING, planFile } from './plan-file.js';
import type { RenderContext } from './render-context.js';
import { renderTree } from './render-tree.js';

/** What a file's content alone determines: cacheable for as long as the text is the same. */
export interface MdxArtifact {
  file: SourceFile;
  tree: Root | undefined;
  customIds: CustomHeadingId[];
  /** Diagnostics of parsing it (reported by whoever renders it). */
  diagnostics: Diagnostic[];
  mode: FileMode;
  plan?: FilePlan;
  compiled?: CompiledModule;
}

/** Resolves imports for a file (snippet-modules.ts). */
export interface ImportResolver {
  valueOf(binding: ImportBinding, fromFile: string): unknown;
  /** Whether the project has the file (project-relative), recorded as a dependency either way. */
  exists(path: string): boolean;
}

export interface FileInstance {
  artifact: MdxArtifact;
  bindings: Map<string, unknown>;
  module?: ModuleInstance;
  failure?: string;
}

export function planOf(artifact: MdxArtifact): FilePlan | undefined {
  if (artifact.tree === undefined) return undefined;
  artifact.plan ??= planFile(artifact.tree, artifact.file, artifact.mode);
  return artifact.plan;
}

export function instantiateFile(artifact: MdxArtifact, imports: ImportResolver, context: RenderContext): FileInstance {
  const instance: FileInstance = { artifact, bindings: new Map() };
  const plan = planOf(artifact);
  if (plan === undefined) return instance;
  const path = artifact.file.path;
  for (const statement of plan.unsupported)
    context.report('render/unsupported-export', { file: path, line: statement.line, column: statement.column }, { what: statement.what });
  for (const binding of plan.imports) instance.bindings.set(binding.local, imports.valueOf(binding, path));
  if (!plan.needsEvaluation) return instance;
  artifact.compiled ??= compileModule(plan, artifact.file);
  const compiled = artifact.compiled;
  const at = firstCodeAt(plan, artifact.file);
  if ('error' in compiled) {
    instance.failure = reasonOf(compiled.error);
    context.report('render/evaluation-error', at, { what: "the file's JavaScript", reason: instance.failure });
    for (const name of plan.exported) instance.bindings.set(name, undefined);
    return instance;
  }
  try {
    instance.module = runModule(compiled, Object.fromEntries(instance.bindings));
    rememberExportedHandlers(plan.exportStatements, instance.module.exports);
    // Its components may run in the browser (islands), with its imports as data or stand-ins.
    const imports = importsForBrowser(instance.bindings);
    if (imports !== undefined) registerIslandExports(instance.module.exports, { kind: 'mdx', code: compiled.code, ...imports });
    for (const [name, value] of Object.entries(instance.module.exports)) instance.bindings.set(name, value);
  } catch (error) {
    instance.failure = reasonOf(error);
    context.report('render/evaluation-error', at, { what: 'the `export` statements', reason: instance.failure });
  }
  // Exports of a module that failed are undefined, not unknown: `<Defined />` renders a placeholder without a second warning.
  if (instance.failure !== undefined) for (const name of plan.exported) instance.bindings.set(name, undefined);
  return instance;
}

/**
 * Renders the file's tree with `props`.
 * @param headingId the id of a heading (the page passes its summary's)
 */
export function renderFile(
  instance: FileInstance,
  props: Record<string, unknown>,
  context: RenderContext,
  headingId: (node: Heading) => string,
): ElementContent[] {
  const { artifact } = instance;
  const plan = planOf(artifact);
  if (artifact.tree === undefined || plan === undefined) return [];
  if (plan.depth > MAX_NESTING) {
    context.report('render/too-deep', { file: artifact.file.path, line: 1, column: 1 }, { depth: plan.depth, limit: MAX_NESTING });
    return [
      h('div', { className: ['docsc-render-error'], role: 'alert' }, [text(`This content nests ${plan.depth} levels deep and was not rendered.`)]),
    ];
  }
  let expressions: ReadonlyMap<object, () => unknown> = new Map();
  let failure = instance.failure;
  if (instance.module !== undefined && failure === undefined) {
    try {
      expressions = instance.module.expressions(props);
    } catch (error) {
      failure = reasonOf(error);
      context.report('render/evaluation-error', firstCodeAt(plan, artifact.file), { what: "the file's expressions", reason: failure });
    }
  }
  return renderTree(artifact.tree, context, {
    file: artifact.file,
    plan,
    bindings: instance.bindings,
    props,
    expressions,
    ...(failure === undefined ? {} : { failure }),
    headingId,
    customIds: artifact.customIds,
  });
}

/** Snippet headings: `{#custom-id}`, else a page-unique slug of the text. */
export function snippetHeadingId(artifact: MdxArtifact, context: RenderContext): (node: Heading) => string {
  const custom = new Map(artifact.customIds.map((c) => [c.line, c.id]));
  return (node) => custom.get(node.position?.start.line ?? -1) ?? context.uniqueId(headingText(node));
}

/** Where to report a failure of the file's code as a whole: its first `export`, else its first dynamic expression. */
function firstCodeAt(plan: FilePlan, file: SourceFile): { file: string; line: number; column: number } {
  const statement = plan.exportStatements[0];
  if (statement?.range !== undefined) return { file: file.path, ...file.position(statement.range[0]) };
  const first = [...plan.dynamic.keys()][0] as { position?: { start: { line: number; column: number } } } | undefined;
  return { file: file.path, line: first?.position?.start.line ?? 0, column: first?.position?.start.column ?? 0 };
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
