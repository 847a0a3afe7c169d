// A section's sidebar as HTML: its groups and pages (top-level groups always
// open, nested ones `<details data-g>` opened per page), rendered once per
// section and shared by its pages, which mark their own link and open their
// groups by insertions at offsets indexed once. A large section folds the
// groups a page is not in, windows long lists, and writes its full sidebar
// once as a fragment the site script loads (see the constants below).

import { createHash } from 'node:crypto';
import { rebaseMarkup } from './base-path.js';
import { escapeHtml } from './escape-html.js';
import type { NavigationIcons } from './navigation-icon.js';
import type { LinePiece } from './page-lines.js';
import { methodBadge } from './page-parts.js';
import type { Section, SidebarGroup, SidebarItem, SidebarPage } from './site-navigation.js';

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

/** The most sidebars kept rendered at once (a large section's pages share one per block of its group). */
const SIDEBAR_MEMO = 64;

/** The sidebars of a site's sections, rendered once each (per window block in a large section), and the large sections' fragments. */
export class SectionSidebars {
  /** Sidebars rendered, by section (and window block): the SIDEBAR_MEMO last used. */
  private sidebars = new Map<string, IndexedSidebar>();
  /** Large sections' full sidebars, by output path. */
  private fragments = new Map<string, string>();
  private fragmentPaths = new Map<Section, string>();
  private groupPaths = new Map<Section, Map<string, PagePath>>();

  constructor(
    private drilldown: boolean,
    private icons: NavigationIcons,
    /** The site's base path, given to the fragments (pages rebase their own markup). */
    private base: string,
  ) {}

  /** Registers a section's icons in the sprite: a full sidebar holds every item's icon; a folded one only those of its window. */
  registerIcons(section: Section): void {
    if (hasFragment(section)) this.fragmentOf(section);
    else this.registerItemIcons(section.sidebar);
  }

  private registerItemIcons(items: readonly SidebarItem[]): void {
    for (const item of items) {
      this.icons.icon(item.icon);
      if (item.kind === 'group') this.registerItemIcons(item.items);
    }
  }

  /** A section's groups for the page at `href`, in pieces (`PageLine`): its link marked and its groups opened; bytes only without a base path. */
  groupsOf(section: Section, href: string): LinePiece[] {
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
      const render = new SidebarRenderer(this.drilldown, this.icons);
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
      // Without a base path the page writes it as it is: cut from its bytes (page-lines.ts); else the page rebases its pieces.
      sidebar = indexSidebar(`<div class="docsc-groups"${nav}>${items}</div>`, this.base === '');
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
    return insertAt(sidebar.markup, marks);
  }

  /** The output path of a large section's full sidebar: its groups as in a small section, nothing marked or opened for a page. */
  private fragmentOf(section: Section): string {
    let path = this.fragmentPaths.get(section);
    if (path === undefined) {
      const contents = `${new SidebarRenderer(this.drilldown, this.icons).items(section.sidebar, '')}\n`;
      path = `${NAVIGATION_FRAGMENT_FOLDER}/${createHash('sha256').update(contents).digest('hex').slice(0, 16)}.html`;
      this.fragments.set(path, contents);
      this.fragmentPaths.set(section, path);
    }
    return path;
  }

  /** The full sidebars of the large sections laid out so far, by path. */
  navigationFragments(): { path: string; contents: string }[] {
    return [...this.fragments]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([path, contents]) => ({ path, contents: rebaseMarkup(contents, this.base) }));
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

function pageLink(page: SidebarPage, icons: NavigationIcons): string {
  const deprecated = page.deprecated ? ' <span class="docsc-deprecated">deprecated</span>' : '';
  const tag = page.tag !== undefined ? ` <span class="docsc-tag">${escapeHtml(page.tag)}</span>` : '';
  // An entry linking out (frontmatter `url`, `x-docs.href`) says so; the address was checked when it was read.
  const out = page.link && /^[a-z]+:/i.test(page.href);
  const attributes = out ? ' class="docsc-link-out" rel="noopener"' : '';
  const arrow = out ? ' <span class="docsc-out" aria-hidden="true">&#8599;</span>' : '';
  return `<a href="${escapeHtml(page.href)}"${attributes}>${methodBadge(page.method)}${icons.icon(page.icon)}${escapeHtml(page.label)}${tag}${deprecated}${arrow}</a>`;
}

/**
 * A section's shared sidebar, as text or as its UTF-8 bytes, with where each
 * page's link, each group's title link and each group ends its opening tag
 * (the first of each, by escaped href or group id; offsets into `markup`): a
 * page marks its link and opens its groups by inserting there. Searching the
 * sidebar (up to hundreds of kilobytes in a large section) for each of them,
 * page after page, was a good part of laying a page out.
 */
interface IndexedSidebar {
  markup: string | Uint8Array;
  links: Map<string, number>;
  groupLinks: Map<string, number>;
  groups: Map<string, number>;
}

const SIDEBAR_MARKS = /<a href="([^"]*)">|<a class="docsc-group-link" href="([^"]*)">|<details data-g="([^"]*)">/g;

/** `html` indexed (`encoded`: as its bytes, with offsets in bytes: the text between two marks is measured once). */
function indexSidebar(html: string, encoded: boolean): IndexedSidebar {
  const sidebar: IndexedSidebar = { markup: encoded ? Buffer.from(html) : html, links: new Map(), groupLinks: new Map(), groups: new Map() };
  let char = 0;
  let byte = 0;
  for (const match of html.matchAll(SIDEBAR_MARKS)) {
    // Where the tag's `>` is: what a page inserts goes before it.
    const end = (match.index as number) + match[0].length - 1;
    if (encoded) {
      byte += Buffer.byteLength(html.slice(char, end));
      char = end;
    }
    const [, link, groupLink, group] = match;
    const [found, name] =
      link !== undefined ? [sidebar.links, link] : groupLink !== undefined ? [sidebar.groupLinks, groupLink] : [sidebar.groups, group as string];
    if (!found.has(name)) found.set(name, encoded ? byte : end);
  }
  return sidebar;
}

/** `markup` with each `[offset, text]` inserted (offsets into `markup`), as the pieces to write one after the other. */
function insertAt(markup: string | Uint8Array, marks: [number, string][]): LinePiece[] {
  marks.sort((a, b) => a[0] - b[0]);
  const pieces: LinePiece[] = [];
  const cut = (from: number, to?: number): LinePiece => (typeof markup === 'string' ? markup.slice(from, to) : markup.subarray(from, to));
  let from = 0;
  for (const [offset, text] of marks) {
    pieces.push(cut(from, offset), text);
    from = offset;
  }
  pieces.push(cut(from));
  return pieces;
}
