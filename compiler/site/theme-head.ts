// The part of every page's <head> that the theme in docs.json decides:
// `colors` as CSS custom properties (docsc's, and Mintlify's that repositories'
// CSS reads: `mintlifyProperties`), `fonts` (a Google Fonts stylesheet for a
// family, or @font-face for a self-hosted `source`), and the color-mode
// script that runs before the first paint — it reads the reader's choice
// from localStorage (`docsc-theme`), else `appearance.default`, else the
// system preference, and sets `<html data-theme>` (and Mintlify's `class="dark"`,
// which repositories' CSS targets: mintlify-hooks.ts), so a dark page never
// flashes light. Rendered once per site.

import { safeHref } from './escape-html.js';
import type { FontSetting, SiteSettings } from './site-settings.js';

/** The localStorage key of the reader's color mode; runtime/client/theme-toggle.ts uses the same. */
export const THEME_STORAGE_KEY = 'docsc-theme';
/** The localStorage key of the dismissed banner's id; runtime/client/site/banner.ts uses the same. */
export const BANNER_STORAGE_KEY = 'docsc-banner';

const COLOR_MODE_SCRIPT = `<script>(function(){var d=document.documentElement;d.classList.add("docsc-js");try{var t=d.hasAttribute("data-strict")?null:localStorage.getItem("${THEME_STORAGE_KEY}");if(t!=="light"&&t!=="dark")t=d.getAttribute("data-appearance");if(t!=="light"&&t!=="dark")t=matchMedia("(prefers-color-scheme: dark)").matches?"dark":"light";d.setAttribute("data-theme",t);d.classList.toggle("dark",t==="dark");var b=d.getAttribute("data-banner");if(b&&localStorage.getItem("${BANNER_STORAGE_KEY}")===b)d.classList.add("docsc-banner-dismissed")}catch(e){}})()</script>`;

/** The color-mode script (first in <head>, so it runs before any stylesheet arrives) and the theme's fonts and <style> (after the site stylesheet, to override its defaults). */
export function renderThemeHead(settings: SiteSettings): { script: string; style: string } {
  const properties: string[] = [];
  const { primary, light, dark } = settings.colors;
  if (primary) properties.push(`--docsc-primary:${primary}`);
  if (light) properties.push(`--docsc-primary-light:${light}`);
  if (dark) properties.push(`--docsc-primary-dark:${dark}`);
  const links: string[] = [];
  const faces: string[] = [];
  for (const [part, font] of [
    ['body', settings.fonts.body],
    ['heading', settings.fonts.heading],
  ] as const) {
    if (font === undefined) continue;
    const family = cssFamily(font.family);
    if (family === '') continue;
    properties.push(`--docsc-font-${part}:"${family}",var(--docsc-font-fallback)`);
    const face = fontFace(family, font);
    if (face !== undefined) faces.push(face);
    else links.push(googleFontsLink(family, font.weight));
  }
  const background = backgroundCss(settings.background);
  const style = `<style>${faces.join('')}${properties.length > 0 ? `:root{${properties.join(';')}}` : ''}${mintlifyProperties(settings)}${background}</style>`;
  return { script: COLOR_MODE_SCRIPT, style: [...new Set(links), style].filter((l) => l !== '').join('\n') };
}

/** The layout's own page colours (runtime/site.css), for a mode `background.color` leaves unset. */
const DEFAULT_BACKGROUND = { light: '#ffffff', dark: '#0f1115' };

/** The layout's own primary colour (runtime/site.css), for a site whose docs.json gives none. */
const DEFAULT_PRIMARY = '#0d9373';

/**
 * The custom properties Mintlify's sites define, which repositories' stylesheets and inline styles read as
 * `rgb(var(--primary))` or `rgb(var(--gray-950) / 0.1)`: each colour as an `R G B` triplet — `--primary`,
 * `--primary-light` and `--primary-dark` from docs.json's `colors` (the primary colour where one is not given),
 * `--background-light` and `--background-dark` (each mode's page colour); its grays (`--gray-50` … `--gray-950`)
 * are in runtime/site.css. Zero specificity: a repository that defines one of these names itself
 * (`:root { --primary: #222 }`) keeps its own.
 */
function mintlifyProperties(settings: SiteSettings): string {
  const primary = settings.colors.primary ?? DEFAULT_PRIMARY;
  const colors: [string, string][] = [
    ['primary', primary],
    ['primary-light', settings.colors.light ?? primary],
    ['primary-dark', settings.colors.dark ?? primary],
    ['background-light', settings.background.color?.light ?? DEFAULT_BACKGROUND.light],
    ['background-dark', settings.background.color?.dark ?? DEFAULT_BACKGROUND.dark],
  ];
  return `:where(:root){${colors.map(([name, hex]) => `--${name}:${rgbTriplet(hex)}`).join(';')}}`;
}

/** `#0d9373` (or `#abc`) as `13 147 115`. */
function rgbTriplet(hex: string): string {
  const digits = hex.length === 4 ? [...hex.slice(1)].map((digit) => digit + digit).join('') : hex.slice(1);
  return [0, 2, 4].map((at) => Number.parseInt(digits.slice(at, at + 2), 16)).join(' ');
}

/**
 * docs.json's `background`: `color` replaces the page colour per mode (one
 * `light-dark()` value, so it follows the color mode like the stylesheet's;
 * the selector outweighs the stylesheet's mode rules), `image` is the body's
 * background per mode (in place of a decoration). The decoration is a `data-background` on <body>,
 * drawn by the stylesheet.
 */
function backgroundCss(background: SiteSettings['background']): string {
  let css = '';
  if (background.color !== undefined) {
    const light = background.color.light ?? DEFAULT_BACKGROUND.light;
    const dark = background.color.dark ?? DEFAULT_BACKGROUND.dark;
    css += `:root:root:root:root{--docsc-bg:light-dark(${light},${dark});--docsc-bg-light:${light};--docsc-bg-dark:${dark}}`;
  }
  if (background.image !== undefined) {
    const light = cssUrl(background.image.light);
    const dark = cssUrl(background.image.dark);
    if (light !== undefined)
      css += `:root body{background-image:url("${light}");background-size:cover;background-position:top center;background-repeat:no-repeat;background-attachment:fixed}`;
    if (dark !== undefined && dark !== light)
      css += `:root[data-theme="dark"] body,:root[data-appearance="dark"]:not([data-theme]) body{background-image:url("${dark}")}@media (prefers-color-scheme: dark){:root[data-appearance="system"]:not([data-theme]) body{background-image:url("${dark}")}}`;
  }
  return css;
}

/** A URL safe inside `url("…")`, or undefined; a repository path is made root-relative (a stylesheet in every folder). */
function cssUrl(value: string): string | undefined {
  const href = safeHref(/^(?:[a-z][a-z\d+.-]*:|\/)/i.test(value) ? value : `/${value.replace(/^\.\//, '')}`);
  return href === undefined || /["'()\\\s<>]/.test(href) ? undefined : href;
}

/** A family name as CSS and a URL may carry it: letters, digits, spaces and hyphens. */
function cssFamily(family: string): string {
  return family.replace(/[^\w -]/g, '').trim();
}

function fontFace(family: string, font: FontSetting): string | undefined {
  if (font.source === undefined) return undefined;
  const href = safeHref(font.source);
  if (href === undefined || /["'()\\\s<>]/.test(href)) return '';
  const format = font.format ?? (href.endsWith('.woff') ? 'woff' : 'woff2');
  const weight = font.weight !== undefined ? `;font-weight:${Number(font.weight)}` : '';
  return `@font-face{font-family:"${family}";src:url("${href}") format("${format}")${weight};font-display:swap}`;
}

function googleFontsLink(family: string, weight: number | undefined): string {
  const name = encodeURIComponent(family).replace(/%20/g, '+');
  const axis = weight !== undefined && Number.isFinite(weight) ? `:wght@${Math.round(weight)}` : '';
  return `<link rel="stylesheet" href="https://fonts.googleapis.com/css2?family=${name}${axis}&amp;display=swap">`;
}
