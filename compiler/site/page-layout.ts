// The HTML document around a page body: head (description, Open Graph,
// `seo.metatags`, canonical, theme colors, fonts, the no-flash color-mode
// script), the banner, top bar (logo, name, search button, navbar
// links, primary button, color-mode toggle), the tab bar, the sidebar
// (version, language, product and dropdown selectors, anchors, global
// anchors, groups), the eyebrow or breadcrumbs, title, body, "edit this page",
// previous/next links, the table of contents — or the page's `<Panel>`s in
// its place — and the footer. Plain, semantic
// and usable without JavaScript — groups are `<details>`, selectors are
// `<details>` lists of links — and the site runtime (runtime/client/) adds
// search, the toggle, the mobile menu and keyboard handling. Bodies are
// trusted HTML (compiled from the repository's MDX or rendered by the API
// page renderer); every other value is escaped here.

import { createHash } from 'node:crypto';
import { plainKey, plainKeyText, valueKey } from '../cache/value-key.js';
import { iconLibraryOf } from '../icons/icon-svg.js';
import { isSitePath, rebaseMarkup } from './base-path.js';
import { clientScriptPath } from './client-bundle.js';
import { escapeHtml, escapeHtmlLatin1, safeHref } from './escape-html.js';
import { ICON_SPRITE_PATH, NavigationIcons } from './navigation-icon.js';
import { type PageActionsPlace, renderPageActions } from './page-actions.js';
import { SHARDS, searchScope } from './search-index.js';
import { bannerId, renderBanner } from './site-banner.js';
import {
  equivalentHref,
  type PagePlacement,
  type Section,
  type SidebarGroup,
  type SidebarItem,
  type SidebarPage,
  type SiteNavigation,
  type Switcher,
  type SwitcherLink,
} from './site-navigation.js';
import type { SiteSettings } from './site-settings.js';
import { renderThemeHead } from './theme-head.js';

/** Served from the output's `_docsc/` folder. */
export const STYLESHEET_PATH = '_docsc/site.css';
/** The utility classes pages write (`className="flex dark:hidden"`): site/utility-css.ts. */
export const UTILITIES_PATH = '_docsc/utilities.css';

export interface TocEntry {
  depth: number;
  text: string;
  id: string;
}

export interface PageDocument {
  url: string;
  title: string;
  /** The label in the sidebar, when it differs from the title. */
  sidebarTitle?: string;
  description?: string;
  /** The body shows the description, formatted (an API page's longer description): the layout writes it in meta tags only. */
  descriptionInBody?: boolean;
  /** Whether the layout writes the title as the page's `<h1>` (the body has none of its own). */
  showTitle: boolean;
  body: string;
  toc: TocEntry[];
  noindex: boolean;
  /** For API pages: `GET`, `WEBHOOK` … shown beside the title. */
  method?: string;
  deprecated?: boolean;
  /** Frontmatter `tag`: a pill beside the title. */
  tag?: string;
  /** Frontmatter `icon`: shown beside the page's sidebar label. */
  icon?: string;
  /** Frontmatter `mode`: `wide` (no table of contents), `frame`, `custom` and `center` (no sidebar either). */
  mode?: string;
  /** The page's file, project-relative, for "edit this page". */
  sourcePath?: string;
  /** Frontmatter `og:*` values by their full name (`og:title`), overriding the defaults. */
  openGraph?: Record<string, string>;
  keywords?: readonly string[];
  /** The body writes utility classes: the page links the site's utilities stylesheet (UTILITIES_PATH). */
  utilities?: boolean;
  /** Where the build wrote the page's Markdown source (`/quickstart.md`), for the contextual menu's copy and view. */
  markdown?: string;
  /** An API page's OpenAPI document, to download (docs.json `api.spec.download`): a site path or the hosted document's URL. */
  download?: string;
  /** Where the build wrote the page's RSS feed (`/changelog/rss.xml`, `rss: true` frontmatter), linked from its head. */
  feed?: string;
  /** The page's `<Panel>`s (trusted HTML, compiled with the body): the side column shows them instead of the table of contents. */
  panel?: string;
  /** Client entries (runtime/client/entries/<name>.ts) this page loads besides `site`, e.g. `playground` on API pages. */
  scripts?: readonly string[];
}

/**
 * Sections with more listed pages than this show, in each page's sidebar, the
 * groups on the way to that page open and every other group folded to a link
 * to its first page: a 1,200-operation API reference would otherwise repeat
 * a 200 KB sidebar on each of its pages. The full sidebar is written once per
 * such section as a fragment (`NAVIGATION_FRAGMENT_FOLDER`), which the site
 * script loads in place of the folded one.
 */
export const FULL_SIDEBAR_LIMIT = 200;

/**
 * In a large section's folded sidebar, a list (of groups or pages) longer
 * than this shows only a window around the page's own item: the blocks of
 * `SIDEBAR_WINDOW_BLOCK` items holding it and its neighbours, and before and
 * after them a link to the nearest item left out, whose page shows the next
 * window. Every page stays reachable without JavaScript, and a page of
 * Microsoft Graph's 1,900-group reference no longer lists all its groups.
 */
export const SIDEBAR_WINDOW_LIMIT = 100;
export const SIDEBAR_WINDOW_BLOCK = 25;

/**
 * Sections with more listed pages than this get no full sidebar fragment:
 * the script would put tens of thousands of links in every page it opens. The
 * folded, windowed sidebar (and search) is their navigation.
 */
export const FRAGMENT_PAGE_LIMIT = 2_000;

/** Full sidebars of large sections: `<content hash>.html`, so an unchanged sidebar keeps its name and bytes (and may be cached for good). */
export const NAVIGATION_FRAGMENT_FOLDER = '_docsc/nav';

interface Chrome {
  topBar: string;
  footer: string;
  banner: string;
  /** ` data-banner="<id>"` on <html> for a dismissible banner. */
  bannerAttribute: string;
}

/**
 * A section as plain data for its key: its switchers' sets of equivalent
 * URLs as sorted arrays, everything else as it is (`valueKey`'s replacer, for
 * those sets, cost a call per property of a section's sidebar: 30 ms a build).
 */
function plainSection(section: Section): unknown {
  const { switchers, ...rest } = section;
  return {
    ...rest,
    switchers: switchers.map(({ equivalents, ...switcher }) =>
      equivalents === undefined
        ? switcher
        : { ...switcher, equivalents: equivalents.map(({ urls, ...pages }) => ({ ...pages, urls: [...urls].sort() })) },
    ),
  };
}

/** Open Graph and Twitter properties whose value is a URL (ogp.me, Twitter's cards). */
const URL_PROPERTIES: ReadonlySet<string> = new Set([
  'og:url',
  'og:image',
  'og:image:url',
  'og:image:secure_url',
  'og:video',
  'og:video:url',
  'og:video:secure_url',
  'og:audio',
  'og:audio:url',
  'og:audio:secure_url',
  'twitter:image',
  'twitter:image:src',
  'twitter:player',
]);

/** The most sidebars kept rendered at once (a large section's pages share one per block of its group). */
const SIDEBAR_MEMO = 64;

/** Kinds of division levels shown as selectors at the top of the sidebar, in this order; `tab` is the tab bar, `anchor` a list. */
const SELECTOR_KINDS = ['language', 'version', 'product', 'dropdown', 'menu-item'];

/**
 * Renders pages of one site; sidebars are rendered once per section (and per
 * innermost group of a large one).
 *
 * Invariant: `render` reads nothing but its page, its placement (and the
 * placement's section), this layout's settings, site URL and last-modified
 * dates — exactly what `pageKey` hashes. A build keeps a page laid out by an
 * earlier build when its key (with its body's) is unchanged (emit-site.ts), so
 * a value read here and left out of `pageKey` would leave stale pages.
 */
export class PageLayout {
  /** Sidebars rendered, by section (and window block): the SIDEBAR_MEMO last used. */
  private sidebars = new Map<string, IndexedSidebar>();
  /** Large sections' full sidebars, by output path. */
  private fragments = new Map<string, string>();
  private fragmentPaths = new Map<Section, string>();
  private tabBars = new Map<Section, string>();
  private groupPaths = new Map<Section, Map<string, PagePath>>();
  private head: string;
  /** Top bar, footer and banner, per language (a language may set its own `navbar`, `footer`, `banner`). */
  private chromes = new Map<string, Chrome>();
  private globalAnchors: string;
  private icons: NavigationIcons;

  private siteUrl: string | undefined;
  /** `metadata.timestamp`: each file's last commit date (seconds), by project-relative path. */
  private lastModified: ReadonlyMap<string, number> | undefined;
  /** Whether the site has versions or languages, so that search has scopes. */
  private scoped: boolean;
  /** The key of what every page's layout reads (settings, site URL, global links); set by the constructor. */
  private siteKey: string;
  private sectionKeys = new WeakMap<Section, string>();

  constructor(
    private settings: SiteSettings,
    navigation: SiteNavigation,
    /** `--site-url`, for canonical and `og:url` links. */
    siteUrl?: string,
    /** The path the site is served under (`/docs`), or '': put in front of every site path the layout writes (base-path.ts). */
    private base = '',
  ) {
    const safe = siteUrl === undefined ? undefined : safeHref(siteUrl);
    if (safe !== undefined && /^https?:\/\//i.test(safe)) this.siteUrl = safe.replace(/\/+$/, '');
    this.scoped = navigation.sections.some((section) => searchScope(section) !== '');
    this.icons = new NavigationIcons(iconLibraryOf(settings.iconLibrary));
    const theme = renderThemeHead(settings);
    this.head = [
      theme.script,
      faviconLinks(settings),
      `<link rel="stylesheet" href="/${STYLESHEET_PATH}">`,
      theme.style,
      // The repository's own stylesheets and scripts (Mintlify's custom CSS and JS), after docsc's.
      ...settings.custom.styles.map((path) => `<link rel="stylesheet" href="/${escapeHtml(encodeURI(path))}">`),
      ...settings.custom.scripts.map((path) => `<script src="/${escapeHtml(encodeURI(path))}" defer></script>`),
      settings.integrations.html,
    ]
      .filter((l) => l !== '')
      .join('\n');
    this.globalAnchors = renderLinkList(navigation.globalLinks, -1, 'docsc-anchors docsc-global-anchors', this.icons);
    this.siteKey = valueKey(settings, this.siteUrl ?? null, base, navigation.globalLinks, this.scoped);
    this.registerIcons(navigation);
  }

  /**
   * The navigation's icons go into the sprite whichever pages are laid out (a
   * build may keep most pages from an earlier one): every section's chrome,
   * tab bar, selectors and groups, and the page actions, rendered once here.
   */
  private registerIcons(navigation: SiteNavigation): void {
    this.chromeOf(undefined);
    for (const section of navigation.sections) {
      const placement: PagePlacement = { section, breadcrumbs: [], path: [] };
      this.chromeOf(placement);
      this.tabBarOf(section);
      this.switchersOf(section, '');
      // A full sidebar holds every item's icon; a folded one only those of its window, so the others are registered one by one.
      if (hasFragment(section)) this.fragmentOf(section);
      else this.registerItemIcons(section.sidebar);
    }
    if (this.settings.contextual.length > 0)
      this.pageActions({ url: '', title: '', showTitle: false, body: '', toc: [], noindex: false, markdown: '/index.md' }, '/');
  }

  /**
   * What `render` makes of `page` at `placement`, as the text of a key,
   * without its body (the caller adds the body's key and hashes the whole
   * once: layout-keys.ts): the site's settings, the section's navigation,
   * the page's place in it, its document and its last-modified date.
   */
  pageKey(page: Omit<PageDocument, 'body' | 'toc' | 'panel'>, placement: PagePlacement | undefined): string {
    const date = page.sourcePath === undefined ? undefined : this.lastModified?.get(page.sourcePath);
    // The document and the placement's own parts are plain data (no Map or Set).
    if (placement === undefined) return plainKeyText(this.siteKey, page, date ?? null);
    let section = this.sectionKeys.get(placement.section);
    if (section === undefined) {
      section = plainKey(plainSection(placement.section));
      this.sectionKeys.set(placement.section, section);
    }
    // A listed page's placement is a function of its section and its place in it (site-navigation.ts's placePages).
    if (placement.index !== undefined) return plainKeyText(this.siteKey, section, placement.index, page, date ?? null);
    const { breadcrumbs, path, previous, next } = placement;
    return plainKeyText(this.siteKey, section, [breadcrumbs, path, previous ?? null, next ?? null], page, date ?? null);
  }

  /** Shows "Last modified" on pages whose file has a date here (docs.json's `metadata.timestamp`). */
  setLastModified(dates: ReadonlyMap<string, number>): void {
    this.lastModified = dates;
  }

  render(page: PageDocument, placement: PagePlacement | undefined): string {
    const href = page.url === '' ? '/' : `/${page.url}`;
    const mode = page.mode ?? 'default';
    const bare = mode === 'custom' || mode === 'center';
    const sidebar = bare ? '' : this.sidebarOf(page.url, href, placement);
    const description = page.description ?? this.settings.description;
    const tocShown = mode === 'default';
    const language = htmlLanguage(
      placement?.section.switchers.find((s) => s.kind === 'language'),
      this.settings.language,
    );
    const chrome = this.chromeOf(placement);
    // `contextual.display: "toc"`: the menu heads the table of contents where one is shown (a Panel takes its place).
    const actionsInToc = this.settings.contextualInToc && tocShown && page.panel === undefined && tocEntries(page.toc).length > 0;
    // Each part is the layout's own markup (true), which gets the base path here, or the renderer's (the body and the
    // panel), which has it already.
    const parts: [string, boolean][] = [
      '<!doctype html>',
      `<html lang="${escapeHtml(language)}"${language === 'ar' ? ' dir="rtl"' : ''}${this.base === '' ? '' : ` data-docsc-base="${this.base}"`}${chrome.bannerAttribute} data-appearance="${this.settings.appearance.default}"${this.settings.appearance.strict ? ' data-strict' : ''}${this.settings.codeblocks.dark ? ' data-codeblocks="dark"' : ''}>`,
      '<head>',
      '<meta charset="utf-8">',
      '<meta name="viewport" content="width=device-width, initial-scale=1">',
      `<title>${escapeHtml(page.title === this.settings.name ? page.title : `${page.title} - ${this.settings.name}`)}</title>`,
      description ? `<meta name="description" content="${escapeHtml(description)}">` : '',
      page.noindex || (placement === undefined && !this.settings.indexAll) ? '<meta name="robots" content="noindex">' : '',
      this.metaTags(page, href, description),
      page.feed === undefined
        ? ''
        : `<link rel="alternate" type="application/rss+xml" title="${escapeHtml(page.title)}" href="${escapeHtml(page.feed)}">`,
      this.head,
      page.utilities ? `<link rel="stylesheet" href="/${UTILITIES_PATH}">` : '',
      '</head>',
      `<body data-mode="${escapeHtml(mode)}"${this.settings.background.decoration ? ` data-background="${this.settings.background.decoration}"` : ''}>`,
      '<a class="docsc-skip-link" href="#content">Skip to content</a>',
      chrome.banner,
      '<header class="docsc-header">',
      placement && this.scoped
        ? chrome.topBar.replace(' data-shards=', ` data-scope="${escapeHtml(searchScope(placement.section))}" data-shards=`)
        : chrome.topBar,
      placement ? this.tabBarOf(placement.section) : '',
      '</header>',
      '<div class="docsc-layout">',
      sidebar ? `<nav id="docsc-sidebar" class="docsc-sidebar" aria-label="Sidebar">${sidebar}</nav>` : '',
      '<main id="content" class="docsc-main">',
      '<article class="docsc-page">',
      placement ? this.renderEyebrow(placement) : '',
      actionsInToc ? this.pageActions(page, href, 'narrow') : this.pageActions(page, href),
      renderTitle(page),
    ].map((part): [string, boolean] => [part, true]);
    parts.push(
      [page.body, false],
      [renderLastModified(page.sourcePath === undefined ? undefined : this.lastModified?.get(page.sourcePath)), true],
      // Modes without a side column show the panel after the body.
      [page.panel !== undefined && !tocShown ? `<div class="docsc-panel-inline">${page.panel}</div>` : '', false],
      [this.editLink(page), true],
      [placement ? renderPager(placement) : '', true],
      ['</article>\n</main>', true],
      tocShown && page.panel !== undefined
        ? [renderSidePanel(page.panel), false]
        : [tocShown ? renderToc(page.toc, actionsInToc ? this.pageActions(page, href, 'toc') : '') : '', true],
      ['</div>', true],
      [chrome.footer, true],
      [renderScripts(page.scripts), true],
      ['</body>\n</html>', true],
    );
    return parts
      .filter(([part]) => part !== '')
      .map(([part, layout]) => (layout && this.base !== '' ? rebaseMarkup(part, this.base) : part))
      .join('\n');
  }

  /** Open Graph and Twitter tags, `keywords`, `seo.metatags`, and the canonical URL when the site's URL is known. */
  private metaTags(page: PageDocument, href: string, description: string | undefined): string {
    const og: Record<string, string> = { 'og:type': 'website', 'og:site_name': this.settings.name, 'og:title': page.title };
    if (description) og['og:description'] = description;
    if (this.siteUrl !== undefined) og['og:url'] = this.siteUrl + this.base + href;
    Object.assign(og, page.openGraph);
    const tags = Object.entries(og).map(
      ([property, content]) => `<meta property="${escapeHtml(property)}" content="${escapeHtml(this.metaUrl(property, content))}">`,
    );
    tags.push('<meta name="twitter:card" content="summary">');
    if (page.keywords && page.keywords.length > 0) tags.push(`<meta name="keywords" content="${escapeHtml(page.keywords.join(', '))}">`);
    for (const [name, content] of this.settings.metatags)
      tags.push(`<meta name="${escapeHtml(name)}" content="${escapeHtml(this.metaUrl(name, content))}">`);
    if (this.siteUrl !== undefined) tags.push(`<link rel="canonical" href="${escapeHtml(this.siteUrl + this.base + href)}">`);
    return tags.join('\n');
  }

  /**
   * A meta tag's value as written, but a site path (`/images/card.png`) in
   * an Open Graph or Twitter property that holds a URL: that gets the base
   * path, and the site's URL when it is known, since social sites read only
   * absolute URLs there.
   */
  private metaUrl(property: string, content: string): string {
    if (!URL_PROPERTIES.has(property.toLowerCase()) || !isSitePath(content)) return content;
    return `${this.siteUrl ?? ''}${this.base}${content}`;
  }

  private chromeOf(placement: PagePlacement | undefined): Chrome {
    const switcher = placement?.section.switchers.find((s) => s.kind === 'language');
    const code = switcher?.links[switcher.current]?.label ?? '';
    let chrome = this.chromes.get(code);
    if (chrome === undefined) {
      const settings = this.settings.languages.get(code) ?? this.settings;
      chrome = {
        topBar: renderTopBar(settings),
        footer: renderFooter(settings, this.icons),
        banner: settings.banner ? renderBanner(settings.banner) : '',
        bannerAttribute: settings.banner?.dismissible ? ` data-banner="${bannerId(settings.banner)}"` : '',
      };
      this.chromes.set(code, chrome);
    }
    return chrome;
  }

  /** `_docsc/icons.svg`: every icon the pages rendered so far use (write it after the last page). */
  iconSprite(): { path: string; contents: string } {
    return { path: ICON_SPRITE_PATH, contents: this.icons.sprite() };
  }

  private renderEyebrow(placement: PagePlacement): string {
    if (this.settings.eyebrows === 'breadcrumbs') return placement.path.length > 0 ? renderBreadcrumbs(placement.path) : '';
    const name = placement.breadcrumbs.at(-1);
    return name ? `<p class="docsc-eyebrow">${escapeHtml(name)}</p>` : '';
  }

  /** docs.json's `contextual` menu (page-actions.ts), floated beside the title, or in the table of contents. */
  private pageActions(page: PageDocument, href: string, place: PageActionsPlace = 'header'): string {
    if (this.settings.contextual.length === 0 || page.mode === 'custom') return '';
    const siteUrl = this.siteUrl === undefined ? undefined : this.siteUrl + this.base;
    const target = { path: href, siteUrl, markdown: page.markdown };
    return renderPageActions(this.settings.contextual, target, (name) => this.icons.icon(name), place);
  }

  /** "Edit this page" and "Raise an issue" (`feedback.suggestEdit`, `feedback.raiseIssue`, with a GitHub repository). */
  private editLink(page: PageDocument): string {
    const links: string[] = [];
    if (this.settings.editBase !== undefined && page.sourcePath !== undefined) {
      const href = this.settings.editBase + page.sourcePath.split('/').map(encodeURIComponent).join('/');
      links.push(`<a href="${escapeHtml(href)}" rel="noopener">Edit this page</a>`);
    }
    if (this.settings.issueBase !== undefined) {
      const href = `${this.settings.issueBase}?title=${encodeURIComponent(`Issue on docs: ${page.title}`)}&body=${encodeURIComponent(`Path: /${page.url}`)}`;
      links.push(`<a href="${escapeHtml(href)}" rel="noopener">Raise an issue</a>`);
    }
    return links.length === 0 ? '' : `<p class="docsc-edit">${links.join(' · ')}</p>`;
  }

  /** The whole sidebar of a page: selectors, anchors, global anchors and the section's groups with the page's own group opened. */
  private sidebarOf(url: string, href: string, placement: PagePlacement | undefined): string {
    if (placement === undefined) return this.globalAnchors;
    return this.switchersOf(placement.section, url) + this.globalAnchors + this.groupsOf(placement.section, href);
  }

  private registerItemIcons(items: readonly SidebarItem[]): void {
    for (const item of items) {
      this.icons.icon(item.icon);
      if (item.kind === 'group') this.registerItemIcons(item.items);
    }
  }

  /** The selectors and anchors above a section's groups. */
  private switchersOf(section: Section, url: string): string {
    const selectors = section.switchers
      .filter((s) => SELECTOR_KINDS.includes(s.kind))
      .sort((a, b) => SELECTOR_KINDS.indexOf(a.kind) - SELECTOR_KINDS.indexOf(b.kind))
      .map((switcher) => renderSelector(switcher, url, this.icons))
      .join('');
    const anchors = section.switchers
      .filter((s) => s.kind === 'anchor')
      .map((s) => renderLinkList(s.links, s.current, 'docsc-anchors', this.icons))
      .join('');
    return selectors + anchors;
  }

  private groupsOf(section: Section, href: string): string {
    const large = section.order.length > FULL_SIDEBAR_LIMIT;
    const { at, index } = this.pathsOf(section).get(href) ?? { at: '', index: undefined };
    // Pages of one window block in one group share their folded sidebar.
    const key = large ? `${section.id}:${at}:${index === undefined ? '' : Math.floor(index / SIDEBAR_WINDOW_BLOCK)}` : String(section.id);
    let sidebar = this.sidebars.get(key);
    // Least recently used first: a hit moves to the end.
    if (sidebar !== undefined) {
      this.sidebars.delete(key);
      this.sidebars.set(key, sidebar);
    } else {
      const render = new SidebarRenderer(this.settings.drilldown, this.icons);
      const items = large
        ? render.openPath(
            section.sidebar,
            at
              .split('.')
              .filter((step) => step !== '')
              .map(Number),
            '',
            index ?? 0,
          )
        : render.items(section.sidebar, '');
      const nav = large && hasFragment(section) ? ` data-docsc-nav="/${escapeHtml(this.fragmentOf(section))}"` : '';
      sidebar = indexSidebar(`<div class="docsc-groups"${nav}>${items}</div>`);
      // Unbounded, 11,000 pages held 2,400 sidebars (20 MB) to the end of the build.
      if (this.sidebars.size >= SIDEBAR_MEMO) this.sidebars.delete(this.sidebars.keys().next().value as string);
      this.sidebars.set(key, sidebar);
    }
    // The current page: marked (a group's `root` page is its title's link), and the groups it is in opened.
    const escaped = escapeHtml(href);
    const current = sidebar.links.get(escaped) ?? sidebar.groupLinks.get(escaped);
    const marks: [number, string][] = current === undefined ? [] : [[current, ' aria-current="page"']];
    const steps = at.split('.').filter((step) => step !== '');
    for (let n = 1; n <= steps.length; n++) {
      const group = sidebar.groups.get(steps.slice(0, n).join('.'));
      if (group !== undefined) marks.push([group, ' open']);
    }
    return insertAt(sidebar.html, marks);
  }

  /** The output path of a large section's full sidebar: its groups as in a small section, nothing marked or opened for a page. */
  private fragmentOf(section: Section): string {
    let path = this.fragmentPaths.get(section);
    if (path === undefined) {
      const contents = `${new SidebarRenderer(this.settings.drilldown, this.icons).items(section.sidebar, '')}\n`;
      path = `${NAVIGATION_FRAGMENT_FOLDER}/${createHash('sha256').update(contents).digest('hex').slice(0, 16)}.html`;
      this.fragments.set(path, contents);
      this.fragmentPaths.set(section, path);
    }
    return path;
  }

  /** The full sidebars of the large sections laid out so far (write them with the pages), by path. */
  navigationFragments(): { path: string; contents: string }[] {
    return [...this.fragments]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([path, contents]) => ({ path, contents: rebaseMarkup(contents, this.base) }));
  }

  private tabBarOf(section: Section): string {
    let html = this.tabBars.get(section);
    if (html === undefined) {
      const tabs = section.switchers.find((s) => s.kind === 'tab');
      html = tabs ? renderTabBar(tabs, this.icons) : '';
      this.tabBars.set(section, html);
    }
    return html;
  }

  /**
   * For each page of a section, the indices of the groups it sits in (`2.0`:
   * the third item's first group) and, when its own list is windowed, its
   * index there (a group's root page opens its group and has none).
   */
  private pathsOf(section: Section): Map<string, PagePath> {
    let paths = this.groupPaths.get(section);
    if (paths === undefined) {
      const found = new Map<string, PagePath>();
      const visit = (items: readonly SidebarItem[], prefix: string) => {
        const windowed = items.length > SIDEBAR_WINDOW_LIMIT;
        items.forEach((item, index) => {
          const path = prefix === '' ? String(index) : `${prefix}.${index}`;
          if (item.kind === 'page') {
            if (!item.link && !found.has(item.href)) found.set(item.href, { at: prefix, index: windowed ? index : undefined });
            return;
          }
          if (item.href !== undefined && !found.has(item.href)) found.set(item.href, { at: path, index: undefined });
          visit(item.items, path);
        });
      };
      visit(section.sidebar, '');
      paths = found;
      this.groupPaths.set(section, paths);
    }
    return paths;
  }
}

function renderTopBar(settings: SiteSettings): string {
  const home = settings.logo?.href !== undefined ? (safeHref(settings.logo.href) ?? '/') : '/';
  const logo = settings.logo
    ? imageTag(settings.logo.light, '', 'docsc-logo docsc-logo-light') +
      (settings.logo.dark !== settings.logo.light ? imageTag(settings.logo.dark, '', 'docsc-logo docsc-logo-dark') : '')
    : '';
  const links = settings.navbarLinks.map((l) => linkTag(l)).filter((l) => l !== '');
  const primary = settings.primary ? linkTag(settings.primary, 'docsc-primary-button') : '';
  if (primary !== '') links.push(primary);
  return [
    '<div class="docsc-topbar">',
    '<button type="button" class="docsc-menu-button" aria-controls="docsc-sidebar" aria-expanded="false" aria-label="Menu"><span aria-hidden="true">&#9776;</span></button>',
    `<a class="docsc-home" href="${escapeHtml(home)}">${logo}<span class="docsc-site-name">${escapeHtml(settings.name)}</span></a>`,
    `<button type="button" class="docsc-search-button" data-prompt="${escapeHtmlLatin1(settings.searchPrompt)}" data-shards="${SHARDS}" aria-keyshortcuts="Control+K Meta+K /"><span>${escapeHtmlLatin1(settings.searchPrompt)}</span> <kbd>Ctrl K</kbd></button>`,
    links.length > 0 ? `<nav class="docsc-navbar" aria-label="Site links"><ul>${links.map((l) => `<li>${l}</li>`).join('')}</ul></nav>` : '',
    settings.appearance.strict
      ? ''
      : '<button type="button" class="docsc-theme-toggle" aria-label="Dark mode" aria-pressed="false"><span class="docsc-theme-icon" aria-hidden="true"></span></button>',
    '</div>',
  ]
    .filter((line) => line !== '')
    .join('\n');
}

function imageTag(src: string, alt: string, className: string): string {
  const safe = safeHref(src);
  return safe === undefined ? '' : `<img class="${className}" src="${escapeHtml(safe)}" alt="${escapeHtml(alt)}">`;
}

function linkTag(link: { label: string; href: string }, className?: string): string {
  const href = safeHref(link.href);
  if (href === undefined) return '';
  const external = /^[a-z]+:/i.test(href);
  return `<a href="${escapeHtml(href)}"${className ? ` class="${className}"` : ''}${external ? ' rel="noopener"' : ''}>${escapeHtml(link.label)}</a>`;
}

function renderScripts(extra: readonly string[] | undefined): string {
  return ['site', ...(extra ?? [])].map((name) => `<script type="module" src="/${clientScriptPath(escapeHtml(name))}"></script>`).join('\n');
}

function faviconLinks(settings: SiteSettings): string {
  if (settings.favicon === undefined) return '';
  const light = safeHref(settings.favicon.light);
  const dark = safeHref(settings.favicon.dark);
  if (light === undefined) return '';
  if (dark === undefined || dark === light) return `<link rel="icon" href="${escapeHtml(light)}">`;
  return [
    `<link rel="icon" href="${escapeHtml(light)}" media="(prefers-color-scheme: light)">`,
    `<link rel="icon" href="${escapeHtml(dark)}" media="(prefers-color-scheme: dark)">`,
  ].join('\n');
}

/** One division link's inner HTML: icon and label. */
function linkContent(link: SwitcherLink, icons: NavigationIcons): string {
  const tag = link.tag !== undefined ? ` <span class="docsc-tag">${escapeHtml(link.tag)}</span>` : '';
  const icon = icons.icon(link.icon);
  // `color`: the icon's colour per mode (hex only, checked where it was read).
  const tinted =
    icon !== '' && link.iconColor !== undefined
      ? `<span class="docsc-icon-tint" style="color:light-dark(${link.iconColor.light},${link.iconColor.dark})">${icon}</span>`
      : icon;
  return `${tinted}<span>${escapeHtml(link.label)}</span>${tag}`;
}

function divisionAnchor(link: SwitcherLink, href: string, current: boolean, icons: NavigationIcons, extra = ''): string {
  const safe = safeHref(href);
  if (safe === undefined) return `<span class="docsc-link-disabled">${linkContent(link, icons)}</span>`;
  const attrs = `${current ? ' aria-current="true"' : ''}${link.external ? ' rel="noopener"' : ''}`;
  return `<a href="${escapeHtml(safe)}"${attrs}>${linkContent(link, icons)}${extra}</a>`;
}

/** Tabs: a horizontal bar; a tab with `menu` is a dropdown of its items (a `<details>`, usable without JavaScript). */
function renderTabBar(switcher: Switcher, icons: NavigationIcons): string {
  const firstEnd = switcher.links.findIndex((link) => link.alignEnd);
  const items = switcher.links.map((link, index) => {
    const current = index === switcher.current;
    const end = index === firstEnd ? ' class="docsc-tab-end"' : '';
    if (link.children && link.children.length > 0) {
      const entries = link.children.map((child) => `<li>${divisionAnchor(child, child.href, false, icons, describe(child))}</li>`).join('');
      return `<li class="docsc-tab-menu${current ? ' docsc-current' : ''}${index === firstEnd ? ' docsc-tab-end' : ''}"><details class="docsc-dropdown"><summary${current ? ' aria-current="true"' : ''}>${linkContent(link, icons)}</summary><ul>${entries}</ul></details></li>`;
    }
    return `<li${end}>${divisionAnchor(link, link.href, current, icons)}</li>`;
  });
  return `<nav class="docsc-tabs" aria-label="Tabs"><ul>${items.join('')}</ul></nav>`;
}

function describe(link: SwitcherLink): string {
  return link.description ? `<small class="docsc-description-text">${escapeHtml(link.description)}</small>` : '';
}

/**
 * A version, language, product or dropdown selector: a `<details>` whose
 * summary names the current division and whose list links to the others.
 * Version and language links lead to the current page's equivalent there.
 */
function renderSelector(switcher: Switcher, url: string, icons: NavigationIcons): string {
  const named = (link: SwitcherLink) => (switcher.kind === 'language' ? { ...link, label: LANGUAGE_NAMES[link.label] ?? link.label } : link);
  const links = switcher.links.map(named);
  const current = links[switcher.current];
  const label = kindLabel(switcher.kind);
  const entries = links.map((link, index) => {
    const href = equivalentHref(url, switcher, index) ?? link.href;
    return `<li>${divisionAnchor(link, href, index === switcher.current, icons, describe(link))}</li>`;
  });
  const summary = current ? linkContent(current, icons) : escapeHtml(label);
  return `<details class="docsc-selector docsc-dropdown" data-kind="${escapeHtml(switcher.kind)}"><summary><span class="docsc-visually-hidden">${escapeHtml(label)}: </span>${summary}</summary><ul>${entries.join('')}</ul></details>`;
}

/** Seed 2.11's language codes, by the name a reader looks for. */
const LANGUAGE_NAMES: Record<string, string> = {
  ar: 'العربية',
  cs: 'Čeština',
  cn: '简体中文',
  'zh-Hant': '繁體中文',
  nl: 'Nederlands',
  en: 'English',
  fr: 'Français',
  de: 'Deutsch',
  hi: 'हिन्दी',
  id: 'Bahasa Indonesia',
  it: 'Italiano',
  jp: '日本語',
  ko: '한국어',
  lv: 'Latviešu',
  no: 'Norsk',
  'pt-BR': 'Português (Brasil)',
  ro: 'Română',
  ru: 'Русский',
  es: 'Español',
  sv: 'Svenska',
  tr: 'Türkçe',
  ua: 'Українська',
  vi: 'Tiếng Việt',
};

/** Seed 2.11 codes that are not BCP 47 language tags, as the tags `<html lang>` needs. */
const LANGUAGE_TAGS: Record<string, string> = { cn: 'zh-CN', jp: 'ja', ua: 'uk' };

/** The page's language: its language division's code (else the site's), as a BCP 47 tag. */
function htmlLanguage(switcher: Switcher | undefined, fallback: string): string {
  const code = switcher?.links[switcher.current]?.label ?? fallback;
  return LANGUAGE_TAGS[code] ?? code;
}

function kindLabel(kind: string): string {
  return kind === 'menu-item' ? 'Menu' : kind.charAt(0).toUpperCase() + kind.slice(1);
}

/** Anchors and global anchors: links with icons at the top of the sidebar. */
function renderLinkList(links: readonly SwitcherLink[], current: number, className: string, icons: NavigationIcons): string {
  if (links.length === 0) return '';
  const items = links.map((link, index) => `<li>${divisionAnchor(link, link.href, index === current, icons)}</li>`);
  return `<ul class="${className}">${items.join('')}</ul>`;
}

/** The groups and pages of a section's sidebar. Nested groups are `<details data-g="<index path>">`, which the layout opens per page. */
class SidebarRenderer {
  constructor(
    private drilldown: boolean,
    private icons: NavigationIcons,
  ) {}

  items(items: readonly SidebarItem[], prefix: string): string {
    return `<ul>${items.map((item, index) => this.item(item, prefix === '' ? String(index) : `${prefix}.${index}`)).join('')}</ul>`;
  }

  private item(item: SidebarItem, id: string): string {
    if (item.kind === 'page') return `<li>${pageLink(item, this.icons)}</li>`;
    return this.group(item, id, this.items(item.items, id));
  }

  /** A top-level group is a heading and its list, always open; a nested group folds. */
  group(group: SidebarGroup, id: string, inner: string, open = false): string {
    if (group.depth === 0) return `<li class="docsc-group docsc-group-top"><p class="docsc-group-title">${this.title(group, false)}</p>${inner}</li>`;
    const attrs = group.expanded || open ? ' open' : '';
    return `<li class="docsc-group"><details data-g="${id}"${attrs}><summary>${this.title(group, this.drilldown)}</summary>${inner}</details></li>`;
  }

  private title(group: SidebarGroup, drilldown: boolean): string {
    const tag = group.tag !== undefined ? ` <span class="docsc-tag">${escapeHtml(group.tag)}</span>` : '';
    const label = `${this.icons.icon(group.icon)}<span>${escapeHtml(group.label)}</span>`;
    // `root`: the title opens that page; drilldown: the title opens the group's first page.
    const target = group.href ?? (drilldown ? hrefsUnder(group)[0] : undefined);
    if (target === undefined) return label + tag;
    return `<a class="docsc-group-link" href="${escapeHtml(target)}"${group.href === undefined ? ' data-drilldown' : ''}>${label}</a>${tag}`;
  }

  /**
   * Items of a large section: the groups along `open` (indices, outermost
   * first) open, every other nested group folded to a link; a long list shows
   * the window around its open group, or around the page at `page` in the
   * innermost list.
   */
  openPath(items: readonly SidebarItem[], open: readonly number[], prefix: string, page: number): string {
    const [here, ...rest] = open;
    const [start, end] = sidebarWindow(items.length, here ?? page);
    const rendered: string[] = [];
    if (start > 0) rendered.push(moreItems(items[start - 1] as SidebarItem, start, 'above'));
    for (let index = start; index < end; index++) {
      const item = items[index] as SidebarItem;
      const id = prefix === '' ? String(index) : `${prefix}.${index}`;
      if (item.kind === 'page') rendered.push(`<li>${pageLink(item, this.icons)}</li>`);
      else if (index === here) rendered.push(this.group(item, id, this.openPath(item.items, rest, id, page), true));
      // Folded even at the top: a large section's sidebar must not list every page on every page (the script loads the full one).
      else rendered.push(foldedGroup(item));
    }
    if (end < items.length) rendered.push(moreItems(items[end] as SidebarItem, items.length - end, 'below'));
    return `<ul>${rendered.join('')}</ul>`;
  }
}

/** Where a page sits in its section's sidebar (`PageLayout.pathsOf`). */
interface PagePath {
  /** The indices of the groups it is in, dotted. */
  at: string;
  /** Its index in its own list, when that list is windowed. */
  index: number | undefined;
}

function hasFragment(section: Section): boolean {
  return section.order.length > FULL_SIDEBAR_LIMIT && section.order.length <= FRAGMENT_PAGE_LIMIT;
}

/** The items `[start, end)` of a list of `length` shown around item `focus`: all of a short list, else its block and the blocks beside it. */
function sidebarWindow(length: number, focus: number): [number, number] {
  if (length <= SIDEBAR_WINDOW_LIMIT) return [0, length];
  const block = Math.floor(Math.min(Math.max(focus, 0), length - 1) / SIDEBAR_WINDOW_BLOCK);
  return [Math.max(0, (block - 1) * SIDEBAR_WINDOW_BLOCK), Math.min(length, (block + 2) * SIDEBAR_WINDOW_BLOCK)];
}

/**
 * The link standing for the `count` items left out of a window on one side:
 * to the (first) page of the nearest of them, whose sidebar shows the window
 * around it (a sidebar's groups are never empty).
 */
function moreItems(nearest: SidebarItem, count: number, side: 'above' | 'below'): string {
  const href = hrefsUnder(nearest)[0] ?? '/';
  return `<li class="docsc-more"><a href="${escapeHtml(href)}">${count.toLocaleString('en-US')} more ${side}</a></li>`;
}

/** A nested group of a large section that the current page is not in: its title, linking to its first page. */
function foldedGroup(group: SidebarGroup): string {
  const pages = hrefsUnder(group);
  const first = group.href ?? pages[0] ?? '/';
  return `<li class="docsc-group docsc-folded"><a href="${escapeHtml(first)}">${escapeHtml(group.label)}</a> <span class="docsc-count">${pages.length}</span></li>`;
}

const hrefsOfGroup = new WeakMap<SidebarGroup, string[]>();

/** The pages under an item (links out are not pages). */
function hrefsUnder(item: SidebarItem): string[] {
  if (item.kind === 'page') return item.link ? [] : [item.href];
  let hrefs = hrefsOfGroup.get(item);
  if (hrefs === undefined) {
    hrefs = [...(item.href !== undefined ? [item.href] : []), ...item.items.flatMap(hrefsUnder)];
    hrefsOfGroup.set(item, hrefs);
  }
  return hrefs;
}

function methodBadge(method: string | undefined): string {
  return method !== undefined ? `<span class="docsc-method" data-method="${escapeHtml(method.toLowerCase())}">${escapeHtml(method)}</span> ` : '';
}

function pageLink(page: SidebarPage, icons: NavigationIcons): string {
  const deprecated = page.deprecated ? ' <span class="docsc-deprecated">deprecated</span>' : '';
  const tag = page.tag !== undefined ? ` <span class="docsc-tag">${escapeHtml(page.tag)}</span>` : '';
  // An entry linking out (frontmatter `url`, `x-docs.href`) says so; the address was checked when it was read.
  const out = page.link && /^[a-z]+:/i.test(page.href);
  const attributes = out ? ' class="docsc-link-out" rel="noopener"' : '';
  const arrow = out ? ' <span class="docsc-out" aria-hidden="true">&#8599;</span>' : '';
  return `<a href="${escapeHtml(page.href)}"${attributes}>${methodBadge(page.method)}${icons.icon(page.icon)}${escapeHtml(page.label)}${tag}${deprecated}${arrow}</a>`;
}

function renderBreadcrumbs(crumbs: readonly string[]): string {
  return `<nav class="docsc-breadcrumbs" aria-label="Breadcrumb"><ol>${crumbs.map((c) => `<li>${escapeHtml(c)}</li>`).join('')}</ol></nav>`;
}

function renderTitle(page: PageDocument): string {
  if (!page.showTitle || page.mode === 'custom') return '';
  const tag = page.tag !== undefined ? ` <span class="docsc-tag">${escapeHtml(page.tag)}</span>` : '';
  const deprecated = page.deprecated ? ' <span class="docsc-deprecated">Deprecated</span>' : '';
  const title = `<h1 class="docsc-title">${methodBadge(page.method)}${escapeHtml(page.title)}${tag}${deprecated}</h1>`;
  const description = page.description && !page.descriptionInBody ? `<p class="docsc-description">${escapeHtml(page.description)}</p>` : '';
  const href = page.download === undefined ? undefined : safeHref(page.download);
  const download =
    href === undefined ? '' : `<p class="docsc-spec-download"><a href="${escapeHtml(href)}" download>Download the OpenAPI document</a></p>`;
  return title + description + download;
}

function renderPager(placement: PagePlacement): string {
  if (!placement.previous && !placement.next) return '';
  const previous = placement.previous
    ? `<a class="docsc-previous" rel="prev" href="${escapeHtml(placement.previous.href)}"><small>Previous</small><span>${escapeHtml(placement.previous.label)}</span></a>`
    : '';
  const next = placement.next
    ? `<a class="docsc-next" rel="next" href="${escapeHtml(placement.next.href)}"><small>Next</small><span>${escapeHtml(placement.next.label)}</span></a>`
    : '';
  return `<nav class="docsc-pager" aria-label="Previous and next">${previous}${next}</nav>`;
}

/** The headings the table of contents lists: `##` and `###`. */
function tocEntries(toc: readonly TocEntry[]): TocEntry[] {
  return toc.filter((h) => h.depth === 2 || h.depth === 3);
}

/** The table of contents, with the contextual menu at its head when `contextual.display` is `toc`; '' without headings. */
function renderToc(toc: readonly TocEntry[], actions: string): string {
  const entries = tocEntries(toc);
  if (entries.length === 0) return '';
  const items = entries.map((h) => `<li data-depth="${h.depth}"><a href="#${escapeHtml(encodeURIComponent(h.id))}">${escapeHtml(h.text)}</a></li>`);
  return `<aside class="docsc-toc" aria-labelledby="docsc-toc-title">${actions}<p id="docsc-toc-title">On this page</p><ul>${items.join('')}</ul></aside>`;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** "Last modified on November 21, 2026" (UTC, so the same commit gives the same bytes anywhere), with a `<time datetime>`. */
function renderLastModified(seconds: number | undefined): string {
  if (seconds === undefined || !Number.isFinite(seconds)) return '';
  const date = new Date(seconds * 1000);
  const iso = date.toISOString().replace(/\.\d{3}Z$/, 'Z');
  const words = `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
  return `<p class="docsc-last-modified">Last modified on <time datetime="${iso}">${words}</time></p>`;
}

/** `<Panel>` content in the side column (on narrow screens it follows the page, where the table of contents is hidden). */
function renderSidePanel(panel: string): string {
  return `<aside class="docsc-side-panel" aria-label="Side panel">${panel}</aside>`;
}

function renderFooter(settings: SiteSettings, icons: NavigationIcons): string {
  const socials = settings.socials
    .map((social) => {
      const href = safeHref(social.href);
      if (href === undefined) return '';
      const icon = icons.icon(social.label === 'website' ? 'globe' : social.label, 'brands', 'fontawesome');
      return `<li><a href="${escapeHtml(href)}" rel="noopener" aria-label="${escapeHtml(social.label)}">${icon || escapeHtml(social.label)}</a></li>`;
    })
    .filter((l) => l !== '');
  const columns = settings.footerColumns.map((column) => {
    const links = column.links.map((l) => linkTag(l)).filter((l) => l !== '');
    const header = column.header !== undefined ? `<p class="docsc-footer-header">${escapeHtml(column.header)}</p>` : '';
    return `<div class="docsc-footer-column">${header}<ul>${links.map((l) => `<li>${l}</li>`).join('')}</ul></div>`;
  });
  if (socials.length === 0 && columns.length === 0) return '';
  const socialList = socials.length > 0 ? `<ul class="docsc-socials">${socials.join('')}</ul>` : '';
  return `<footer class="docsc-footer">${columns.join('')}${socialList}</footer>`;
}

/**
 * A section's shared sidebar, with where each page's link, each group's title
 * link and each group ends its opening tag (the first of each, by escaped href
 * or group id): a page marks its link and opens its groups by inserting there.
 * Searching the sidebar (up to hundreds of kilobytes in a large section) for
 * each of them, page after page, was a good part of laying a page out.
 */
interface IndexedSidebar {
  html: string;
  links: Map<string, number>;
  groupLinks: Map<string, number>;
  groups: Map<string, number>;
}

const SIDEBAR_MARKS = /<a href="([^"]*)">|<a class="docsc-group-link" href="([^"]*)">|<details data-g="([^"]*)">/g;

function indexSidebar(html: string): IndexedSidebar {
  const sidebar: IndexedSidebar = { html, links: new Map(), groupLinks: new Map(), groups: new Map() };
  for (const match of html.matchAll(SIDEBAR_MARKS)) {
    // Where the tag's `>` is: what a page inserts goes before it.
    const end = (match.index as number) + match[0].length - 1;
    const [, link, groupLink, group] = match;
    const [found, name] =
      link !== undefined ? [sidebar.links, link] : groupLink !== undefined ? [sidebar.groupLinks, groupLink] : [sidebar.groups, group as string];
    if (!found.has(name)) found.set(name, end);
  }
  return sidebar;
}

/** `html` with each `[offset, text]` inserted (offsets into `html`). */
function insertAt(html: string, marks: [number, string][]): string {
  if (marks.length === 0) return html;
  marks.sort((a, b) => a[0] - b[0]);
  let out = '';
  let from = 0;
  for (const [offset, text] of marks) {
    out += html.slice(from, offset) + text;
    from = offset;
  }
  return out + html.slice(from);
}
