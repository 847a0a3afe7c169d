// Icons of navigation elements (tabs, anchors, groups, pages, selectors,
// footer socials). A Font Awesome, Lucide or Tabler name (compiler/icons/icon-svg.ts)
// becomes a reference into one SVG sprite, `_docsc/icons.svg`, holding each
// icon the navigation uses once — a page repeats only `<use href>`, not the
// paths, since sidebars repeat on every page of a section. An http(s) URL or
// a path becomes an `<img>`; an unknown name shows nothing. Names resolve in
// docs.json's `icons.library` first.

import type { IconRef } from '../icons/icon-ref.js';
import { type IconLibrary, iconSvg } from '../icons/icon-svg.js';
import { escapeHtml, safeHref } from './escape-html.js';

export const ICON_SPRITE_PATH = '_docsc/icons.svg';

export class NavigationIcons {
  private symbols = new Map<string, string | undefined>();

  constructor(private library: IconLibrary) {}

  /**
   * Markup for an icon, or '' (no icon, or an unknown name); `library` overrides the site's (footer socials are brand
   * logos), and an icon given as an object its own style and library.
   */
  icon(given: IconRef | string | undefined, type?: string, library = this.library): string {
    if (given === undefined) return '';
    if (typeof given === 'object') return this.icon(given.name, given.style ?? type, given.library ?? library);
    const icon = given;
    if (icon === '') return '';
    if (isIconImage(icon)) {
      const href = safeHref(icon);
      return href === undefined ? '' : `<img class="docsc-nav-icon" src="${escapeHtml(href)}" alt="" width="16" height="16">`;
    }
    const prefix = library === 'fontawesome' ? `${type ?? 'fa'}-` : `${library}-${type === undefined || type === library ? '' : `${type}-`}`;
    const id = `${prefix}${icon.trim().toLowerCase()}`.replace(/[^a-z0-9-]/g, '');
    if (!this.symbols.has(id)) this.symbols.set(id, symbolOf(id, iconSvg(icon, type, library)));
    if (this.symbols.get(id) === undefined) return '';
    return `<svg class="docsc-nav-icon" width="1em" height="1em" aria-hidden="true" focusable="false"><use href="/${ICON_SPRITE_PATH}#${id}"/></svg>`;
  }

  /** The sprite of every icon used so far, symbols sorted by id (the same input gives the same bytes). */
  sprite(): string {
    const symbols = [...this.symbols.entries()]
      .filter((entry): entry is [string, string] => entry[1] !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([, symbol]) => symbol);
    return `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join('')}</svg>\n`;
  }
}

/** An icon given as an image (a URL or a path), not a name. */
export function isIconImage(icon: string): boolean {
  return /^(?:https?:\/\/|\/|\.\.?\/)/.test(icon) || /\.(?:svg|png|jpe?g|gif|webp)$/i.test(icon);
}

/** iconSvg's `<svg viewBox … fill … stroke …>paths</svg>` as `<symbol id viewBox><g fill … stroke …>paths</g></symbol>`. */
function symbolOf(id: string, svg: string | undefined): string | undefined {
  if (svg === undefined) return undefined;
  const open = /^<svg([^>]*)>/.exec(svg);
  if (!open || !svg.endsWith('</svg>')) return undefined;
  const attributes = open[1] ?? '';
  const viewBox = /viewBox="([^"]*)"/.exec(attributes)?.[1] ?? '0 0 24 24';
  const paint = [...attributes.matchAll(/\b(fill|stroke|stroke-width|stroke-linecap|stroke-linejoin)="([^"]*)"/g)]
    .map((m) => `${m[1]}="${m[2]}"`)
    .join(' ');
  return `<symbol id="${id}" viewBox="${viewBox}"><g ${paint}>${svg.slice(open[0].length, -'</svg>'.length)}</g></symbol>`;
}
