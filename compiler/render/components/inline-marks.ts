// Inline marks: Tooltip (the marked text, focusable, with a `role="tooltip"`
// bubble the stylesheet shows on hover and focus: `tip`, `headline`, and a
// `cta` link to `href`), Badge (`color`, `size`, `shape`, `stroke`,
// `disabled` as data attributes the stylesheet reads; `icon`) and Link
// (Mintlify's `<Link href>`: a link, its `href` through the URL policy as
// any component's).

import type { ElementContent, Properties } from 'hast';
import { h, text } from '../hast-nodes.js';
import { type Component, type ComponentProps, flagProp, stringProp } from './component.js';
import { iconOf } from './icons.js';

function dataProps(props: ComponentProps, names: readonly string[]): Properties {
  const properties: Properties = {};
  for (const name of names) {
    const value = stringProp(props, name);
    if (value !== undefined) properties[`data${name.charAt(0).toUpperCase()}${name.slice(1)}`] = value;
  }
  return properties;
}

const Tooltip: Component = (props, context) => {
  const id = `docsc-tooltip-${context.nextSerial('tooltip')}`;
  const tip = stringProp(props, 'tip') ?? '';
  const headline = stringProp(props, 'headline');
  const cta = stringProp(props, 'cta');
  const href = stringProp(props, 'href');
  const bubble: ElementContent[] = [];
  if (headline !== undefined) bubble.push(h('strong', { className: ['docsc-tooltip-headline'] }, [text(headline)]), text(' '));
  bubble.push(h('span', { className: ['docsc-tooltip-tip'] }, [text(tip)]));
  if (cta !== undefined && href !== undefined) bubble.push(text(' '), h('a', { className: ['docsc-tooltip-cta'], href }, [text(cta)]));
  return h('span', { className: ['docsc-tooltip'] }, [
    h('span', { className: ['docsc-tooltip-trigger'], tabIndex: 0, ariaDescribedBy: [id] }, props.children),
    h('span', { className: ['docsc-tooltip-content'], role: 'tooltip', id }, bubble),
  ]);
};

const Badge: Component = (props, context) => {
  const properties: Properties = { className: ['docsc-badge'], ...dataProps(props, ['color', 'size', 'shape']) };
  if (flagProp(props, 'stroke')) properties.dataStroke = '';
  if (flagProp(props, 'disabled')) properties.dataDisabled = '';
  return h('span', properties, [...iconOf(props, context), ...props.children]);
};

const Link: Component = (props) => {
  const href = stringProp(props, 'href');
  return h('a', href === undefined ? {} : { href }, props.children);
};

export const INLINE_MARK_COMPONENTS: Record<string, Component> = { Tooltip, Badge, Link };
