// The shape of a generated site, decided before any page is written: tabs →
// groups → nested groups, every page's path, title and headings (with the ids
// check will compute), and the snippets. Pages link to each other's headings,
// so all of them must be known before the first body is made.

import type { Prng } from './prng.js';
import { ADJECTIVES, capitalize, ICONS, NOUNS, plural, TAB_NAMES, TAGS, VERBS } from './vocabulary.js';

export interface PlannedHeading {
  depth: 2 | 3;
  text: string;
  /** The anchor: the GitHub slug of the text, or the `{#custom-id}` written after it. */
  id: string;
  custom: boolean;
}

export interface PlannedPage {
  /** Page path without extension, as in the navigation. */
  path: string;
  title: string;
  description: string;
  sidebarTitle?: string;
  icon?: string;
  tag?: string;
  headings: PlannedHeading[];
  /** Indexes into SitePlan.snippets of the snippets this page imports. */
  snippets: number[];
}

export interface PlannedSnippet {
  /** `snippets/<slug>.mdx`. */
  path: string;
  /** The name the importing page gives it: `<ApiKeyNote />`. */
  component: string;
}

export interface NavGroup {
  group: string;
  icon?: string;
  tag?: string;
  expanded?: boolean;
  pages: (string | NavGroup)[];
}

export interface NavTab {
  tab: string;
  icon: string;
  groups: NavGroup[];
}

export interface SitePlan {
  tabs: NavTab[];
  pages: PlannedPage[];
  snippets: PlannedSnippet[];
  /** Page indexes by folder, for relative links between siblings. */
  pagesByDir: Map<string, number[]>;
}

const MAX_GROUP_DEPTH = 3;

/** Plans a site of `pageCount` pages; the first page is the home page, `index`. */
export function planSite(pageCount: number, rng: Prng): SitePlan {
  const plan: SitePlan = { tabs: [], pages: [], snippets: planSnippets(pageCount, rng), pagesByDir: new Map() };
  const tabCount = Math.min(TAB_NAMES.length, Math.max(2, Math.ceil(Math.log10(Math.max(pageCount, 2)) * 2)));
  const shares = split(pageCount, tabCount, rng);
  TAB_NAMES.slice(0, tabCount).forEach((name, i) => {
    plan.tabs.push(planTab(name, shares[i] ?? 0, plan, rng));
  });
  return plan;
}

function planTab(name: string, count: number, plan: SitePlan, rng: Prng): NavTab {
  const dir = slug(name);
  const groups: NavGroup[] = [];
  const names = new Set<string>();
  for (let left = count; left > 0; ) {
    const size = Math.min(left, rng.int(10, 50));
    groups.push(planGroup(size, 0, dir, uniqueName(names, rng), plan, rng));
    left -= size;
  }
  return { tab: name, icon: rng.pick(ICONS), groups };
}

/** A group of `count` pages: a leaf group, or a few pages followed by nested groups. */
function planGroup(count: number, depth: number, parentDir: string, name: string, plan: SitePlan, rng: Prng): NavGroup {
  const dir = `${parentDir}/${slug(name)}`;
  const group: NavGroup = { group: name, pages: [] };
  if (depth === 0 && rng.chance(0.3)) group.icon = rng.pick(ICONS);
  if (rng.chance(0.05)) group.tag = rng.pick(TAGS);
  if (depth > 0 && rng.chance(0.25)) group.expanded = rng.chance(0.5);
  if (depth >= MAX_GROUP_DEPTH || count <= rng.int(6, 16)) {
    for (let i = 0; i < count; i++) group.pages.push(planPage(dir, plan, rng));
    return group;
  }
  const direct = rng.int(1, Math.min(4, count - 2));
  for (let i = 0; i < direct; i++) group.pages.push(planPage(dir, plan, rng));
  const rest = count - direct;
  const names = new Set<string>();
  for (const size of split(rest, rng.int(2, Math.min(4, rest)), rng)) {
    group.pages.push(planGroup(size, depth + 1, dir, uniqueName(names, rng), plan, rng));
  }
  return group;
}

function planPage(dir: string, plan: SitePlan, rng: Prng): string {
  const title = pageTitle(rng);
  const siblings = plan.pagesByDir.get(dir) ?? [];
  const taken = new Set(siblings.map((i) => plan.pages[i]?.path));
  const path = plan.pages.length === 0 ? 'index' : uniquePath(`${dir}/${slug(title)}`, taken);
  const page: PlannedPage = { path, title, description: description(title, rng), headings: planHeadings(rng), snippets: [] };
  if (rng.chance(0.2)) page.sidebarTitle = capitalize(rng.pick(NOUNS));
  if (rng.chance(0.25)) page.icon = rng.pick(ICONS);
  if (rng.chance(0.05)) page.tag = rng.pick(TAGS);
  if (plan.snippets.length > 0 && rng.chance(0.15)) page.snippets = pickDistinct(plan.snippets.length, rng.int(1, 2), rng);
  const folder = path === 'index' ? '' : dir;
  plan.pagesByDir.set(folder, [...(plan.pagesByDir.get(folder) ?? []), plan.pages.length]);
  plan.pages.push(page);
  return path;
}

function planHeadings(rng: Prng): PlannedHeading[] {
  const headings: PlannedHeading[] = [];
  const ids = new Set<string>();
  const count = rng.int(3, 7);
  while (headings.length < count) {
    const text = `${capitalize(rng.pick(VERBS))} ${rng.chance(0.4) ? `${rng.pick(ADJECTIVES)} ` : ''}${plural(rng.pick(NOUNS))}`;
    const custom = rng.chance(0.15);
    const id = custom ? `${rng.pick(NOUNS)}-${rng.pick(NOUNS)}` : slug(text);
    if (ids.has(id) || ids.has(slug(text))) continue;
    ids.add(id);
    ids.add(slug(text));
    const depth = headings.length > 0 && rng.chance(0.3) ? 3 : 2;
    headings.push({ depth, text, id, custom });
  }
  return headings;
}

function planSnippets(pageCount: number, rng: Prng): PlannedSnippet[] {
  const count = Math.min(150, Math.max(3, Math.round(pageCount / 60)));
  const taken = new Set<string>();
  const snippets: PlannedSnippet[] = [];
  while (snippets.length < count) {
    const name = `${rng.pick(ADJECTIVES)}-${rng.pick(NOUNS)}-${rng.pick(['note', 'tip', 'warning', 'setup', 'example'])}`;
    if (taken.has(name)) continue;
    taken.add(name);
    snippets.push({ path: `snippets/${name}.mdx`, component: name.split('-').map(capitalize).join('') });
  }
  return snippets;
}

function pageTitle(rng: Prng): string {
  if (rng.chance(0.3)) return `${capitalize(rng.pick(NOUNS))} ${plural(rng.pick(NOUNS))}`;
  return `${capitalize(rng.pick(VERBS))} ${rng.chance(0.5) ? `${rng.pick(ADJECTIVES)} ` : ''}${plural(rng.pick(NOUNS))}`;
}

function description(title: string, rng: Prng): string {
  return `How to ${title.toLowerCase()} with the ${rng.pick(ADJECTIVES)} ${rng.pick(NOUNS)} API.`;
}

function uniqueName(taken: Set<string>, rng: Prng): string {
  for (;;) {
    const name = rng.chance(0.5) ? capitalize(`${plural(rng.pick(NOUNS))}`) : `${capitalize(rng.pick(ADJECTIVES))} ${plural(rng.pick(NOUNS))}`;
    if (taken.has(name)) continue;
    taken.add(name);
    return name;
  }
}

function uniquePath(path: string, taken: Set<string | undefined>): string {
  if (!taken.has(path)) return path;
  for (let n = 2; ; n++) if (!taken.has(`${path}-${n}`)) return `${path}-${n}`;
}

/** The GitHub slug of text made of letters and spaces. */
function slug(text: string): string {
  return text.toLowerCase().replaceAll(' ', '-');
}

/** Splits `total` into `parts` shares of random size, each at least 1. */
function split(total: number, parts: number, rng: Prng): number[] {
  const n = Math.max(1, Math.min(parts, total));
  const weights = Array.from({ length: n }, () => 0.5 + rng.next());
  const sum = weights.reduce((a, b) => a + b, 0);
  const shares = weights.map((w) => 1 + Math.floor(((total - n) * w) / sum));
  shares[0] = (shares[0] ?? 0) + total - shares.reduce((a, b) => a + b, 0);
  return shares;
}

function pickDistinct(range: number, count: number, rng: Prng): number[] {
  const picked = new Set<number>();
  while (picked.size < Math.min(count, range)) picked.add(rng.int(0, range - 1));
  return [...picked];
}
