// The pages `docsc dev` serves before its first build is done: the site
// sketched (sketch-project.ts) and framed as the build frames it
// (frame-site.ts's `frameSite`: plans, navigation, layout), then each page
// compiled in this thread when it is asked for and laid out as the build
// lays it out; with it the files a page loads that the sketch can make —
// docsc's stylesheet and client scripts, the utility stylesheet of the pages
// served, the icon sprite, large sections' sidebars — and the repository's
// static files, read from the docs root. Anything else (search index,
// redirects, Markdown copies, a page too large to compile here, a hosted
// document's pages) waits for the build. Nothing is written or cached: the
// build makes every page again, and a page served here that differs from
// the build's is reloaded in the browser (dev-server.ts).

import { ApiBodies } from '../build/api-bodies.js';
import { insideRoot } from '../build/build.js';
import { loadPageCompiler } from '../build/compile-pool.js';
import type { CompileTaskResult } from '../build/compile-worker.js';
import { describeAll } from '../build/description-facts.js';
import { unionOfClasses, writeRedirectPages } from '../build/emit-site.js';
import { frameSite, type SiteFrame } from '../build/frame-site.js';
import { isCompileFailure, layOutPage, makeBody, markdownPath, type PageContext, pageOutputPath } from '../build/lay-out-page.js';
import { apiDescriptions, mdxPlan, type PagePlan } from '../build/page-plans.js';
import { MemoryBuildCache } from '../cache/memory-build-cache.js';
import type { ProjectAnalysis } from '../check.js';
import { type Diagnostic, DiagnosticBag } from '../diagnostics/diagnostic.js';
import { ISOLATED_PAGE_CHARS, ProjectHost } from '../host/project-host.js';
import { type RenderOptions, renderOptionsOf } from '../render/render-options.js';
import { CLIENT_DIR } from '../site/client-bundle.js';
import { ICON_SPRITE_PATH } from '../site/navigation-icon.js';
import { UTILITIES_PATH } from '../site/page-layout.js';
import { outputRedirects, type Redirect, renderRedirectPage } from '../site/redirect-pages.js';
import { MERMAID_PATH, siteAssets } from '../site/site-assets.js';
import { staticFiles } from '../site/static-files.js';
import { utilityCss } from '../site/utility-css.js';
import { sketchProject } from './sketch-project.js';

export interface PreviewOptions {
  root: string;
  /** Folders inside the root that are not inputs (the output, the cache). */
  outDir: string;
  cacheDir: string | undefined;
  basePath: string;
  siteUrl: string | undefined;
  /** What the build adds to every page (the dev client's script tag). */
  inject: string;
}

/** A file the preview made, by its path in the output. */
export interface PreviewFile {
  path: string;
  contents: string | Uint8Array;
  /** For a page: its URL, the errors compiling it found, and how long it took (compiling and laying out). */
  page?: { url: string; errors: Diagnostic[]; ms: number };
}

export class PagePreview {
  /** Pages by output path. */
  private pages = new Map<string, PagePlan>();
  private statics: Set<string>;
  /**
   * Redirect pages by output path, as the build places them (docs.json's redirects without wildcards, pages whose entry
   * links out, folders to their first page): a site whose root is a folder sends its first request there
   * (modelcontextprotocol's docs: the first page was served after the whole build, 15-19 s, instead of at once).
   */
  private redirects = new Map<string, Redirect>();
  /** The utility classes of the pages served, by URL: the utility stylesheet served is theirs. */
  private classes = new Map<string, string>();
  private diagrams = false;
  private making = new Map<string, Promise<PreviewFile | undefined>>();

  private constructor(
    private analysis: ProjectAnalysis,
    private frame: SiteFrame,
    private context: PageContext,
    private cache: MemoryBuildCache,
    private options: PreviewOptions,
    private renderOptions: RenderOptions,
  ) {
    for (const plan of frame.plans.values()) this.pages.set(pageOutputPath(plan.url), plan);
    const configFiles = new Set(analysis.config?.files.map((f) => f.path) ?? []);
    for (const key of analysis.documents.keys()) if (!frame.apiSettings.download) configFiles.add(key);
    this.statics = new Set(staticFiles(analysis.host.listFiles(), configFiles).filter((file) => !this.pages.has(file)));
    const taken = (path: string) => this.pages.has(path) || this.statics.has(path) || this.redirects.has(path);
    writeRedirectPages(
      outputRedirects(analysis.redirects),
      frame.links,
      analysis.site.folders,
      (url) => frame.plans.has(url),
      (redirect, path) => {
        if (!taken(path)) this.redirects.set(path, redirect);
      },
    );
  }

  /** The site sketched and framed; undefined when there is no navigation to lay pages out in (the build says why). */
  static async sketch(options: PreviewOptions): Promise<PagePreview | undefined> {
    const host = new ProjectHost(options.root, { ignore: insideRoot(options.root, [options.outDir, options.cacheDir]) });
    const analysis = await sketchProject(host, options.basePath);
    if (analysis.navigation === undefined) return undefined;
    const cache = new MemoryBuildCache();
    const frame = await frameSite(analysis, { cache, siteUrl: options.siteUrl, basePath: options.basePath });
    const renderOptions = renderOptionsOf(analysis.config?.root, options.basePath);
    const { settings } = frame;
    const context: PageContext = {
      navigation: frame.navigation,
      layout: frame.layout,
      salt: '',
      apiBodies: new ApiBodies(cache, frame.apiSettings, renderOptions, frame.wantsMarkdown),
      site: { name: settings.name, description: settings.description, siteUrl: options.siteUrl, base: options.basePath },
    };
    return new PagePreview(analysis, frame, context, cache, options, renderOptions);
  }

  /** How many pages the site has (as sketched). */
  get pageCount(): number {
    return this.pages.size;
  }

  /** Whether the preview may make the file at this output path (docsc's own files are looked for when asked). */
  has(path: string): boolean {
    return this.pages.has(path) || this.statics.has(path) || this.redirects.has(path) || path.startsWith(`${CLIENT_DIR}/`);
  }

  /** The file at an output path, made now; undefined when the preview does not make it (the build will). */
  file(path: string): Promise<PreviewFile | undefined> {
    let made = this.making.get(path);
    if (made === undefined) {
      made = this.make(path).finally(() => this.making.delete(path));
      this.making.set(path, made);
    }
    return made;
  }

  private async make(path: string): Promise<PreviewFile | undefined> {
    const plan = this.pages.get(path);
    if (plan !== undefined) return this.page(path, plan);
    const redirect = this.redirects.get(path);
    if (redirect !== undefined) return { path, contents: renderRedirectPage(redirect, this.options.basePath) };
    if (this.statics.has(path)) {
      const read = this.analysis.host.read(path);
      return read.ok ? { path, contents: read.bytes } : undefined;
    }
    if (path === ICON_SPRITE_PATH) return this.frame.layout.iconSprite();
    if (path === UTILITIES_PATH) return { path, contents: await utilityCss(unionOfClasses(this.classes), this.cache) };
    const fragment = this.frame.layout.navigationFragments().find((f) => f.path === path);
    if (fragment !== undefined) return fragment;
    const asset = siteAssets(this.cache, path === MERMAID_PATH || this.diagrams).find((a) => a.path === path);
    return asset;
  }

  /** A page compiled in this thread and laid out as the build lays it out. */
  private async page(path: string, sketched: PagePlan): Promise<PreviewFile | undefined> {
    const started = performance.now();
    const { analysis, frame, context } = this;
    let plan = sketched;
    let compiled: CompileTaskResult | undefined;
    if (sketched.source.kind === 'mdx') {
      const source = sketched.source.summary.path;
      const text = analysis.host.readSource(source, new DiagnosticBag())?.text;
      // A page that may exhaust a heap is compiled in a process of its own: by the build.
      if (text === undefined || text.length >= ISOLATED_PAGE_CHARS) return undefined;
      const { compileBatch } = await loadPageCompiler();
      [compiled] = compileBatch([{ path: source, text, summary: true, body: true, options: this.renderOptions }], analysis.host);
      const summary = compiled?.summary?.summary;
      if (summary === undefined) return undefined;
      // Planned from its own summary (its title where the frontmatter names none), as the build plans it.
      const reference = sketched.source.reference;
      plan = mdxPlan(sketched.url, summary, reference, await describeAll(apiDescriptions([reference]), this.cache));
      if (sketched.document.download !== undefined) plan.document.download = sketched.document.download;
      if (sketched.document.scripts !== undefined) plan.document.scripts = sketched.document.scripts;
    }
    if (frame.wantsMarkdown) plan.document.markdown = `/${markdownPath(plan.url)}`;
    await context.apiBodies.loadFor([plan]);
    const made = makeBody(plan, compiled?.body, context, analysis);
    const laidOut = layOutPage(plan, made.body, frame.navigation, frame.layout, this.options.inject);
    if (made.body.classes !== undefined) this.classes.set(plan.url, made.body.classes.join(' '));
    if (made.body.diagrams) this.diagrams = true;
    const reported = [...(compiled?.summary?.diagnostics ?? []), ...made.diagnostics];
    const errors = reported.filter((d) => d.severity === 'error' || isCompileFailure(d));
    return { path, contents: laidOut.file.contents as string, page: { url: plan.url, errors, ms: performance.now() - started } };
  }
}
