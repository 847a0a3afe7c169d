// An icon as a page body shows it: a Font Awesome or Lucide name (looked up
// in docs.json's `icons.library` first) becomes its SVG inlined at build time (compiler/icons/icon-svg.ts) inside
// `<span class="docsc-icon" data-icon="…">`; an image URL (`/images/x.svg`,
// `https://…`) becomes an `<img>` through the URL policy; an unknown name is
// a warning at the place that names it and an empty placeholder, never a
// failure.

import type { ElementContent, Properties } from 'hast';
import { isImageIcon } from '../icons/icon-ref.js';
import { missingIconCode } from '../icons/icon-stand-ins.js';
import { iconSvg } from '../icons/icon-svg.js';
import { checkUrl } from './create-element.js';
import { h } from './hast-nodes.js';
import type { RenderContext, SourcePlace } from './render-context.js';

export function renderIcon(context: RenderContext, name: string, type: string | undefined, at: SourcePlace): ElementContent | undefined {
  const value = name.trim();
  if (value === '') return undefined;
  if (isImageIcon(value)) {
    const src = checkUrl(context, 'icon', value, at, { image: true });
    return src === undefined ? undefined : h('img', { className: ['docsc-icon', 'docsc-icon-image'], src, alt: '', ariaHidden: 'true' });
  }
  const properties: Properties = { className: ['docsc-icon'], dataIcon: value, ariaHidden: 'true' };
  const svg = iconSvg(value, type, context.options.iconLibrary);
  if (svg === undefined) {
    context.report(missingIconCode(value), at, { name: value });
    return h('span', properties);
  }
  return h('span', properties, [{ type: 'raw', value: svg } as unknown as ElementContent]);
}
