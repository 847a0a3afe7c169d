// The navigation part of the mint.json upgrade: mint.json's flat list of groups,
// with tabs, anchors and versions that claim pages by URL prefix (or by a
// group's `version`), becomes docs.json's nested navigation. The rules are
// Mintlify's own (`updateNavigationToDocsConfig` in @mintlify/validation),
// followed step by step so that every page lands under the same tab, anchor
// and version as on Mintlify: the division whose `url` prefixes a page's path
// claims it, in the order the divisions are written; pages no division claims
// go to a first division made from `topAnchor` or `primaryTab`; divisions
// that only link out become `navigation.global`.
//
// Nodes are moved, not copied: a page entry keeps its span in mint.json, and
// a made object takes the span of what it was made from.

import type { Span } from '../source/source-file.js';
import { arrayNode, type Entry, isTruthy, objectNode, renamed, stringNode, textOf, valueAt } from '../syntax/json-build.js';
import type { JsonNode, JsonObject } from '../syntax/json-tree.js';

/** A group with the pages still to place (a division takes some of them, the rest stay). */
interface Group {
  node: JsonObject;
  pages: JsonNode[];
}

type DivisionKind = 'tabs' | 'anchors';

/** A version or language as the upgrade holds it before its navigation is placed. */
interface VersionDraft {
  span: Span;
  entries: Entry[];
  name: string | undefined;
  links: boolean;
  groups: JsonObject[];
}

const isRemoteUrl = (url: string | undefined): boolean => url !== undefined && (url.startsWith('https://') || url.startsWith('http://'));
const isAbsoluteUrl = (url: string | undefined): boolean => url !== undefined && url !== '' && URL.canParse(url);
const leadingSlash = (path: string): string => (path.startsWith('/') ? path : `/${path}`);
const slashed = (path: string): string => leadingSlash(path.endsWith('/') ? path : `${path}/`);
const urlOf = (division: JsonObject): string => textOf(division, 'url') ?? '';
const objects = (node: JsonNode | undefined): JsonObject[] =>
  node?.kind === 'array' ? node.items.filter((item): item is JsonObject => item.kind === 'object') : [];

function groupOf(node: JsonObject): Group {
  const pages = valueAt(node, 'pages');
  return { node, pages: pages?.kind === 'array' ? pages.items : [] };
}

/** An icon with mint.json's separate `iconType` becomes docs.json's `{name, style}`. */
function iconEntry(holder: JsonObject, iconKey = 'icon', typeKey = 'iconType'): Entry {
  const [, icon, keySpan] = renamed(holder, iconKey);
  if (!isTruthy(icon)) return ['icon', undefined];
  const style = valueAt(holder, typeKey);
  return [
    'icon',
    isTruthy(style)
      ? objectNode(icon.span, [
          ['name', icon],
          ['style', style],
        ])
      : icon,
    keySpan,
  ];
}

/** The docs.json group for `group` with `pages` (mint.json's `version` and `iconType` are consumed). */
function groupNode(group: Group, pages: JsonNode[]): JsonObject {
  const [, pagesNode, pagesKey] = renamed(group.node, 'pages');
  return objectNode(group.node.span, [
    renamed(group.node, 'group'),
    iconEntry(group.node),
    ['pages', arrayNode(pagesNode?.span ?? group.node.span, pages), pagesKey],
  ]);
}

/** A group as written, nested groups converted the same way. */
function wholeGroup(node: JsonObject): JsonObject {
  const group = groupOf(node);
  return groupNode(
    group,
    group.pages.map((page) => (page.kind === 'object' ? wholeGroup(page) : page)),
  );
}

const matchesVersion = (group: JsonObject, version: string | undefined): boolean => {
  const own = textOf(group, 'version');
  return own === version || own === undefined || !version;
};

/** Takes from `groups` the pages under `division`'s URL prefix (all pages without a division). */
function pagesUnderPrefix(
  groups: Group[],
  division: JsonObject | undefined,
  version: string | undefined,
  ignored: JsonObject[] = [],
): { matched: JsonObject[]; unmatched: Group[] } {
  const matched: JsonObject[] = [];
  const unmatched: Group[] = [];
  const prefix = division ? textOf(division, 'url') : undefined;
  if (isRemoteUrl(prefix)) return { matched, unmatched: groups };
  for (const group of groups) {
    const taken: JsonNode[] = [];
    const left: JsonNode[] = [];
    if (matchesVersion(group.node, version)) {
      for (const page of group.pages) {
        if (page.kind === 'object') {
          const nested = pagesUnderPrefix([groupOf(page)], division, version, ignored);
          taken.push(...nested.matched);
          if (nested.unmatched.length > 0) left.push(page);
        } else if (page.kind === 'string') {
          const path = slashed(page.value);
          const claimed = (!prefix || path.startsWith(slashed(prefix))) && !ignored.some((d) => path.startsWith(slashed(urlOf(d))));
          (claimed ? taken : left).push(page);
        } else {
          taken.push(page);
        }
      }
    }
    if (taken.length > 0) matched.push(groupNode(group, taken));
    if (left.length > 0) unmatched.push({ node: group.node, pages: left });
  }
  return { matched, unmatched };
}

export interface MintNavigationInput {
  /** mint.json's root object. */
  config: JsonObject;
  /** Where made nodes with no source of their own point: mint.json's `navigation`. */
  here: Span;
}

export function upgradeNavigation({ config, here }: MintNavigationInput): JsonObject {
  const allGroups = objects(valueAt(config, 'navigation')).map(groupOf);
  let tabs = objects(valueAt(config, 'tabs'));
  let anchors = objects(valueAt(config, 'anchors'));
  const versionsNode = valueAt(config, 'versions');
  let versions = versionsNode?.kind === 'array' ? versionsNode.items.filter((v) => v.kind === 'object' || v.kind === 'string') : [];
  const hasTabs = tabs.length > 0;
  const hasAnchors = anchors.length > 0;

  const globalTabs =
    tabs.length > 0 && tabs.every((tab) => !isTruthy(valueAt(tab, 'version')) && isRemoteUrl(textOf(tab, 'url')))
      ? tabs.map((tab) => objectNode(tab.span, [renamed(tab, 'name', 'tab'), renamed(tab, 'url', 'href'), hiddenEntry(tab)]))
      : [];
  const globalAnchors =
    anchors.length > 0 && anchors.every((anchor) => !isTruthy(valueAt(anchor, 'version')) && isRemoteUrl(textOf(anchor, 'url')))
      ? anchors.map((anchor) => {
          const color = valueAt(anchor, 'color');
          return objectNode(anchor.span, [
            renamed(anchor, 'name', 'anchor'),
            renamed(anchor, 'url', 'href'),
            iconEntry(anchor),
            [
              'color',
              color?.kind === 'string'
                ? objectNode(color.span, [
                    ['light', color],
                    ['dark', color],
                  ])
                : undefined,
            ],
            hiddenEntry(anchor),
          ]);
        })
      : [];
  const linksOutVersions = versions.length > 0 && versions.every((v) => v.kind === 'object' && isRemoteUrl(textOf(v, 'url')));
  if (globalTabs.length > 0) tabs = [];
  if (globalAnchors.length > 0) anchors = [];
  if (linksOutVersions) versions = [];

  const primary = (kind: DivisionKind): Entry[] => {
    if (kind === 'anchors') {
      const top = valueAt(config, 'topAnchor');
      const name = valueAt(top, 'name');
      const icon = top?.kind === 'object' ? iconEntry(top) : undefined;
      if (isTruthy(name)) return [['anchor', name], ...(icon?.[1] ? [icon] : [])];
      return [['anchor', stringNode(here, 'Documentation')], icon?.[1] ? icon : ['icon', stringNode(here, 'book-open')]];
    }
    const tab = valueAt(config, 'primaryTab');
    if (!isTruthy(tab)) return [['tab', stringNode(here, 'Documentation')]];
    const hidden = valueAt(tab, 'isDefaultHidden');
    return [renamed(tab, 'name', 'tab'), ['hidden', hidden]];
  };

  const divisions = (
    kind: DivisionKind,
    list: JsonObject[],
    groups: Group[],
    insertRemaining: boolean,
    version: string | undefined,
    others: JsonObject[] = [],
  ): { result: JsonObject[]; remaining: Group[] } => {
    let remaining = groups.filter((g) => matchesVersion(g.node, version));
    const result: JsonObject[] = [];
    for (const division of list) {
      const own = textOf(division, 'version');
      if (own !== version && version && own) continue;
      const url = textOf(division, 'url');
      const [, urlNode, urlKey] = renamed(division, 'url');
      const openapiValue = valueAt(division, 'openapi');
      const openapi = !isTruthy(openapiValue)
        ? undefined
        : isRemoteUrl(url)
          ? openapiValue
          : objectNode(openapiValue.span, [
              ['source', openapiValue],
              ['directory', urlNode, urlKey],
            ]);
      const head: Entry[] = [renamed(division, 'name', kind === 'tabs' ? 'tab' : 'anchor')];
      const tail: Entry[] = [hiddenEntry(division), ['openapi', openapi]];
      if (kind === 'anchors') {
        tail.push(iconEntry(division));
        const color = valueAt(division, 'color');
        if (isTruthy(color)) {
          const value = color.kind === 'object' ? valueAt(color, 'from') : color;
          tail.push([
            'color',
            objectNode(color.span, [
              ['light', value],
              ['dark', value],
            ]),
          ]);
        }
      }
      const base = (children: Entry[]): JsonObject => objectNode(division.span, [...head, ...tail, ...children]);
      const ignored = list.filter((d) => {
        const other = textOf(d, 'url');
        return other && leadingSlash(other).startsWith(leadingSlash(url ?? '')) && other !== url;
      });
      const nestedKind: DivisionKind = kind === 'tabs' ? 'anchors' : 'tabs';
      const inside = others.filter((d) => leadingSlash(urlOf(d)).startsWith(leadingSlash(url ?? '')));
      const more = inside.length > 0 ? divisions(nestedKind, inside, groups, false, version).result : [];
      const { matched, unmatched } = pagesUnderPrefix(remaining, division, version, ignored);
      remaining = unmatched;
      if (more.length > 0) result.push(base([[nestedKind, arrayNode(division.span, more)]]));
      else if (matched.length > 0) result.push(base([['groups', arrayNode(division.span, matched)]]));
      else if (!isAbsoluteUrl(url) && !isTruthy(openapiValue)) continue;
      else if (isTruthy(openapiValue) && !isRemoteUrl(url)) result.push(base([]));
      else result.push(objectNode(division.span, [...head, ['href', urlNode, urlKey], ...tail]));
    }
    if (remaining.length > 0 && insertRemaining) {
      const { matched } = pagesUnderPrefix(remaining, undefined, version);
      result.unshift(objectNode(here, [...primary(kind), ['groups', arrayNode(here, matched)]]));
    }
    return { result, remaining };
  };

  /** The navigation below a version (or the whole site): `tabs`, `anchors` or `groups`. */
  const navigationOf = (groups: Group[], version: string | undefined): Entry | undefined => {
    const top = mostInclusive(tabs, anchors);
    const [outer, outerList, innerList] = top === 'anchors' ? (['anchors', anchors, tabs] as const) : (['tabs', tabs, anchors] as const);
    const inner: DivisionKind = outer === 'anchors' ? 'tabs' : 'anchors';
    const hasOuter = outer === 'anchors' ? hasAnchors : hasTabs;
    const hasInner = outer === 'anchors' ? hasTabs : hasAnchors;
    if (hasOuter) {
      const { result, remaining } = divisions(outer, outerList, groups, false, version, innerList);
      if (remaining.length > 0 || innerList.length > 0) {
        const rest =
          innerList.length > 0
            ? ([inner, arrayNode(here, divisions(inner, innerList, remaining.length > 0 ? remaining : groups, true, version).result)] as const)
            : (['groups', arrayNode(here, pagesUnderPrefix(remaining, undefined, version).matched)] as const);
        result.unshift(objectNode(here, [...primary(outer), rest]));
      }
      return [outer, arrayNode(here, result)];
    }
    if (hasInner) return [inner, arrayNode(here, divisions(inner, innerList, groups, true, version).result)];
    if (groups.length > 0) {
      const kept = groups.filter((g) => matchesVersion(g.node, version));
      return [
        'groups',
        arrayNode(
          here,
          kept.map((g) =>
            groupNode(
              g,
              g.pages.map((p) => (p.kind === 'object' ? wholeGroup(p) : p)),
            ),
          ),
        ),
      ];
    }
    return undefined;
  };

  const global: Entry[] = [
    ['tabs', globalTabs.length > 0 ? arrayNode(here, globalTabs) : undefined],
    ['anchors', globalAnchors.length > 0 ? arrayNode(here, globalAnchors) : undefined],
  ];
  const globalEntry: Entry = ['global', global.some(([, v]) => v) ? objectNode(here, global) : undefined];

  if (versions.length > 0) {
    const prefixes = new Map<string, string[]>();
    for (const v of versions) {
      const name = v.kind === 'string' ? v.value : textOf(v, 'name');
      for (const division of [...anchors, ...tabs]) {
        const url = textOf(division, 'url');
        if (url === undefined || name === undefined || textOf(division, 'version') !== name || isRemoteUrl(url)) continue;
        prefixes.set(url, [...(prefixes.get(url) ?? []), name]);
      }
    }
    const isLocale = versions.every((v) => v.kind === 'object' && isTruthy(valueAt(v, 'locale')));
    const drafts = versions.map((v) => versionDraft(v, isLocale, allGroups, prefixes));
    const items = drafts.map((draft) => {
      if (draft.links) return objectNode(draft.span, draft.entries);
      const placed = navigationOf(draft.groups.length > 0 ? draft.groups.map(groupOf) : allGroups, draft.name);
      return objectNode(draft.span, [...draft.entries, placed ?? ['groups', arrayNode(draft.span, draft.groups)]]);
    });
    return objectNode(here, [[isLocale ? 'languages' : 'versions', arrayNode(versionsNode?.span ?? here, items)], globalEntry]);
  }
  return objectNode(here, [navigationOf(allGroups, undefined) ?? ['groups', arrayNode(here, [])], globalEntry]);
}

function hiddenEntry(division: JsonObject): Entry {
  const [, hidden, keySpan] = renamed(division, 'isDefaultHidden');
  return ['hidden', isTruthy(hidden) ? hidden : undefined, keySpan];
}

function versionDraft(v: JsonNode, isLocale: boolean, groups: Group[], prefixes: Map<string, string[]>): VersionDraft {
  const url = valueAt(v, 'url');
  if (isLocale && v.kind === 'object') {
    const locale = valueAt(v, 'locale');
    const isDefault = valueAt(v, 'default');
    const entries: Entry[] = [
      ['language', locale],
      ['default', isTruthy(isDefault) ? isDefault : undefined],
    ];
    if (isTruthy(url)) return { span: v.span, entries: [...entries, renamed(v, 'url', 'href')], name: undefined, links: true, groups: [] };
    const name = textOf(v, 'name') ?? (locale?.kind === 'string' ? locale.value : undefined);
    return { span: v.span, entries, name, links: false, groups: pagesForVersion(groups, textOf(v, 'name'), prefixes) };
  }
  if (v.kind === 'object') {
    const entries: Entry[] = [renamed(v, 'name', 'version'), renamed(v, 'default')];
    if (isTruthy(url)) return { span: v.span, entries: [...entries, renamed(v, 'url', 'href')], name: undefined, links: true, groups: [] };
    const name = textOf(v, 'name');
    return { span: v.span, entries, name, links: false, groups: pagesForVersion(groups, name, prefixes) };
  }
  const name = v.kind === 'string' ? v.value : undefined;
  return { span: v.span, entries: [['version', v]], name, links: false, groups: pagesForVersion(groups, name, prefixes) };
}

/** The groups (and pages) of one version: its own, the unversioned, and pages under its divisions' prefixes. */
function pagesForVersion(groups: Group[], version: string | undefined, prefixes: Map<string, string[]>): JsonObject[] {
  const matched: JsonObject[] = [];
  for (const group of groups) {
    const own = textOf(group.node, 'version');
    if (own !== version && own !== undefined) continue;
    const pages: JsonNode[] = [];
    for (const page of group.pages) {
      if (page.kind === 'object') {
        pages.push(...pagesForVersion([groupOf(page)], version, prefixes));
      } else if (page.kind === 'string') {
        let gated = false;
        let anywhere = false;
        for (const [href, names] of prefixes) {
          if (!page.value.startsWith(href)) continue;
          anywhere = true;
          if (version !== undefined && names.includes(version)) gated = true;
        }
        if (gated || !anywhere) pages.push(page);
      } else {
        pages.push(page);
      }
    }
    if (pages.length > 0) matched.push(groupNode(group, pages));
  }
  return matched;
}

/**
 * Which kind of division is the outer one when both exist: the kind whose
 * every division sits inside one of the other kind's; else the kind with
 * more divisions inside the other's.
 */
function mostInclusive(tabs: JsonObject[], anchors: JsonObject[]): DivisionKind {
  if (tabs.length === 0) return 'anchors';
  if (anchors.length === 0) return 'tabs';
  const inside = (a: JsonObject, b: JsonObject) => leadingSlash(urlOf(a)).startsWith(leadingSlash(urlOf(b)));
  const tabsInside = tabs.filter((tab) => anchors.some((anchor) => inside(tab, anchor))).length;
  const anchorsInside = anchors.filter((anchor) => tabs.some((tab) => inside(anchor, tab))).length;
  if (tabsInside === tabs.length) return 'tabs';
  if (anchorsInside === anchors.length) return 'anchors';
  return tabsInside > anchorsInside ? 'tabs' : 'anchors';
}
