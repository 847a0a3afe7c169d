// What opens and closes, as `<details>`/`<summary>` so it works without
// JavaScript: Accordion (`title`, `description`, `icon`, `defaultOpen`),
// AccordionGroup, and Expandable (nested fields: `title`, `defaultOpen`).

import type { Properties } from 'hast';
import { h, text } from '../hast-nodes.js';
import { type Component, contentProp, flagProp, stringProp } from './component.js';
import { iconOf } from './icons.js';

const Accordion: Component = (props) => {
  const properties: Properties = { className: ['docsc-accordion'] };
  if (flagProp(props, 'defaultOpen')) properties.open = true;
  const description = contentProp(props, 'description');
  return h('details', properties, [
    h('summary', { className: ['docsc-accordion-summary'] }, [
      ...iconOf(props),
      h('span', { className: ['docsc-accordion-title'] }, contentProp(props, 'title')),
      ...(description.length === 0 ? [] : [text(' '), h('span', { className: ['docsc-accordion-description'] }, description)]),
    ]),
    h('div', { className: ['docsc-accordion-body'] }, props.children),
  ]);
};

const AccordionGroup: Component = (props) => h('div', { className: ['docsc-accordion-group'] }, props.children);

const Expandable: Component = (props) => {
  const properties: Properties = { className: ['docsc-expandable'] };
  if (flagProp(props, 'defaultOpen')) properties.open = true;
  const title = stringProp(props, 'title');
  return h('details', properties, [
    h('summary', { className: ['docsc-expandable-summary'] }, [text(title === undefined ? 'Show more' : `Show ${title}`)]),
    h('div', { className: ['docsc-expandable-body'] }, props.children),
  ]);
};

export const DISCLOSURE_COMPONENTS: Record<string, Component> = { Accordion, AccordionGroup, Expandable };
