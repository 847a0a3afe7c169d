// Callouts: Note, Warning, Info, Tip, Check, Danger, and Callout (any icon
// and colour). A `<div role="note">` with its kind as a class, an optional
// icon and title, then the content; a `<span>` when written inside a
// sentence.

import type { Properties } from 'hast';
import { h } from '../hast-nodes.js';
import { type Component, contentProp, stringProp } from './component.js';
import { iconOf } from './icons.js';

/** Written inside a sentence, a callout is a `<span>`: a `<div>` would break the paragraph apart. */
function callout(kind: string): Component {
  return (props, context) => {
    const properties: Properties = { className: ['docsc-callout', `docsc-callout-${kind}`], role: 'note' };
    const color = stringProp(props, 'color');
    if (color !== undefined) properties.dataColor = color;
    const title = contentProp(props, 'title');
    return h(context.inline ? 'span' : 'div', properties, [
      ...iconOf(props),
      ...(title.length === 0 ? [] : [h(context.inline ? 'span' : 'p', { className: ['docsc-callout-title'] }, title)]),
      ...props.children,
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
