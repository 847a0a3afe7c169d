// Callouts: Note, Warning, Info, Tip, Check, Danger, and Callout (any `icon`
// and `color`). A `<div role="note">` with its kind as a class, its icon (the
// kind's own, drawn by the stylesheet, unless `icon` names another), an
// optional title, then the content; `<span>`s when written inside a sentence.

import type { Properties } from 'hast';
import { h } from '../hast-nodes.js';
import { type Component, contentProp, cssValue, stringProp } from './component.js';
import { iconOf } from './icons.js';

function callout(kind: string): Component {
  return (props, context) => {
    const properties: Properties = { className: ['docsc-callout', `docsc-callout-${kind}`], role: 'note' };
    const color = cssValue(stringProp(props, 'color'));
    if (color !== undefined) properties.style = `--docsc-callout-color: ${color}`;
    const icon = iconOf(props, context);
    if (icon.length > 0) (properties.className as string[]).push('docsc-callout-has-icon');
    const title = contentProp(props, 'title');
    const block = context.inline ? 'span' : 'div';
    return h(block, properties, [
      h('span', { className: ['docsc-callout-icon'], ariaHidden: 'true' }, icon),
      h(block, { className: ['docsc-callout-content'] }, [
        ...(title.length === 0 ? [] : [h(context.inline ? 'span' : 'p', { className: ['docsc-callout-title'] }, title)]),
        ...props.children,
      ]),
    ]);
  };
}

export const CALLOUT_COMPONENTS: Record<string, Component> = {
  Note: callout('note'),
  Warning: callout('warning'),
  Info: callout('info'),
  Tip: callout('tip'),
  Check: callout('check'),
  Danger: callout('danger'),
  Callout: callout('custom'),
};
