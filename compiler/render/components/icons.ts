// Icon, and the `icon` prop other components share: the icon inlined as SVG
// at build time (render-icon.ts, through the component context), `iconType`
// choosing the Font Awesome style, or JSX (`icon={<svg …/>}`) shown as it is;
// a value that is neither is left out with a warning. `<Icon>` also takes
// `color` and `size` (pixels), set as its inline style.

import type { ElementContent } from 'hast';
import { h, isRenderable, toNodes } from '../hast-nodes.js';
import { type Component, type ComponentContext, type ComponentProps, cssValue, stringProp } from './component.js';

/** What `icon` takes, for `render/prop-type`. */
const ICON_EXPECTED = 'an icon name, an image URL or an element (`icon={<svg …>…</svg>}`)';

/**
 * The icon of a component with an `icon` prop, or nothing: a name or an image URL (numbers are names, as React
 * would show them), or JSX as React shows it (`icon={<svg …/>}`: elements, text, fragments). `null`, `undefined`
 * and booleans are no icon. Any other value (an object, a `Date`, a function) is no icon either, with a warning:
 * it is not content, and putting it in the tree would fail the page when its HTML is written.
 */
export function iconOf(props: ComponentProps, context: ComponentContext): ElementContent[] {
  const value = props.icon;
  if (value === undefined || value === null || typeof value === 'boolean') return [];
  const name = typeof value === 'bigint' ? String(value) : stringProp(props, 'icon');
  if (name !== undefined) {
    const icon = context.icon(name, stringProp(props, 'iconType'));
    return icon === undefined ? [] : [icon];
  }
  if (typeof value !== 'object' || !isRenderable(value)) {
    context.ignoredProp('icon', ICON_EXPECTED, value);
    return [];
  }
  const nodes = toNodes(value);
  return nodes.length === 0 ? [] : [h('span', { className: ['docsc-icon'], ariaHidden: 'true' }, nodes)];
}

const Icon: Component = (props, context) => {
  const icon = iconOf(props, context)[0];
  if (icon === undefined || icon.type !== 'element') return [];
  const declarations: string[] = [];
  const color = cssValue(stringProp(props, 'color'));
  if (color !== undefined) declarations.push(`color: ${color}`);
  const size = cssValue(stringProp(props, 'size'));
  if (size !== undefined) declarations.push(`font-size: ${/^\d+(\.\d+)?$/.test(size) ? `${size}px` : size}`);
  if (declarations.length > 0) icon.properties.style = declarations.join('; ');
  return icon;
};

export const ICON_COMPONENTS: Record<string, Component> = { Icon };
