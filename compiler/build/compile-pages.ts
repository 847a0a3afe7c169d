// Pages through the cache: summaries for the front end, bodies for the
// emitter. Two requests per page, cached apart (early cutoff): a summary is
// keyed by the page's content hash alone (a hit reads nothing); a body by its text, and by its folder when
// it has relative imports or links, and by the render options (docs.json's
// `icons.library`: render-options.ts), and it records the snippet files it read
// with their hashes — a body whose snippets changed is stale. Misses go to
// the worker pool (compile-worker.ts), which parses a page once for both when
// both are missing; identical contents are compiled once however many pages
// share them (real repositories copy pages across versions and languages).
// Diagnostics are stored with the page's own path blanked and replayed under
// the path of each page that hits. A stored summary keeps its headings, ids
// and links as JSON, parsed when one of them is first read (storedSummary).
// The code blocks compiled pages highlighted are kept too (kind `derived`,
// by language and code: compile-worker.ts's `highlightKey`), so that a page
// compiled again in this thread after an edit highlights only its new blocks.
// With a remote cache (`--remote-cache`), the summaries the local cache lacks
// are fetched before any is looked up, and the bodies of the pages found are
// fetched meanwhile, while the front end goes on (remote-build-cache.ts).

import type { BuildCache } from '../cache/build-cache.js';
import { contentHash } from '../cache/value-key.js';
import { type Diagnostic, ranOutOfMemory } from '../diagnostics/diagnostic.js';
import { IN_PROCESS_BELOW } from '../host/worker-pool.js';
import { isIndexFile, isSnippet } from '../ir/page-urls.js';
import { pagesSharingBlocks } from '../pages/parse-blocks.js';
import { relocateFrontmatter } from '../pages/parse-frontmatter.js';
import type { PageInput } from '../pages/read-pages.js';
import type { PageSummary, PageSummaryResult } from '../pages/summarize-page.js';
import { familyOrder, type PageFile, summaryAtPath } from '../pages/summarize-pages.js';
import type { FeedEntry } from '../render/feed-entries.js';
import { DEFAULT_RENDER_OPTIONS, type RenderOptions, renderOptionsKey } from '../render/render-options.js';
import type { TextTerms } from '../site/search-index.js';
import type { CompilePool } from './compile-pool.js';
import type { CompileTaskResult } from './compile-worker.js';

export interface BodyResult {
  html: string;
  /** The start of the page's text that search indexes, and its terms (site/search-index.ts). */
  text: string;
  textTerms?: TextTerms;
  /** The page's `<Panel>`s, for the side column. */
  panel?: string;
  /** With `rss: true` frontmatter: its Updates, for the feed. */
  feed?: FeedEntry[];
  /** The classes its markup writes, sorted (site/utility-css.ts). */
  classes?: string[];
  /** It has a Mermaid diagram. */
  diagrams?: true;
  diagnostics: Diagnostic[];
  /** Snippet files read, with the hash of what was read. */
  dependencies: [string, string][];
}

/** A summary as the cache stores it (storedSummary). */
export interface CachedSummary {
  summary: StoredSummary;
  diagnostics: Diagnostic[];
}

/** The parts of a summary kept as JSON in the cache. */
type SummaryDetail = Pick<PageSummary, 'headings' | 'elementIds' | 'componentIds' | 'links'>;

interface StoredSummary extends Omit<PageSummary, keyof SummaryDetail> {
  /** `SummaryDetail`'s JSON. */
  detail: string;
  /** Whether a link is relative (the body depends on the page's folder: bodyKeyOf), so that finding out parses no detail. */
  relativeLinks: boolean;
}

interface CachedBody {
  html: string;
  text: string;
  textTerms?: TextTerms;
  panel?: string;
  feed?: FeedEntry[];
  classes?: string[];
  diagrams?: true;
  /** Snippet files read, with the hash of what was read. */
  dependencies: [string, string][];
  diagnostics: Diagnostic[];
}

/** What was computed rather than taken from the cache, by page path: what incremental tests assert. */
export interface Recomputed {
  /** Pages and snippets the front end read (a summary found in the cache reads nothing). */
  read: string[];
  summaries: string[];
  bodies: string[];
}

/** Pages compiled between two flushes of the cache. */
const ROUND = 1000;
/**
 * The last rounds halve down to this many pages or fewer (`roundsOf`): the
 * last round's values are stored and flushed after the workers are done,
 * when the build's thread alone works (0.3-0.4 s for 1,000 pages of the
 * bench corpus). Twice the pool's in-process limit, so that no round is
 * compiled in this thread.
 */
const LAST_ROUND = 2 * IN_PROCESS_BELOW;
/** Rounds with the workers at once (the one awaited and those queued behind it). */
const IN_FLIGHT = 2;
/**
 * The most characters of bodies read from the cache kept decoded for the
 * pages that share them (`cachedBody`). Sites copy pages across versions and
 * languages, and the copies share a body key: crewAI's 24,800 pages have
 * 2,061 bodies (58 million characters), read from lmdb and decoded page
 * after page for 6.4 s of the build's thread (msgpackr's strings).
 */
const SHARED_BODY_CHARS = 64 * 1024 ** 2;

export class PageCompiler {
  readonly recomputed: Recomputed = { read: [], summaries: [], bodies: [] };
  /** Hears the front end's compile go on: pages done of those to compile (not those from the cache), batch by batch. */
  onCompiled: ((done: number, total: number) => void) | undefined;
  /** What flushing the cache between rounds reported (`cache/full` …). */
  readonly cacheWarnings: Diagnostic[] = [];
  /** Pages whose body came from the cache of an earlier build. */
  bodiesFromCache = 0;
  /** Of those, pages whose body came from the remote cache (`--remote-cache`) in this build. */
  bodiesFromRemote = 0;
  /** With a remote cache: the bodies of the pages whose summaries were found, fetched while the front end goes on. */
  private bodiesFetched: Promise<void> | undefined;
  private summaries = new Map<string, PageSummary>();
  /** Each page's summary key (its content hash): the text is not kept, a body compiled later reads it again. */
  private textKeys = new Map<string, string>();
  /** Body keys compiled in this build (the cache sees them at once; `put` is buffered until flush). */
  private computedKeys = new Set<string>();
  /** Bodies of pages that ran out of memory in this build, by key: not cached (storeBody). */
  private failedBodies = new Map<string, CachedBody>();
  /** Bodies read from the cache that pages yet to read share, by key, up to SHARED_BODY_CHARS (`cachedBody`). */
  private sharedBodies = new Map<string, CachedBody>();
  private sharedChars = 0;
  /** The pages left to read each body key (made on the first read: every page's key is known by then). */
  private readers: Map<string, number> | undefined;
  /** The docs.json settings bodies depend on, set before the first page is compiled (`configure`). */
  private options: RenderOptions = DEFAULT_RENDER_OPTIONS;
  private optionsKey = '';

  constructor(
    private cache: BuildCache,
    private pool: CompilePool,
    /** Current identity (content hash) of every text input, to validate recorded dependencies. */
    private identities: ReadonlyMap<string, string>,
    /** Reads a page's text again (through the build's host). */
    private readText: (path: string) => string,
  ) {}

  /** Sets the render options (from docs.json) for every body compiled from now on; they are part of each body's key. */
  configure(options: RenderOptions): void {
    this.options = options;
    this.optionsKey = renderOptionsKey(options);
  }

  /**
   * The front end's summarizer: cache first, then the pool, which also
   * renders the bodies of pages it parses. A summary is keyed by the file's
   * content hash from the input snapshot, so a page found in the cache is
   * never read: a build after a navigation edit reads no page at all.
   */
  readonly summarize = async (inputs: readonly PageInput[]): Promise<PageSummaryResult[]> => {
    const results: (PageSummaryResult | undefined)[] = [];
    // With a remote cache, the summaries the local cache lacks are fetched first.
    if (this.cache.prefetch !== undefined) await this.cache.prefetch('summary', this.knownSummaryKeys(inputs));
    // `text` is dropped once its page is with the workers: 10,000 pages' texts are tens of megabytes.
    const missing: { index: number; file: Partial<PageFile> & { path: string }; key: string; decoding: Diagnostic[] }[] = [];
    inputs.forEach((input, index) => {
      const identity = this.identities.get(input.path);
      const known = identity !== undefined && !identity.startsWith('unreadable:');
      const cached = known ? this.cache.get<CachedSummary>('summary', summaryKey(input.path, identity)) : undefined;
      if (cached) {
        this.textKeys.set(input.path, summaryKey(input.path, identity as string));
        results[index] = relocateSummary(cached, input.path);
        return;
      }
      const read = input.read();
      this.recomputed.read.push(input.path);
      if (!read) return;
      // Keyed by what was read (the file may have changed since the snapshot). A text with decoding problems is
      // keyed apart: a clean file with the same text must not replay them, and such a file simply misses next time.
      const key = summaryKey(input.path, `${contentHash(read.text)}${read.diagnostics.length > 0 ? '!' : ''}`);
      this.textKeys.set(input.path, key);
      missing.push({ index, file: { path: input.path, text: read.text }, key, decoding: read.diagnostics });
    });
    if (this.cache.prefetch !== undefined) {
      const bodyKeys = inputs.flatMap((input, index) => {
        const found = results[index];
        const textKey = this.textKeys.get(input.path);
        return found === undefined || textKey === undefined || isSnippet(input.path)
          ? []
          : [bodyKeyOf(input.path, textKey, found.summary) + this.optionsKey];
      });
      // Never rejects; awaited by `bodies`, and by the cache's close if the build stops before.
      this.bodiesFetched = this.cache.prefetch('body', bodyKeys);
    }
    const unique = familiesTogether(dedupe(missing, (m) => m.key));
    const byKey = new Map<string, PageSummaryResult>();
    // In rounds, each flushed to the cache once stored: the bodies of a large site are never all in memory.
    // Two rounds are with the workers at any time: while the last batches of one run, the next one's are queued
    // behind them, so that a worker never waits for its neighbour to finish the round (nor for this one to be stored).
    const rounds = roundsOf(unique);
    let compiled = 0;
    const counted = (count: number) => {
      compiled += count;
      this.onCompiled?.(compiled, unique.length);
    };
    const compile = (round: typeof unique) => {
      const tasks = round.map(({ file, sharedBlocks }) => ({
        path: file.path,
        text: file.text as string,
        summary: true,
        body: !isSnippet(file.path),
        options: this.options,
        ...(sharedBlocks ? { sharedBlocks } : {}),
      }));
      for (const { file } of round) delete file.text;
      const running = this.pool.run(tasks, counted);
      // Awaited in its turn (which rethrows); until then a failure must not count as unhandled.
      running.catch(() => {});
      return running;
    };
    const inFlight = new Map(rounds.slice(0, IN_FLIGHT).map((round, n) => [n, compile(round)]));
    let flushing: Promise<Diagnostic[]> | undefined;
    for (const [n, round] of rounds.entries()) {
      const done = await (inFlight.get(n) as Promise<CompileTaskResult[]>);
      inFlight.delete(n);
      const queued = rounds[n + IN_FLIGHT];
      if (queued) inFlight.set(n + IN_FLIGHT, compile(queued));
      const following = rounds[n + 1];
      round.forEach(({ file, key, decoding }, i) => {
        const result = done[i] as CompileTaskResult;
        this.recomputed.summaries.push(file.path);
        this.storeHighlights(result);
        const computed = result.summary as PageSummaryResult;
        const summary = { ...computed, diagnostics: [...decoding, ...computed.diagnostics] };
        const durable = !taskRanOutOfMemory(result);
        if (durable) this.cache.put('summary', key, storedSummary(summary, file.path));
        byKey.set(key, summary);
        if (result.body) {
          const bodyKey = bodyKeyOf(file.path, key, result.summary?.summary) + this.optionsKey;
          this.storeBody(bodyKey, blankBody(result.body, file.path), file.path, durable);
        }
      });
      if (flushing) this.cacheWarnings.push(...(await flushing));
      flushing = following ? this.cache.flush() : undefined;
    }
    // The workers' heaps go before the front end goes on (OpenAPI validation is the next large allocation);
    // the pool starts again if a body is missing later.
    await this.pool.close();
    for (const { index, file, key } of missing) {
      results[index] = summaryAtPath(byKey.get(key) as PageSummaryResult, file.path);
    }
    const found = results.filter((result): result is PageSummaryResult => result !== undefined);
    for (const result of found) this.summaries.set(result.summary.path, result.summary);
    return found;
  };

  /** Bodies of the given pages (not snippets), by path. */
  async bodies(paths: readonly string[]): Promise<Map<string, BodyResult>> {
    const out = new Map<string, BodyResult>();
    const missing: { path: string; key: string }[] = [];
    if (this.cache.prefetch !== undefined) {
      await this.bodiesFetched;
      await this.cache.prefetch(
        'body',
        paths.map((path) => this.bodyKey(path)),
      );
    }
    for (const path of paths) {
      const key = this.bodyKey(path);
      const cached = this.failedBodies.get(key) ?? this.cachedBody(key);
      if (cached && this.isCurrent(cached)) {
        out.set(path, relocateBody(cached, path));
        if (!this.computedKeys.has(key)) this.bodiesFromCache++;
        if (this.cache.fromRemote?.('body', key)) this.bodiesFromRemote++;
      } else missing.push({ path, key });
    }
    const unique = dedupe(missing, (m) => m.key);
    const done = await this.pool.run(
      unique.map(({ path }) => ({ path, text: this.readText(path), summary: false, body: true, options: this.options })),
    );
    // Kept here too: a cache in memory may forget a body as soon as the next is put.
    const made = new Map<string, CachedBody>();
    unique.forEach(({ path, key }, i) => {
      const result = done[i] as CompileTaskResult;
      this.storeHighlights(result);
      const body = blankBody(result.body as CachedBody, path);
      made.set(key, body);
      this.storeBody(key, body, path, !taskRanOutOfMemory(result));
    });
    for (const { path, key } of missing) out.set(path, relocateBody(made.get(key) as CachedBody, path));
    return out;
  }

  /**
   * A body from the cache, decoded once for the pages that share it, and let
   * go once the last of them has read it (a page not laid out, kept from an
   * earlier build, keeps it to the end of the build).
   */
  private cachedBody(key: string): CachedBody | undefined {
    this.readers ??= this.countReaders();
    const left = (this.readers.get(key) ?? 0) - 1;
    this.readers.set(key, left);
    const shared = this.sharedBodies.get(key);
    if (shared !== undefined) {
      if (left <= 0) {
        this.sharedBodies.delete(key);
        this.sharedChars -= bodyChars(shared);
      }
      return shared;
    }
    const body = this.cache.get<CachedBody>('body', key);
    if (body !== undefined && left > 0 && this.sharedChars + bodyChars(body) <= SHARED_BODY_CHARS) {
      this.sharedBodies.set(key, body);
      this.sharedChars += bodyChars(body);
    }
    return body;
  }

  /** How many pages have each body key. */
  private countReaders(): Map<string, number> {
    const readers = new Map<string, number>();
    for (const path of this.summaries.keys()) {
      if (isSnippet(path)) continue;
      const key = this.bodyKey(path);
      readers.set(key, (readers.get(key) ?? 0) + 1);
    }
    return readers;
  }

  /**
   * `path`: the page compiled (one of those sharing the key). A body that is
   * not `durable` (its page ran out of memory: that depends on the machine,
   * not on the page alone) is kept for this build only, never cached.
   */
  private storeBody(key: string, body: CachedBody, path: string, durable = true): void {
    if (durable) this.cache.put('body', key, body);
    else this.failedBodies.set(key, body);
    this.computedKeys.add(key);
    this.recomputed.bodies.push(path);
  }

  /** Keeps the code blocks a compile highlighted, each once. */
  private storeHighlights(result: CompileTaskResult): void {
    for (const [key, lines] of result.highlighted ?? []) if (!this.cache.has('derived', key)) this.cache.put('derived', key, lines);
  }

  /** The summary keys of the pages whose content hash the snapshot knows (what a remote cache may have). */
  private knownSummaryKeys(inputs: readonly PageInput[]): string[] {
    return inputs.flatMap((input) => {
      const identity = this.identities.get(input.path);
      return identity === undefined || identity.startsWith('unreadable:') ? [] : [summaryKey(input.path, identity)];
    });
  }

  /** What a page's body is made of, as its cache key, without reading it (with the snippets it records, its identity). */
  bodyIdentity(path: string): string {
    return this.bodyKey(path);
  }

  /** Whether this build compiled the page's body (a cold build compiles bodies with summaries, needed or not). */
  compiledInThisBuild(path: string): boolean {
    return this.computedKeys.has(this.bodyKey(path));
  }

  private bodyKey(path: string): string {
    return bodyKeyOf(path, this.textKeys.get(path) ?? '', this.summaries.get(path)) + this.optionsKey;
  }

  private isCurrent(body: CachedBody): boolean {
    return body.dependencies.every(([path, hash]) => this.identities.get(path) === hash);
  }
}

/** What a body holds in memory, roughly: its HTML, text and terms. */
function bodyChars(body: CachedBody): number {
  return body.html.length + body.text.length + (body.textTerms?.terms.length ?? 0) + (body.panel?.length ?? 0);
}

/**
 * The pages to compile with a family's next to each other, each saying whether it shares blocks with others, as the
 * check's summarizer orders them (summarize-pages.ts `summarizeUnique`): a family's pages go to one worker in one
 * batch, where the parser's block memo finds the blocks they share and the highlighter's the code blocks (a site's
 * languages copy their code: mintlify/docs' four).
 */
function familiesTogether<T extends { file: Partial<PageFile> & { path: string } }>(pages: readonly T[]): (T & { sharedBlocks: boolean })[] {
  const shared = pagesSharingBlocks(pages.map(({ file }) => ({ path: file.path, text: file.text ?? '' })));
  return familyOrder(pages.map(({ file }) => file.path)).map((i) => ({ ...(pages[i] as T), sharedBlocks: shared[i] as boolean }));
}

/** ROUND items at a time, the last ones halving: ..., 1,000, 500, 250 (LAST_ROUND). */
function roundsOf<T>(items: readonly T[]): T[][] {
  const rounds: T[][] = [];
  let start = 0;
  while (start < items.length) {
    const left = items.length - start;
    const size = left <= 2 * LAST_ROUND ? left : left > 2 * ROUND ? ROUND : Math.ceil(left / 2);
    rounds.push(items.slice(start, start + size));
    start += size;
  }
  return rounds;
}

/** Whether a page's worker ran out of memory compiling it (compile-worker.ts's `outOfMemoryResult`). */
function taskRanOutOfMemory(result: CompileTaskResult): boolean {
  return ranOutOfMemory(result.summary?.diagnostics ?? []) || ranOutOfMemory(result.body?.diagnostics ?? []);
}

/**
 * The file's content hash (its bytes: decoding problems are part of the value) and its kind (a snippet's summary
 * reports no undefined names); `.md` and `.mdx` pages are read alike (parse-page.ts).
 */
export function summaryKey(path: string, hash: string): string {
  return `${hash}${isSnippet(path) ? '.snippet' : ''}`;
}

/**
 * The text (by its summary key), plus the folder when something in the page is resolved against it — and whether the
 * page is its folder's index: a relative link without `./` starts from the page URL's parent, which for an index page
 * is the folder's parent (page-urls.ts `resolvedSegments`).
 */
function bodyKeyOf(path: string, textKey: string, summary: PageSummary | undefined): string {
  const folderDependent = summary === undefined || summary.imports.some((i) => isRelative(i.specifier)) || hasRelativeLinks(summary);
  if (!folderDependent) return textKey;
  return `${textKey}@${path.slice(0, path.lastIndexOf('/') + 1)}${isIndexFile(path) ? 'index' : ''}`;
}

function dedupe<T>(items: readonly T[], keyOf: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = keyOf(item);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

// Paths in cached values: the page's own path is stored blank and restored on a hit.

function blankDiagnostics(diagnostics: readonly Diagnostic[], path: string): Diagnostic[] {
  return diagnostics.map((d) => (d.file === path ? { ...d, file: '' } : d));
}

function restoreDiagnostics(diagnostics: readonly Diagnostic[], path: string): Diagnostic[] {
  return diagnostics.map((d) => (d.file === '' ? { ...d, file: path } : d));
}

function isRelative(href: string): boolean {
  return !/^([a-z][a-z\d+.-]*:|\/|#)/i.test(href);
}

/** Whether relocateSummary found a relative link, by the summary it made. */
const relativeLinksOf = new WeakMap<PageSummary, boolean>();

function hasRelativeLinks(summary: PageSummary): boolean {
  return relativeLinksOf.get(summary) ?? summary.links.some((l) => isRelative(l.href));
}

/** What the cache keeps of a summary: its path blanked, and its headings, ids and links (four fifths of it) as JSON. */
export function storedSummary(result: PageSummaryResult, path: string): CachedSummary {
  const { headings, elementIds, componentIds, links, ...rest } = result.summary;
  const detail: SummaryDetail = { headings, elementIds, componentIds, links };
  return {
    summary: { ...rest, path: '', detail: JSON.stringify(detail), relativeLinks: links.some((l) => isRelative(l.href)) },
    diagnostics: blankDiagnostics(result.diagnostics, path),
  };
}

/**
 * The summary of the page at `path` from a stored one. Its headings, ids and
 * links are parsed on first use: a build after a navigation edit reads
 * 11,000 summaries and the detail of the thousand pages it lays out.
 */
export function relocateSummary(entry: CachedSummary, path: string): PageSummaryResult {
  const stored = entry.summary;
  let detail: SummaryDetail | undefined;
  const read = (): SummaryDetail => {
    detail ??= JSON.parse(stored.detail) as SummaryDetail;
    return detail;
  };
  // Every other field as stored: a field added to PageSummary comes back without a line here (`icons` once did not,
  // and a check whose record was out of date lost the pages' icon warnings). Whether a page is a snippet is the project's.
  const { detail: _detail, relativeLinks, path: _path, frontmatter, importedAsSnippet: _snippet, ...plain } = stored;
  const summary: PageSummary = {
    ...plain,
    path,
    frontmatter: relocateFrontmatter(frontmatter, path),
    get headings() {
      return read().headings;
    },
    get elementIds() {
      return read().elementIds;
    },
    get componentIds() {
      return read().componentIds;
    },
    get links() {
      return read().links;
    },
  };
  relativeLinksOf.set(summary, relativeLinks);
  return { summary, diagnostics: restoreDiagnostics(entry.diagnostics, path) };
}

/** A summary computed in this run for the page at `path`, one of the pages sharing its text (the one it was computed for: `summary.path`). */
function blankBody(body: CachedBody, path: string): CachedBody {
  return { ...body, diagnostics: blankDiagnostics(body.diagnostics, path) };
}

function relocateBody(body: CachedBody, path: string): BodyResult {
  const result: BodyResult = {
    html: body.html,
    text: body.text,
    diagnostics: restoreDiagnostics(body.diagnostics, path),
    dependencies: body.dependencies,
  };
  if (body.panel !== undefined) result.panel = body.panel;
  if (body.feed !== undefined) result.feed = body.feed;
  if (body.textTerms !== undefined) result.textTerms = body.textTerms;
  if (body.classes !== undefined) result.classes = body.classes;
  if (body.diagrams) result.diagrams = true;
  return result;
}
