// The worker side of the build's page compiler: piscina loads this file in
// each worker thread and calls its default export with one batch of tasks
// (as does an isolated process, host/isolated-process.ts, with one task).
// Snippets are read from the docs root (given as workerData) through a
// ProjectHost, so no read leaves the root, and every snippet read is
// returned with the hash of its bytes: a cached body records what it used.
// The code blocks a page highlighted are returned too, for the build to keep
// in its cache (`highlighted`); in the build's own thread, blocks are looked
// up there first, so that compiling an edited page starts no highlighter for
// the blocks it already had.

import { contentHash } from '../cache/value-key.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { DiagnosticBag } from '../diagnostics/diagnostic.js';
import { contentKey } from '../host/derived-memo.js';
import { ProjectHost, sourceFromBytes } from '../host/project-host.js';
import { poolWorkerData } from '../host/worker-data.js';
import type { PageSummary } from '../pages/summarize-page.js';
import { type CompiledPage, compilePage, type SnippetTable, uncompiledPage } from '../render/compile-page.js';
import type { FeedEntry } from '../render/feed-entries.js';
import { type HighlightStore, type StoredHighlight, useHighlightStore } from '../render/highlight-code.js';
import type { RenderOptions } from '../render/render-options.js';
import { SEARCH_TEXT_LIMIT, type TextTerms, textTerms } from '../site/search-index.js';
import { cutText } from '../source/cut-text.js';

export interface CompileTask {
  path: string;
  text: string;
  summary: boolean;
  body: boolean;
  /** The docs.json settings bodies depend on; the defaults when absent. */
  options?: RenderOptions;
  /** Other pages share blocks with this one (parse-blocks.ts `pagesSharingBlocks`): the parser's memo keeps its blocks. */
  sharedBlocks?: boolean;
}

export interface CompileTaskResult {
  summary?: { summary: PageSummary; diagnostics: Diagnostic[] };
  /** `text`: the start search indexes (all a body's text is for); `textTerms`: its terms. */
  body?: {
    html: string;
    text: string;
    textTerms: TextTerms;
    panel?: string;
    feed?: FeedEntry[];
    classes?: string[];
    diagrams?: true;
    dependencies: [string, string][];
    diagnostics: Diagnostic[];
  };
  /** Code blocks this compile highlighted (not found in `lookUp`), by their key in the build cache (`highlightKey`). */
  highlighted?: [string, StoredHighlight | null][];
}

/** A highlighted block's key in the build cache (kind `derived`): its language as written and a hash of its code. */
export function highlightKey(language: string, code: string): string {
  return contentKey('highlight', [language], code);
}

/** Looks a highlighted block up by its key (the build cache, in the build's thread). */
export type HighlightLookup = (key: string) => StoredHighlight | null | undefined;

/**
 * Compiles a batch; `host` reads snippets (the build's own host in-process, one per worker otherwise),
 * `lookUp` finds blocks highlighted before (none in a worker).
 */
export function compileBatch(tasks: readonly CompileTask[], host: ProjectHost, lookUp?: HighlightLookup): CompileTaskResult[] {
  return tasks.map((task) => compileTask(task, host, lookUp));
}

function compileTask(task: CompileTask, host: ProjectHost, lookUp: HighlightLookup | undefined): CompileTaskResult {
  const snippets = new RecordingSnippets(host);
  const highlights = new RecordingHighlights(lookUp);
  useHighlightStore(highlights);
  let compiled: CompiledPage;
  try {
    compiled = compilePage(
      { path: task.path, text: task.text, want: { summary: task.summary, body: task.body }, sharedBlocks: task.sharedBlocks },
      snippets,
      task.options,
    );
  } finally {
    useHighlightStore(undefined);
  }
  const result = taskResult(compiled, snippets);
  if (highlights.made.length > 0) result.highlighted = highlights.made;
  return result;
}

/** A task whose worker ran out of memory (host/worker-pool.ts): the page fails, with `page/out-of-memory`. */
export function outOfMemoryResult(task: CompileTask): CompileTaskResult {
  return taskResult(uncompiledPage({ path: task.path, text: task.text, want: { summary: task.summary, body: task.body } }), undefined);
}

function taskResult(compiled: CompiledPage, snippets: RecordingSnippets | undefined): CompileTaskResult {
  const result: CompileTaskResult = {};
  // The renderer's own codes are `render/*`; everything else comes from parsing and summarizing, but a page too large
  // to compile fails its body, which says so when there is one (the summary may be a cached one).
  const isBodyDiagnostic = (d: Diagnostic) => d.code.startsWith('render/') || (d.code === 'page/out-of-memory' && compiled.body !== undefined);
  if (compiled.summary) result.summary = { summary: compiled.summary, diagnostics: compiled.diagnostics.filter((d) => !isBodyDiagnostic(d)) };
  if (compiled.body) {
    const dependencies = compiled.body.dependencies.map((path): [string, string] => [path, snippets?.hashes.get(path) ?? 'missing']);
    const text = cutText(compiled.body.text, SEARCH_TEXT_LIMIT);
    result.body = {
      html: compiled.body.html,
      text,
      textTerms: textTerms(text),
      dependencies,
      diagnostics: compiled.diagnostics.filter(isBodyDiagnostic),
    };
    if (compiled.body.panel !== undefined) result.body.panel = compiled.body.panel;
    if (compiled.body.feed !== undefined) result.body.feed = compiled.body.feed;
    if (compiled.body.classes !== undefined) result.body.classes = compiled.body.classes;
    if (compiled.body.diagrams) result.body.diagrams = true;
  }
  return result;
}

/** Snippet texts through the host, remembering the hash of each file read. */
class RecordingSnippets implements SnippetTable {
  readonly hashes = new Map<string, string>();

  constructor(private host: ProjectHost) {}

  get(path: string): string | undefined {
    const read = this.host.read(path);
    if (!read.ok) return undefined;
    this.hashes.set(path, contentHash(read.bytes));
    return sourceFromBytes(path, read.bytes, new DiagnosticBag()).text;
  }

  linkOutside(path: string): string | undefined {
    return this.host.linkOutside(path);
  }
}

/** Blocks looked up in `lookUp`, and those highlighted here, kept for the task's result. */
class RecordingHighlights implements HighlightStore {
  readonly made: [string, StoredHighlight | null][] = [];

  constructor(private lookUp: HighlightLookup | undefined) {}

  get(language: string, code: string): StoredHighlight | null | undefined {
    return this.lookUp?.(highlightKey(language, code));
  }

  put(language: string, code: string, lines: StoredHighlight | null): void {
    this.made.push([highlightKey(language, code), lines]);
  }
}

let workerHost: ProjectHost | undefined;

export default function compileWorkerBatch(tasks: readonly CompileTask[]): CompileTaskResult[] {
  workerHost ??= new ProjectHost((poolWorkerData() as { root: string }).root);
  return compileBatch(tasks, workerHost);
}
