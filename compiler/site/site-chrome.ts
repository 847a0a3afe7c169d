// The chrome around every page: the top bar (logo, name, search, navbar
// links, primary button, color-mode toggle), the footer, favicons and
// scripts in the head, the tab bar (tabs with `menu` as dropdowns), the
// sidebar's selectors (version, language, product, dropdown) as `<details>`
// lists of links, and anchor lists. All values from docs.json are escaped;
// links go through `safeHref`.

import { MINTLIFY_LANGUAGE_ALIASES } from '../config/navigation-fields.js';
import { clientScriptPath } from './client-bundle.js';
import { equivalentUrls } from './division-equivalents.js';
import { escapeHtml, escapeHtmlLatin1, safeHref } from './escape-html.js';
import { SEARCH_BUTTON_ID } from './mintlify-hooks.js';
import type { NavigationIcons } from './navigation-icon.js';
import { SHARDS } from './search-index.js';
import { hrefOf, type Switcher, type SwitcherLink } from './site-navigation.js';
import type { SiteLink, SiteSettings } from './site-settings.js';

export function renderTopBar(settings: SiteSettings, icons: NavigationIcons): string {
  const home = settings.logo?.href !== undefined ? (safeHref(settings.logo.href) ?? '/') : '/';
  const logo = settings.logo
    ? imageTag(settings.logo.light, '', 'docsc-logo docsc-logo-light') +
      (settings.logo.dark !== settings.logo.light ? imageTag(settings.logo.dark, '', 'docsc-logo docsc-logo-dark') : '')
    : '';
  const links = settings.navbarLinks.map((l) => linkTag(l, undefined, icons)).filter((l) => l !== '');
  const primary = settings.primary ? linkTag(settings.primary, 'docsc-primary-button', icons) : '';
  if (primary !== '') links.push(primary);
  return [
    '<div class="docsc-topbar">',
    '<button type="button" class="docsc-menu-button" aria-controls="docsc-sidebar" aria-expanded="false" aria-label="Menu"><span aria-hidden="true">&#9776;</span></button>',
    // A wordmark logo stands alone, as on Mintlify; the name stays the link's name for screen readers.
    `<a class="docsc-home" href="${escapeHtml(home)}">${logo}<span class="docsc-site-name${logo !== '' && !settings.nameBesideLogo ? ' docsc-visually-hidden' : ''}">${escapeHtml(settings.name)}</span></a>`,
    `<button type="button" id="${SEARCH_BUTTON_ID}" class="docsc-search-button" data-prompt="${escapeHtmlLatin1(settings.searchPrompt)}" data-shards="${SHARDS}" aria-keyshortcuts="Control+K Meta+K /"><span>${escapeHtmlLatin1(settings.searchPrompt)}</span> <kbd>Ctrl K</kbd></button>`,
    links.length > 0 ? `<nav class="docsc-navbar" aria-label="Site links"><ul>${links.map((l) => `<li>${l}</li>`).join('')}</ul></nav>` : '',
    settings.appearance.strict
      ? ''
      : '<button type="button" class="docsc-theme-toggle" aria-label="Dark mode" aria-pressed="false"><span class="docsc-theme-icon" aria-hidden="true"></span></button>',
    '</div>',
  ]
    .filter((line) => line !== '')
    .join('\n');
}

export function imageTag(src: string, alt: string, className: string): string {
  const safe = safeHref(src);
  return safe === undefined ? '' : `<img class="${className}" src="${escapeHtml(safe)}" alt="${escapeHtml(alt)}">`;
}

/** A link of the top bar or the footer; a navbar link's icon before its label (`icons`), and an icon alone named by where it goes. */
export function linkTag(link: SiteLink, className?: string, icons?: NavigationIcons): string {
  const href = safeHref(link.href);
  if (href === undefined) return '';
  const external = /^[a-z]+:/i.test(href);
  const icon = icons?.icon(link.icon) ?? '';
  const name = icon !== '' && link.label.trim() === '' ? ` aria-label="${escapeHtml(linkName(href))}"` : '';
  return `<a href="${escapeHtml(href)}"${className ? ` class="${className}"` : ''}${external ? ' rel="noopener"' : ''}${name}>${icon}${escapeHtml(link.label)}</a>`;
}

/** An icon-only link's accessible name: the site it goes to (`bsky.app`), else its address. */
function linkName(href: string): string {
  try {
    return new URL(href).hostname.replace(/^www\./, '') || href;
  } catch {
    return href;
  }
}

export function renderScripts(extra: readonly string[] | undefined): string {
  return ['site', ...(extra ?? [])].map((name) => `<script type="module" src="/${clientScriptPath(escapeHtml(name))}"></script>`).join('\n');
}

export function faviconLinks(settings: SiteSettings): string {
  if (settings.favicon === undefined) return '';
  const light = safeHref(settings.favicon.light);
  const dark = safeHref(settings.favicon.dark);
  if (light === undefined) return '';
  if (dark === undefined || dark === light) return `<link rel="icon" href="${escapeHtml(light)}">`;
  return [
    `<link rel="icon" href="${escapeHtml(light)}" media="(prefers-color-scheme: light)">`,
    `<link rel="icon" href="${escapeHtml(dark)}" media="(prefers-color-scheme: dark)">`,
  ].join('\n');
}

/** One division link's inner HTML: icon and label. */
export function linkContent(link: SwitcherLink, icons: NavigationIcons): string {
  const tag = link.tag !== undefined ? ` <span class="docsc-tag">${escapeHtml(link.tag)}</span>` : '';
  const icon = icons.icon(link.icon);
  // `color`: the icon's colour per mode (hex only, checked where it was read).
  const tinted =
    icon !== '' && link.iconColor !== undefined
      ? `<span class="docsc-icon-tint" style="color:light-dark(${link.iconColor.light},${link.iconColor.dark})">${icon}</span>`
      : icon;
  return `${tinted}<span>${escapeHtml(link.label)}</span>${tag}`;
}

export function divisionAnchor(link: SwitcherLink, href: string, current: boolean, icons: NavigationIcons, extra = ''): string {
  return divisionAnchorOf(link, current, icons, extra)(href);
}

/** `divisionAnchor` of one link, for any href: what does not depend on the href is made once. */
function divisionAnchorOf(link: SwitcherLink, current: boolean, icons: NavigationIcons, extra = ''): (href: string) => string {
  const content = linkContent(link, icons);
  const rest = `${current ? ' aria-current="true"' : ''}${link.external ? ' rel="noopener"' : ''}>${content}${extra}</a>`;
  return (href) => {
    const safe = safeHref(href);
    return safe === undefined ? `<span class="docsc-link-disabled">${content}</span>` : `<a href="${escapeHtml(safe)}"${rest}`;
  };
}

/** Tabs: a horizontal bar; a tab with `menu` is a dropdown of its items (a `<details>`, usable without JavaScript). */
export function renderTabBar(switcher: Switcher, icons: NavigationIcons): string {
  const firstEnd = switcher.links.findIndex((link) => link.alignEnd);
  const items = switcher.links.map((link, index) => {
    const current = index === switcher.current;
    const end = index === firstEnd ? ' class="docsc-tab-end"' : '';
    if (link.children && link.children.length > 0) {
      const entries = link.children.map((child) => `<li>${divisionAnchor(child, child.href, false, icons, describe(child))}</li>`).join('');
      return `<li class="docsc-tab-menu${current ? ' docsc-current' : ''}${index === firstEnd ? ' docsc-tab-end' : ''}"><details class="docsc-dropdown"><summary${current ? ' aria-current="true"' : ''}>${linkContent(link, icons)}</summary><ul>${entries}</ul></details></li>`;
    }
    return `<li${end}>${divisionAnchor(link, link.href, current, icons)}</li>`;
  });
  return `<nav class="docsc-tabs" aria-label="Tabs"><ul>${items.join('')}</ul></nav>`;
}

export function describe(link: SwitcherLink): string {
  return link.description ? `<small class="docsc-description-text">${escapeHtml(link.description)}</small>` : '';
}

/**
 * A version, language, product or dropdown selector: a `<details>` whose
 * summary names the current division and whose list links to the others.
 * Version and language links lead to the current page's equivalent there
 * (division-equivalents.ts). Made once per section, for any of its pages'
 * URLs: a page's selector is its links' hrefs between parts made once (a
 * page of a site with 36 versions and 4 languages has 40 such links).
 */
export function selectorOf(switcher: Switcher, icons: NavigationIcons): (url: string) => string {
  const named = (link: SwitcherLink) => (switcher.kind === 'language' ? { ...link, label: languageName(link.label) } : link);
  const links = switcher.links.map(named);
  const current = links[switcher.current];
  const label = kindLabel(switcher.kind);
  const entries = links.map((link, index) => ({
    href: link.href,
    anchor: divisionAnchorOf(link, index === switcher.current, icons, describe(link)),
  }));
  const summary = current ? linkContent(current, icons) : escapeHtml(label);
  const head = `<details class="docsc-selector docsc-dropdown" data-kind="${escapeHtml(switcher.kind)}"><summary><span class="docsc-visually-hidden">${escapeHtml(label)}: </span>${summary}</summary><ul>`;
  // The links to the page's equivalents, by index (the division's own href where there is none).
  const selector = (hrefs: readonly (string | undefined)[]) => {
    let html = head;
    entries.forEach(({ href, anchor }, index) => {
      html += `<li>${anchor(hrefs[index] ?? href)}</li>`;
    });
    return `${html}</ul></details>`;
  };
  if (switcher.equivalents === undefined) {
    const same = selector([]);
    return () => same;
  }
  return (url) => selector(equivalentUrls(url, switcher).map((found) => (found === undefined ? undefined : hrefOf(found))));
}

/** Seed 2.11's language codes, by the name a reader looks for. */
const LANGUAGE_NAMES: Record<string, string> = {
  ar: 'العربية',
  cs: 'Čeština',
  cn: '简体中文',
  'zh-Hant': '繁體中文',
  nl: 'Nederlands',
  en: 'English',
  fr: 'Français',
  de: 'Deutsch',
  hi: 'हिन्दी',
  id: 'Bahasa Indonesia',
  it: 'Italiano',
  jp: '日本語',
  ko: '한국어',
  lv: 'Latviešu',
  no: 'Norsk',
  'pt-BR': 'Português (Brasil)',
  ro: 'Română',
  ru: 'Русский',
  es: 'Español',
  sv: 'Svenska',
  tr: 'Türkçe',
  ua: 'Українська',
  vi: 'Tiếng Việt',
};

/** Names of the other codes Mintlify accepts (navigation-fields.ts `MINTLIFY_LANGUAGE_ALIASES`) that have no code of the seed's. */
const OTHER_LANGUAGE_NAMES: Record<string, string> = {
  'fr-CA': 'Français (Canada)',
  'fr-ca': 'Français (Canada)',
  pl: 'Polski',
  uz: 'Oʻzbekcha',
  he: 'עברית',
};

/** A language's name as the selector shows it: a code Mintlify takes as another's (`zh` for `cn`) has that one's name. */
function languageName(code: string): string {
  const own = (names: Readonly<Record<string, string | null>>, key: string) => (Object.hasOwn(names, key) ? names[key] : undefined);
  return own(LANGUAGE_NAMES, code) ?? own(LANGUAGE_NAMES, own(MINTLIFY_LANGUAGE_ALIASES, code) ?? '') ?? own(OTHER_LANGUAGE_NAMES, code) ?? code;
}

/** Seed 2.11 codes that are not BCP 47 language tags, as the tags `<html lang>` needs. */
const LANGUAGE_TAGS: Record<string, string> = { cn: 'zh-CN', jp: 'ja', ua: 'uk' };

/** The page's language: its language division's code (else the site's), as a BCP 47 tag. */
export function htmlLanguage(switcher: Switcher | undefined, fallback: string): string {
  const code = switcher?.links[switcher.current]?.label ?? fallback;
  return LANGUAGE_TAGS[code] ?? code;
}

export function kindLabel(kind: string): string {
  return kind === 'menu-item' ? 'Menu' : kind.charAt(0).toUpperCase() + kind.slice(1);
}

/** Anchors and global anchors: links with icons at the top of the sidebar. */
export function renderLinkList(links: readonly SwitcherLink[], current: number, className: string, icons: NavigationIcons): string {
  if (links.length === 0) return '';
  const items = links.map((link, index) => `<li>${divisionAnchor(link, link.href, index === current, icons)}</li>`);
  return `<ul class="${className}">${items.join('')}</ul>`;
}

export function renderFooter(settings: SiteSettings, icons: NavigationIcons): string {
  const socials = settings.socials
    .map((social) => {
      const href = safeHref(social.href);
      if (href === undefined) return '';
      const icon = icons.icon(social.label === 'website' ? 'globe' : social.label, 'brands', 'fontawesome');
      return `<li><a href="${escapeHtml(href)}" rel="noopener" aria-label="${escapeHtml(social.label)}">${icon || escapeHtml(social.label)}</a></li>`;
    })
    .filter((l) => l !== '');
  const columns = settings.footerColumns.map((column) => {
    const links = column.links.map((l) => linkTag(l)).filter((l) => l !== '');
    const header = column.header !== undefined ? `<p class="docsc-footer-header">${escapeHtml(column.header)}</p>` : '';
    return `<div class="docsc-footer-column">${header}<ul>${links.map((l) => `<li>${l}</li>`).join('')}</ul></div>`;
  });
  if (socials.length === 0 && columns.length === 0) return '';
  const socialList = socials.length > 0 ? `<ul class="docsc-socials">${socials.join('')}</ul>` : '';
  return `<footer class="docsc-footer">${columns.join('')}${socialList}</footer>`;
}
