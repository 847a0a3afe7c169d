// From the analysis to the output files: page bodies (cache, then workers),
// API reference bodies (cached by operation slice), the navigation each page
// sits in, the layout around every body, and the site-wide files: redirects,
// sitemap.xml, the search index, the 404 page, large sections' full
// sidebars (written once each), docsc's assets and the
// repository's static files. Pages go to the output in chunks as they are
// laid out, so a large site is never held in memory whole. Layout is never
// cached — it is cheap, and a navigation edit must re-lay out pages without
// recompiling a body.

import { join } from 'node:path';
import type { BuildCache } from '../cache/build-cache.js';
import { contentHash, valueKey } from '../cache/value-key.js';
import type { ProjectAnalysis } from '../check.js';
import { type Diagnostic, makeDiagnostic, type Place } from '../diagnostics/diagnostic.js';
import { collectIfGrown } from '../host/heap-growth.js';
import { type ApiPage, apiPageTitle, apiPageVersion } from '../ir/api-pages.js';
import { isSnippet, pagePathOfFile, pageUrl } from '../ir/page-urls.js';
import type { OpenApiDocument } from '../openapi/openapi-document.js';
import { OutputPaths } from '../output/output-paths.js';
import type { OutputFile } from '../output/write-output.js';
import type { PageSummary } from '../pages/summarize-page.js';
import { type ApiSettings, readApiSettings, settingsKey } from '../reference/api-settings.js';
import { operationSliceHash } from '../reference/operation-slice.js';
import type { ApiPageBody } from '../reference/render-api-page.js';
import type { FeedEntry } from '../render/feed-entries.js';
import { type RenderOptions, renderOptionsKey, renderOptionsOf } from '../render/render-options.js';
import { rebaseMarkup, rebaseReference } from '../site/base-path.js';
import { customFiles } from '../site/custom-files.js';
import { escapeHtml } from '../site/escape-html.js';
import { LLMS_TXT, renderLlmsTxt } from '../site/llms-txt.js';
import { markdownCopy } from '../site/markdown-copy.js';
import { type PageDocument, PageLayout, type TocEntry, UTILITIES_PATH } from '../site/page-layout.js';
import { joinLines, utf8Lines } from '../site/page-lines.js';
import {
  outputRedirects,
  patternRedirectScript,
  type Redirect,
  renderRedirectPage,
  renderRedirectsFile,
  staticRedirectUrl,
} from '../site/redirect-pages.js';
import { feedPath, renderFeed } from '../site/rss-feed.js';
import { type SearchRecord, SHARDS, searchScope, shardOf, shardPath, type TextTerms } from '../site/search-index.js';
import { siteAssets } from '../site/site-assets.js';
import { inlineMarkdown } from '../site/site-banner.js';
import { buildSiteNavigation, type PageTitle, type SiteNavigation } from '../site/site-navigation.js';
import { readSiteSettings, type SiteSettings } from '../site/site-settings.js';
import { renderSitemap } from '../site/sitemap-xml.js';
import { staticFiles } from '../site/static-files.js';
import { utilityCss } from '../site/utility-css.js';
import { nodeAt } from '../syntax/json-tree.js';
import type { BodyResult, PageCompiler } from './compile-pages.js';
import { type DescribeText, describeAll } from './description-facts.js';
import { readGitTimestamps } from './git-timestamps.js';
import { currentRecord, type Dependencies, layoutKey, readRecord, recordedKey, searchRecordKey } from './layout-keys.js';
import { SearchShards, type ShardFile } from './search-shards.js';
import { ShardEditor } from './shard-editor.js';

/**
 * Where a build is: `compile` counts the pages the front end compiles (a cold build's long part; none when every
 * page is in the cache), `check` is the rest of the front end after it (OpenAPI documents, links), `pages` counts
 * the pages laid out.
 */
export interface BuildProgress {
  phase: 'read' | 'analyze' | 'compile' | 'check' | 'pages' | 'write';
  done: number;
  total: number;
}

export interface EmitOptions {
  compiler: PageCompiler;
  cache: BuildCache;
  siteUrl: string | undefined;
  /** The path the site is served under (`/docs`), or '' (site/base-path.ts). */
  basePath: string;
  injectHtml: string | undefined;
  /** The input snapshot's identities: a copied file is rewritten only when its own changed. */
  identities: ReadonlyMap<string, string>;
  /** What every cached value of the build depends on (tool, Node, site URL, injection): part of each page's layout key. */
  salt: string;
  progress: (progress: BuildProgress) => void;
}

/** Where emitted files go (output/write-output.ts's OutputWriter). */
export interface OutputSink {
  /** Writes a file whose path is free (`conflict`). */
  write(file: OutputFile): void;
  has(path: string): boolean;
  /** The file this build writes that a file at `path` would collide with (output-paths.ts), if any. */
  conflict(path: string): string | undefined;
  /** The key an earlier build wrote `path` with (layout-keys.ts). */
  recordedKey(path: string): string | undefined;
  /** Finds which files recorded with a key are gone, before the first `keep` (off this thread when there are many). */
  checkKept(): Promise<void>;
  /** Keeps an earlier build's files at `path` and `more`, all or none; false when one is not there any more. */
  keep(path: string, ...more: string[]): boolean;
  /** Where the earlier build's file at `path` is and the hash it recorded, when the output holds one (read only if it still has that hash). */
  previousFile(path: string): { file: string; hash: string } | undefined;
  /** Resolves once the files written so far may be let go of (write-queue.ts's bound). */
  whenRoom(): Promise<void>;
}

export interface EmittedSite {
  /** What a later patch of single pages (patch-pages.ts) lays out with. */
  laidOut: LaidOutSite;
  diagnostics: Diagnostic[];
  pageCount: number;
  /** URLs of API pages rendered in this build (not from the cache). */
  apiPagesRendered: string[];
  /** URLs of the pages laid out in this build (the others were kept from an earlier build). */
  pagesLaidOut: string[];
  /** Pages whose body came from the cache. */
  fromCache: number;
  /** Of those, pages whose body came from the remote cache in this build. */
  fromRemote: number;
  failedPages: number;
  /** The git commit "Last modified" dates were read at (`metadata.timestamp`): the output is current only at that commit. */
  gitHead?: string;
}

/** The site's layout state after a build: enough to lay out one page again. */
export interface LaidOutSite {
  plans: Map<string, PagePlan>;
  navigation: SiteNavigation;
  layout: PageLayout;
  search: SearchShards;
  /** What pages are laid out with (patches lay pages out with it too). */
  context: PageContext;
  siteUrl: string | undefined;
  inject: string;
  /** Each page's utility classes, space-separated, by URL (pages writing none left out): the utility stylesheet's input. */
  classes: Map<string, string>;
  /** The pages with a Mermaid diagram (the site ships mermaid while there is one). */
  diagrams: Set<string>;
}

/** A page before its body: everything navigation and layout need. */
export interface PagePlan {
  url: string;
  document: Omit<PageDocument, 'body' | 'toc'>;
  /** Left out of navigation, search and sitemap. */
  hidden: boolean;
  source: { kind: 'mdx'; summary: PageSummary; reference?: ApiPage } | { kind: 'api'; page: ApiPage };
}

/** docs.json settings the schema accepts and docsc does not act on, with what that means (`build/setting-unsupported`). */
const UNSUPPORTED_SETTINGS: [string[], string][] = [
  [['api', 'asyncapi'], 'AsyncAPI documents are not read, and no page is generated from them'],
  [['thumbnails'], 'no social preview images are generated; pages keep the `og:image` their metadata gives'],
];

/**
 * Pages are laid out and written in chunks of this many. A chunk's bodies are
 * held until it is laid out: with 256, they lived through enough young-space
 * collections to be promoted, and the old space grew by 23 KB a page of garbage
 * (350 MB on 11,000 pages) before a full collection; with 32, by 6.5 KB.
 */
const CHUNK = 32;
/**
 * Bodies made while laying out (API pages, pages edited since the last build)
 * go to disk past this many buffered bytes (with 32 MB, the end of a cold
 * build's layout held 39 MB of API bodies' HTML).
 */
const FLUSH_BYTES = 16 * 1024 ** 2;

export async function emitSite(analysis: ProjectAnalysis, options: EmitOptions, sink: OutputSink): Promise<EmittedSite> {
  const diagnostics: Diagnostic[] = [];
  // On a thread of its own while the pages are planned and placed (awaited before the first kept page).
  const checkingKept = sink.checkKept();
  const frame = await frameSite(analysis, options);
  const { apiSettings, plans, links, navigation, settings, layout, wantsMarkdown, gitHead } = frame;
  diagnostics.push(...frame.diagnostics);
  const inject = options.injectHtml ?? '';
  const apiBodies = new ApiBodies(options.cache, apiSettings, renderOptionsOf(analysis.config?.root, options.basePath), wantsMarkdown);
  // Files are hashed by the writer (on its thread past its first files).
  const add = (path: string, contents: string) => sink.write({ path, contents });
  // Every page's own file is claimed first: a page wins over anything else that would land on its path or need it
  // as a folder. What `place` writes after it is left out, with a warning, where it collides with what came before.
  const pageFiles = new OutputPaths();
  for (const url of plans.keys()) pageFiles.claim(pageOutputPath(url));
  const place = (file: OutputFile, what: string, at: Place): void => {
    const other = pageFiles.conflict(file.path) ?? sink.conflict(file.path);
    if (other === undefined) sink.write(file);
    else diagnostics.push(makeDiagnostic('build/output-conflict', at, { what, path: file.path, other }));
  };

  const search = new SearchShards();
  const inSitemap = new Set<string>();
  // Listed pages that are not hidden or noindex (searchable or not); the layout marks pages outside the navigation
  // noindex (seo.indexing), and the sitemap agrees.
  const mapped = (plan: PagePlan) => !plan.hidden && !plan.document.noindex && (settings.indexAll || navigation.placements.has(plan.url));
  const unreadable = new Set(analysis.diagnostics.filter(isCompileFailure).map((d) => d.file));
  const site: SiteIdentity = { name: settings.name, description: settings.description, siteUrl: options.siteUrl, base: options.basePath };
  const context: PageContext = { navigation, layout, salt: options.salt, apiBodies, site };
  let failedPages = 0;
  let apiPagesFromCache = 0;
  let keptMdx = 0;
  const pagesLaidOut: string[] = [];
  const pageClasses = new Map<string, string>();
  const withDiagrams = new Set<string>();
  const all = [...plans.values()];
  // The pages of a chunk that must be laid out (the others are kept from an earlier build).
  const chunkAt = (start: number): PageToLayOut[] => {
    const chunk: PageToLayOut[] = [];
    for (const plan of all.slice(start, start + CHUNK)) {
      if (wantsMarkdown) plan.document.markdown = `/${markdownPath(plan.url)}`;
      if (plan.source.kind === 'mdx' && wantsMarkdown) {
        const source = plan.source.summary.path;
        const visibility = plan.source.summary.visibility;
        const read = visibility === undefined ? undefined : analysis.host.read(source);
        // With `<Visibility>` blocks, the copy is made (markdown-copy.ts); else the file is copied as it is.
        const copy = `The Markdown copy of \`/${plan.url}\``;
        if (read?.ok === true && visibility !== undefined) {
          const contents = markdownCopy(read.bytes.toString('utf8'), visibility);
          place({ path: markdownPath(plan.url), hash: contentHash(contents), contents }, copy, { file: source });
        } else
          place({ path: markdownPath(plan.url), hash: options.identities.get(source) ?? '', copyFrom: join(analysis.host.root, source) }, copy, {
            file: source,
          });
      }
      const keys = unreadable.has(plan.document.sourcePath ?? '') ? undefined : pageKeys(plan, context, options.compiler);
      // Laid out by an earlier build from the same inputs: the file stays, its body is not read.
      const recorded = keys && readRecord(sink.recordedKey(pageOutputPath(plan.url)));
      const record = keys && currentRecord(recorded, keys.layout, options.identities);
      if (record && sink.keep(pageOutputPath(plan.url), ...companionPaths(plan))) {
        if (plan.source.kind === 'api') apiPagesFromCache++;
        else if (!options.compiler.compiledInThisBuild(plan.source.summary.path)) keptMdx++;
        if (mapped(plan)) inSitemap.add(plan.url);
        if (record.searchKey !== null) search.addKept(searchUrl(plan.url), record.searchKey);
        if (record.classes !== '') pageClasses.set(plan.url, record.classes);
        if (record.diagrams) withDiagrams.add(plan.url);
        continue;
      }
      chunk.push({ plan, keys, recordedSearchKey: recorded?.searchKey });
    }
    return chunk;
  };
  const bodiesOf = (chunk: PageToLayOut[]) => {
    const mdx = options.compiler.bodies(chunk.flatMap(({ plan }) => (plan.source.kind === 'mdx' ? [plan.source.summary.path] : [])));
    // With a remote cache, the chunk's API bodies are fetched with its MDX bodies.
    const bodies =
      options.cache.prefetch === undefined ? mdx : Promise.all([mdx, apiBodies.prefetch(chunk.map(({ plan }) => plan))]).then(([found]) => found);
    // Awaited with the next chunk; a build failing before then must not leave its rejection unhandled.
    bodies.catch(() => {});
    return bodies;
  };
  await checkingKept;
  // A large site's earlier search shards are read and parsed on a thread of their own while pages are laid out.
  const editor = ShardEditor.start(
    Array.from({ length: SHARDS }, (_, n) => {
      const previous = sink.previousFile(shardPath(n));
      return previous === undefined ? [] : [{ path: shardPath(n), ...previous }];
    }).flat(),
    all.length,
  );
  let shards: ShardFile[];
  try {
    // Which pages are kept is decided before any is laid out.
    const chunks: { start: number; pages: PageToLayOut[] }[] = [];
    for (let start = 0; start < all.length; start += CHUNK) {
      const pages = chunkAt(start);
      if (pages.length > 0) chunks.push({ start, pages });
    }
    // When most pages are laid out (a new docsc, a checkout), their entries are all at hand, and the earlier shards
    // parsed on the side would only raise the build's peak memory (by 100-150 MB on 11,000 pages).
    const toLayOut = chunks.reduce((count, chunk) => count + chunk.pages.length, 0);
    const mostKept = toLayOut < all.length - toLayOut;
    if (!mostKept) await editor?.close();
    const editing = mostKept ? editor : undefined;
    // Each shard goes to the editor once the last of its pages to lay out is laid out: the editor works while the
    // others are (a navigation edit's 12 shards had waited for it 110-210 ms after the layout, 65-170 ms since).
    const shardChecks = { unchanged: (path: string, key: string) => sink.recordedKey(path) === key && sink.keep(path), editor: editing };
    const leftInShard = new Array<number>(SHARDS).fill(0);
    const laidOutIn = (n: number) => {
      leftInShard[n] = (leftInShard[n] ?? 0) - 1;
      if (leftInShard[n] === 0) search.request(n, shardChecks);
    };
    if (editing !== undefined) {
      for (const chunk of chunks)
        for (const { plan } of chunk.pages) {
          const n = shardOf(searchUrl(plan.url));
          leftInShard[n] = (leftInShard[n] ?? 0) + 1;
        }
      for (let n = 0; n < SHARDS; n++) if (leftInShard[n] === 0) search.request(n, shardChecks);
    }
    let nextBodies = bodiesOf(chunks[0]?.pages ?? []);
    for (const [n, { start, pages: chunk }] of chunks.entries()) {
      options.progress({ phase: 'pages', done: start, total: all.length });
      const bodies = await nextBodies;
      // The next chunk's bodies are compiled (when not cached) while this one is laid out.
      const next = chunks[n + 1];
      if (next !== undefined) nextBodies = bodiesOf(next.pages);
      // `x-docs.content` is MDX: the page compiler's modules are loaded on this thread only when an API page is laid out.
      await apiBodies.loadFor(chunk.map(({ plan }) => plan));
      for (const { plan, keys, recordedSearchKey } of chunk) {
        const made = makeBody(plan, plan.source.kind === 'mdx' ? bodies.get(plan.source.summary.path) : undefined, context, analysis);
        diagnostics.push(...made.diagnostics);
        if (made.failed || unreadable.has(plan.document.sourcePath ?? '')) failedPages++;
        if (made.apiFromEarlierBuild) apiPagesFromCache++;
        const laidOut = layOutPage(plan, made.body, navigation, layout, inject);
        pagesLaidOut.push(plan.url);
        const { search: listed } = laidOut;
        const recordKey = listed && (keys ? searchRecordKey(options.salt, listed, keys.body, made.dependencies) : valueKey(listed));
        // A page that reported something is laid out again next time (its diagnostics are replayed from its body).
        if (keys && made.diagnostics.length === 0) laidOut.file.key = recordedKey(keys.layout, recordKey, made.body, made.dependencies);
        if (made.body.classes !== undefined) pageClasses.set(plan.url, made.body.classes.join(' '));
        if (made.body.diagrams) withDiagrams.add(plan.url);
        sink.write(laidOut.file);
        for (const file of companionFiles(plan, made, context, laidOut.file.key))
          place(file, `\`${file.path}\` of \`/${plan.url}\``, { file: plan.document.sourcePath ?? 'docs.json' });
        if (mapped(plan)) inSitemap.add(plan.url);
        if (listed !== undefined && recordKey !== undefined) {
          // Laid out again for its navigation alone (a sidebar changed), its search record is the one the output has:
          // its entry is not made again, as a kept page's is not.
          if (keys && recordedSearchKey === recordKey) search.addKept(listed.url, recordKey);
          else search.add(listed, recordKey, options.cache);
        }
        if (editing !== undefined) laidOutIn(shardOf(searchUrl(plan.url)));
      }
      collectIfGrown();
      await sink.whenRoom();
      // Values are content-keyed and the build's record is put last, so writing them early is safe (and bounds memory).
      if (options.cache.pendingBytes > FLUSH_BYTES) diagnostics.push(...(await options.cache.flush()));
      // API pages render on this thread: a chunk of them must not keep the dev server (or a progress timer) waiting.
      else await new Promise<void>((done) => setImmediate(done));
    }
    // A kept page whose search entry the cache no longer has: its body is read again for it.
    const remake = async (url: string): Promise<SearchRecord | undefined> => {
      const plan = plans.get(url === '/' ? '' : url.slice(1));
      if (plan === undefined) return undefined;
      await apiBodies.loadFor([plan]);
      const compiled =
        plan.source.kind === 'mdx' ? (await options.compiler.bodies([plan.source.summary.path])).get(plan.source.summary.path) : undefined;
      return layOutPage(plan, makeBody(plan, compiled, context, analysis).body, navigation, layout, inject).search;
    };
    const rendering = search.render(options.cache, { remake, ...shardChecks });
    // Awaited below; a failure meanwhile must not leave its rejection unhandled.
    rendering.catch(() => {});
    // The other site files are made while the editor's thread edits the shards.
    // In the order of the pages (kept pages were listed before the others of their chunk).
    const sitemap = all.filter((plan) => inSitemap.has(plan.url)).map((plan) => plan.url);
    const redirects = outputRedirects(analysis.redirects);
    if (redirects.length > 0) add('_redirects', renderRedirectsFile(redirects, options.basePath));
    add('sitemap.xml', renderSitemap(sitemap, options.siteUrl, options.basePath));
    // llms.txt, unless the repository has its own (copied as a static file).
    if (!analysis.host.listFiles().includes(LLMS_TXT)) {
      const listed = (url: string) => {
        const plan = plans.get(url);
        return plan === undefined || plan.hidden || plan.document.noindex ? undefined : plan.document;
      };
      add(LLMS_TXT, renderLlmsTxt(site, navigation, listed));
    }
    if (options.siteUrl === undefined) diagnostics.push(makeDiagnostic('build/sitemap-relative', { file: 'docs.json' }, {}));
    const home = `${options.basePath}/`;
    const follow = patternRedirectScript(redirects, options.basePath, settings.notFound.redirect ? home : undefined);
    const notFound = notFoundDocument(follow, options.basePath, settings.notFound);
    add('404.html', withInjection(layout.render({ ...notFound, toc: [] }, undefined), inject));
    // Large sections' full sidebars, once each (their pages inline a folded one and load this).
    for (const fragment of layout.navigationFragments()) add(fragment.path, fragment.contents);
    for (const asset of siteAssets(options.cache, withDiagrams.size > 0)) add(asset.path, asset.contents);
    // Every page that writes a class links it, whether or not a class is a utility.
    if (pageClasses.size > 0) add(UTILITIES_PATH, await utilityCss(unionOfClasses(pageClasses), options.cache));
    shards = (await rendering) ?? [];
  } finally {
    await editor?.close();
  }
  collectIfGrown();
  for (const shard of shards) sink.write(shard);
  const sprite = layout.iconSprite();
  add(sprite.path, sprite.contents);

  const configFiles = new Set(analysis.config?.files.map((f) => f.path) ?? []);
  // The repository's OpenAPI documents are published only for `api.spec.download` (API pages link to them).
  for (const key of analysis.documents.keys()) if (!apiSettings.download || isHosted(key)) configFiles.add(key);
  for (const file of staticFiles(analysis.host.listFiles(), configFiles)) {
    const output = pageFiles.conflict(file) ?? sink.conflict(file);
    if (output !== undefined) {
      diagnostics.push(makeDiagnostic('build/static-file-shadowed', { file }, { file, output }));
      continue;
    }
    sink.write({ path: file, hash: options.identities.get(file) ?? '', copyFrom: join(analysis.host.root, file) });
  }
  writeRedirectPages(outputRedirects(analysis.redirects), links, analysis.site.folders, options.basePath, (url) => plans.has(url), place);
  const fromCache = options.compiler.bodiesFromCache + apiPagesFromCache + keptMdx;
  const laidOut: LaidOutSite = {
    plans,
    navigation,
    layout,
    search,
    context,
    siteUrl: options.siteUrl,
    inject,
    classes: pageClasses,
    diagrams: withDiagrams,
  };
  const emitted: EmittedSite = {
    laidOut,
    diagnostics,
    pageCount: plans.size,
    apiPagesRendered: apiBodies.rendered,
    pagesLaidOut,
    fromCache,
    fromRemote: options.compiler.bodiesFromRemote + apiBodies.fromRemote,
    failedPages,
  };
  if (gitHead !== undefined) emitted.gitHead = gitHead;
  return emitted;
}

/** The site around its pages: their plans, the navigation and the layout, and what reading the settings for them reported. */
export interface SiteFrame {
  apiSettings: ApiSettings;
  plans: Map<string, PagePlan>;
  /** The MDX pages whose entry links out (frontmatter `url`), by URL. */
  links: Map<string, PageSummary>;
  navigation: SiteNavigation;
  settings: SiteSettings;
  layout: PageLayout;
  /** `contextual` copy or view: each page's Markdown next to it. */
  wantsMarkdown: boolean;
  diagnostics: Diagnostic[];
  /** The git commit "Last modified" dates were read at (`metadata.timestamp`). */
  gitHead?: string;
}

/** Plans every page and lays out the site around them (the dev server's pages served before its first build use it too). */
export async function frameSite(analysis: ProjectAnalysis, options: Pick<EmitOptions, 'cache' | 'siteUrl' | 'basePath'>): Promise<SiteFrame> {
  const diagnostics: Diagnostic[] = [];
  const apiSettings = readApiSettings(analysis.config?.root);
  const { plans, links } = planPages(analysis, apiSettings, await describeAll(apiDescriptions(analysis.apiPages), options.cache));
  const titles = new Map<string, PageTitle>();
  for (const plan of plans.values()) titles.set(plan.url, pageTitle(plan));
  for (const [url, summary] of links) titles.set(url, linkTitle(summary));
  const navigation = buildSiteNavigation(analysis.navigation, titles, analysis.apiPages);
  const settings = readSiteSettings(analysis.config?.root);
  const custom = customFiles(analysis.host.listFiles(), analysis.pages.summaries);
  for (const each of [settings, ...settings.languages.values()]) each.custom = custom;
  const layout = new PageLayout(settings, navigation, options.siteUrl, options.basePath);
  const configAt = (...path: string[]) => (analysis.config ? nodeAt(analysis.config.root, path)?.span : undefined) ?? { file: 'docs.json' };
  if (settings.thumbsRating) diagnostics.push(makeDiagnostic('build/thumbs-rating-unsupported', configAt('feedback', 'thumbsRating')));
  for (const [path, consequence] of UNSUPPORTED_SETTINGS)
    if (analysis.config && nodeAt(analysis.config.root, path) !== undefined)
      diagnostics.push(makeDiagnostic('build/setting-unsupported', configAt(...path), { setting: path.join('.'), consequence }));
  if (settings.codeblocks.theme !== undefined)
    diagnostics.push(makeDiagnostic('build/codeblocks-theme-unsupported', configAt('styling', 'codeblocks'), { theme: settings.codeblocks.theme }));
  for (const service of settings.integrations.unsupported)
    diagnostics.push(makeDiagnostic('build/integration-unsupported', configAt('integrations', service), { service }));
  let gitHead: string | undefined;
  if (settings.timestamps) {
    const found = readGitTimestamps(analysis.host.root);
    if ('reason' in found)
      diagnostics.push(makeDiagnostic('build/timestamps-unavailable', configAt('metadata', 'timestamp'), { reason: found.reason }));
    else {
      layout.setLastModified(found.dates);
      gitHead = found.head;
    }
  }
  // `contextual` copy and view: each page's Markdown source next to it (`quickstart.md`), copied as written.
  const wantsMarkdown = settings.contextual.some((option) => option === 'copy' || option === 'view');
  const frame: SiteFrame = { apiSettings, plans, links, navigation, settings, layout, wantsMarkdown, diagnostics };
  if (gitHead !== undefined) frame.gitHead = gitHead;
  return frame;
}

/** What the layout puts a body into a page with: its HTML, search text, table of contents and side panel. */
export interface LaidOutBody {
  html: string;
  /** The utility classes the body writes, sorted (the page then links the utility stylesheet). */
  classes?: string[];
  /** It has a Mermaid diagram. */
  diagrams?: true;
  text: string;
  /** The terms of `text`, when the compile worker made them (search-index.ts `textTerms`). */
  textTerms?: TextTerms;
  toc: TocEntry[];
  panel?: string;
}

/** One page in its layout, as an output file, with its search record (none for hidden and `noindex` pages). */
export function layOutPage(
  plan: PagePlan,
  body: LaidOutBody,
  navigation: SiteNavigation,
  layout: PageLayout,
  inject: string,
): { file: OutputFile; search?: SearchRecord } {
  const placement = navigation.placements.get(plan.url);
  const document: PageDocument = { ...plan.document, body: body.html, toc: body.toc };
  if (body.panel !== undefined) document.panel = body.panel;
  if (body.classes !== undefined) document.utilities = true;
  const lines = layout.lines(document, placement);
  // The dev server's script is put in the page as a string (the writer is sent bytes otherwise: page-lines.ts).
  const contents = inject === '' ? utf8Lines(lines) : withInjection(joinLines(lines), inject);
  const file: OutputFile = { path: pageOutputPath(plan.url), contents };
  const listing = searchListing(plan, navigation);
  if (listing === undefined) return { file };
  const search: SearchRecord = { ...listing, headings: body.toc.map((h) => ({ id: h.id, text: h.text })), text: body.text };
  if (body.textTerms !== undefined) search.textTerms = body.textTerms;
  return { file, search };
}

/** A page of a chunk, to be laid out, with its keys (none for a page whose output is not a function of them). */
interface PageToLayOut {
  plan: PagePlan;
  keys: PageKeys | undefined;
  /** The search record key the earlier build recorded for the page, when it has keys and there was a record. */
  recordedSearchKey: string | null | undefined;
}

/** What pages are laid out with, besides their plan and body. */
export interface PageContext {
  navigation: SiteNavigation;
  layout: PageLayout;
  salt: string;
  apiBodies: ApiBodies;
  site: SiteIdentity;
}

/** What feeds and llms.txt read of the site: its name and description, and where it is served. */
export interface SiteIdentity {
  name: string;
  description: string | undefined;
  siteUrl: string | undefined;
  base: string;
}

/**
 * The files a page brings besides its HTML, made from its body: a generated
 * API page's Markdown (an MDX page's is its source, copied) and a changelog's
 * feed. They are written with the page's key and kept with it
 * (`companionPaths`): what they are made of is what the page's layout key is
 * made of.
 */
function companionPaths(plan: PagePlan): string[] {
  const paths: string[] = [];
  if (plan.source.kind === 'api' && plan.document.markdown !== undefined) paths.push(markdownPath(plan.url));
  if (plan.document.feed !== undefined) paths.push(feedPath(plan.url));
  return paths;
}

export function companionFiles(plan: PagePlan, made: MadeBody, context: PageContext, key: string | undefined): OutputFile[] {
  const files: OutputFile[] = [];
  if (plan.source.kind === 'api' && plan.document.markdown !== undefined && made.markdown !== undefined)
    files.push({ path: markdownPath(plan.url), contents: made.markdown });
  if (plan.document.feed !== undefined) {
    const { site } = context;
    const channel = {
      title: plan.document.title,
      siteName: site.name,
      description: plan.document.description ?? site.description,
      path: `${site.base}${plan.url === '' ? '' : `/${plan.url}`}`,
      siteUrl: site.siteUrl,
    };
    files.push({ path: feedPath(plan.url), contents: renderFeed(channel, made.feed ?? []) });
  }
  // Kept with the page: `keep` asks only that a key was recorded, and the page's decides.
  if (key !== undefined) for (const file of files) file.key = key;
  return files;
}

/** A page's layout key and its body's identity (layout-keys.ts). */
export interface PageKeys {
  layout: string;
  body: string;
}

/**
 * The redirect pages, after everything the site publishes: docs.json's redirects without wildcards (a source where a
 * page is published is left to the page, as it always was; one where a file is, or that needs a file as its folder,
 * is left out with a warning), the pages whose entry links out (frontmatter `url`: their own address sends readers
 * there too), and the folders that hold pages but are none (ir/folder-pages.ts), each to its first page.
 */
function writeRedirectPages(
  redirects: readonly Redirect[],
  links: ReadonlyMap<string, PageSummary>,
  folders: ReadonlyMap<string, string>,
  base: string,
  isPage: (url: string) => boolean,
  place: (file: OutputFile, what: string, at: Place) => void,
): void {
  for (const redirect of redirects) {
    const url = staticRedirectUrl(redirect);
    if (url !== undefined && url !== '' && !isPage(url) && !links.has(url))
      place(
        { path: pageOutputPath(url), contents: renderRedirectPage(redirect, base) },
        `The redirect from \`${redirect.source}\``,
        redirect.span ?? { file: 'docs.json' },
      );
  }
  for (const [url, summary] of links) {
    const destination = summary.frontmatter.url as string;
    const page = { path: pageOutputPath(url), contents: renderRedirectPage({ source: `/${url}`, destination, permanent: false }, base) };
    place(page, `The address of \`${summary.path}\`, which links to \`${destination}\``, { file: summary.path });
  }
  for (const [folder, page] of folders) {
    const redirect = { source: `/${folder}`, destination: `/${page}`, permanent: false };
    place({ path: pageOutputPath(folder), contents: renderRedirectPage(redirect, base) }, `The redirect from folder \`/${folder}\``, {
      file: 'docs.json',
    });
  }
}

/** The keys of a page whose output is a function of its plan, place and body alone; undefined for the others. */
export function pageKeys(plan: PagePlan, context: PageContext, compiler: PageCompiler): PageKeys | undefined {
  let body: string;
  if (plan.source.kind === 'mdx') {
    if (plan.source.reference || asksForReference(plan.source.summary)) return undefined;
    body = compiler.bodyIdentity(plan.source.summary.path);
  } else body = `${context.apiBodies.keyOf(plan.source.page)}\0${apiPageVersion(plan.source.page) ?? ''}`;
  const placement = context.navigation.placements.get(plan.url);
  return { layout: layoutKey(context.salt, context.layout.pageKey(plan.document, placement), body, plan.hidden), body };
}

/** Whether a page's frontmatter asks for reference content of its own: a schema (`openapi-schema`) or a playground (`api`). */
function asksForReference(summary: PageSummary): boolean {
  return summary.frontmatter['openapi-schema'] !== undefined || summary.frontmatter.api !== undefined;
}

/** A page's body in its final form (with its API reference), what it reported, and what it read. */
export interface MadeBody {
  body: LaidOutBody;
  diagnostics: Diagnostic[];
  dependencies: Dependencies;
  failed: boolean;
  apiFromEarlierBuild: boolean;
  /** A generated API page's Markdown, when the site wants it. */
  markdown?: string;
  /** A changelog's Updates (`rss: true`). */
  feed?: FeedEntry[];
}

export function makeBody(plan: PagePlan, compiled: BodyResult | undefined, context: PageContext, analysis: ProjectAnalysis): MadeBody {
  if (plan.source.kind === 'api') {
    const found = context.apiBodies.find(plan.source.page);
    const body = withVersion(found.body, apiPageVersion(plan.source.page));
    const made = { body, diagnostics: found.body.diagnostics ?? [], dependencies: [], failed: false, apiFromEarlierBuild: found.fromEarlierBuild };
    return found.body.markdown === undefined ? made : { ...made, markdown: found.body.markdown };
  }
  const diagnostics = [...(compiled?.diagnostics ?? [])];
  const failed = diagnostics.some(isCompileFailure);
  const headings = plan.source.summary.headings.map((h) => ({ depth: h.depth, text: h.text, id: h.id }));
  let body: LaidOutBody = { html: compiled?.html ?? '', text: compiled?.text ?? '', toc: headings };
  if (compiled?.panel !== undefined) body.panel = compiled.panel;
  if (compiled?.textTerms !== undefined) body.textTerms = compiled.textTerms;
  if (compiled?.classes !== undefined) body.classes = compiled.classes;
  if (compiled?.diagrams) body.diagrams = true;
  const reference = plan.source.reference
    ? context.apiBodies.get(plan.source.reference)
    : context.apiBodies.frontmatterBody(plan.source.summary, analysis.documents);
  if (reference) {
    diagnostics.push(...(reference.diagnostics ?? []));
    // The reference's text follows the body's: its terms are not the body's alone.
    const combined: LaidOutBody = {
      html: `${body.html}\n${reference.html}`,
      text: `${body.text} ${reference.text}`,
      toc: [...body.toc, ...reference.toc],
    };
    if (body.panel !== undefined) combined.panel = body.panel;
    if (body.classes !== undefined) combined.classes = body.classes;
    if (body.diagrams) combined.diagrams = true;
    body = combined;
  }
  const made: MadeBody = { body, diagnostics, dependencies: compiled?.dependencies ?? [], failed, apiFromEarlierBuild: false };
  if (compiled?.feed !== undefined) made.feed = compiled.feed;
  return made;
}

/**
 * A listed page's search record without its body's parts (for its key); undefined for hidden and `noindex` pages
 * and pages under a group or division with `searchable: false`. Its `boost`: the frontmatter's, else its group's.
 */
function searchListing(plan: PagePlan, navigation: SiteNavigation): Omit<SearchRecord, 'text' | 'headings'> | undefined {
  if (plan.hidden || plan.document.noindex) return undefined;
  const placement = navigation.placements.get(plan.url);
  const entry = placement?.index === undefined ? undefined : placement.section.order[placement.index];
  if (entry?.unsearchable) return undefined;
  const record: Omit<SearchRecord, 'text' | 'headings'> = {
    url: searchUrl(plan.url),
    title: plan.document.title,
    section: placement?.breadcrumbs.join(' / ') ?? '',
  };
  const scope = placement ? searchScope(placement.section) : '';
  if (scope !== '') record.scope = scope;
  const boost = (plan.source.kind === 'mdx' ? plan.source.summary.frontmatter.boost : undefined) ?? entry?.boost;
  if (boost !== undefined && boost > 0 && boost !== 1) record.boost = boost;
  return record;
}

/** A page's URL as search lists it: `/` for the home page, else `/` and its URL. */
function searchUrl(url: string): string {
  return url === '' ? '/' : `/${url}`;
}

/** A page whose body could not be made, and shows an error block instead: its MDX did not parse, it was too large, or rendering failed. */
export function isCompileFailure(diagnostic: Diagnostic): boolean {
  return (
    diagnostic.severity === 'error' &&
    (diagnostic.code === 'page/mdx-syntax' ||
      diagnostic.code === 'page/internal-error' ||
      diagnostic.code === 'page/out-of-memory' ||
      diagnostic.code.startsWith('render/'))
  );
}

/** Where a page's Markdown source is written: `` → `index.md`, `guides/setup` → `guides/setup.md`. */
export function markdownPath(url: string): string {
  return `${url === '' ? 'index' : url}.md`;
}

/** `` → `index.html`, `guides/setup` → `guides/setup/index.html`: clean URLs on every static host. */
export function pageOutputPath(url: string): string {
  return url === '' ? 'index.html' : `${url}/index.html`;
}

/**
 * Every page of the site by URL: MDX pages (with the API reference their frontmatter names), then generated API
 * pages; and apart, the MDX pages whose entry links out instead (frontmatter `url`), which are not laid out.
 */
function planPages(
  analysis: ProjectAnalysis,
  apiSettings: ApiSettings,
  describe: DescribeText,
): { plans: Map<string, PagePlan>; links: Map<string, PageSummary> } {
  const references = new Map<string, ApiPage>();
  for (const page of analysis.apiPages) if (page.origin === 'page' && page.url !== undefined) references.set(page.url, page);
  const plans = new Map<string, PagePlan>();
  const links = new Map<string, PageSummary>();
  for (const summary of analysis.pages.summaries) {
    if (isSnippet(summary.path)) continue;
    const url = pageUrl(pagePathOfFile(summary.path) as string);
    if (summary.frontmatter.url !== undefined) {
      links.set(url, summary);
      continue;
    }
    const reference = references.get(url);
    const plan = mdxPlan(url, summary, reference, describe);
    if (apiSettings.download && reference !== undefined) plan.document.download = documentHref(reference.document);
    if (wantsPlayground(plan, apiSettings)) plan.document.scripts = ['playground'];
    plans.set(url, plan);
  }
  for (const page of analysis.apiPages) {
    if (page.url === undefined || page.origin === 'page' || plans.has(page.url)) continue;
    const plan = apiPlan(page, describe);
    if (apiSettings.download) plan.document.download = documentHref(page.document);
    if (wantsPlayground(plan, apiSettings)) plan.document.scripts = ['playground'];
    plans.set(page.url, plan);
  }
  return { plans, links };
}

/** Where an OpenAPI document is downloaded from: its place in the output (published with `api.spec.download`), or its URL. */
function documentHref(document: OpenApiDocument): string {
  return isHosted(document.key) ? document.key : `/${document.key}`;
}

/** Whether a document's key is its URL (a hosted document) rather than its path in the repository. */
function isHosted(key: string): boolean {
  return /^https?:\/\//i.test(key);
}

/** The navigation entry of a page that links out (frontmatter `url`). */
function linkTitle(summary: PageSummary): PageTitle {
  const fm = summary.frontmatter;
  const title: PageTitle = {
    label: fm.sidebarTitle ?? fm.title ?? summary.title ?? lastSegment(pageUrl(pagePathOfFile(summary.path) as string)),
    hidden: fm.hidden === true,
  };
  if (fm.url !== undefined) title.href = fm.url;
  if (fm.icon !== undefined) title.icon = fm.icon;
  if (fm.tag !== undefined) title.tag = fm.tag;
  return title;
}

/** The descriptions of these API pages' operations and webhooks, for `describeAll` (their plans read their facts). */
export function* apiDescriptions(pages: Iterable<ApiPage | undefined>): Generator<string> {
  for (const page of pages) {
    if (page?.url === undefined) continue;
    const info = page.item.type === 'operation' ? page.item.operation : page.item.webhook;
    if (info.description !== undefined) yield info.description;
  }
}

export function mdxPlan(url: string, summary: PageSummary, reference: ApiPage | undefined, describe: DescribeText): PagePlan {
  const fm = summary.frontmatter;
  // A page documenting an operation (`openapi:`) and naming no title takes the operation's, as a generated page would (seed 2.15).
  const referenceTitle = reference && fm.title === undefined && summary.title === undefined ? apiPageTitle(reference) : undefined;
  const title = fm.title ?? summary.title ?? referenceTitle ?? lastSegment(url);
  // A hidden page is published but kept out of navigation, search, sitemap and search engines.
  const document: PagePlan['document'] = {
    url,
    title,
    showTitle: fm.title !== undefined || referenceTitle !== undefined,
    noindex: fm.noindex === true || fm.hidden === true,
  };
  if (fm.description !== undefined) document.description = fm.description;
  else if (reference) {
    // The reference leaves a one-paragraph plain operation description to the title area.
    const operation = reference.item.type === 'operation' ? reference.item.operation.description : reference.item.webhook.description;
    const facts = operation === undefined ? undefined : describe(operation);
    if (facts?.isPlain && facts.plain !== undefined) document.description = facts.plain;
  }
  if (fm.sidebarTitle !== undefined) document.sidebarTitle = fm.sidebarTitle;
  if (fm.deprecated === true) document.deprecated = true;
  if (fm.tag !== undefined) document.tag = fm.tag;
  if (fm.icon !== undefined) document.icon = fm.icon;
  if (fm.mode !== undefined && fm.mode !== 'default') document.mode = fm.mode;
  if (fm.openGraph !== undefined) document.openGraph = fm.openGraph;
  if (fm.keywords !== undefined) document.keywords = fm.keywords;
  if (fm.rss === true) document.feed = `/${feedPath(url)}`;
  document.sourcePath = summary.path;
  const source: PagePlan['source'] = reference ? { kind: 'mdx', summary, reference } : { kind: 'mdx', summary };
  return { url, document, hidden: fm.hidden === true, source };
}

function apiPlan(page: ApiPage, describe: DescribeText): PagePlan {
  const item = page.item;
  const info = item.type === 'operation' ? item.operation : item.webhook;
  const metadata = info.xDocs?.metadata ?? {};
  const title = apiPageTitle(page);
  const url = page.url as string;
  const document: PagePlan['document'] = {
    url,
    title,
    showTitle: true,
    noindex: metadata.noindex === true,
    method: item.type === 'webhook' ? 'WEBHOOK' : item.operation.method.toUpperCase(),
  };
  const own = stringField(metadata.description);
  const facts = info.description === undefined ? undefined : describe(info.description);
  const description = own ?? facts?.plain;
  if (description !== undefined && description !== title) document.description = description;
  // A longer description is in the body, formatted; its first paragraph, as text, stays the meta description.
  if (own === undefined && facts !== undefined && !facts.isPlain) document.descriptionInBody = true;
  const sidebarTitle = stringField(metadata.sidebarTitle);
  if (sidebarTitle !== undefined) document.sidebarTitle = sidebarTitle;
  if (info.deprecated || metadata.deprecated === true) document.deprecated = true;
  return { url, document, hidden: page.hidden || metadata.hidden === true, source: { kind: 'api', page } };
}

/** Seed 2.15: the version of the anchor or tab a generated page sits in, shown above its reference (not part of the cached body). */
function withVersion(body: ApiPageBody, version: string | undefined): ApiPageBody {
  if (version === undefined) return body;
  return { ...body, html: `<p class="docsc-api-version">Version <span>${escapeHtml(version)}</span></p>\n${body.html}` };
}

/** API operations (generated or named by frontmatter) and `api:` pages load the playground (which also makes code samples tabs). */
function wantsPlayground(plan: PagePlan, settings: ApiSettings): boolean {
  if (plan.source.kind === 'api') return plan.source.page.item.type === 'operation';
  if (plan.source.reference) return plan.source.reference.item.type === 'operation';
  return plan.source.summary.frontmatter.api !== undefined && settings.display !== 'none';
}

function pageTitle(plan: PagePlan): PageTitle {
  const title: PageTitle = { label: plan.document.sidebarTitle ?? plan.document.title, hidden: plan.hidden };
  if (plan.document.method !== undefined) title.method = plan.document.method;
  // An MDX page documenting an operation (`openapi:` frontmatter): its method in the sidebar, and the operation's summary when the page names no title.
  const reference = plan.source.kind === 'mdx' ? plan.source.reference : undefined;
  if (reference && plan.source.kind === 'mdx') {
    const item = reference.item;
    title.method = item.type === 'webhook' ? 'WEBHOOK' : item.operation.method.toUpperCase();
    const summary = item.type === 'operation' ? item.operation.summary : item.webhook.summary;
    if (plan.document.sidebarTitle === undefined && plan.source.summary.frontmatter.title === undefined && summary) title.label = summary;
  }
  if (plan.document.deprecated) title.deprecated = true;
  if (plan.document.icon !== undefined) title.icon = plan.document.icon;
  if (plan.document.tag !== undefined) title.tag = plan.document.tag;
  return title;
}

/**
 * API reference bodies, from the cache when the operation's slice is
 * unchanged. A body is stored under its slice's hash; while the document's
 * text is unchanged, the slice's key is found by document and pointer, so the
 * slices of an unchanged document are not hashed again.
 */
export class ApiBodies {
  /** URLs of the pages rendered in this build. */
  readonly rendered: string[] = [];
  /** Slice keys rendered in this build: a page sharing one is not "from the cache". */
  private renderedKeys = new Set<string>();
  /** API pages whose body came from the remote cache. */
  fromRemote = 0;

  private settingsKey: string;
  /**
   * The renderers, loaded by `loadFor` when pages need them: the reference's
   * (micromark, about 80 ms to load) and `x-docs.content`'s (the MDX
   * compiler, about 0.2 s), which a build laying out no API page never needs.
   */
  private reference:
    | {
        page: typeof import('../reference/render-api-page.js').renderApiPage;
        schemaPage: typeof import('../reference/render-schema-page.js').renderSchemaPage;
        playground: typeof import('../reference/param-field-playground.js').paramFieldPlayground;
      }
    | undefined;
  private content: typeof import('../reference/render-api-content.js').renderApiContent | undefined;

  constructor(
    private cache: BuildCache,
    readonly settings: ApiSettings,
    /** docs.json's render options: `x-docs.content` is MDX, its icons follow `icons.library`. */
    private renderOptions: RenderOptions,
    /** Generated pages get their Markdown too (`contextual` copy or view): part of the bodies' key. */
    readonly markdown = false,
  ) {
    this.settingsKey = contentHash(settingsKey(settings) + renderOptionsKey(renderOptions) + (markdown ? '\0markdown' : ''));
  }

  /**
   * Makes laying out these pages possible, before their bodies are made: the
   * reference's renderers for API pages and pages with `openapi:`,
   * `openapi-schema:` or `api:` frontmatter, and `x-docs.content`'s for API
   * pages and `openapi:` pages (whose bodies may not be in the cache).
   */
  async loadFor(plans: readonly PagePlan[]): Promise<void> {
    const api = plans.some((plan) => plan.source.kind === 'api' || plan.source.reference !== undefined);
    if (!api && !plans.some((plan) => plan.source.kind === 'mdx' && asksForReference(plan.source.summary))) return;
    // One at a time: Node 20's loader can fail concurrent imports that share modules (load-openapi.ts).
    if (this.reference === undefined) {
      const { renderApiPage } = await import('../reference/render-api-page.js');
      const { renderSchemaPage } = await import('../reference/render-schema-page.js');
      const { paramFieldPlayground } = await import('../reference/param-field-playground.js');
      this.reference = { page: renderApiPage, schemaPage: renderSchemaPage, playground: paramFieldPlayground };
    }
    if (api) this.content ??= (await import('../reference/render-api-content.js')).renderApiContent;
  }

  /** The reference a page's frontmatter asks for (`openapi-schema`, `api`), if any (after `loadFor`). */
  frontmatterBody(summary: PageSummary, documents: ReadonlyMap<string, OpenApiDocument | undefined>): ApiPageBody | undefined {
    if (!asksForReference(summary)) return undefined;
    if (this.reference === undefined) throw new Error('internal: a reference rendered before ApiBodies.loadFor()');
    const body = this.reference.schemaPage(summary, documents) ?? this.reference.playground(summary, this.settings);
    if (body) body.html = rebaseReference(body.html, this.renderOptions.basePath);
    return body;
  }

  get(page: ApiPage): ApiPageBody {
    return this.find(page, false).body;
  }

  /** The key of a page's body: its operation slice's hash, found by document and pointer while the document is unchanged. */
  keyOf(page: ApiPage): string {
    const info = page.item.type === 'operation' ? page.item.operation : page.item.webhook;
    // A page written by hand shows its own MDX instead of `x-docs.content`: another body for the same slice.
    const pointer = `${info.pointer.join('/')}${page.origin === 'page' ? '\0page' : ''}`;
    const byPlace = `place\0${this.settingsKey}\0${page.document.key}\0${page.document.file.textHash}\0${pointer}`;
    let key = this.cache.get<string>('api-page', byPlace);
    if (key === undefined) {
      key = `slice\0${this.settingsKey}\0${page.document.key}\0${pointer}\0${operationSliceHash(page.document, info.pointer)}`;
      this.cache.put('api-page', byPlace, key);
    }
    return key;
  }

  /** With a remote cache: fetches the bodies of these pages' API pages that the local cache lacks. */
  async prefetch(plans: readonly PagePlan[]): Promise<void> {
    const keys = plans.flatMap((plan) => (plan.source.kind === 'api' ? [this.keyOf(plan.source.page)] : []));
    if (keys.length > 0) await this.cache.prefetch?.('api-page', keys);
  }

  /** `own`: the body of an API page (counted in `fromRemote`), not a reference in an MDX page. */
  find(page: ApiPage, own = true): { body: ApiPageBody; fromEarlierBuild: boolean } {
    const info = page.item.type === 'operation' ? page.item.operation : page.item.webhook;
    const key = this.keyOf(page);
    const cached = this.cache.get<ApiPageBody>('api-page', key);
    if (cached) {
      if (own && this.cache.fromRemote?.('api-page', key)) this.fromRemote++;
      return { body: cached, fromEarlierBuild: !this.renderedKeys.has(key) };
    }
    if (this.reference === undefined || this.content === undefined) throw new Error('internal: an API page rendered before ApiBodies.loadFor()');
    // A hand-written page (`openapi:` frontmatter) has its own MDX as its Markdown.
    const generated = page.origin !== 'page';
    const body = this.reference.page(page.document, page.item, this.settings, this.markdown && generated ? apiPageTitle(page) : undefined);
    body.html = rebaseReference(body.html, this.renderOptions.basePath);
    // `x-docs.content` (MDX) comes before the generated documentation; hand-written pages have their own MDX instead.
    const content = generated ? this.content(page.document, info, this.renderOptions) : undefined;
    if (content) {
      body.html = `${content.html}\n${body.html}`;
      body.text = `${content.text} ${body.text}`;
      if (content.diagnostics.length > 0) body.diagnostics = content.diagnostics;
      // In the Markdown, the MDX as written, after the title.
      const source = info.xDocs?.content?.trim();
      if (body.markdown !== undefined && source) body.markdown = body.markdown.replace(/\n\n/, `\n\n${source}\n\n`);
    }
    this.cache.put('api-page', key, body);
    this.renderedKeys.add(key);
    this.rendered.push(page.url ?? '');
    return { body, fromEarlierBuild: false };
  }
}

/** Every page's classes, sorted and distinct. */
export function unionOfClasses(classes: ReadonlyMap<string, string>): string[] {
  const all = new Set<string>();
  for (const list of classes.values()) for (const name of list.split(' ')) all.add(name);
  return [...all].sort();
}

function withInjection(html: string, inject: string): string {
  return inject === '' ? html : html.replace('</body>', `${inject}\n</body>`);
}

/**
 * The 404 page, with docs.json's `errors.404` title and description (inline Markdown); `followRedirects`: the script
 * that follows the redirects with wildcards, and goes home with `errors.404.redirect` (redirect-pages.ts), or ''.
 */
function notFoundDocument(followRedirects: string, base: string, settings: SiteSettings['notFound']): Omit<PageDocument, 'toc'> {
  const text =
    settings.description === undefined
      ? `There is no page at this address. It may have moved; try the <a href="${base}/">home page</a>.`
      : rebaseMarkup(inlineMarkdown(settings.description), base);
  return { url: '404', title: settings.title ?? 'Page not found', showTitle: true, body: `<p>${text}</p>${followRedirects}`, noindex: true };
}

function stringField(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function lastSegment(url: string): string {
  return url.slice(url.lastIndexOf('/') + 1) || 'Home';
}
