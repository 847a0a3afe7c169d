// The HTML document around a page body: head, header (site name, switchers
// for languages, versions, tabs …, navbar links), sidebar, breadcrumbs,
// title, the body, previous/next links and the page's table of contents.
// Plain, semantic and usable without JavaScript; the site runtime styles it.
// Bodies are trusted HTML (compiled from the repository's MDX or rendered by
// the API page renderer); every other value is escaped here.

import { clientScriptPath } from './client-bundle.js';
import { escapeHtml, safeHref } from './escape-html.js';
import type { PagePlacement, Section, SidebarGroup, SidebarItem, SidebarPage, SiteNavigation } from './site-navigation.js';
import type { SiteSettings } from './site-settings.js';

/** Served from the output's `_docsc/` folder. */
export const STYLESHEET_PATH = '_docsc/site.css';

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
  /** Whether the layout writes the title as the page's `<h1>` (the body has none of its own). */
  showTitle: boolean;
  body: string;
  toc: TocEntry[];
  noindex: boolean;
  /** For API pages: `GET`, `WEBHOOK` … shown beside the title. */
  method?: string;
  deprecated?: boolean;
  /** Client entries (runtime/client/entries/<name>.ts) this page loads besides `site`, e.g. `playground` on API pages. */
  scripts?: readonly string[];
}

/**
 * Sections with more listed pages than this show, in each page's sidebar, the
 * groups on the way to that page open and every other group folded to a link
 * to its first page: a 1,200-operation API reference would otherwise repeat
 * a 200 KB sidebar on each of its pages.
 */
export const FULL_SIDEBAR_LIMIT = 200;

/** Renders pages of one site; sidebars are rendered once per section (and per innermost group of a large one). */
export class PageLayout {
  private sidebars = new Map<string, string>();
  private groupPaths = new Map<Section, Map<string, string>>();
  private header: string;

  constructor(
    private settings: SiteSettings,
    private navigation: SiteNavigation,
  ) {
    this.header = renderHeaderStart(settings);
  }

  render(page: PageDocument, placement: PagePlacement | undefined): string {
    const href = page.url === '' ? '/' : `/${page.url}`;
    const sidebar = placement
      ? this.sidebarOf(placement.section, href).replace(`<a href="${escapeHtml(href)}">`, `<a href="${escapeHtml(href)}" aria-current="page">`)
      : '';
    const description = page.description ?? this.settings.description;
    return [
      '<!doctype html>',
      `<html lang="${escapeHtml(this.settings.language)}">`,
      '<head>',
      '<meta charset="utf-8">',
      '<meta name="viewport" content="width=device-width, initial-scale=1">',
      `<title>${escapeHtml(page.title === this.settings.name ? page.title : `${page.title} - ${this.settings.name}`)}</title>`,
      description ? `<meta name="description" content="${escapeHtml(description)}">` : '',
      page.noindex ? '<meta name="robots" content="noindex">' : '',
      faviconLink(this.settings),
      `<link rel="stylesheet" href="/${STYLESHEET_PATH}">`,
      '</head>',
      '<body>',
      '<a class="docsc-skip-link" href="#content">Skip to content</a>',
      this.header,
      placement ? renderSwitchers(placement.section) : '',
      renderGlobalLinks(this.navigation),
      '</header>',
      '<div class="docsc-layout">',
      sidebar ? `<nav class="docsc-sidebar" aria-label="Sidebar">${sidebar}</nav>` : '',
      '<main id="content" class="docsc-main">',
      '<article class="docsc-page">',
      placement && placement.breadcrumbs.length > 0 ? renderBreadcrumbs(placement.breadcrumbs) : '',
      renderTitle(page),
      page.body,
      placement ? renderPager(placement) : '',
      '</article>',
      '</main>',
      renderToc(page.toc),
      '</div>',
      renderFooter(this.settings),
      renderScripts(page.scripts),
      '</body>',
      '</html>',
      '',
    ]
      .filter((line) => line !== '')
      .join('\n');
  }

  private sidebarOf(section: Section, href: string): string {
    const large = section.order.length > FULL_SIDEBAR_LIMIT;
    const open = large ? (this.pathsOf(section).get(href) ?? '') : '';
    const key = `${section.id}:${open}`;
    let html = this.sidebars.get(key);
    if (html === undefined) {
      html = large
        ? renderOpenPath(
            section.sidebar,
            open
              .split('.')
              .filter((step) => step !== '')
              .map(Number),
          )
        : renderSidebarItems(section.sidebar);
      this.sidebars.set(key, html);
    }
    return html;
  }

  /** For each page of a section, the indices of the groups it sits in (`2.0`: the third item's first group). */
  private pathsOf(section: Section): Map<string, string> {
    let paths = this.groupPaths.get(section);
    if (paths === undefined) {
      const found = new Map<string, string>();
      const visit = (items: readonly SidebarItem[], prefix: string) => {
        items.forEach((item, index) => {
          const path = prefix === '' ? String(index) : `${prefix}.${index}`;
          if (item.kind === 'page') {
            if (!found.has(item.href)) found.set(item.href, prefix);
            return;
          }
          if (item.href !== undefined && !found.has(item.href)) found.set(item.href, path);
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

function renderHeaderStart(settings: SiteSettings): string {
  const home = settings.logo?.href !== undefined ? (safeHref(settings.logo.href) ?? '/') : '/';
  const logo = settings.logo ? imageTag(settings.logo.light, settings.name, 'docsc-logo') : '';
  const links = settings.navbarLinks.map(linkTag).filter((l) => l !== '');
  return [
    '<header class="docsc-header">',
    `<a class="docsc-home" href="${escapeHtml(home)}">${logo}<span class="docsc-site-name">${escapeHtml(settings.name)}</span></a>`,
    links.length > 0 ? `<nav class="docsc-navbar" aria-label="Site links"><ul>${links.map((l) => `<li>${l}</li>`).join('')}</ul></nav>` : '',
  ]
    .filter((line) => line !== '')
    .join('\n');
}

function imageTag(src: string, alt: string, className: string): string {
  const safe = safeHref(src);
  return safe === undefined ? '' : `<img class="${className}" src="${escapeHtml(safe)}" alt="${escapeHtml(alt)}">`;
}

function linkTag(link: { label: string; href: string }): string {
  const href = safeHref(link.href);
  if (href === undefined) return '';
  const external = /^[a-z]+:/i.test(href);
  return `<a href="${escapeHtml(href)}"${external ? ' rel="noopener"' : ''}>${escapeHtml(link.label)}</a>`;
}

function renderScripts(extra: readonly string[] | undefined): string {
  return ['site', ...(extra ?? [])].map((name) => `<script type="module" src="/${clientScriptPath(escapeHtml(name))}"></script>`).join('\n');
}

function faviconLink(settings: SiteSettings): string {
  const href = settings.favicon === undefined ? undefined : safeHref(settings.favicon);
  return href === undefined ? '' : `<link rel="icon" href="${escapeHtml(href)}">`;
}

function renderSwitchers(section: Section): string {
  return section.switchers
    .map((switcher) => {
      const items = switcher.links.map((link, index) => {
        const href = safeHref(link.href);
        if (href === undefined) return `<li>${escapeHtml(link.label)}</li>`;
        const current = index === switcher.current ? ' aria-current="true"' : '';
        return `<li><a href="${escapeHtml(href)}"${current}${link.external ? ' rel="noopener"' : ''}>${escapeHtml(link.label)}</a></li>`;
      });
      return `<nav class="docsc-switcher" data-kind="${escapeHtml(switcher.kind)}" aria-label="${escapeHtml(capitalize(switcher.kind))}"><ul>${items.join('')}</ul></nav>`;
    })
    .join('\n');
}

function renderGlobalLinks(navigation: SiteNavigation): string {
  const links = navigation.globalLinks.map(linkTag).filter((l) => l !== '');
  return links.length === 0 ? '' : `<nav class="docsc-global-links" aria-label="Links"><ul>${links.map((l) => `<li>${l}</li>`).join('')}</ul></nav>`;
}

function renderSidebarItems(items: readonly SidebarItem[]): string {
  return `<ul>${items.map(renderSidebarItem).join('')}</ul>`;
}

function renderSidebarItem(item: SidebarItem): string {
  if (item.kind === 'page') return `<li>${pageLink(item)}</li>`;
  // Open in the HTML, so that every link works without JavaScript; `data-expanded` tells the runtime which to fold.
  return `<li class="docsc-group"><details open data-expanded="${item.expanded}"><summary>${groupTitle(item)}</summary>${renderSidebarItems(item.items)}</details></li>`;
}

function groupTitle(group: SidebarGroup): string {
  const title = group.href !== undefined ? `<a href="${escapeHtml(group.href)}">${escapeHtml(group.label)}</a>` : escapeHtml(group.label);
  return group.tag !== undefined ? `${title} <span class="docsc-tag">${escapeHtml(group.tag)}</span>` : title;
}

/** Items of a large section: the groups along `open` (indices, outermost first) open, every other group folded. */
function renderOpenPath(items: readonly SidebarItem[], open: readonly number[]): string {
  const [here, ...rest] = open;
  const rendered = items.map((item, index) => {
    if (item.kind === 'page') return renderSidebarItem(item);
    if (index !== here) return foldedGroup(item);
    return `<li class="docsc-group"><details open data-expanded="true"><summary>${groupTitle(item)}</summary>${renderOpenPath(item.items, rest)}</details></li>`;
  });
  return `<ul>${rendered.join('')}</ul>`;
}

/** A group of a large section that the current page is not in: its title, linking to its first page. */
function foldedGroup(group: SidebarGroup): string {
  const pages = hrefsUnder(group);
  const first = group.href ?? pages[0] ?? '/';
  return `<li class="docsc-group docsc-folded"><a href="${escapeHtml(first)}">${escapeHtml(group.label)}</a> <span class="docsc-count">${pages.length}</span></li>`;
}

const hrefsOfGroup = new WeakMap<SidebarGroup, string[]>();

function hrefsUnder(item: SidebarItem): string[] {
  if (item.kind === 'page') return [item.href];
  let hrefs = hrefsOfGroup.get(item);
  if (hrefs === undefined) {
    hrefs = [...(item.href !== undefined ? [item.href] : []), ...item.items.flatMap(hrefsUnder)];
    hrefsOfGroup.set(item, hrefs);
  }
  return hrefs;
}

function pageLink(page: SidebarPage): string {
  const method =
    page.method !== undefined
      ? `<span class="docsc-method" data-method="${escapeHtml(page.method.toLowerCase())}">${escapeHtml(page.method)}</span> `
      : '';
  const deprecated = page.deprecated ? ' <span class="docsc-deprecated">deprecated</span>' : '';
  return `<a href="${escapeHtml(page.href)}">${method}${escapeHtml(page.label)}${deprecated}</a>`;
}

function renderBreadcrumbs(crumbs: readonly string[]): string {
  return `<nav class="docsc-breadcrumbs" aria-label="Breadcrumb"><ol>${crumbs.map((c) => `<li>${escapeHtml(c)}</li>`).join('')}</ol></nav>`;
}

function renderTitle(page: PageDocument): string {
  const method =
    page.method !== undefined
      ? `<span class="docsc-method" data-method="${escapeHtml(page.method.toLowerCase())}">${escapeHtml(page.method)}</span> `
      : '';
  const deprecated = page.deprecated ? ' <span class="docsc-deprecated">Deprecated</span>' : '';
  const title = page.showTitle ? `<h1 class="docsc-title">${method}${escapeHtml(page.title)}${deprecated}</h1>` : '';
  const description = page.showTitle && page.description ? `<p class="docsc-description">${escapeHtml(page.description)}</p>` : '';
  return title + description;
}

function renderPager(placement: PagePlacement): string {
  if (!placement.previous && !placement.next) return '';
  const previous = placement.previous
    ? `<a class="docsc-previous" rel="prev" href="${escapeHtml(placement.previous.href)}">${escapeHtml(placement.previous.label)}</a>`
    : '';
  const next = placement.next
    ? `<a class="docsc-next" rel="next" href="${escapeHtml(placement.next.href)}">${escapeHtml(placement.next.label)}</a>`
    : '';
  return `<nav class="docsc-pager" aria-label="Previous and next">${previous}${next}</nav>`;
}

function renderToc(toc: readonly TocEntry[]): string {
  const entries = toc.filter((h) => h.depth === 2 || h.depth === 3);
  if (entries.length === 0) return '';
  const items = entries.map((h) => `<li data-depth="${h.depth}"><a href="#${escapeHtml(encodeURIComponent(h.id))}">${escapeHtml(h.text)}</a></li>`);
  return `<aside class="docsc-toc" aria-label="On this page"><p>On this page</p><ul>${items.join('')}</ul></aside>`;
}

function renderFooter(settings: SiteSettings): string {
  const links = settings.footerLinks.map(linkTag).filter((l) => l !== '');
  return links.length === 0 ? '' : `<footer class="docsc-footer"><ul>${links.map((l) => `<li>${l}</li>`).join('')}</ul></footer>`;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
