// An icon as docs.json names it: a name (`"rocket"`), or, as Mintlify also
// accepts wherever an icon goes (its validation package's `iconSchema`), an
// object with the name, the Font Awesome style and the library it comes from:
// `{ "name": "github", "style": "brands", "library": "fontawesome" }`.
// Real repositories write the object in navbar links and navigation (Arize
// Phoenix's docs). spec/docs.schema.json's `icon` definition is the same shape.

import type { IconLibrary } from './icon-svg.js';

export interface IconRef {
  name: string;
  /** Font Awesome style (`brands`, `regular`, …: Mintlify's `iconType` values). */
  style?: string;
  /** The set to look in first, instead of docs.json's `icons.library`. */
  library?: IconLibrary;
}

/** The libraries an icon object may name. */
export const ICON_LIBRARIES: readonly IconLibrary[] = ['fontawesome', 'lucide', 'tabler'];

/** The Font Awesome styles an icon object may name (Mintlify's `iconType` values). */
export const ICON_STYLES: readonly string[] = [
  'brands',
  'duotone',
  'light',
  'regular',
  'sharp-duotone-solid',
  'sharp-light',
  'sharp-regular',
  'sharp-solid',
  'sharp-thin',
  'solid',
  'thin',
];

/** The icon a docs.json value names, or undefined (not a string, nor an object with a string `name`). */
export function iconRefOf(value: unknown): IconRef | undefined {
  if (typeof value === 'string') return { name: value };
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const { name, style, library } = value as Record<string, unknown>;
  if (typeof name !== 'string') return undefined;
  const ref: IconRef = { name };
  if (typeof style === 'string') ref.style = style;
  const known = ICON_LIBRARIES.find((l) => l === library);
  if (known !== undefined) ref.library = known;
  return ref;
}

/** Whether a page's icon value is an image (a URL or a file path: `/images/x.svg`, `https://…`) rather than an icon's name. */
export function isImageIcon(value: string): boolean {
  return /^(?:https?:\/\/|\/\/|\/|\.\.?\/)|\.(?:svg|png|jpe?g|gif|webp|avif|ico)(?:[?#].*)?$/i.test(value);
}

/** A name as the sets are looked in: trimmed, lower-case, without Font Awesome's `fa-` class prefix. */
export function normalizedIconName(name: string): string {
  return name.trim().toLowerCase().replace(/^fa-/, '');
}
