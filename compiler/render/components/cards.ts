// Cards and grids: Card (the whole card is one `<a>` when it has `href`;
// `title`, `icon`, `img`, `horizontal`, `cta`), CardGroup and Columns
// (`cols`, a data attribute the stylesheet reads), and Tile.

import type { ElementContent, Properties } from 'hast';
import { h, text } from '../hast-nodes.js';
import { type Component, type ComponentProps, contentProp, flagProp, stringProp } from './component.js';
import { iconOf } from './icons.js';

const Card: Component = (props) => {
  const href = stringProp(props, 'href');
  const properties: Properties = { className: ['docsc-card', ...(flagProp(props, 'horizontal') ? ['docsc-card-horizontal'] : [])] };
  if (href !== undefined) properties.href = href;
  const color = stringProp(props, 'color');
  if (color !== undefined) properties.dataColor = color;
  const img = stringProp(props, 'img');
  const title = contentProp(props, 'title');
  const cta = stringProp(props, 'cta');
  return h(href === undefined ? 'div' : 'a', properties, [
    ...(img === undefined ? [] : [h('img', { className: ['docsc-card-image'], src: img, alt: '' })]),
    ...iconOf(props),
    ...(title.length === 0 ? [] : [h('div', { className: ['docsc-card-title'] }, title)]),
    ...(props.children.length === 0 ? [] : [h('div', { className: ['docsc-card-body'] }, props.children)]),
    ...(cta === undefined ? [] : [h('span', { className: ['docsc-card-cta'] }, [text(cta)])]),
  ]);
};

function grid(className: string): Component {
  return (props) => h('div', { className: [className], dataCols: stringProp(props, 'cols') ?? '2' }, props.children);
}

const Tile: Component = (props) => {
  const href = stringProp(props, 'href');
  const properties: Properties = { className: ['docsc-tile'] };
  if (href !== undefined) properties.href = href;
  return h(href === undefined ? 'div' : 'a', properties, [
    ...(props.children.length === 0 ? [] : [h('div', { className: ['docsc-tile-preview'] }, props.children)]),
    ...labelled(props, 'title', 'docsc-tile-title'),
    ...labelled(props, 'description', 'docsc-tile-description'),
  ]);
};

function labelled(props: ComponentProps, name: string, className: string): ElementContent[] {
  const content = contentProp(props, name);
  return content.length === 0 ? [] : [h('div', { className: [className] }, content)];
}

export const CARD_COMPONENTS: Record<string, Component> = {
  Card,
  CardGroup: grid('docsc-card-group'),
  Columns: grid('docsc-columns'),
  Tile,
};
