// Internal links of pages (markdown links and `href` attributes) must lead
// somewhere: to a page of the site or a static file, and, when they name a
// `#anchor` on a page whose headings are known, to one of its headings.
// Images and other embedded files (`![](…)`, `src`, a Card's `img`) must be
// files, resolved the same way (as the renderer writes them).
// Links resolve as a browser resolves them against the linking page's URL;
// a `.mdx`/`.md` suffix names the page itself. A link to a folder that holds
// pages but is none is a warning: the build publishes a redirect there
// (ir/folder-pages.ts). Snippets are checked only for
// root-relative links: their relative links depend on the page that imports them.

import { distance } from 'fastest-levenshtein';
import { closestMatch, suggestionLimits } from '../config/did-you-mean.js';
import { type Diagnostic, DiagnosticBag, type Location, type Place } from '../diagnostics/diagnostic.js';
import { isSnippetSummary, pagePathOfFile, pageUrl, resolvedSegments } from '../ir/page-urls.js';
import type { SiteIndex } from '../ir/site-index.js';
import { cleanAnchor } from '../pages/heading-slug.js';
import type { PageLink, PageSummary } from '../pages/summarize-page.js';

export interface LinkTarget {
  /** URL path in `pageUrl` form: no leading or trailing slash. */
  url: string;
  /** The decoded fragment, without `#`; absent when the link has none. */
  anchor?: string;
}

/** Fragments that need no element: `#` and `#top` go to the top of the page. */
const TOP_ANCHORS = new Set(['', 'top']);

/**
 * `basePath`: the path the site is served under (`/docs`), or ''. An image written with it in front
 * (`/docs/images/a.png`) is the file without it, as Mintlify reads images (its `removeBasePath`): on a site served
 * under `/docs`, the browser asks for that address and gets the file. So is the link of an HTML element written in
 * JSX (`<a href="/docs/quickstart">`): Mintlify leaves it as written, and the browser reaches the page. A Markdown
 * link or a component's `href` written so is not: Mintlify puts the base in front again (`/docs/docs/quickstart`).
 */
export function checkLinks(summaries: readonly PageSummary[], site: SiteIndex, basePath = ''): Diagnostic[] {
  return checkLinksByPage(summaries, site, basePath).flat();
}

/** `checkLinks`, what each summary's links gave apart (in the summaries' order): what link-check-memo.ts remembers page by page. */
export function checkLinksByPage(summaries: readonly PageSummary[], site: SiteIndex, basePath = ''): Diagnostic[][] {
  const bag = new DiagnosticBag();
  const byPage: Diagnostic[][] = [];
  // A site's versions and languages repeat their broken links: each target is measured against every page once.
  let pages: LetterCounts | undefined;
  const suggestUrl = memoize((url: string) => {
    pages ??= new LetterCounts([...site.pages.keys()]);
    return closestUrl(url, site, pages);
  });
  const suggestFile = memoize((url: string) => closestFile(url, site));
  for (const summary of summaries) {
    const before = bag.items.length;
    const pagePath = pagePathOfFile(summary.path);
    if (pagePath !== undefined) {
      const context: LinkContext = { file: summary.path, from: pageUrl(pagePath), site, bag, suggestUrl, suggestFile, basePath };
      const links = isSnippetSummary(summary) ? summary.links.filter((l) => l.href.startsWith('/')) : summary.links;
      for (const link of links) checkLink(link, context);
    }
    byPage.push(bag.items.slice(before));
  }
  return byPage;
}

interface LinkContext {
  file: string;
  /** URL of the linking page. */
  from: string;
  site: SiteIndex;
  bag: DiagnosticBag;
  suggestUrl: (url: string) => string | undefined;
  suggestFile: (url: string) => string | undefined;
  /** The site's base path (`/docs`), or ''. */
  basePath: string;
}

function checkLink(link: PageLink, context: LinkContext): void {
  const target = resolveLink(link.href, context.from, context.file);
  const at: Location = { file: context.file, line: link.line, column: link.column, length: link.length };
  if (link.image) {
    // An image must be a file (a page's address would give the reader HTML); its fragment is no anchor.
    const url = withoutBase(target.url, context.basePath);
    if (!context.site.staticFiles.has(url) && !context.site.isRedirected(url)) reportBrokenImage(link.href, url, at, context);
    return;
  }
  const url = link.literal ? withoutBase(target.url, context.basePath) : target.url;
  const page = context.site.pages.get(url);
  if (page === undefined) {
    if (context.site.staticFiles.has(url) || context.site.isRedirected(url)) return;
    const folderPage = context.site.folders.get(url);
    const unloaded = unloadedDocument(url, context.site);
    if (folderPage !== undefined) reportFolderLink(link.href, url, folderPage, at, context.bag);
    else if (unloaded !== undefined) context.bag.report('link/unchecked', at, { ...brokenTargetArgs(link.href, url, undefined), document: unloaded });
    else reportBrokenLink(link.href, url, at, context, link.literal === true);
    return;
  }
  const anchor = target.anchor;
  if (anchor === undefined || !page.anchorsKnown || TOP_ANCHORS.has(anchor) || page.ids.has(anchor)) return;
  // Mintlify reads a fragment as it makes ids (heading-slug.ts): `#example:-connect` reaches `Example: connect`.
  if (page.ids.has(cleanAnchor(anchor))) return;
  const suggestion = closestMatch(anchor, page.ids);
  context.bag.report('link/missing-anchor', at, {
    anchor,
    page: url === context.from ? 'this page' : `\`/${url}\``,
    suggestion: suggestion === undefined ? '' : `; did you mean \`#${suggestion}\`?`,
  });
}

/**
 * The document, as written, whose API pages would be at `url` but are unknown: it could not be loaded (a hosted
 * document not fetched, a file that does not parse), so a link into its pages' folder cannot be checked.
 */
function unloadedDocument(url: string, site: SiteIndex): string | undefined {
  for (const [folder, document] of site.unloadedApi) if (url === folder || url.startsWith(`${folder}/`)) return document;
  return undefined;
}

/** An image's or an HTML element's URL (`pageUrl` form) without the site's base path in front (see checkLinks). */
function withoutBase(url: string, basePath: string): string {
  const base = basePath.slice(1);
  return base !== '' && url.startsWith(`${base}/`) ? url.slice(base.length + 1) : url;
}

function reportBrokenImage(href: string, url: string, at: Location, context: LinkContext): void {
  const link = context.site.linkOutside(url);
  if (link !== undefined) {
    context.bag.report('file/link-outside-root', at, { path: url, link });
    return;
  }
  context.bag.report('link/broken-image', at, brokenTargetArgs(href, url, context.suggestFile(url)), baseHint(url, context, 'image'));
}

/**
 * A broken image or HTML element's link whose address without its first folder is a file or a page, on a site given
 * no base path: written for a site served under that folder (Mintlify's subpath hosting, `/docs/images/a.png`,
 * `<a href="/docs/quickstart">`), which docsc is told with `--base-path`.
 */
function baseHint(url: string, context: LinkContext, kind: 'image' | 'literal'): { hint: string } | undefined {
  if (context.basePath !== '') return undefined;
  const slash = url.indexOf('/');
  if (slash <= 0) return undefined;
  const rest = url.slice(slash + 1);
  const base = `/${url.slice(0, slash)}`;
  const given = `give docsc that base path (\`--base-path ${base}\`)`;
  if (kind === 'image') {
    if (!context.site.staticFiles.has(rest)) return undefined;
    return {
      hint: `\`/${rest}\` is a file: if the site is served under \`${base}\`, ${given}, and images written with it in front are read without it, as Mintlify reads them`,
    };
  }
  const site = context.site;
  const what = site.pages.has(rest)
    ? 'is a page'
    : site.staticFiles.has(rest)
      ? 'is a file'
      : site.isRedirected(rest)
        ? 'is redirected'
        : site.folders.has(rest)
          ? 'is a folder with pages'
          : undefined;
  if (what === undefined) return undefined;
  return {
    hint: `\`/${rest}\` ${what}: if the site is served under \`${base}\`, ${given}, and the links of HTML elements written with it in front are read without it, as the browser follows them on Mintlify's site (which leaves such links as written)`,
  };
}

function reportBrokenLink(href: string, url: string, at: Location, context: LinkContext, literal: boolean): void {
  context.bag.report(
    'link/broken',
    at,
    brokenTargetArgs(href, url, context.suggestUrl(url)),
    literal ? baseHint(url, context, 'literal') : undefined,
  );
}

/**
 * A link to a folder that holds pages but is none: the build sends its readers to `page` (folder-pages.ts). The home
 * page's folder (a site without an `index` page) is where every site starts, as on Mintlify: no warning.
 */
export function reportFolderLink(href: string, url: string, page: string, at: Place, bag: DiagnosticBag): void {
  if (url === '') return;
  const written = href.split(/[?#]/)[0];
  bag.report('link/folder', at, { href, resolved: written === `/${url}` ? '' : ` (\`/${url}\`)`, page: `/${page}` });
}

/** The arguments of `link/broken` and `link/broken-image`: what was written, where it led when that differs, a did-you-mean. */
export function brokenTargetArgs(href: string, url: string, suggestion: string | undefined): Record<'href' | 'resolved' | 'suggestion', string> {
  const written = href.split(/[?#]/)[0];
  return {
    href,
    resolved: written === `/${url}` ? '' : ` (\`/${url}\`)`,
    suggestion: suggestion === undefined ? '' : `; did you mean \`/${suggestion}\`?`,
  };
}

/** Where a link leads from a page at `fromUrl`: `?query` dropped, `%xx` decoded, `.`/`..` applied. */
export function resolveLink(href: string, fromUrl: string, fromFile = ''): LinkTarget {
  const hashAt = href.indexOf('#');
  const beforeHash = hashAt === -1 ? href : href.slice(0, hashAt);
  const path = decode(beforeHash.split('?')[0] ?? '');
  const url = path === '' ? fromUrl : resolvePath(path, fromUrl, fromFile);
  return hashAt === -1 ? { url } : { url, anchor: decode(href.slice(hashAt + 1)) };
}

/** Relative paths resolve against the page's folder: from `guides/setup`, `next` is `guides/next` (page-urls.ts `resolvedSegments`). */
function resolvePath(path: string, fromUrl: string, fromFile: string): string {
  const joined = resolvedSegments(path, fromUrl, fromFile).join('/');
  // `/guides/index` and `/guides/setup.mdx` name the pages at `/guides` and `/guides/setup`.
  return pageUrl(pagePathOfFile(joined) ?? joined);
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** What a broken link (`image`: a broken image) to `url` may have meant, when close enough to be a typo. */
export function closestTarget(url: string, site: SiteIndex, image: boolean): string | undefined {
  return image ? closestFile(url, site) : closestUrl(url, site);
}

/** The closest page URL (or static file, for a target with an extension), when close enough to be a typo. */
function closestUrl(url: string, site: SiteIndex, pages?: LetterCounts): string | undefined {
  if (/\.\w+$/.test(url)) return closestOf(url, [...site.pages.keys(), ...site.staticFiles]);
  return pages === undefined ? closestOf(url, [...site.pages.keys()]) : pages.closest(url, closestOfLimit(url));
}

/**
 * Candidates with their letters counted (lower-cased, as `closestMatch` compares them; past ASCII in one count), to
 * find `closestMatch`'s choice measuring few of them. No fewer edits turn one text into another than letters one has
 * more of than the other (the bag distance), and `closestMatch` chooses the candidate fewest edits away (the first
 * in code-unit order of those), none more than 40% of the word's length away (did-you-mean.ts): a candidate whose
 * bag distance is past the best measured so far cannot be chosen, and is not measured. The candidates in the
 * word's own folder are measured first, the likeliest to set a low bar. crewAI's docs: 82 broken links, each against
 * 24,803 pages; measuring every candidate 0.74 s, those within 40% by their letters (23% of the pairs) 0.32 s, and
 * with the best so far as the bar, the whole `--no-cache` check 0.978x as long as with those 23% (5 pairs).
 */
export class LetterCounts {
  private readonly lower: string[];
  private readonly counts: Uint16Array[];
  /** The candidates' indexes by their folder (the text up to its last `/`). */
  private readonly folders = new Map<string, number[]>();

  constructor(private readonly texts: readonly string[]) {
    this.lower = texts.map((text) => text.toLowerCase());
    this.counts = this.lower.map(countLetters);
    texts.forEach((text, index) => {
      const folder = folderOf(text);
      const members = this.folders.get(folder);
      if (members === undefined) this.folders.set(folder, [index]);
      else members.push(index);
    });
  }

  /** `closestMatch(word, …)` of the candidates whose length differs from the word's by at most `maxLengthDifference`. */
  closest(word: string, maxLengthDifference = Number.POSITIVE_INFINITY): string | undefined {
    const lower = word.toLowerCase();
    // closestMatch's own limits (did-you-mean.ts).
    const limits = suggestionLimits(word);
    const lengthLimit = Math.min(maxLengthDifference, limits.lengthDifference);
    const own = countLetters(lower);
    const letters: number[] = [];
    for (let code = 0; code < own.length; code++) if (own[code] !== 0) letters.push(code);
    let best: string | undefined;
    let bestDistance = limits.edits;
    const measure = (index: number) => {
      const text = this.texts[index] as string;
      if (Math.abs(text.length - word.length) > lengthLimit) return;
      const candidate = this.lower[index] as string;
      // What the word has more of, and then what the candidate has more of: the larger is the bag distance.
      let bag = Math.max(0, candidate.length - lower.length);
      const counts = this.counts[index] as Uint16Array;
      for (let i = 0; i < letters.length && bag <= bestDistance; i++) {
        const code = letters[i] as number;
        bag += Math.max(0, (own[code] as number) - (counts[code] as number));
      }
      if (bag > bestDistance) return;
      const d = distance(lower, candidate);
      if (d < bestDistance || (d === bestDistance && (best === undefined || text < best))) {
        best = text;
        bestDistance = d;
      }
    };
    const siblings = this.folders.get(folderOf(word)) ?? [];
    for (const index of siblings) measure(index);
    const measured = new Set(siblings);
    for (let index = 0; index < this.texts.length; index++) if (!measured.has(index)) measure(index);
    return best;
  }
}

function folderOf(text: string): string {
  return text.slice(0, Math.max(0, text.lastIndexOf('/')));
}

function countLetters(text: string): Uint16Array {
  const counts = new Uint16Array(128);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    counts[code < 128 ? code : 127] = (counts[code < 128 ? code : 127] as number) + 1;
  }
  return counts;
}

/** For a broken image: the closest file of its extension when close enough to be a typo, else one of its name with another extension (`logo.svgg`, `chart.jpeg`). */
function closestFile(url: string, site: SiteIndex): string | undefined {
  const dot = url.lastIndexOf('.');
  const [stem, extension] = dot > url.lastIndexOf('/') ? [url.slice(0, dot), url.slice(dot).toLowerCase()] : [url, ''];
  const files = [...site.staticFiles];
  const sameKind =
    extension === ''
      ? undefined
      : closestOf(
          url,
          files.filter((file) => file.toLowerCase().endsWith(extension)),
        );
  return sameKind ?? files.find((file) => file.startsWith(`${stem}.`) && !file.slice(stem.length + 1).includes('/'));
}

function closestOf(url: string, candidates: readonly string[]): string | undefined {
  const maxEdits = closestOfLimit(url);
  return closestMatch(
    url,
    candidates.filter((c) => Math.abs(c.length - url.length) <= maxEdits),
  );
}

/** A suggested URL differs in length by at most a third: what differs more is skipped, unmeasured. */
function closestOfLimit(url: string): number {
  return Math.max(1, Math.floor(url.length / 3));
}

function memoize(compute: (key: string) => string | undefined): (key: string) => string | undefined {
  const cache = new Map<string, string | undefined>();
  return (key) => {
    if (!cache.has(key)) cache.set(key, compute(key));
    return cache.get(key);
  };
}
