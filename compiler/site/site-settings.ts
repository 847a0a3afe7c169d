// The site-wide settings the layout reads from docs.json: name, description,
// logo, favicon, navbar links and footer links. Values are read leniently
// (the config passes have already reported wrong types); URLs are kept as
// written and made safe where they are written into HTML.

import { type JsonNode, nodeAt, toPlain } from '../syntax/json-tree.js';

export interface SiteLink {
  label: string;
  href: string;
}

export interface SiteSettings {
  name: string;
  description?: string;
  logo?: { light: string; dark: string; href?: string };
  favicon?: string;
  navbarLinks: SiteLink[];
  footerLinks: SiteLink[];
  /** `<html lang>`: the default language's code, else `en`. */
  language: string;
}

export function readSiteSettings(config: JsonNode | undefined): SiteSettings {
  const at = (...path: (string | number)[]) => (config ? plain(nodeAt(config, path)) : undefined);
  const settings: SiteSettings = { name: text(at('name')) ?? 'Documentation', navbarLinks: [], footerLinks: [], language: 'en' };
  const description = text(at('description'));
  if (description !== undefined) settings.description = description;
  const logo = at('logo');
  if (typeof logo === 'string') settings.logo = { light: logo, dark: logo };
  else if (isRecord(logo) && typeof logo.light === 'string') {
    settings.logo = { light: logo.light, dark: text(logo.dark) ?? logo.light };
    if (typeof logo.href === 'string') settings.logo.href = logo.href;
  }
  const favicon = at('favicon');
  if (typeof favicon === 'string') settings.favicon = favicon;
  else if (isRecord(favicon) && typeof favicon.light === 'string') settings.favicon = favicon.light;
  settings.navbarLinks = links(at('navbar', 'links'));
  const primary = at('navbar', 'primary');
  if (isRecord(primary) && typeof primary.href === 'string')
    settings.navbarLinks.push({ label: text(primary.label) ?? primary.href, href: primary.href });
  const socials = at('footer', 'socials');
  if (isRecord(socials))
    for (const [label, href] of Object.entries(socials)) if (typeof href === 'string') settings.footerLinks.push({ label, href });
  const languages = at('navigation', 'languages');
  if (Array.isArray(languages)) {
    const chosen = languages.find((l) => isRecord(l) && l.default === true) ?? languages[0];
    if (isRecord(chosen) && typeof chosen.language === 'string') settings.language = chosen.language;
  }
  return settings;
}

function links(value: unknown): SiteLink[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) =>
    isRecord(item) && typeof item.href === 'string' ? [{ label: text(item.label) ?? item.href, href: item.href }] : [],
  );
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
