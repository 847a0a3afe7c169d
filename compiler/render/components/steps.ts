// Steps and Step: an ordered list; each step has a title (and `icon`), and
// `stepNumber` sets its number (`<li value>`).

import type { Properties } from 'hast';
import { h } from '../hast-nodes.js';
import { type Component, contentProp, stringProp } from './component.js';
import { iconOf } from './icons.js';

const Steps: Component = (props) => h('ol', { className: ['docsc-steps'] }, props.children);

const Step: Component = (props) => {
  const properties: Properties = { className: ['docsc-step'] };
  const number = Number(stringProp(props, 'stepNumber'));
  if (Number.isInteger(number)) properties.value = String(number);
  const title = contentProp(props, 'title');
  return h('li', properties, [
    ...(title.length === 0 && iconOf(props).length === 0 ? [] : [h('div', { className: ['docsc-step-title'] }, [...iconOf(props), ...title])]),
    h('div', { className: ['docsc-step-body'] }, props.children),
  ]);
};

export const STEP_COMPONENTS: Record<string, Component> = { Steps, Step };
