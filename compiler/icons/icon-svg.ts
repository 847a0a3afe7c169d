// Icons by name, as inline SVG markup: Font Awesome names (the free solid,
// regular and brands sets, as Mintlify's default library), Lucide names
// (lucide-static) and Tabler names (@tabler/icons, its outline icons). Each
// icon is read from its own file on first use — one small CommonJS module
// per Font Awesome icon, one .svg per Lucide or Tabler icon — and
// remembered, so a page pays only for the icons it shows and no icon set is
// loaded whole. A name is looked up only when it is a plain kebab-case word,
// so it can never become a path. docs.json's `icons.library`
// (`fontawesome`, the default, `lucide` or `tabler`) decides which set a name
// resolves to first; Font Awesome, then Lucide, then a free stand-in for a
// Font Awesome Pro name (icon-stand-ins.ts), then Tabler are the fallbacks.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { normalizedIconName } from './icon-ref.js';
import { standInsOf } from './icon-stand-ins.js';

const require = createRequire(import.meta.url);

type FaStyle = 'solid' | 'regular' | 'brands';

/** docs.json's `icons.library`: the set names resolve to first. */
export type IconLibrary = 'fontawesome' | 'lucide' | 'tabler';

/** `icons.library` as written: `lucide` or `tabler`, else the default, `fontawesome`. */
export function iconLibraryOf(value: unknown): IconLibrary {
  return value === 'lucide' || value === 'tabler' ? value : 'fontawesome';
}

const FA_PACKAGES: Record<FaStyle, string> = {
  solid: '@fortawesome/free-solid-svg-icons',
  regular: '@fortawesome/free-regular-svg-icons',
  brands: '@fortawesome/free-brands-svg-icons',
};

type IconSet = FaStyle | 'lucide' | 'tabler' | 'stand-in';

/**
 * Where to look, in order, for an `iconType` (Mintlify's values; the paid styles fall back to the free ones) and a
 * library. A Pro name's stand-in comes before Tabler, whose names sometimes mean something else (its `window` is a
 * house's, Font Awesome's an application's).
 */
function lookupOrder(type: string | undefined, library: IconLibrary): IconSet[] {
  let fontAwesome: FaStyle[];
  switch (type) {
    case 'regular':
    case 'light':
    case 'thin':
    case 'sharp-regular':
    case 'sharp-light':
    case 'sharp-thin':
      fontAwesome = ['regular', 'solid', 'brands'];
      break;
    case 'brands':
      fontAwesome = ['brands', 'solid', 'regular'];
      break;
    default:
      fontAwesome = ['solid', 'brands', 'regular'];
  }
  // `iconType: "lucide"` and `"tabler"` (docsc extensions) ask for that set whatever the library.
  if (library === 'tabler' || type === 'tabler') return ['tabler', ...fontAwesome, 'lucide', 'stand-in'];
  return library === 'lucide' || type === 'lucide'
    ? ['lucide', ...fontAwesome, 'stand-in', 'tabler']
    : [...fontAwesome, 'lucide', 'stand-in', 'tabler'];
}

const NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const memo = new Map<string, string | undefined>();

/**
 * Inline SVG markup for an icon name (`rocket`, `github`, `arrow-right`,
 * also `fa-rocket`), or undefined when no set has it. `type` is Mintlify's
 * `iconType` (`solid` by default, `regular`, `brands`, …) or `lucide`;
 * `library` is docs.json's `icons.library`, the set looked in first.
 * The SVG is `1em` square, `currentColor`, and hidden from assistive
 * technology (the caller labels what needs a label).
 */
export function iconSvg(name: string, type?: string, library: IconLibrary = 'fontawesome'): string | undefined {
  const key = `${library}\u0000${type ?? ''}\u0000${name}`;
  if (memo.has(key)) return memo.get(key);
  const normalized = normalizedIconName(name);
  const svg = NAME.test(normalized) ? lookUp(normalized, type, library) : undefined;
  memo.set(key, svg);
  return svg;
}

/** `standIns`: whether a Pro name may be shown as its stand-in (not when looking up a stand-in itself). */
function lookUp(name: string, type: string | undefined, library: IconLibrary, standIns = true): string | undefined {
  for (const set of lookupOrder(type, library)) {
    if (set === 'stand-in') {
      for (const standIn of standIns ? standInsOf(name) : []) {
        const svg = lookUp(standIn, type, library, false);
        if (svg !== undefined) return svg;
      }
      continue;
    }
    const svg = set === 'lucide' ? lucideSvg(name) : set === 'tabler' ? tablerSvg(name) : fontAwesomeSvg(set, name);
    if (svg !== undefined) return svg;
  }
  return undefined;
}

interface FaModule {
  width: number;
  height: number;
  svgPathData: string | string[];
}

function fontAwesomeSvg(style: FaStyle, name: string): string | undefined {
  const exportName = `fa${name.replace(/(?:^|-)([a-z0-9])/g, (_, c: string) => c.toUpperCase())}`;
  let icon: FaModule;
  try {
    icon = require(`${FA_PACKAGES[style]}/${exportName}`) as FaModule;
  } catch {
    return undefined;
  }
  const paths = (Array.isArray(icon.svgPathData) ? icon.svgPathData : [icon.svgPathData])
    .map((d, index, all) => `<path${all.length > 1 && index === 0 ? ' opacity=".4"' : ''} d="${escapeAttribute(d)}"/>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${icon.width} ${icon.height}" width="1em" height="1em" fill="currentColor" aria-hidden="true" focusable="false">${paths}</svg>`;
}

let lucideFolder: string | undefined;
let tablerFolder: string | undefined;

function lucideSvg(name: string): string | undefined {
  lucideFolder ??= join(dirname(require.resolve('lucide-static/package.json')), 'icons');
  return strokedSvg(join(lucideFolder, `${name}.svg`));
}

function tablerSvg(name: string): string | undefined {
  // The package exports its icon files only (`@tabler/icons/outline/<name>.svg`), not its package.json.
  tablerFolder ??= dirname(require.resolve('@tabler/icons/outline/home.svg'));
  return strokedSvg(join(tablerFolder, `${name}.svg`));
}

/** Tabler draws an invisible 24×24 box first in every icon; it adds nothing to an inline icon. */
const TABLER_BOX = /<path stroke="none" d="M0 0h24v24H0z" fill="none" ?\/>/;

/** A 24×24 stroked icon's file (Lucide's and Tabler's outline sets share their drawing attributes) as inline markup. */
function strokedSvg(file: string): string | undefined {
  let source: string;
  try {
    source = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  const open = source.indexOf('<svg');
  const start = source.indexOf('>', open);
  const end = source.lastIndexOf('</svg>');
  if (open < 0 || start < 0 || end < start) return undefined;
  const body = source
    .slice(start + 1, end)
    .replace(TABLER_BOX, '')
    .replace(/\s*\n\s*/g, '')
    .replace(/ \/>/g, '/>');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="1em" height="1em" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false">${body}</svg>`;
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}
