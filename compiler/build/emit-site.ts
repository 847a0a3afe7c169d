// From the analysis to the output files: the site framed (frame-site.ts),
// then its pages laid out in chunks (lay-out-page.ts) — page bodies from
// the cache or the workers, API reference bodies cached by operation slice
// (api-bodies.ts) — and the site-wide files: redirects, sitemap.xml, the
// search index, the 404 page, large sections' full sidebars (written once
// each), docsc's assets and the repository's static files. Pages go to the
// output in chunks as they are laid out, so a large site is never held in
// memory whole. Layout is never cached — it is cheap, and a navigation edit
// must re-lay out pages without recompiling a body.

import { join } from 'node:path';
import type { BuildCache } from '../cache/build-cache.js';
import { contentHash, valueKey } from '../cache/value-key.js';
import type { ProjectAnalysis } from '../check.js';
import { type Diagnostic, makeDiagnostic, type Place, ranOutOfMemory } from '../diagnostics/diagnostic.js';
import { collectIfGrown } from '../host/heap-growth.js';
import { OutputPaths } from '../output/output-paths.js';
import { isSafePath, type OutputFile } from '../output/write-output.js';
import type { PageSummary } from '../pages/summarize-page.js';
import { renderOptionsOf } from '../render/render-options.js';
import { rebaseMarkup } from '../site/base-path.js';
import { LLMS_TXT, renderLlmsTxt } from '../site/llms-txt.js';
import { markdownCopy } from '../site/markdown-copy.js';
import { type PageDocument, type PageLayout, UTILITIES_PATH } from '../site/page-layout.js';
import {
  outputRedirects,
  patternRedirectScript,
  type Redirect,
  renderRedirectPage,
  renderRedirectsFile,
  staticRedirectUrl,
} from '../site/redirect-pages.js';
import { type SearchRecord, SHARDS, shardOf, shardPath } from '../site/search-index.js';
import { siteAssetPaths, siteAssets, siteAssetsKey } from '../site/site-assets.js';
import { inlineMarkdown } from '../site/site-banner.js';
import type { SiteNavigation } from '../site/site-navigation.js';
import type { SiteSettings } from '../site/site-settings.js';
import { renderSitemap } from '../site/sitemap-xml.js';
import { staticFiles } from '../site/static-files.js';
import { utilityCss } from '../site/utility-css.js';
import { ApiBodies } from './api-bodies.js';
import type { PageCompiler } from './compile-pages.js';
import { frameSite } from './frame-site.js';
import {
  companionFiles,
  companionPaths,
  isCompileFailure,
  layOutPage,
  makeBody,
  markdownPath,
  type PageContext,
  type PageKeys,
  pageKeys,
  pageOutputPath,
  type SiteIdentity,
  searchUrl,
  withInjection,
} from './lay-out-page.js';
import { currentRecord, readRecord, recordedKey, searchRecordKey } from './layout-keys.js';
import { isHosted, type PagePlan } from './page-plans.js';
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
  const add = (path: string, contents: string | Uint8Array) => sink.write({ path, contents });
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
        diagnostics.push(...record.reported.diagnostics);
        if (record.reported.failed) failedPages++;
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
        // What the page reported is recorded with it (replayed while it is kept), unless it ran out of memory: that
        // depends on the heap Node was given, and the next build tries again.
        if (keys && !ranOutOfMemory(made.diagnostics))
          laidOut.file.key = recordedKey(keys.layout, recordKey, made.body, made.dependencies, {
            failed: made.failed,
            diagnostics: made.diagnostics,
          });
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
    writeSiteAssets(sink, options.cache, options.salt, withDiagrams.size > 0);
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
  // The repository's OpenAPI documents are published at their paths, as Mintlify serves them (its OpenAPI setup
  // page: "served as downloadable files at their path"); `api.spec.download` only adds the link on API pages.
  for (const key of analysis.documents.keys()) if (isHosted(key)) configFiles.add(key);
  for (const file of staticFiles(analysis.host.listFiles(), configFiles)) {
    const output = pageFiles.conflict(file) ?? sink.conflict(file);
    if (output !== undefined) {
      diagnostics.push(makeDiagnostic('build/static-file-shadowed', { file }, { file, output }));
      continue;
    }
    sink.write({ path: file, hash: options.identities.get(file) ?? '', copyFrom: join(analysis.host.root, file) });
  }
  // A redirect page is made of its destination and the base path alone: an earlier build's, made from the same, stays.
  const placeRedirect = (redirect: Redirect, path: string, what: string, at: Place): void => {
    const other = pageFiles.conflict(path) ?? sink.conflict(path);
    if (other !== undefined) {
      diagnostics.push(makeDiagnostic('build/output-conflict', at, { what, path, other }));
      return;
    }
    const key = redirectPageKey(options.salt, options.basePath, redirect.destination);
    if (sink.recordedKey(path) === key && sink.keep(path)) return;
    sink.write({ path, contents: renderRedirectPage(redirect, options.basePath), key });
  };
  writeRedirectPages(outputRedirects(analysis.redirects), links, analysis.site.folders, (url) => plans.has(url), placeRedirect);
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

/** A page of a chunk, to be laid out, with its keys (none for a page whose output is not a function of them). */
interface PageToLayOut {
  plan: PagePlan;
  keys: PageKeys | undefined;
  /** The search record key the earlier build recorded for the page, when it has keys and there was a record. */
  recordedSearchKey: string | null | undefined;
}

/**
 * The redirect pages, after everything the site publishes: docs.json's redirects without wildcards (a source where a
 * page is published is left to the page, as it always was; one where a file is, or that needs a file as its folder,
 * is left out with a warning), the pages whose entry links out (frontmatter `url`: their own address sends readers
 * there too), and the folders that hold pages but are none (ir/folder-pages.ts), each to its first page.
 */
export function writeRedirectPages(
  redirects: readonly Redirect[],
  links: ReadonlyMap<string, PageSummary>,
  folders: ReadonlyMap<string, string>,
  isPage: (url: string) => boolean,
  place: (redirect: Redirect, path: string, what: string, at: Place) => void,
): void {
  for (const redirect of redirects) {
    const url = staticRedirectUrl(redirect);
    // A source no file can stand for gets no page (meilisearch's docs redirect `/learn/self\_hosted/…`, a Markdown
    // escape copied into docs.json: browsers turn `\` into `/` in a path, so no address matches it); `_redirects` keeps it.
    if (url === undefined || url === '' || isPage(url) || links.has(url) || !isSafePath(pageOutputPath(url))) continue;
    place(redirect, pageOutputPath(url), `The redirect from \`${redirect.source}\``, redirect.span ?? { file: 'docs.json' });
  }
  for (const [url, summary] of links) {
    const destination = summary.frontmatter.url as string;
    const redirect = { source: `/${url}`, destination, permanent: false };
    place(redirect, pageOutputPath(url), `The address of \`${summary.path}\`, which links to \`${destination}\``, { file: summary.path });
  }
  for (const [folder, page] of folders) {
    const redirect = { source: `/${folder}`, destination: `/${page}`, permanent: false };
    place(redirect, pageOutputPath(folder), `The redirect from folder \`/${folder}\``, { file: 'docs.json' });
  }
}

/**
 * docsc's own files (site-assets.ts): an earlier build's stay, all or none, when they were written from the same
 * (the salt has docsc's identity; `siteAssetsKey` the rest), without reading or hashing them.
 */
function writeSiteAssets(sink: OutputSink, cache: BuildCache, salt: string, diagrams: boolean): void {
  const key = `assets ${contentHash(`${salt}\0${siteAssetsKey(diagrams)}`)}`;
  const [first, ...more] = siteAssetPaths(cache, diagrams);
  if (first !== undefined && [first, ...more].every((path) => sink.recordedKey(path) === key) && sink.keep(first, ...more)) return;
  for (const asset of siteAssets(cache, diagrams)) sink.write({ path: asset.path, contents: asset.contents, key });
}

/**
 * What a redirect page is made from (`renderRedirectPage`: its destination and the base path; the salt for docsc
 * itself), as the manifest records it; not JSON, so that it never reads as a page's record (layout-keys.ts).
 */
function redirectPageKey(salt: string, base: string, destination: string): string {
  return `redirect ${contentHash(`${salt}\0${base}\0${destination}`)}`;
}

/** Every page's classes, sorted and distinct. */
export function unionOfClasses(classes: ReadonlyMap<string, string>): string[] {
  const all = new Set<string>();
  for (const list of classes.values()) for (const name of list.split(' ')) all.add(name);
  return [...all].sort();
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
