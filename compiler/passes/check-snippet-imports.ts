// What the build's renderer will find of each page's snippets, known from the
// page summaries alone (no body is compiled): an import of a snippet that is
// not there, that leads outside the docs folder or through a symbolic link
// out of it, that names no snippet file, or that closes a cycle (a page's own
// import of a missing snippet whose names it never uses is a warning: left
// out, as Mintlify leaves it out). The walk is
// the renderer's (render/snippet-modules.ts), so each problem has the code,
// place and message the build gives it, and the build's own report of it is
// an exact repeat, dropped when diagnostics are de-duplicated. Per page:
// first the modules load — each `import` that binds names, in order, into the
// MDX snippets it reaches, each module once, a cycle reported at the import
// that closes it; then the page renders, and each `<Snippet file>` of the
// page and of the snippets it loaded includes its file (loading it and its
// imports, a cycle among them found from where the element enters it). Pages
// the build does not compile (snippets, and pages whose frontmatter `url`
// sends their entry elsewhere) are not walked. What a script snippet (`.js`,
// `.jsx`, `.ts`, `.tsx`) imports is known only once esbuild has compiled it:
// the walk stops there. A snippet is taken to render where it is loaded.

import { type Diagnostic, DiagnosticBag, dedupeDiagnostics, type Location } from '../diagnostics/diagnostic.js';
import { isSnippetSummary, pagePathOfFile } from '../ir/page-urls.js';
import type { PageImport, PageSummary } from '../pages/summarize-page.js';
import { resolveImport } from '../render/resolve-import.js';

export interface SnippetFiles {
  /** Whether a script snippet (`.js`, `.jsx`, `.ts`, `.tsx`) is there; MDX files are known by their summaries. */
  hasScript(path: string): boolean;
  /** The symbolic link leading outside the docs root that `path` goes through, if any. */
  linkOutside(path: string): string | undefined;
}

export function checkSnippetImports(summaries: readonly PageSummary[], files: SnippetFiles): Diagnostic[] {
  const byPath = new Map(summaries.map((summary) => [summary.path, summary]));
  const bag = new DiagnosticBag();
  for (const page of summaries) {
    if (isSnippetSummary(page) || page.frontmatter.url !== undefined) continue;
    if (page.imports.length > 0) new PageWalk(byPath, files, bag).page(page);
  }
  // A snippet's problem is met by every page that uses it: once is enough.
  return dedupeDiagnostics(bag.items);
}

/** One page's render, as far as its snippets go. */
class PageWalk {
  /** Modules by path, in the order they started loading. */
  private readonly loaded = new Map<string, 'loading' | 'done'>();
  private readonly chain: string[] = [];

  constructor(
    private readonly byPath: ReadonlyMap<string, PageSummary>,
    private readonly files: SnippetFiles,
    private readonly bag: DiagnosticBag,
  ) {}

  page(page: PageSummary): void {
    this.loadImports(page, true);
    // Then the render: the page's `<Snippet>` elements, and those of each snippet loaded, the ones they load included.
    const rendered = new Set<string>();
    const render = (summary: PageSummary) => {
      rendered.add(summary.path);
      for (const entry of summary.imports) if (entry.kind === 'element') this.includeElement(entry, summary.path);
    };
    render(page);
    // A Map's iteration reaches the entries added while it runs: the snippets the elements load render too.
    for (const path of this.loaded.keys()) {
      const summary = this.byPath.get(path);
      if (summary !== undefined && !rendered.has(path)) render(summary);
    }
  }

  /** `ownPage`: the page's own imports, where one it never uses may name a missing snippet (a warning). */
  private loadImports(summary: PageSummary, ownPage = false): void {
    for (const entry of summary.imports) {
      if (entry.kind === 'import') this.import(entry.specifier, summary.path, placeOf(entry, summary.path), ownPage && entry.unused === true);
    }
  }

  /** `<Snippet file="intro.mdx" />`: `snippets/intro.mdx`, else `_snippets/intro.mdx` when only that exists (render/components/snippets.ts). */
  private includeElement(entry: PageImport, fromFile: string): void {
    const path = entry.specifier
      .trim()
      .replace(/^\/+/, '')
      .replace(/^_?snippets\//, '');
    const legacy = !path.split('/').includes('..') && !this.exists(`snippets/${path}`) && this.exists(`_snippets/${path}`);
    this.import(`/${legacy ? '_snippets' : 'snippets'}/${path}`, fromFile, placeOf(entry, fromFile));
  }

  private exists(path: string): boolean {
    return pagePathOfFile(path) === undefined ? this.files.hasScript(path) : this.byPath.has(path);
  }

  private import(specifier: string, fromFile: string, at: Location, unused = false): void {
    if (specifier === 'react') return;
    const target = resolveImport(specifier, fromFile);
    if (target.kind !== 'file') {
      this.bag.report(target.kind === 'outside-root' ? 'render/snippet-outside-root' : 'render/unsupported-import', at, { specifier });
      return;
    }
    const found = target.candidates.find((path) => this.exists(path));
    if (found !== undefined) {
      this.load(found, at);
      return;
    }
    for (const path of target.candidates) {
      const link = this.files.linkOutside(path);
      if (link === undefined) continue;
      this.bag.report('render/snippet-link-outside-root', at, { specifier, path, link });
      return;
    }
    this.bag.report(unused ? 'render/unused-snippet-missing' : 'render/snippet-missing', at, { specifier, path: target.candidates[0] ?? specifier });
  }

  private load(path: string, at: Location): void {
    const state = this.loaded.get(path);
    if (state === 'loading') {
      const cycle = [...this.chain.slice(this.chain.indexOf(path)), path].join(' → ');
      this.bag.report('render/snippet-cycle', at, { cycle });
      return;
    }
    if (state === 'done') return;
    const summary = this.byPath.get(path);
    this.loaded.set(path, 'loading');
    this.chain.push(path);
    if (summary !== undefined) this.loadImports(summary);
    this.chain.pop();
    this.loaded.set(path, 'done');
  }
}

function placeOf(entry: PageImport, file: string): Location {
  return { file, line: entry.line, column: entry.column, length: entry.length };
}
