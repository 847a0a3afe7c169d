// Icon: a named icon as a placeholder element (`<span class="docsc-icon"
// data-icon="rocket">`) that the site runtime fills; no icon font or SVG set
// is shipped with bodies. Other components use `iconNode` for their `icon`.

import type { ElementContent, Properties } from 'hast';
import { h } from '../hast-nodes.js';
import { type Component, type ComponentProps, stringProp } from './component.js';

export function iconNode(name: string, props?: ComponentProps): ElementContent {
  const properties: Properties = { className: ['docsc-icon'], dataIcon: name, ariaHidden: 'true' };
  const type = props && stringProp(props, 'iconType');
  if (type !== undefined) properties.dataIconType = type;
  return h('span', properties);
}

/** The icon of a component with an `icon` prop, or nothing. */
export function iconOf(props: ComponentProps): ElementContent[] {
  const name = stringProp(props, 'icon');
  return name === undefined || name === '' ? [] : [iconNode(name, props)];
}

const Icon: Component = (props) => {
  const node = iconNode(stringProp(props, 'icon') ?? '', props);
  if (node.type !== 'element') return node;
  for (const name of ['color', 'size'] as const) {
    const value = stringProp(props, name);
    if (value !== undefined) node.properties[name === 'color' ? 'dataColor' : 'dataSize'] = value;
  }
  return node;
};

export const ICON_COMPONENTS: Record<string, Component> = { Icon };
