// Frame: a figure around an image or embed, with `caption` (and `hint`
// above it).

import { h } from '../hast-nodes.js';
import { type Component, contentProp } from './component.js';

const Frame: Component = (props) => {
  const hint = contentProp(props, 'hint');
  const caption = contentProp(props, 'caption');
  return h('figure', { className: ['docsc-frame'] }, [
    ...(hint.length === 0 ? [] : [h('p', { className: ['docsc-frame-hint'] }, hint)]),
    ...props.children,
    ...(caption.length === 0 ? [] : [h('figcaption', {}, caption)]),
  ]);
};

export const MEDIA_COMPONENTS: Record<string, Component> = { Frame };
