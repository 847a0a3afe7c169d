// Prompt: a prompt for an AI assistant, shown as a box with its
// `description` (and `icon`) above the prompt text; the site runtime adds a
// copy button (`actions` are kept as a data attribute: `copy`, `cursor`).

import { h } from '../hast-nodes.js';
import { type Component, contentProp } from './component.js';
import { iconOf } from './icons.js';

const Prompt: Component = (props, context) => {
  const description = contentProp(props, 'description');
  const icon = iconOf(props, context);
  const actions = Array.isArray(props.actions) ? props.actions.filter((a): a is string => typeof a === 'string') : ['copy'];
  return h('div', { className: ['docsc-prompt'], dataActions: actions.join(' ') }, [
    ...(description.length === 0 && icon.length === 0
      ? []
      : [h('div', { className: ['docsc-prompt-header'] }, [...icon, h('span', { className: ['docsc-prompt-description'] }, description)])]),
    h('div', { className: ['docsc-prompt-body'] }, props.children),
  ]);
};

export const PROMPT_COMPONENTS: Record<string, Component> = { Prompt };
