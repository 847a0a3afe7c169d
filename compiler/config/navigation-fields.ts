// The shape of every navigation element in one table: the key that holds its
// label, the fields it accepts and their types, and the child arrays it may
// hold. Lowering reads it to type-check fields; check-child-types reads it for
// the hierarchy rules. spec/docs.schema.json describes the same shapes for
// editors (tests/config-schema.test.ts keeps the two in step).

import type { ChildKey, DivisionKind } from '../ir/navigation.js';

export type FieldType = 'string' | 'boolean' | 'number' | 'icon' | 'url' | 'openapi' | 'any' | { oneOf: readonly string[] };

export interface ElementShape {
  /** The key whose string value names the element (`tab`, `group` …). */
  labelKey: string;
  fields: Readonly<Record<string, FieldType>>;
  /** Child arrays allowed at this element, one of which it may use. */
  children: readonly ChildKey[];
}

const divisions: readonly ChildKey[] = ['tabs', 'anchors', 'dropdowns', 'products', 'versions', 'languages'];
const childKeyOfKind: Record<string, ChildKey> = {
  tab: 'tabs',
  anchor: 'anchors',
  dropdown: 'dropdowns',
  product: 'products',
  version: 'versions',
  language: 'languages',
};

/** Divisions hold pages, groups, or any other division kind (never their own). */
function divisionChildren(kind: string, extra: readonly ChildKey[] = []): ChildKey[] {
  return ['pages', 'groups', ...divisions.filter((d) => d !== childKeyOfKind[kind]), ...extra];
}

const common = {
  icon: 'icon',
  iconType: 'string',
  hidden: 'boolean',
  openapi: 'openapi',
  asyncapi: 'any',
  directory: { oneOf: ['none', 'accordion', 'card'] },
} as const;

export const LANGUAGE_CODES = [
  'ar',
  'cs',
  'cn',
  'zh-Hant',
  'nl',
  'en',
  'fr',
  'de',
  'hi',
  'id',
  'it',
  'jp',
  'ko',
  'lv',
  'no',
  'pt-BR',
  'ro',
  'ru',
  'es',
  'sv',
  'tr',
  'ua',
  'vi',
] as const;

/**
 * Codes Mintlify also accepts (its validation package, and real repositories
 * write `zh` and `ja`): each with the seed's code for the same language, or
 * null when the seed's list has none.
 */
export const MINTLIFY_LANGUAGE_ALIASES: Readonly<Record<string, string | null>> = {
  zh: 'cn',
  'zh-Hans': 'cn',
  ja: 'jp',
  'ja-jp': 'jp',
  pt: 'pt-BR',
  uk: 'ua',
  'fr-CA': null,
  'fr-ca': null,
  pl: null,
  uz: null,
  he: null,
};

export const ELEMENT_SHAPES: Record<DivisionKind | 'group', ElementShape> = {
  tab: {
    labelKey: 'tab',
    fields: { ...common, href: 'url', align: { oneOf: ['start', 'end'] }, searchable: 'boolean' },
    children: divisionChildren('tab', ['menu']),
  },
  anchor: {
    labelKey: 'anchor',
    fields: { ...common, href: 'url', color: 'any' },
    children: divisionChildren('anchor'),
  },
  dropdown: {
    labelKey: 'dropdown',
    fields: { ...common, href: 'url', color: 'any', description: 'string' },
    children: divisionChildren('dropdown'),
  },
  product: {
    labelKey: 'product',
    fields: { ...common, href: 'url', color: 'any', description: 'string', name: 'string' },
    children: divisionChildren('product', ['menu']),
  },
  version: {
    labelKey: 'version',
    fields: { ...common, href: 'url', default: 'boolean', tag: 'string' },
    children: divisionChildren('version'),
  },
  language: {
    labelKey: 'language',
    fields: { ...common, href: 'url', default: 'boolean', banner: 'any', footer: 'any', navbar: 'any', global: 'any' },
    children: divisionChildren('language'),
  },
  'menu-item': {
    labelKey: 'item',
    fields: { icon: 'icon', iconType: 'string', hidden: 'boolean', description: 'string', href: 'url', openapi: 'openapi' },
    children: ['pages', 'groups'],
  },
  'global-anchor': {
    labelKey: 'anchor',
    fields: { icon: 'icon', iconType: 'string', color: 'any', href: 'url', hidden: 'boolean' },
    children: [],
  },
  group: {
    labelKey: 'group',
    fields: {
      ...common,
      tag: 'string',
      expanded: 'boolean',
      root: 'string',
      public: 'boolean',
      boost: 'number',
      searchable: 'boolean',
    },
    children: ['pages'],
  },
};

/** What the root of `navigation` may hold as its primary pattern. */
export const ROOT_PATTERNS: readonly ChildKey[] = ['pages', 'groups', 'tabs', 'anchors', 'dropdowns', 'products', 'versions', 'languages'];

/** The element kind each child key holds (pages hold entries and groups). */
export const KIND_OF_CHILD_KEY: Record<Exclude<ChildKey, 'pages'>, DivisionKind | 'group'> = {
  groups: 'group',
  tabs: 'tab',
  anchors: 'anchor',
  dropdowns: 'dropdown',
  products: 'product',
  versions: 'version',
  languages: 'language',
  menu: 'menu-item',
};

/**
 * Of the child arrays an element holds, the one Mintlify uses: its validation package reads each element as the
 * first shape of a union that fits, in this order, and drops the other arrays (`pages` beside `groups` in a
 * dropdown: the groups). Elements that hold one kind of child only are not listed.
 */
export const MINTLIFY_CHILD_ORDER: Readonly<Partial<Record<DivisionKind, readonly ChildKey[]>>> = {
  tab: ['languages', 'versions', 'dropdowns', 'anchors', 'products', 'groups', 'pages', 'menu'],
  anchor: ['languages', 'versions', 'dropdowns', 'tabs', 'products', 'groups', 'pages'],
  dropdown: ['languages', 'versions', 'tabs', 'anchors', 'products', 'groups', 'pages'],
  product: ['languages', 'versions', 'tabs', 'anchors', 'dropdowns', 'groups', 'pages', 'menu'],
  version: ['languages', 'tabs', 'dropdowns', 'anchors', 'products', 'groups', 'pages'],
  language: ['versions', 'tabs', 'dropdowns', 'anchors', 'products', 'groups', 'pages'],
  'menu-item': ['languages', 'versions', 'dropdowns', 'anchors', 'products', 'tabs', 'groups', 'pages'],
};

/**
 * Of the primary patterns the root of `navigation` holds, the one Mintlify uses: its validation package reads the
 * root as the first shape of its union that fits, in this order, and drops the other patterns (Spree's docs.json
 * has `versions` and `tabs`: the versions).
 */
export const MINTLIFY_ROOT_ORDER: readonly ChildKey[] = ['products', 'languages', 'versions', 'tabs', 'dropdowns', 'anchors', 'groups', 'pages'];

export const ALL_CHILD_KEYS: readonly ChildKey[] = ['pages', 'groups', 'tabs', 'anchors', 'dropdowns', 'products', 'versions', 'languages', 'menu'];

/** The default folder of generated API pages (seed 2.12, section 8). */
export const DEFAULT_API_DIRECTORY = 'api-reference';
