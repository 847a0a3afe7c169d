// The navigation as readers move through it, derived from the navigation IR
// and page titles: sections (each innermost division, or the root, that holds
// groups and pages) with their sidebar trees, the switchers above them (one
// row per division level: languages, versions, tabs, …), and for every page
// its section, breadcrumbs and previous/next links. Pure data; the layout
// renders it. Hidden elements and hidden pages are left out of every list but
// stay published.

import type { IconRef } from '../icons/icon-ref.js';
import { type ApiPage, apiPageHref, apiPageTitle } from '../ir/api-pages.js';
import { type ContainerNode, type DivisionNode, isContainer, type NavNode, type RootNode } from '../ir/navigation.js';
import { pageUrl } from '../ir/page-urls.js';
import { urlScheme } from '../ir/url-scheme.js';
import { type JsonObject, member, toPlain } from '../syntax/json-tree.js';
import { type DivisionPages, divisionPages } from './division-equivalents.js';

export interface PageTitle {
  /** In the sidebar: `sidebarTitle`, else the title. */
  label: string;
  icon?: string;
  /** Frontmatter `tag`: a pill beside the label. */
  tag?: string;
  /** Set for API pages: `GET`, `POST`, … or `WEBHOOK`. */
  method?: string;
  deprecated?: boolean;
  hidden: boolean;
  /** Frontmatter `url`: the entry links there, and the page is not part of the reading order. */
  href?: string;
}

export interface SidebarPage {
  kind: 'page';
  label: string;
  /** `/quickstart`, `/` for the home page; for a link, its address. */
  href: string;
  /** An entry that links elsewhere instead of to a page of its own (frontmatter `url`, `x-docs.href`): not in the reading order. */
  link?: true;
  /** Under a group or division with `searchable: false`: left out of search. */
  unsearchable?: true;
  /** The nearest enclosing group's `boost`: its search weight's factor (a page's frontmatter `boost` comes first). */
  boost?: number;
  method?: string;
  deprecated?: boolean;
  icon?: IconRef | string;
  tag?: string;
}

export interface SidebarGroup {
  kind: 'group';
  label: string;
  /** The group's `root` page. */
  href?: string;
  tag?: string;
  icon?: IconRef;
  /** Set by `expanded: true` (nested groups only: a top-level group is always open). */
  expanded: boolean;
  /** 0 for a group at the top of a section's sidebar, which cannot collapse. */
  depth: number;
  items: SidebarItem[];
}

export type SidebarItem = SidebarPage | SidebarGroup;

export interface SwitcherLink {
  label: string;
  href: string;
  external: boolean;
  icon?: IconRef;
  description?: string;
  /** A version's `tag` (`Latest`, `Beta`): a pill beside its label. */
  tag?: string;
  /** An anchor's, dropdown's or product's `color`: its icon's colour in light and dark mode (hex). */
  iconColor?: { light: string; dark: string };
  /** A tab's `align: "end"`: at the right of the tab bar. */
  alignEnd?: boolean;
  /** A tab's `menu` items. */
  children?: SwitcherLink[];
}

/** One row of links above the sidebar: the siblings at one division level. */
export interface Switcher {
  /** `tab`, `version`, `language`, … */
  kind: string;
  links: SwitcherLink[];
  /** Index in `links` of the division this section is in. */
  current: number;
  /** Versions and languages: per link, the pages under that division and how their URLs differ (division-equivalents.ts). */
  equivalents?: DivisionPages[];
}

export interface Section {
  id: number;
  /** Labels of the divisions on the way to this section, outermost first (versions and languages left out). */
  path: string[];
  switchers: Switcher[];
  sidebar: SidebarItem[];
  /** Listed pages in reading order. */
  order: SidebarPage[];
}

export interface PagePlacement {
  section: Section;
  /** A listed page's place in `section.order`, of which the rest of the placement is a function (a hidden page has none). */
  index?: number;
  /** The groups the page is in (else the innermost division's label): its eyebrow and search section. */
  breadcrumbs: string[];
  /** The full navigation path: division labels (not versions or languages), then group labels. */
  path: string[];
  previous?: SidebarPage;
  next?: SidebarPage;
}

export interface SiteNavigation {
  sections: Section[];
  /** By URL path (`pageUrl` form); a page listed twice is placed where it is listed first. */
  placements: Map<string, PagePlacement>;
  /** `navigation.global` anchors and other links shown on every page. */
  globalLinks: SwitcherLink[];
  /** The first page a reader lands on (the home page if listed). */
  firstPage?: SidebarPage;
}

export function buildSiteNavigation(
  root: RootNode | undefined,
  titles: ReadonlyMap<string, PageTitle>,
  apiPages: readonly ApiPage[],
): SiteNavigation {
  const navigation: SiteNavigation = { sections: [], placements: new Map(), globalLinks: [] };
  if (root === undefined) return navigation;
  const lookup = new ApiLookup(apiPages);
  const context: WalkContext = { titles, lookup, navigation, groups: [], hidden: [], firstHrefs: new Map(), search: { unsearchable: false } };
  collectSections(root, [], context);
  addEquivalents(navigation);
  for (const anchor of root.global) {
    if (anchor.hidden) continue;
    const href = anchor.href?.value ?? firstHref(anchor, context);
    if (href === undefined) continue;
    const link: SwitcherLink = { label: anchor.label, href, external: anchor.href !== undefined && isOutbound(anchor.href.value) };
    if (anchor.icon !== undefined) link.icon = anchor.icon;
    const color = iconColorOf(anchor.raw);
    if (color !== undefined) link.iconColor = color;
    navigation.globalLinks.push(link);
  }
  navigation.firstPage = navigation.placements.get('') ? { kind: 'page', label: titles.get('')?.label ?? '', href: '/' } : firstListed(navigation);
  return navigation;
}

interface WalkContext {
  titles: ReadonlyMap<string, PageTitle>;
  lookup: ApiLookup;
  navigation: SiteNavigation;
  /** Labels of the groups being walked, outermost first. */
  groups: string[];
  /** Hidden pages listed in the section being collected, with the groups they are in: placed, not listed. */
  hidden: { url: string; groups: string[] }[];
  /** `firstHref` of the divisions asked so far. */
  firstHrefs: Map<ContainerNode, string | undefined>;
  /** What the enclosing divisions and groups say of search (`searchable`, `boost`). */
  search: SearchOptions;
}

interface SearchOptions {
  unsearchable: boolean;
  boost?: number;
}

/** A group's or division's `searchable: false` and `boost` over those of what encloses it. */
function searchOptionsOf(node: ContainerNode, outer: SearchOptions): SearchOptions {
  if (!('raw' in node)) return outer;
  const searchable = member(node.raw, 'searchable')?.value;
  const boost = member(node.raw, 'boost')?.value;
  const options: SearchOptions = { unsearchable: outer.unsearchable || (searchable?.kind === 'boolean' && !searchable.value) };
  const factor = boost?.kind === 'number' ? boost.value : outer.boost;
  if (factor !== undefined) options.boost = factor;
  return options;
}

/** API pages by the navigation node that lists or generates them. */
class ApiLookup {
  private listed = new Map<NavNode, ApiPage>();
  private generated = new Map<ContainerNode, ApiPage[]>();

  constructor(pages: readonly ApiPage[]) {
    for (const page of pages) {
      if (page.listedBy) this.listed.set(page.listedBy, page);
      if (page.generatedBy && !page.hidden) {
        const list = this.generated.get(page.generatedBy) ?? [];
        list.push(page);
        this.generated.set(page.generatedBy, list);
      }
    }
  }

  listedPage(node: NavNode): ApiPage | undefined {
    return this.listed.get(node);
  }

  generatedPages(node: ContainerNode): readonly ApiPage[] {
    return this.generated.get(node) ?? [];
  }
}

/** A level of divisions on the way from the root to a section. */
interface Level {
  kind: string;
  siblings: DivisionNode[];
  current: number;
}

/** The division nodes each section sits under, for version and language equivalents. */
const sectionDivisions = new WeakMap<Section, DivisionNode[]>();
const levelNodes = new WeakMap<Switcher, DivisionNode[]>();

function collectSections(node: ContainerNode, levels: Level[], context: WalkContext): void {
  const divisions = node.childLists.find((list) => list.items.some((item) => isDivision(item)));
  if (divisions) {
    const siblings = divisions.items.filter((item): item is DivisionNode => isDivision(item) && !item.hidden);
    siblings.forEach((division, index) => {
      if (division.href !== undefined) return;
      collectSections(division, [...levels, { kind: division.kind, siblings, current: index }], context);
    });
    return;
  }
  // Versions and languages choose a copy of the site; the path names where a page is in it.
  const path = levels
    .filter((level) => level.kind !== 'version' && level.kind !== 'language')
    .map((level) => level.siblings[level.current]?.label ?? '');
  const section: Section = { id: context.navigation.sections.length, path, switchers: [], sidebar: [], order: [] };
  context.hidden = [];
  // The divisions on the way, outermost first (the last is `node` itself, unless it is the root).
  context.search = levels.reduce<SearchOptions>(
    (outer, level) => {
      const division = level.siblings[level.current];
      return division === undefined ? outer : searchOptionsOf(division, outer);
    },
    { unsearchable: false },
  );
  section.sidebar = sidebarItems(node, context, section, 0);
  if (section.order.length === 0) return;
  context.navigation.sections.push(section);
  sectionDivisions.set(
    section,
    levels.flatMap((level) => level.siblings[level.current] ?? []),
  );
  section.switchers = levels.map((level) => {
    const switcher: Switcher = { kind: level.kind, current: level.current, links: level.siblings.map((division) => divisionLink(division, context)) };
    levelNodes.set(switcher, level.siblings);
    return switcher;
  });
  placePages(section, context.navigation);
  // A hidden page is published and reached by its URL: it shows the navigation it is listed in, without being listed.
  for (const { url, groups } of context.hidden) {
    if (context.navigation.placements.has(url)) continue;
    const divisions = section.path.length > 0 ? [section.path.at(-1) as string] : [];
    context.navigation.placements.set(url, { section, breadcrumbs: groups.length > 0 ? groups : divisions, path: [...section.path, ...groups] });
  }
}

const HEX = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/**
 * A division's `color` as its icon's colours: a hex string (both modes),
 * `{light, dark}` (docs.json) or `{primary, secondary}` (older configurations:
 * primary in light mode, secondary in dark); each mode falls back to the other.
 */
function iconColorOf(raw: JsonObject): { light: string; dark: string } | undefined {
  const node = member(raw, 'color')?.value;
  if (node === undefined) return undefined;
  const value = toPlain(node);
  const hex = (v: unknown) => (typeof v === 'string' && HEX.test(v) ? v : undefined);
  if (typeof value === 'string') return hex(value) === undefined ? undefined : { light: value, dark: value };
  if (typeof value !== 'object' || value === null) return undefined;
  const pair = value as Record<string, unknown>;
  const light = hex(pair.light) ?? hex(pair.primary);
  const dark = hex(pair.dark) ?? hex(pair.secondary);
  const either = light ?? dark;
  return either === undefined ? undefined : { light: light ?? either, dark: dark ?? either };
}

/** Whether an `href` leaves the site: a URL with a scheme or a host (a global anchor may also give a path of the site, `/`). */
function isOutbound(href: string): boolean {
  return urlScheme(href) !== undefined || href.trim().startsWith('//');
}

function divisionLink(division: DivisionNode, context: WalkContext): SwitcherLink {
  const link: SwitcherLink = {
    label: division.label,
    href: division.href?.value ?? firstHref(division, context) ?? '/',
    external: division.href !== undefined && isOutbound(division.href.value),
  };
  if (division.icon !== undefined) link.icon = division.icon;
  if (division.description !== undefined) link.description = division.description;
  if (division.tag !== undefined) link.tag = division.tag;
  const color = iconColorOf(division.raw);
  if (color !== undefined) link.iconColor = color;
  const align = member(division.raw, 'align')?.value;
  if (division.kind === 'tab' && align?.kind === 'string' && align.value === 'end') link.alignEnd = true;
  const menu = division.childLists.find((list) => list.key === 'menu');
  if (menu) {
    const items = menu.items.filter((item): item is DivisionNode => isDivision(item) && !item.hidden);
    link.children = items.map((item) => divisionLink(item, context));
  }
  return link;
}

/** For every version and language switcher: the pages under each of its divisions. */
function addEquivalents(navigation: SiteNavigation): void {
  const urlsOf = new Map<DivisionNode, Set<string>>();
  for (const section of navigation.sections)
    for (const division of sectionDivisions.get(section) ?? []) {
      if (division.kind !== 'version' && division.kind !== 'language') continue;
      const urls = urlsOf.get(division) ?? new Set<string>();
      for (const page of section.order) urls.add(urlOfHref(page.href));
      urlsOf.set(division, urls);
    }
  const pagesOf = new Map<DivisionNode, DivisionPages>();
  // One list per level, shared by the sections under it: a page's equivalents are found by its list (division-equivalents.ts).
  const listOf = new Map<DivisionNode[], DivisionPages[]>();
  for (const section of navigation.sections)
    for (const switcher of section.switchers) {
      if (switcher.kind !== 'version' && switcher.kind !== 'language') continue;
      const level = levelNodes.get(switcher) ?? [];
      let list = listOf.get(level);
      if (list === undefined) {
        list = level.map((division) => {
          let pages = pagesOf.get(division);
          if (pages === undefined) {
            pages = divisionPages(division.label, urlsOf.get(division) ?? new Set<string>());
            pagesOf.set(division, pages);
          }
          return pages;
        });
        listOf.set(level, list);
      }
      switcher.equivalents = list;
    }
}

function isDivision(node: NavNode): node is DivisionNode {
  return isContainer(node) && node.kind !== 'group';
}

function sidebarItems(node: ContainerNode, context: WalkContext, section: Section, depth: number): SidebarItem[] {
  const items: SidebarItem[] = [];
  for (const list of node.childLists) {
    for (const child of list.items) {
      const item = sidebarItem(child, context, section, depth);
      if (item) items.push(item);
    }
  }
  items.push(...generatedItems(node, context, section, depth));
  return items;
}

function sidebarItem(node: NavNode, context: WalkContext, section: Section, depth: number): SidebarItem | undefined {
  switch (node.kind) {
    case 'page': {
      if (node.path === undefined) return undefined;
      return listPage(pageUrl(node.path), context, section);
    }
    case 'endpoint':
    case 'webhook': {
      const page = context.lookup.listedPage(node);
      if (page === undefined) return undefined;
      return page.url === undefined ? apiLink(page) : listPage(page.url, context, section);
    }
    case 'group': {
      if (node.hidden) return undefined;
      const rootUrl = node.root ? pageUrl(node.root.path.replace(/^\/+/, '').replace(/\.mdx?$/, '')) : undefined;
      const group: SidebarGroup = { kind: 'group', label: node.label, expanded: node.expanded?.value ?? false, depth, items: [] };
      if (node.icon !== undefined) group.icon = node.icon;
      if (rootUrl !== undefined) {
        group.href = hrefOf(rootUrl);
        // The root page comes first in reading order; the group title is its link.
        listPage(rootUrl, context, section);
      }
      if (node.tag !== undefined) group.tag = node.tag;
      context.groups.push(node.label);
      const outer = context.search;
      context.search = searchOptionsOf(node, outer);
      group.items = sidebarItems(node, context, section, depth + 1);
      context.search = outer;
      context.groups.pop();
      return group.items.length > 0 || group.href !== undefined ? group : undefined;
    }
    default:
      return undefined;
  }
}

/** Pages generated for an element's `openapi`, grouped by first tag as real sites do ("API Reference" for untagged ones). */
function generatedItems(node: ContainerNode, context: WalkContext, section: Section, depth: number): SidebarItem[] {
  const groups = new Map<string, SidebarGroup>();
  for (const page of context.lookup.generatedPages(node)) {
    const info = page.item.type === 'operation' ? page.item.operation : page.item.webhook;
    const label = info.tags[0] ?? 'API Reference';
    let group = groups.get(label);
    if (group === undefined) {
      group = { kind: 'group', label, expanded: false, depth, items: [] };
      groups.set(label, group);
    }
    const item = page.url === undefined ? apiLink(page) : listPage(page.url, context, section);
    if (item) group.items.push(item);
  }
  return [...groups.values()].filter((group) => group.items.length > 0);
}

function listPage(url: string, context: WalkContext, section: Section): SidebarPage | undefined {
  const title = context.titles.get(url);
  if (title?.hidden) {
    if (section.id >= 0) context.hidden.push({ url, groups: [...context.groups] });
    return undefined;
  }
  const page: SidebarPage = { kind: 'page', label: title?.label ?? lastSegment(url), href: title?.href ?? hrefOf(url) };
  if (title?.method !== undefined) page.method = title.method;
  if (title?.deprecated) page.deprecated = true;
  if (title?.icon !== undefined) page.icon = title.icon;
  if (title?.tag !== undefined) page.tag = title.tag;
  if (context.search.unsearchable) page.unsearchable = true;
  if (context.search.boost !== undefined) page.boost = context.search.boost;
  if (title?.href !== undefined) page.link = true;
  else section.order.push(page);
  return page;
}

/** An API entry whose `x-docs.href` links out (seed: no page is generated for it), labelled as its page would be. */
function apiLink(page: ApiPage): SidebarPage | undefined {
  const href = apiPageHref(page);
  if (href === undefined) return undefined;
  const method = page.item.type === 'operation' ? page.item.operation.method.toUpperCase() : 'WEBHOOK';
  const link: SidebarPage = { kind: 'page', label: apiPageTitle(page), href, method, link: true };
  if ((page.item.type === 'operation' ? page.item.operation : page.item.webhook).deprecated) link.deprecated = true;
  return link;
}

function placePages(section: Section, navigation: SiteNavigation): void {
  const trail = new Map<string, string[]>();
  const walkItems = (items: readonly SidebarItem[], labels: string[]) => {
    for (const item of items) {
      if (item.kind === 'group') {
        if (item.href !== undefined && !trail.has(item.href)) trail.set(item.href, [...labels, item.label]);
        walkItems(item.items, [...labels, item.label]);
      } else if (!trail.has(item.href)) trail.set(item.href, labels);
    }
  };
  // Breadcrumbs name the groups; a page at the top of a section names its innermost division.
  const innermost = section.switchers.at(-1);
  const divisions = innermost ? [innermost.links[innermost.current]?.label ?? ''] : [];
  walkItems(section.sidebar, []);
  section.order.forEach((page, index) => {
    const url = urlOfHref(page.href);
    if (navigation.placements.has(url)) return;
    const groups = trail.get(page.href) ?? [];
    const placement: PagePlacement = { section, index, breadcrumbs: groups.length > 0 ? groups : divisions, path: [...section.path, ...groups] };
    const previous = section.order[index - 1];
    const next = section.order[index + 1];
    if (previous) placement.previous = previous;
    if (next) placement.next = next;
    navigation.placements.set(url, placement);
  });
}

/**
 * The first listed page under a division: where its switcher link goes. Every
 * section's switchers link to all their siblings, so each division is asked for
 * once per section: remembered per node (a 10,000-page site listed its tabs'
 * sidebars again for each section, about 2 s).
 */
function firstHref(node: ContainerNode, context: WalkContext): string | undefined {
  if (context.firstHrefs.has(node)) return context.firstHrefs.get(node);
  const href = findFirstHref(node, context);
  context.firstHrefs.set(node, href);
  return href;
}

function findFirstHref(node: ContainerNode, context: WalkContext): string | undefined {
  const scratch: Section = { id: -1, path: [], switchers: [], sidebar: [], order: [] };
  const stack: ContainerNode[] = [node];
  for (let current = stack.shift(); current !== undefined; current = stack.shift()) {
    const divisions = current.childLists.flatMap((list) => list.items.filter((item): item is DivisionNode => isDivision(item) && !item.hidden));
    if (divisions.length > 0) {
      const target = divisions.find((d) => d.isDefault) ?? divisions.find((d) => d.href === undefined);
      if (target) stack.unshift(target);
      continue;
    }
    sidebarItems(current, context, scratch, 0);
    return scratch.order[0]?.href;
  }
  return undefined;
}

function firstListed(navigation: SiteNavigation): SidebarPage | undefined {
  return navigation.sections[0]?.order[0];
}

/** `quickstart` → `/quickstart`; `` → `/`. */
export function hrefOf(url: string): string {
  return `/${url}`;
}

function urlOfHref(href: string): string {
  return href.slice(1);
}

function lastSegment(url: string): string {
  return url.slice(url.lastIndexOf('/') + 1) || 'Home';
}
