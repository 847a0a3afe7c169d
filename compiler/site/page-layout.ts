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

import { plainKey, plainKeyText, valueKey } from '../cache/value-key.js';
import { iconLibraryOf } from '../icons/icon-svg.js';
import { isSitePath, rebaseMarkup } from './base-path.js';
import type { DivisionPages } from './division-equivalents.js';
import { escapeHtml, safeHref } from './escape-html.js';
import { topBarFor } from './mintlify-hooks.js';
import { ICON_SPRITE_PATH, NavigationIcons } from './navigation-icon.js';
import { type PageActionsPlace, renderPageActions } from './page-actions.js';
import { splitColumns } from './page-columns.js';
import type { PageDocument } from './page-document.js';
import { joinLines, type LinePiece, type PageLine } from './page-lines.js';
import { isCanvas, renderBreadcrumbs, renderLastModified, renderPager, renderSidePanel, renderTitle, renderToc, tocEntries } from './page-parts.js';
import { searchScope } from './search-index.js';
import { SectionSidebars } from './sidebar-html.js';
import { bannerId, renderBanner } from './site-banner.js';
import { faviconLinks, htmlLanguage, renderFooter, renderLinkList, renderScripts, renderTabBar, renderTopBar, selectorOf } from './site-chrome.js';
import type { PagePlacement, Section, SiteNavigation } from './site-navigation.js';
import type { SiteSettings } from './site-settings.js';
import { renderThemeHead } from './theme-head.js';

export type { PageDocument, TocEntry } from './page-document.js';
export {
  FRAGMENT_PAGE_LIMIT,
  FULL_SIDEBAR_LIMIT,
  NAVIGATION_FRAGMENT_FOLDER,
  SIDEBAR_WINDOW_BLOCK,
  SIDEBAR_WINDOW_LIMIT,
} from './sidebar-html.js';

/** Served from the output's `_docsc/` folder. */
export const STYLESHEET_PATH = '_docsc/site.css';
/** The utility classes pages write (`className="flex dark:hidden"`): site/utility-css.ts. */
export const UTILITIES_PATH = '_docsc/utilities.css';

interface Chrome {
  topBar: string;
  footer: string;
  banner: string;
  /** ` data-banner="<id>"` on <html> for a dismissible banner. */
  bannerAttribute: string;
}

/**
 * A section as plain data for its key: its switchers' sets of equivalent
 * URLs by the key of each set's sorted members (`urlsKey`), everything else
 * as it is (`valueKey`'s replacer, for those sets, cost a call per property
 * of a section's sidebar: 30 ms a build). A version's or language's set is
 * shared by every section that links to it: listed in full, a site of 36
 * versions and 4 languages sorted and hashed each of its 40 sets again in
 * each of its 864 sections.
 */
function plainSection(section: Section, urlsKey: (pages: DivisionPages) => string): unknown {
  const { switchers, ...rest } = section;
  return {
    ...rest,
    switchers: switchers.map(({ equivalents, ...switcher }) =>
      equivalents === undefined
        ? switcher
        : { ...switcher, equivalents: equivalents.map((pages) => ({ label: pages.label, prefix: pages.prefix, urls: urlsKey(pages) })) },
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
  /** Each section's groups in the sidebar, and large sections' fragments. */
  private sidebars: SectionSidebars;
  private tabBars = new Map<Section, string>();
  /** Each section's selectors and anchors, for a page's URL. */
  private switcherRows = new Map<Section, (url: string) => string>();
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
  private divisionKeys = new WeakMap<DivisionPages, string>();

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
    this.sidebars = new SectionSidebars(settings.drilldown, this.icons, base);
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
      this.sidebars.registerIcons(section);
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
      section = plainKey(plainSection(placement.section, (pages) => this.urlsKey(pages)));
      this.sectionKeys.set(placement.section, section);
    }
    // A listed page's placement is a function of its section and its place in it (site-navigation.ts's placePages).
    if (placement.index !== undefined) return plainKeyText(this.siteKey, section, placement.index, page, date ?? null);
    const { breadcrumbs, path, previous, next } = placement;
    return plainKeyText(this.siteKey, section, [breadcrumbs, path, previous ?? null, next ?? null], page, date ?? null);
  }

  /** The key of a version's or language's pages (`plainSection`), made once per division. */
  private urlsKey(pages: DivisionPages): string {
    let key = this.divisionKeys.get(pages);
    if (key === undefined) {
      key = plainKey([...pages.urls].sort());
      this.divisionKeys.set(pages, key);
    }
    return key;
  }

  /** Shows "Last modified" on pages whose file has a date here (docs.json's `metadata.timestamp`). */
  setLastModified(dates: ReadonlyMap<string, number>): void {
    this.lastModified = dates;
  }

  render(page: PageDocument, placement: PagePlacement | undefined): string {
    return joinLines(this.lines(page, placement));
  }

  /** The page's HTML as lines (page-lines.ts), which `render` joins and a build encodes. */
  lines(page: PageDocument, placement: PagePlacement | undefined): PageLine[] {
    const href = page.url === '' ? '/' : `/${page.url}`;
    const mode = page.mode ?? 'default';
    const bare = mode === 'custom' || mode === 'center';
    const sidebar = bare ? [] : this.sidebarOf(page.url, href, placement);
    const description = page.description ?? this.settings.description;
    // API pages and pages with request/response examples: the bar under the title, the examples in a column of their own.
    const columns = mode === 'default' || mode === 'wide' ? splitColumns(page.body) : undefined;
    const examples = columns !== undefined && columns.examples !== '';
    const tocShown = mode === 'default' && !examples;
    const language = htmlLanguage(
      placement?.section.switchers.find((s) => s.kind === 'language'),
      this.settings.language,
    );
    const chrome = this.chromeOf(placement);
    // Mintlify's search button id, unless the page's own markup uses it (mintlify-hooks.ts).
    const topBar = topBarFor(chrome.topBar, [page.body, page.panel]);
    // `contextual.display: "toc"`: the menu heads the table of contents where one is shown (a Panel takes its place).
    const actionsInToc = this.settings.contextualInToc && tocShown && page.panel === undefined && tocEntries(page.toc).length > 0;
    // Each part is the layout's own markup (true), which gets the base path here, or the renderer's (the body and the
    // panel), which has it already.
    const parts: [PageLine, boolean][] = [
      '<!doctype html>',
      `<html lang="${escapeHtml(language)}"${language === 'ar' ? ' dir="rtl"' : ''}${this.base === '' ? '' : ` data-docsc-base="${this.base}"`}${chrome.bannerAttribute} data-appearance="${this.settings.appearance.default}"${this.settings.appearance.strict ? ' data-strict' : ''}${this.settings.codeblocks.dark ? ' data-codeblocks="dark"' : ''} data-current-path="${escapeHtml(this.base + href)}">`,
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
      `<body data-mode="${escapeHtml(mode)}"${examples ? ' data-examples' : ''}${this.settings.background.decoration ? ` data-background="${this.settings.background.decoration}"` : ''}>`,
      '<a class="docsc-skip-link" href="#content">Skip to content</a>',
      chrome.banner,
      '<header class="docsc-header">',
      placement && this.scoped ? topBar.replace(' data-shards=', ` data-scope="${escapeHtml(searchScope(placement.section))}" data-shards=`) : topBar,
      placement ? this.tabBarOf(placement.section) : '',
      '</header>',
      '<div class="docsc-layout">',
      sidebar.some((piece) => piece !== '') ? ['<nav id="docsc-sidebar" class="docsc-sidebar" aria-label="Sidebar">', ...sidebar, '</nav>'] : '',
      '<main id="content" class="docsc-main">',
      columns === undefined ? '<article class="docsc-page">' : `<article class="docsc-page docsc-page-columns">\n<div class="docsc-page-head">`,
      placement && !isCanvas(page) ? this.renderEyebrow(placement) : '',
      actionsInToc ? this.pageActions(page, href, 'narrow') : this.pageActions(page, href),
      // The bar shows the method and whether the operation is deprecated.
      renderTitle(columns !== undefined && columns.head !== '' ? { ...page, method: undefined, deprecated: false } : page),
    ].map((part): [PageLine, boolean] => [part, true]);
    if (columns !== undefined)
      parts.push(
        [columns.head, false],
        ['</div>', true],
        [examples ? `<aside class="docsc-examples" aria-label="Examples">${columns.examples}</aside>` : '', false],
        ['<div class="docsc-page-body">', true],
      );
    parts.push(
      [columns?.body ?? page.body, false],
      [renderLastModified(page.sourcePath === undefined ? undefined : this.lastModified?.get(page.sourcePath)), true],
      // Modes without a side column show the panel after the body.
      [page.panel !== undefined && !tocShown ? `<div class="docsc-panel-inline">${page.panel}</div>` : '', false],
      [this.editLink(page), true],
      [columns === undefined ? '' : '</div>', true],
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
      .map(([part, layout]) => {
        if (!layout || this.base === '') return part;
        // Bytes are a sidebar's, cut only without a base path (sidebar-html.ts).
        if (typeof part === 'string') return rebaseMarkup(part, this.base);
        return part.map((piece) => (typeof piece === 'string' ? rebaseMarkup(piece, this.base) : piece));
      });
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
        topBar: renderTopBar(settings, this.icons),
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
    if (this.settings.contextual.length === 0 || isCanvas(page)) return '';
    const siteUrl = this.siteUrl === undefined ? undefined : this.siteUrl + this.base;
    const target = { path: href, siteUrl, markdown: page.markdown };
    return renderPageActions(this.settings.contextual, target, (icon) => this.icons.icon(icon), place);
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

  /**
   * The whole sidebar of a page, in pieces: selectors, anchors, global
   * anchors and the section's groups with the page's own group opened.
   */
  private sidebarOf(url: string, href: string, placement: PagePlacement | undefined): LinePiece[] {
    if (placement === undefined) return [this.globalAnchors];
    return [this.switchersOf(placement.section, url), this.globalAnchors, ...this.sidebars.groupsOf(placement.section, href)];
  }

  /** The selectors and anchors above a section's groups, for the page at `url` (made once per section, `selectorOf`). */
  private switchersOf(section: Section, url: string): string {
    let switchers = this.switcherRows.get(section);
    if (switchers === undefined) {
      const selectors = section.switchers
        .filter((s) => SELECTOR_KINDS.includes(s.kind))
        .sort((a, b) => SELECTOR_KINDS.indexOf(a.kind) - SELECTOR_KINDS.indexOf(b.kind))
        .map((switcher) => selectorOf(switcher, this.icons));
      const anchors = section.switchers
        .filter((s) => s.kind === 'anchor')
        .map((s) => renderLinkList(s.links, s.current, 'docsc-anchors', this.icons))
        .join('');
      switchers = (page) => selectors.map((selector) => selector(page)).join('') + anchors;
      this.switcherRows.set(section, switchers);
    }
    return switchers(url);
  }

  /** The full sidebars of the large sections laid out so far (write them with the pages), by path. */
  navigationFragments(): { path: string; contents: string }[] {
    return this.sidebars.navigationFragments();
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
}
