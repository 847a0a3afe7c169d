// Steps and Step: an ordered list; each step has a title (`titleSize`
// `h2`/`h3` makes it a heading of that level, `p` by default) and an
// optional `icon` drawn in place of its number; `stepNumber` sets the number
// shown (`<li value>`, and the stylesheet's counter through an inline
// `counter-set`; the following steps continue from it).

import type { Properties } from 'hast';
import { h } from '../hast-nodes.js';
import { type Component, contentProp, stringProp } from './component.js';
import { iconOf } from './icons.js';

const Steps: Component = (props) => h('ol', { className: ['docsc-steps'] }, props.children);

const TITLE_TAGS = new Set(['p', 'h2', 'h3', 'h4']);

const Step: Component = (props, context) => {
  const properties: Properties = { className: ['docsc-step'] };
  const number = Number(stringProp(props, 'stepNumber'));
  if (Number.isInteger(number)) {
    properties.value = String(number);
    properties.style = `counter-set: docsc-step ${number}`;
  }
  const icon = iconOf(props, context);
  if (icon.length > 0) (properties.className as string[]).push('docsc-step-has-icon');
  const title = contentProp(props, 'title');
  const titleSize = stringProp(props, 'titleSize') ?? 'p';
  const titleTag = TITLE_TAGS.has(titleSize) ? (titleSize === 'p' ? 'div' : titleSize) : 'div';
  return h('li', properties, [
    ...(icon.length === 0 ? [] : [h('span', { className: ['docsc-step-icon'] }, icon)]),
    ...(title.length === 0 ? [] : [h(titleTag, { className: ['docsc-step-title'] }, title)]),
    h('div', { className: ['docsc-step-body'] }, props.children),
  ]);
};

export const STEP_COMPONENTS: Record<string, Component> = { Steps, Step };
