// What opens and closes, as `<details>`/`<summary>` so it works without
// JavaScript: Accordion (`title`, `description`, `icon`/`iconType`,
// `defaultOpen`), AccordionGroup, and Expandable (nested fields: `title`,
// `defaultOpen`; "Show child attributes" by default, as Mintlify says).

import type { Properties } from 'hast';
import { h, text } from '../hast-nodes.js';
import { type Component, contentProp, flagProp, stringProp } from './component.js';
import { iconOf } from './icons.js';

const Accordion: Component = (props, context) => {
  const properties: Properties = { className: ['docsc-accordion'] };
  // Its anchor, as Mintlify gives it: a link to it opens it (runtime/client/components/open-target.ts).
  const id = stringProp(props, 'id') || context.titledId('Accordion', stringProp(props, 'title') ?? '');
  if (id) properties.id = id;
  if (flagProp(props, 'defaultOpen')) properties.open = true;
  const description = contentProp(props, 'description');
  return h('details', properties, [
    h('summary', { className: ['docsc-accordion-summary'] }, [
      ...iconOf(props, context),
      h('span', { className: ['docsc-accordion-heading'] }, [
        h('span', { className: ['docsc-accordion-title'] }, contentProp(props, 'title')),
        ...(description.length === 0 ? [] : [text(' '), h('span', { className: ['docsc-accordion-description'] }, description)]),
      ]),
    ]),
    h('div', { className: ['docsc-accordion-body'] }, props.children),
  ]);
};

const AccordionGroup: Component = (props) => h('div', { className: ['docsc-accordion-group'] }, props.children);

const Expandable: Component = (props) => {
  const properties: Properties = { className: ['docsc-expandable'] };
  if (flagProp(props, 'defaultOpen')) properties.open = true;
  const title = stringProp(props, 'title') || 'child attributes';
  return h('details', properties, [
    h('summary', { className: ['docsc-expandable-summary'], dataTitle: title }, [text(`Show ${title}`)]),
    h('div', { className: ['docsc-expandable-body'] }, props.children),
  ]);
};

export const DISCLOSURE_COMPONENTS: Record<string, Component> = { Accordion, AccordionGroup, Expandable };
