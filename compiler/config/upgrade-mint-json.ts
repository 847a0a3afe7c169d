// Reads a mint.json, the configuration before docs.json, as Mintlify does: a
// repository with mint.json and no docs.json still builds on Mintlify, which
// converts it on every deploy (`upgradeToDocsConfig` in @mintlify/validation).
// The conversion here follows that function key by key and works on the
// positioned tree, so every value keeps its place in mint.json and the config
// passes that follow report problems at the line the author wrote.
//
// Keys the conversion does not carry are dropped, as on Mintlify; the theme is
// `mint` whatever mint.json's `theme` says, as Mintlify's deploy leaves it.

import type { Span } from '../source/source-file.js';
import { type Entry, isTruthy, mapItems, objectNode, renamed, stringNode, textOf, valueAt } from '../syntax/json-build.js';
import type { JsonNode, JsonObject } from '../syntax/json-tree.js';
import { upgradeNavigation } from './upgrade-mint-navigation.js';

export const LEGACY_CONFIG_FILE = 'mint.json';

const DEFAULT_PRIMARY = '#16A34A';

export function upgradeMintConfig(config: JsonObject): JsonObject {
  const at = config.span;
  const navigation = renamed(config, 'navigation');
  const colors = valueAt(config, 'colors');
  return objectNode(at, [
    ['$schema', stringNode(at, 'https://mintlify.com/docs.json')],
    ['theme', stringNode(at, 'mint')],
    renamed(config, 'name'),
    [
      'colors',
      isTruthy(colors)
        ? objectNode(colors.span, [renamed(colors, 'primary'), renamed(colors, 'light'), renamed(colors, 'dark')])
        : objectNode(at, [['primary', stringNode(at, DEFAULT_PRIMARY)]]),
      renamed(config, 'colors')[2],
    ],
    renamed(config, 'favicon'),
    ['navigation', upgradeNavigation({ config, here: navigation[1]?.span ?? at }), navigation[2]],
    ['styling', styling(config)],
    renamed(config, 'logo'),
    ['api', api(config)],
    ['appearance', appearance(config)],
    ['background', background(config)],
    ['navbar', navbar(config)],
    ['search', isTruthy(valueAt(valueAt(config, 'search'), 'prompt')) ? objectNode(at, [renamed(valueAt(config, 'search'), 'prompt')]) : undefined],
    ['seo', seo(config)],
    ['footer', footer(config)],
    ['integrations', integrations(config)],
    ['fonts', fonts(config)],
    renamed(config, 'redirects'),
  ]);
}

/** An object of `entries` at `span` when any of them is set. */
function some(span: Span, entries: Entry[]): JsonObject | undefined {
  return entries.some(([, value]) => value !== undefined) ? objectNode(span, entries) : undefined;
}

/** A string value mapped through `to` (a string another word for it), at the place of the original. */
function mapped(holder: JsonNode | undefined, key: string, as: string, to: (value: string) => string): Entry {
  const [, value, keySpan] = renamed(holder, key);
  return [as, value?.kind === 'string' ? stringNode(value.span, to(value.value)) : value, keySpan];
}

function styling(config: JsonObject): JsonObject | undefined {
  const eyebrow = valueAt(config, 'eyebrow');
  const codeBlock = valueAt(config, 'codeBlock');
  return some(config.span, [
    mapped(eyebrow, 'display', 'eyebrows', (v) => (v === 'breadcrumbs' ? 'breadcrumbs' : 'section')),
    mapped(codeBlock, 'mode', 'codeblocks', (v) => (v === 'dark' ? 'dark' : 'system')),
  ]);
}

function api(config: JsonObject): JsonObject | undefined {
  const source = valueAt(config, 'api');
  const playground = valueAt(source, 'playground');
  const display = mapped(playground, 'mode', 'display', (v) => (v === 'show' ? 'interactive' : v === 'hide' ? 'none' : v));
  const disableProxy = valueAt(playground, 'disableProxy');
  const proxy: Entry = [
    'proxy',
    disableProxy?.kind === 'boolean' ? { kind: 'boolean', span: disableProxy.span, value: !disableProxy.value } : undefined,
  ];
  const languages = renamed(valueAt(valueAt(source, 'request'), 'example'), 'languages');
  const auth = valueAt(source, 'auth');
  const baseUrl = renamed(source, 'baseUrl', 'server');
  const authNode = some(auth?.span ?? config.span, [renamed(auth, 'method'), renamed(auth, 'name')]);
  const openapi = valueAt(config, 'openapi');
  return some(source?.span ?? config.span, [
    ['openapi', isTruthy(openapi) ? openapi : undefined],
    ['playground', isTruthy(valueAt(playground, 'mode')) || proxy[1] ? objectNode(playground?.span ?? config.span, [display, proxy]) : undefined],
    ['examples', isTruthy(languages[1]) ? objectNode(languages[1].span, [languages]) : undefined],
    ['mdx', isTruthy(baseUrl[1]) || authNode ? objectNode(source?.span ?? config.span, [baseUrl, ['auth', authNode]]) : undefined],
  ]);
}

function appearance(config: JsonObject): JsonObject | undefined {
  const toggle = valueAt(config, 'modeToggle');
  const isHidden = valueAt(toggle, 'isHidden');
  if (!isTruthy(valueAt(toggle, 'default')) && (isHidden === undefined || isHidden.kind === 'null')) return undefined;
  return objectNode(toggle?.span ?? config.span, [renamed(toggle, 'default'), renamed(toggle, 'isHidden', 'strict')]);
}

function background(config: JsonObject): JsonObject | undefined {
  const colors = valueAt(valueAt(config, 'colors'), 'background');
  const style = valueAt(config, 'background');
  const image = renamed(config, 'backgroundImage', 'image');
  if (!isTruthy(style) && !isTruthy(image[1]) && !isTruthy(colors)) return undefined;
  return objectNode(style?.span ?? config.span, [
    isTruthy(image[1]) ? image : ['image', undefined],
    renamed(style, 'style', 'decoration'),
    ['color', isTruthy(colors) ? objectNode(colors.span, [renamed(colors, 'light'), renamed(colors, 'dark')]) : undefined],
  ]);
}

function navbar(config: JsonObject): JsonObject | undefined {
  const links = valueAt(config, 'topbarLinks');
  const cta = valueAt(config, 'topbarCtaButton');
  if (!isTruthy(links) && !isTruthy(cta)) return undefined;
  const linkItems =
    mapItems(links, (item) => {
      const type = textOf(item, 'type');
      const label: Entry =
        type === undefined || type === 'link' ? renamed(item, 'name', 'label') : ['label', stringNode(item.span, capitalize(type))];
      return objectNode(item.span, [label, renamed(item, 'url', 'href')]);
    }) ?? links;
  let primary: JsonObject | undefined;
  if (isTruthy(cta)) {
    const type = textOf(cta, 'type');
    primary =
      type === undefined || type === 'link'
        ? objectNode(cta.span, [['type', stringNode(cta.span, 'button')], renamed(cta, 'name', 'label'), renamed(cta, 'url', 'href')])
        : objectNode(cta.span, [['type', stringNode(cta.span, 'github')], renamed(cta, 'url', 'href')]);
  }
  return objectNode(links?.span ?? cta?.span ?? config.span, [
    ['links', isTruthy(links) ? linkItems : undefined],
    ['primary', primary],
  ]);
}

/** lodash's capitalize: first letter upper case, the rest lower. */
function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1).toLowerCase();
}

function seo(config: JsonObject): JsonObject | undefined {
  const metadata = renamed(config, 'metadata', 'metatags');
  const seoNode = valueAt(config, 'seo');
  const indexHidden = valueAt(seoNode, 'indexHiddenPages');
  if (!isTruthy(metadata[1]) && indexHidden === undefined) return undefined;
  const at = seoNode?.span ?? config.span;
  return objectNode(at, [
    isTruthy(metadata[1]) ? metadata : ['metatags', undefined],
    ['indexing', stringNode(indexHidden?.span ?? at, isTruthy(indexHidden) ? 'all' : 'navigable')],
  ]);
}

function footer(config: JsonObject): JsonObject | undefined {
  const source = valueAt(config, 'footer');
  const socials = isTruthy(valueAt(source, 'socials')) ? renamed(source, 'socials') : renamed(config, 'footerSocials', 'socials');
  if (!isTruthy(source) && !isTruthy(valueAt(config, 'footerSocials'))) return undefined;
  const [, socialsNode, socialsKey] = socials;
  const socialsValue =
    socialsNode?.kind === 'array'
      ? objectNode(
          socialsNode.span,
          socialsNode.items.map((social): Entry => [textOf(social, 'type') ?? 'undefined', valueAt(social, 'url'), valueAt(social, 'type')?.span]),
        )
      : socialsNode;
  const links = valueAt(source, 'links');
  const columns = mapItems(links, (column) => {
    const [, items, itemsKey] = renamed(column, 'links');
    const made = mapItems(items, (link) => objectNode(link.span, [renamed(link, 'label'), renamed(link, 'url', 'href')]));
    return objectNode(column.span, [renamed(column, 'title', 'header'), ['items', made ?? items, itemsKey]]);
  });
  return objectNode(source?.span ?? config.span, [
    ['socials', isTruthy(socialsNode) ? socialsValue : undefined, socialsKey],
    ['links', isTruthy(links) ? columns : undefined],
  ]);
}

function integrations(config: JsonObject): JsonObject | undefined {
  const analytics = valueAt(config, 'analytics');
  const source = valueAt(config, 'integrations');
  if (!isTruthy(analytics) && !isTruthy(source)) return undefined;
  const entries: Entry[] = analytics?.kind === 'object' ? analytics.members.map((m): Entry => [m.key, m.value, m.keySpan]) : [];
  const intercom = renamed(source, 'intercom', 'appId');
  if (isTruthy(intercom[1])) entries.push(['intercom', objectNode(intercom[1].span, [intercom]), intercom[2]]);
  const frontchat = renamed(source, 'frontchat', 'snippetId');
  if (isTruthy(frontchat[1])) entries.push(['frontchat', objectNode(frontchat[1].span, [frontchat]), frontchat[2]]);
  return objectNode(analytics?.span ?? source?.span ?? config.span, entries);
}

function fonts(config: JsonObject): JsonObject | undefined {
  const font = valueAt(config, 'font');
  if (!isTruthy(font) || font.kind !== 'object') return undefined;
  const details = (node: JsonObject): JsonObject =>
    objectNode(
      node.span,
      node.members.map((m): Entry => [m.key === 'url' ? 'source' : m.key, m.value, m.keySpan]),
    );
  if (valueAt(font, 'family') !== undefined) return details(font);
  const headings = valueAt(font, 'headings');
  const body = valueAt(font, 'body');
  return objectNode(font.span, [
    ['heading', headings?.kind === 'object' ? details(headings) : undefined, renamed(font, 'headings')[2]],
    ['body', body?.kind === 'object' ? details(body) : undefined, renamed(font, 'body')[2]],
  ]);
}
