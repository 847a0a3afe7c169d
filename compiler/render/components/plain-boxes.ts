// Components docsc renders as plain boxes for now, keeping their content and
// main attributes for the site runtime: Panel (the side panel of API pages),
// Color with Color.Row and Color.Item (palette swatches).

import { h, text } from '../hast-nodes.js';
import { type Component, stringProp } from './component.js';

const Panel: Component = (props) => h('div', { className: ['docsc-panel'] }, props.children);

const Color: Component = (props) => h('div', { className: ['docsc-color'], dataVariant: stringProp(props, 'variant') ?? 'compact' }, props.children);

const ColorRow: Component = (props) => h('div', { className: ['docsc-color-row'], dataTitle: stringProp(props, 'title') ?? '' }, props.children);

const ColorItem: Component = (props) => {
  const name = stringProp(props, 'name') ?? '';
  const value = stringProp(props, 'value') ?? '';
  return h('div', { className: ['docsc-color-item'], dataValue: value }, [text(name === '' ? value : name)]);
};

export const PLAIN_BOX_COMPONENTS: Record<string, Component> = { Panel, Color, 'Color.Row': ColorRow, 'Color.Item': ColorItem };
