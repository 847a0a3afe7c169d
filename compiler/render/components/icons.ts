// Icon, and the `icon` prop other components share: the icon inlined as SVG
// at build time (render-icon.ts, through the component context), `iconType`
// choosing the Font Awesome style. `<Icon>` also takes `color` and `size`
// (pixels), set as its inline style.

import type { ElementContent } from 'hast';
import { h } from '../hast-nodes.js';
import { type Component, type ComponentContext, type ComponentProps, cssValue, stringProp } from './component.js';

/** The icon of a component with an `icon` prop (a name, an image URL or JSX), or nothing. */
export function iconOf(props: ComponentProps, context: ComponentContext): ElementContent[] {
  const value = props.icon;
  if (typeof value === 'object' && value !== null) {
    const nodes = Array.isArray(value) ? (value as ElementContent[]) : [value as ElementContent];
    return [h('span', { className: ['docsc-icon'], ariaHidden: 'true' }, nodes)];
  }
  const name = stringProp(props, 'icon');
  const icon = name === undefined ? undefined : context.icon(name, stringProp(props, 'iconType'));
  return icon === undefined ? [] : [icon];
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
