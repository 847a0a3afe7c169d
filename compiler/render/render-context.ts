// What one page's render shares across its tree, its snippets and its
// components: the page (for links), the diagnostics (each reported once per
// place), the ids already taken (headings first, so a component's id never
// takes a heading's), counters for generated ids, and the file whose content
// is being rendered (the page, or a snippet inside it). One per page render;
// nothing here outlives it.

import type { DiagnosticCode } from '../diagnostics/catalogue.js';
import type { Diagnostic, DiagnosticArgs, DiagnosticBag, ReportExtras } from '../diagnostics/diagnostic.js';
import { headingSlug, nextFieldAnchor, numberedId, TitledComponentIds } from '../pages/heading-slug.js';
import type { Shell } from './island-shells.js';
import type { Island } from './islands.js';
import type { ImportResolver } from './render-file.js';
import { DEFAULT_RENDER_OPTIONS, type RenderOptions } from './render-options.js';

/** A place in a file of the project: 1-based line and column, 0 when unknown. */
export interface SourcePlace {
  file: string;
  line: number;
  column: number;
  length?: number;
}

export class RenderContext {
  /** The file whose content is being rendered: the page, or the snippet being expanded. */
  file: string;
  private readonly taken = new Set<string>();
  private readonly serials = new Map<string, number>();
  /** How many fields of each anchor came before (heading-slug.ts `nextFieldAnchor`). */
  private readonly fieldCounts = new Map<string, number>();
  private readonly titledIds = new TitledComponentIds();
  private readonly reported = new Set<string>();
  /**
   * Event handlers (`onClick`) left out of elements made inside the component calls being rendered, and the effects
   * those calls asked for (`useEffect`), by name; undefined outside any call. The outermost call, the one the page
   * writes, reports them (`create-element.ts`).
   */
  droppedHandlers: Set<string> | undefined;
  /** The classes the page's own markup writes (`className="flex dark:hidden"`), for the site's utility stylesheet. */
  readonly classes = new Set<string>();
  /** The page has a Mermaid diagram (the site then ships mermaid's bundle). */
  diagrams = false;
  /** The page's interactive components that run in the browser (islands.ts), in page order. */
  readonly islands: Island[] = [];
  /** The code of the handlers written on the page's own elements that run in the browser (element-handlers.ts), by index. */
  readonly elementHandlers: string[] = [];
  /**
   * Inside a component call (`droppedHandlers` set): why its output cannot be made again in the browser (it made a
   * built-in component, a snippet, an unknown name or an error), or undefined while it can.
   */
  islandBlocker: string | undefined;
  /** Inside a component call: the shells of the built-ins it made (island-shells.ts), for the browser should it run there. */
  islandShells: Shell[] = [];

  constructor(
    /** Project-relative path of the page. */
    readonly pagePath: string,
    /** The page's URL path, without slashes at either end (`guides/setup`, `""` for the home page). */
    readonly pageUrl: string,
    private readonly bag: DiagnosticBag,
    /** Ids the page already uses: its headings' and its `id="…"` attributes'. */
    reservedIds: Iterable<string>,
    /** The docs.json settings the body depends on (`icons.library`). */
    readonly options: RenderOptions = DEFAULT_RENDER_OPTIONS,
  ) {
    this.file = pagePath;
    for (const id of reservedIds) this.taken.add(id);
  }

  /** A place in the file being rendered. */
  at(point: { line: number; column: number } | undefined, length = 0): SourcePlace {
    return { file: this.file, line: point?.line ?? 0, column: point?.column ?? 0, length };
  }

  /** Reports once per code and place, however often the place is rendered (a snippet used twice). */
  report(code: DiagnosticCode, place: SourcePlace, args: DiagnosticArgs, extras?: ReportExtras): void {
    const key = `${code}\0${place.file}\0${place.line}\0${place.column}\0${JSON.stringify(args)}`;
    if (this.reported.has(key)) return;
    this.reported.add(key);
    this.bag.report(code, { file: place.file, line: place.line, column: place.column, length: place.length ?? 0 }, args, extras);
  }

  /** Adds diagnostics made elsewhere (a snippet's syntax errors), each once. */
  addDiagnostics(diagnostics: readonly Diagnostic[]): void {
    for (const d of diagnostics) {
      const key = `${d.code}\0${d.file}\0${d.line}\0${d.column}\0${d.message}`;
      if (this.reported.has(key)) continue;
      this.reported.add(key);
      this.bag.add([d]);
    }
  }

  /** An id not yet used on the page: the slug of `text` (after `prefix`; heading-slug.ts), numbered `-2`, `-3` on repeats. */
  uniqueId(text: string, prefix = ''): string {
    const id = numberedId(`${prefix}${headingSlug(text)}` || `${prefix}section`, (candidate) => this.taken.has(candidate));
    this.taken.add(id);
    return id;
  }

  /** The anchor of the next ParamField or ResponseField named `name`, as Mintlify numbers them (`param-limit`, `param-limit-1`). */
  fieldId(name: string): string {
    const id = nextFieldAnchor(name, this.fieldCounts, (candidate) => this.taken.has(candidate));
    this.taken.add(id);
    return id;
  }

  /** The anchor of the next Tab, Accordion or View titled `title`, as Mintlify makes it (heading-slug.ts `TitledComponentIds`). */
  titledId(component: 'Tab' | 'Accordion' | 'View', title: string): string | undefined {
    return this.titledIds.next(component, title);
  }

  /** 1, 2, 3… per kind: ids of generated structure (tab panels) in document order. */
  nextSerial(kind: string): number {
    const next = (this.serials.get(kind) ?? 0) + 1;
    this.serials.set(kind, next);
    return next;
  }

  /** Resolves imports for `<Snippet file>` (set by compile-page.ts to the page's snippet loader). */
  imports: ImportResolver | undefined;

  /** The default export of a snippet, as `import X from specifier` in the file being rendered would give it. */
  /** Whether the project has the file (project-relative); the body depends on the answer. */
  hasFile(path: string): boolean {
    return this.imports?.exists(path) ?? false;
  }

  importSnippet(specifier: string, at: SourcePlace): unknown {
    if (this.imports === undefined) return undefined;
    return this.imports.valueOf(
      { specifier, imported: 'default', local: 'Snippet', line: at.line, column: at.column, length: at.length ?? 0 },
      this.file,
    );
  }

  /** Runs `render` with `file` as the file being rendered (a snippet's content). */
  inFile<T>(file: string, render: () => T): T {
    const outer = this.file;
    this.file = file;
    try {
      return render();
    } finally {
      this.file = outer;
    }
  }
}
