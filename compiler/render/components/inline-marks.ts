// Inline marks: Tooltip (`<abbr title>`; `headline`, `cta` and `href` as data
// attributes for the runtime's popover) and Badge (`color`, `size`, `shape`,
// `icon`).

import type { Properties } from 'hast';
import { h } from '../hast-nodes.js';
import { type Component, type ComponentProps, stringProp } from './component.js';
import { iconOf } from './icons.js';

function dataProps(props: ComponentProps, names: readonly string[]): Properties {
  const properties: Properties = {};
  for (const name of names) {
    const value = stringProp(props, name);
    if (value !== undefined) properties[`data${name.charAt(0).toUpperCase()}${name.slice(1)}`] = value;
  }
  return properties;
}

const Tooltip: Component = (props) =>
  h(
    'abbr',
    { className: ['docsc-tooltip'], title: stringProp(props, 'tip') ?? '', ...dataProps(props, ['headline', 'cta', 'href']) },
    props.children,
  );

const Badge: Component = (props) =>
  h('span', { className: ['docsc-badge'], ...dataProps(props, ['color', 'size', 'shape']) }, [...iconOf(props), ...props.children]);

export const INLINE_MARK_COMPONENTS: Record<string, Component> = { Tooltip, Badge };
