// Compiling one page for the build: parse once (parse-page.ts), summarize
// that tree (exactly what summarizePage gives), and render the body from the
// same tree to HTML (render-file.ts → render-tree.ts → hast-util-to-html),
// with the plain text for search and the snippets the body read. Pure and
// worker-safe: the only inputs are the page text and the snippet table, and
// one bad page never throws — what fails becomes a diagnostic, and the body
// shows an error block where it failed.
//
// Diagnostics: the summary's (parsing, frontmatter, `page/undefined-name`)
// when `want.summary`, the body's (`render/*`) when `want.body`, so that a
// build asking for each separately never gets one twice.

import type { Element, Root as HastRoot } from 'hast';
import { toHtml } from 'hast-util-to-html';
import type { Heading } from 'mdast';
import { type Diagnostic, DiagnosticBag, dedupeDiagnostics, makeDiagnostic } from '../diagnostics/diagnostic.js';
import { pagePathOfFile, pageUrl } from '../ir/page-urls.js';
import { type ParsedPage, parsePage } from '../pages/parse-page.js';
import { headingText, type PageSummary, pageOutOfMemory, summarizePage, summarizeParsed } from '../pages/summarize-page.js';
import { SourceFile } from '../source/source-file.js';
import { hasClass } from './components/tab-list.js';
import { BUILT_IN_GLOBALS } from './create-element.js';
import { handlersScript } from './element-handlers.js';
import { type FeedEntry, feedEntries } from './feed-entries.js';
import { finishBody } from './finish-body.js';
import { h, text } from './hast-nodes.js';
import { islandsScript } from './islands.js';
import { withRenderContext } from './jsx-runtime.js';
import { RenderContext } from './render-context.js';
import { instantiateFile, renderFile } from './render-file.js';
import { DEFAULT_RENDER_OPTIONS, type RenderOptions } from './render-options.js';
import { SnippetLoader, type SnippetTable } from './snippet-modules.js';

export type { SnippetTable };

export interface CompilePageInput {
  /** Project-relative path of the page (`guides/setup.mdx`). */
  path: string;
  text: string;
  want: { summary: boolean; body: boolean };
  /** Other pages share blocks with this one: the parser's memo keeps its blocks (parse-page.ts `ParseOptions`). */
  sharedBlocks?: boolean | undefined;
}

export interface RenderedBody {
  /** The page body only (no `<html>`, no layout); the same input gives the same bytes. */
  html: string;
  /** Plain text of the body for the search index: whitespace collapsed, at most about 4,000 characters. */
  text: string;
  /** Project-relative paths of the snippet files the body read or looked for (transitively), sorted. */
  dependencies: string[];
  /** The page's `<Panel>`s, taken out of `html`: the layout shows them in the side column. */
  panel?: string;
  /** With `rss: true` frontmatter: its Updates, for the page's feed (feed-entries.ts). */
  feed?: FeedEntry[];
  /** The classes the page's own markup writes, sorted (for the site's utility stylesheet, site/utility-css.ts). */
  classes?: string[];
  /** The body has a Mermaid diagram. */
  diagrams?: true;
}

export interface CompiledPage {
  summary?: PageSummary;
  body?: RenderedBody;
  diagnostics: Diagnostic[];
}

/** `options`: the docs.json settings bodies depend on (render-options.ts); the caller keys cached bodies by them. */
export function compilePage(input: CompilePageInput, snippets: SnippetTable, options: RenderOptions = DEFAULT_RENDER_OPTIONS): CompiledPage {
  const file = new SourceFile(input.path, input.text);
  const bag = new DiagnosticBag();
  let parsed: ParsedPage;
  let summary: PageSummary;
  try {
    parsed = parsePage(file, bag, { sharedBlocks: input.sharedBlocks });
    summary = summarizeParsed(parsed, bag);
  } catch {
    // summarizePage meets the same failure and says so in its own words; the body cannot be made.
    const failed = summarizePage(input.path, input.text);
    return {
      ...(input.want.summary ? { summary: failed.summary } : {}),
      ...(input.want.body ? { body: { html: errorHtml('This page could not be read.'), text: '', dependencies: [] } } : {}),
      diagnostics: input.want.summary ? failed.diagnostics : [],
    };
  }
  const result: CompiledPage = { diagnostics: input.want.summary ? bag.items : [] };
  if (input.want.summary) result.summary = summary;
  if (input.want.body) {
    const rendered = renderBody(parsed, summary, snippets, options);
    result.body = rendered.body;
    // What both the summary and the renderer report (an unsafe URL where it is written) is said once.
    result.diagnostics = dedupeDiagnostics([...result.diagnostics, ...rendered.diagnostics]);
  }
  return result;
}

function renderBody(
  parsed: ParsedPage,
  summary: PageSummary,
  snippets: SnippetTable,
  options: RenderOptions,
): { body: RenderedBody; diagnostics: Diagnostic[] } {
  const { file, tree } = parsed;
  if (tree === undefined)
    return { body: { html: errorHtml('This page is not valid MDX; see the build diagnostics.'), text: '', dependencies: [] }, diagnostics: [] };
  const bag = new DiagnosticBag();
  const url = pageUrl(pagePathOfFile(file.path) ?? file.path);
  // Reserved: what the page names itself. Components' own anchors (fields, Update labels) are made as the page renders, as the summary made them.
  const reserved = [...summary.headings.filter((h) => h.component === undefined).map((h) => h.id), ...summary.elementIds];
  const context = new RenderContext(file.path, url, bag, reserved, options);
  // The page's imports it never uses: a missing snippet there is left out with a warning (check-snippet-imports.ts).
  const unusedImports = new Set(summary.imports.filter((i) => i.kind === 'import' && i.unused).map((i) => `${i.line}:${i.column}`));
  const loader = new SnippetLoader(context, snippets, unusedImports);
  context.imports = loader;
  try {
    const children = withRenderContext(context, () => {
      const instance = instantiateFile({ file, tree, customIds: parsed.customIds, diagnostics: [], mode: 'page' }, loader, context);
      return renderFile(instance, {}, context, summaryHeadingIds(summary, context));
    });
    const root: HastRoot = { type: 'root', children };
    const text = finishBody(root);
    const panels = takePanels(root);
    let html = toHtml(root, { allowDangerousHtml: true });
    // Interactive components' code and props, after the markup they run on (runtime/client/entries/islands.ts).
    if (context.islands.length > 0) html += islandsScript(context.islands, BUILT_IN_GLOBALS);
    // The page's own elements' handlers (runtime/client/components/element-handlers.ts).
    if (context.elementHandlers.length > 0) html += handlersScript(context.elementHandlers);
    const body: RenderedBody = { html, text, dependencies: [...loader.dependencies].sort() };
    if (summary.frontmatter.rss === true) body.feed = feedEntries(root);
    if (panels.length > 0) body.panel = toHtml({ type: 'root', children: panels }, { allowDangerousHtml: true });
    if (context.classes.size > 0) body.classes = [...context.classes].sort();
    if (context.diagrams) body.diagrams = true;
    return { body, diagnostics: bag.items };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const diagnostics = [...bag.items, makeDiagnostic('page/internal-error', { file: file.path }, { reason })];
    return {
      body: { html: errorHtml(`This page could not be rendered: ${reason}`), text: '', dependencies: [...loader.dependencies].sort() },
      diagnostics,
    };
  }
}

/** Page headings take the summary's ids (by position), so links `docsc check` verified land. */
function summaryHeadingIds(summary: PageSummary, context: RenderContext): (node: Heading) => string {
  const ids = new Map(summary.headings.map((heading) => [`${heading.line}:${heading.column}`, heading.id]));
  return (node) => ids.get(`${node.position?.start.line}:${node.position?.start.column}`) ?? context.uniqueId(headingText(node));
}

/** Removes every `<Panel>` (`.docsc-panel`) from the tree, wherever it was written (not looking inside one), and returns them. */
function takePanels(root: HastRoot): Element[] {
  const taken: Element[] = [];
  // Iterative, so no nesting depth can overflow the stack. Panels of one parent keep their order (a page's are usually all top-level).
  const stack: (HastRoot | Element)[] = [root];
  for (let parent = stack.pop(); parent !== undefined; parent = stack.pop()) {
    const inner: Element[] = [];
    for (let i = parent.children.length - 1; i >= 0; i--) {
      const child = parent.children[i];
      if (child?.type !== 'element') continue;
      if (hasClass(child, 'docsc-panel')) {
        parent.children.splice(i, 1);
        inner.push(child);
      } else stack.push(child);
    }
    taken.push(...inner.reverse());
  }
  return taken;
}

/**
 * What a page gives when compiling it ran out of memory in a worker (the
 * worker is gone; this runs in the build's thread): the summary of its
 * frontmatter, an error block for its body, and the reason
 * (`page/out-of-memory`, summarize-page.ts), whichever was asked for.
 */
export function uncompiledPage(input: CompilePageInput): CompiledPage {
  const failed = pageOutOfMemory(input.path, input.text);
  return {
    ...(input.want.summary ? { summary: failed.summary } : {}),
    ...(input.want.body ? { body: { html: errorHtml('This page is too large to compile.'), text: '', dependencies: [] } } : {}),
    diagnostics: input.want.summary ? failed.diagnostics : failed.diagnostics.filter((d) => d.code === 'page/out-of-memory'),
  };
}

function errorHtml(message: string): string {
  return toHtml(h('div', { className: ['docsc-render-error'], role: 'alert' }, [text(message)]));
}
