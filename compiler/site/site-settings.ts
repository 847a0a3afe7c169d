// The site-wide settings the layout reads from docs.json: name, description,
// logo, favicon, colors, fonts, appearance, navbar, footer, eyebrows,
// drilldown, search prompt and the repository for "edit this page". Values
// are read leniently (the config passes have already reported wrong types);
// URLs are kept as written and made safe where they are written into HTML.

import { type IconRef, iconRefOf } from '../icons/icon-ref.js';
import { type JsonNode, nodeAt, toPlain } from '../syntax/json-tree.js';
import { type Integrations, readIntegrations } from './integrations.js';
import { type ContextualOption, readContextualOptions } from './page-actions.js';
import type { BannerSettings } from './site-banner.js';

export interface SiteLink {
  label: string;
  href: string;
  /** A navbar link's `icon`. */
  icon?: IconRef;
}

export interface FooterColumn {
  header?: string;
  links: SiteLink[];
}

export interface FontSetting {
  family: string;
  weight?: number;
  source?: string;
  format?: string;
}

export interface SiteSettings {
  name: string;
  description?: string;
  logo?: { light: string; dark: string; href?: string };
  /**
   * Whether the top bar shows the site's name beside the logo: when the logo is about square (an icon), as Mintlify
   * shows it; a wider one (a wordmark, which holds the name) stands alone. Set by the build, which reads the logo.
   */
  nameBesideLogo: boolean;
  favicon?: { light: string; dark: string };
  /** `colors`: hex strings, checked against the schema's pattern again before they reach CSS. */
  colors: { primary?: string; light?: string; dark?: string };
  fonts: { body?: FontSetting; heading?: FontSetting };
  /** `appearance.default` (`system` when unset) and whether the toggle is hidden (`strict`). */
  appearance: { default: 'system' | 'light' | 'dark'; strict: boolean };
  navbarLinks: SiteLink[];
  primary?: SiteLink;
  /** `footer.socials`: platform → URL. */
  socials: SiteLink[];
  footerColumns: FooterColumn[];
  /** Socials and column links together (kept for callers that list every footer link). */
  footerLinks: SiteLink[];
  /** `styling.eyebrows: "breadcrumbs"`: the full navigation path above the title; else the section or group name. */
  eyebrows: 'section' | 'breadcrumbs';
  /** `interaction.drilldown`; unset means docsc's default, `false` (a group title only expands and collapses). */
  drilldown: boolean;
  searchPrompt: string;
  /** `icons.library`: `fontawesome` (default) or `lucide`. */
  iconLibrary: string;
  /**
   * Base of "edit this page" links (`https://github.com/o/r/edit/HEAD/`):
   * set when `feedback.suggestEdit` is true and a GitHub repository URL
   * (`https://github.com/<owner>/<repo>`) is among the footer socials or navbar links.
   */
  editBase?: string;
  /** "Raise an issue" links (`https://github.com/o/r/issues/new`): `feedback.raiseIssue` and a repository, as for `editBase`. */
  issueBase?: string;
  /** `<html lang>`: the default language's code, else `en`. */
  language: string;
  /** Languages whose entry in `navigation.languages` sets its own `navbar`, `footer` or `banner`: the settings of their pages. */
  languages: Map<string, SiteSettings>;
  banner?: BannerSettings;
  /** `seo.metatags`: name → content, on every page. */
  metatags: [string, string][];
  /** `seo.indexing: "all"`: pages outside the navigation may be indexed too (by default they are `noindex`). */
  indexAll: boolean;
  /** `metadata.timestamp`: "Last modified" on pages (dates from git, compiler/build/git-timestamps.ts). */
  timestamps: boolean;
  /** `contextual.options` docsc renders (page-actions.ts). */
  contextual: ContextualOption[];
  /** `contextual.display: "toc"`: the menu heads the table of contents (beside the title on narrow screens). */
  contextualInToc: boolean;
  /** `background`: a decoration, colours per mode (hex), an image per mode. */
  background: { decoration?: 'gradient' | 'grid' | 'windows'; color?: { light?: string; dark?: string }; image?: { light: string; dark: string } };
  /** `feedback.thumbsRating`: not shown (a static site has nowhere to send ratings); the build says so. */
  thumbsRating: boolean;
  /** `integrations`: the analytics loaders every page's head carries, and the services docsc cannot load. */
  integrations: Integrations;
  /** `styling.codeblocks: "dark"`: code blocks dark in both colour modes; `theme`: a Shiki theme docsc does not apply (reported). */
  codeblocks: { dark: boolean; theme?: string };
  /** `errors.404`: the not-found page's title and text (inline Markdown), and whether it sends readers home instead. */
  notFound: { title?: string; description?: string; redirect: boolean };
  /** The repository's own `.css` and `.js` files every page loads (custom-files.ts; set by the build, not docs.json). */
  custom: { styles: string[]; scripts: string[] };
}

/** `system` (the default) and `dark` are docsc's; a Shiki theme (a name, or `{theme}`) is kept to be reported. */
function readCodeblocks(value: unknown): SiteSettings['codeblocks'] {
  if (value === undefined || value === 'system') return { dark: false };
  if (value === 'dark') return { dark: true };
  const theme = isRecord(value) ? value.theme : value;
  if (theme === undefined) return { dark: false };
  return { dark: false, theme: typeof theme === 'string' ? theme : JSON.stringify(theme) };
}

export function readSiteSettings(config: JsonNode | undefined): SiteSettings {
  const at = (...path: (string | number)[]) => (config ? plain(nodeAt(config, path)) : undefined);
  const settings: SiteSettings = {
    name: text(at('name')) ?? 'Documentation',
    colors: {},
    fonts: {},
    appearance: { default: 'system', strict: false },
    navbarLinks: [],
    socials: [],
    footerColumns: [],
    footerLinks: [],
    eyebrows: at('styling', 'eyebrows') === 'breadcrumbs' ? 'breadcrumbs' : 'section',
    drilldown: at('interaction', 'drilldown') === true,
    searchPrompt: text(at('search', 'prompt')) ?? 'Search…',
    iconLibrary: text(at('icons', 'library')) ?? 'fontawesome',
    language: 'en',
    languages: new Map(),
    custom: { styles: [], scripts: [] },
    nameBesideLogo: false,
    metatags: [],
    indexAll: at('seo', 'indexing') === 'all',
    timestamps: at('metadata', 'timestamp') === true,
    thumbsRating: at('feedback', 'thumbsRating') === true,
    contextual: readContextualOptions(at('contextual')),
    contextualInToc: at('contextual', 'display') === 'toc',
    background: {},
    integrations: readIntegrations(at('integrations')),
    notFound: { redirect: at('errors', '404', 'redirect') === true },
    codeblocks: readCodeblocks(at('styling', 'codeblocks')),
  };
  const notFoundTitle = text(at('errors', '404', 'title'));
  if (notFoundTitle !== undefined) settings.notFound.title = notFoundTitle;
  const notFoundText = text(at('errors', '404', 'description'));
  if (notFoundText !== undefined) settings.notFound.description = notFoundText;
  const decoration = at('background', 'decoration');
  if (decoration === 'gradient' || decoration === 'grid' || decoration === 'windows') settings.background.decoration = decoration;
  const backgroundColor = at('background', 'color');
  if (isRecord(backgroundColor)) {
    const color: { light?: string; dark?: string } = {};
    if (isHexColor(backgroundColor.light)) color.light = backgroundColor.light;
    if (isHexColor(backgroundColor.dark)) color.dark = backgroundColor.dark;
    if (color.light !== undefined || color.dark !== undefined) settings.background.color = color;
  }
  const image = at('background', 'image');
  if (typeof image === 'string') settings.background.image = { light: image, dark: image };
  else if (isRecord(image) && typeof image.light === 'string')
    settings.background.image = { light: image.light, dark: text(image.dark) ?? image.light };
  applyBanner(settings, at('banner'));
  const metatags = at('seo', 'metatags');
  if (isRecord(metatags))
    for (const [name, content] of Object.entries(metatags)) if (typeof content === 'string') settings.metatags.push([name, content]);
  const description = text(at('description'));
  if (description !== undefined) settings.description = description;
  const logo = at('logo');
  if (typeof logo === 'string') settings.logo = { light: logo, dark: logo };
  else if (isRecord(logo) && typeof logo.light === 'string') {
    settings.logo = { light: logo.light, dark: text(logo.dark) ?? logo.light };
    if (typeof logo.href === 'string') settings.logo.href = logo.href;
  }
  const favicon = at('favicon');
  if (typeof favicon === 'string') settings.favicon = { light: favicon, dark: favicon };
  else if (isRecord(favicon) && typeof favicon.light === 'string')
    settings.favicon = { light: favicon.light, dark: text(favicon.dark) ?? favicon.light };
  const colors = at('colors');
  if (isRecord(colors)) for (const key of ['primary', 'light', 'dark'] as const) if (isHexColor(colors[key])) settings.colors[key] = colors[key];
  const fonts = at('fonts');
  if (isRecord(fonts)) {
    const base = font(fonts);
    const body = font(fonts.body) ?? base;
    const heading = font(fonts.heading) ?? base;
    if (body) settings.fonts.body = body;
    if (heading) settings.fonts.heading = heading;
  }
  const appearance = at('appearance');
  if (isRecord(appearance)) {
    if (appearance.default === 'light' || appearance.default === 'dark') settings.appearance.default = appearance.default;
    settings.appearance.strict = appearance.strict === true;
  }
  applyNavbar(settings, at('navbar'));
  applyFooter(settings, at('footer'));
  const repository = [...settings.socials, ...settings.navbarLinks].map((l) => githubRepository(l.href)).find((r) => r !== undefined);
  if (repository !== undefined && at('feedback', 'suggestEdit') === true) settings.editBase = `${repository}/edit/HEAD/`;
  if (repository !== undefined && at('feedback', 'raiseIssue') === true) settings.issueBase = `${repository}/issues/new`;
  const languages = at('navigation', 'languages');
  if (Array.isArray(languages)) {
    const chosen = languages.find((l) => isRecord(l) && l.default === true) ?? languages[0];
    if (isRecord(chosen) && typeof chosen.language === 'string') settings.language = chosen.language;
    for (const language of languages) {
      if (!isRecord(language) || typeof language.language !== 'string') continue;
      if (language.navbar === undefined && language.footer === undefined && language.banner === undefined) continue;
      const variant: SiteSettings = { ...settings, language: language.language, languages: new Map() };
      if (language.navbar !== undefined) {
        variant.navbarLinks = [];
        delete variant.primary;
        applyNavbar(variant, language.navbar);
      }
      if (language.footer !== undefined) {
        variant.socials = [];
        variant.footerColumns = [];
        applyFooter(variant, language.footer);
      }
      if (language.banner !== undefined) {
        delete variant.banner;
        applyBanner(variant, language.banner);
      }
      settings.languages.set(language.language, variant);
    }
  }
  return settings;
}

function applyNavbar(settings: SiteSettings, navbar: unknown): void {
  if (!isRecord(navbar)) return;
  settings.navbarLinks = links(navbar.links);
  const primary = navbar.primary;
  if (isRecord(primary) && typeof primary.href === 'string') settings.primary = siteLink(primary, primary.href);
}

function applyFooter(settings: SiteSettings, footer: unknown): void {
  if (!isRecord(footer)) return;
  const socials = footer.socials;
  if (isRecord(socials)) for (const [label, href] of Object.entries(socials)) if (typeof href === 'string') settings.socials.push({ label, href });
  const columns = footer.links;
  if (Array.isArray(columns))
    for (const column of columns) {
      if (!isRecord(column)) continue;
      const entry: FooterColumn = { links: links(column.items) };
      if (typeof column.header === 'string') entry.header = column.header;
      settings.footerColumns.push(entry);
    }
  settings.footerLinks = [...settings.socials, ...settings.footerColumns.flatMap((c) => c.links)];
}

function applyBanner(settings: SiteSettings, banner: unknown): void {
  if (!isRecord(banner) || typeof banner.content !== 'string' || banner.content.trim() === '') return;
  const type = banner.type === 'warning' || banner.type === 'critical' ? banner.type : 'info';
  settings.banner = { content: banner.content, dismissible: banner.dismissible === true, type };
  const color = banner.color;
  if (isHexColor(color)) settings.banner.color = { light: color, dark: color };
  else if (isRecord(color) && isHexColor(color.light))
    settings.banner.color = { light: color.light, dark: isHexColor(color.dark) ? color.dark : color.light };
}

/** `https://github.com/owner/repo` (a repository, not a profile) → that URL without a trailing slash or `.git`. */
function githubRepository(href: string): string | undefined {
  const match = /^https:\/\/github\.com\/([\w.-]+)\/([\w.-]+?)(?:\.git)?\/?$/.exec(href);
  return match ? `https://github.com/${match[1]}/${match[2]}` : undefined;
}

function font(value: unknown): FontSetting | undefined {
  if (!isRecord(value) || typeof value.family !== 'string') return undefined;
  const setting: FontSetting = { family: value.family };
  if (typeof value.weight === 'number') setting.weight = value.weight;
  if (typeof value.source === 'string') setting.source = value.source;
  if (value.format === 'woff' || value.format === 'woff2') setting.format = value.format;
  return setting;
}

function isHexColor(value: unknown): value is string {
  return typeof value === 'string' && /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/.test(value);
}

function links(value: unknown): SiteLink[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    if (!isRecord(item) || typeof item.href !== 'string') return [];
    return [siteLink(item, item.href)];
  });
}

/**
 * Mintlify's typed links (`"type": "github"` or `"discord"`): the service's logo, and its name for a label the link
 * leaves out. Mintlify makes that label from the service's API (a repository's stars, a server's members online);
 * docsc's pages make no request to another site, so the name stands in.
 */
const TYPED_LINKS: Readonly<Record<string, { label: string; icon: IconRef }>> = {
  github: { label: 'GitHub', icon: { name: 'github', style: 'brands', library: 'fontawesome' } },
  discord: { label: 'Discord', icon: { name: 'discord', style: 'brands', library: 'fontawesome' } },
};

/** A navbar link or the primary button: its label, else its type's name, else its address. */
function siteLink(item: Record<string, unknown>, href: string): SiteLink {
  const typed = typeof item.type === 'string' && Object.hasOwn(TYPED_LINKS, item.type) ? TYPED_LINKS[item.type] : undefined;
  const link: SiteLink = { label: text(item.label) ?? typed?.label ?? href, href };
  const icon = iconRefOf(item.icon) ?? typed?.icon;
  if (icon !== undefined && icon.name !== '') link.icon = icon;
  return link;
}

function plain(node: JsonNode | undefined): unknown {
  return node === undefined ? undefined : toPlain(node);
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
