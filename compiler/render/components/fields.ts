// API fields written by hand: ParamField (named by its location — `path`,
// `query`, `body`, `header` or `cookie` — with `type`, `required`,
// `default`, `deprecated`, `placeholder`) and ResponseField (`name`, `type`,
// `required`, `default`, `deprecated`). Each is a block with a page-unique
// anchor id (`param-<name>`, `response-<name>`) and a link to itself.

import type { ElementContent } from 'hast';
import { h, text } from '../hast-nodes.js';
import { type Component, type ComponentContext, type ComponentProps, flagProp, stringProp } from './component.js';

const LOCATIONS = ['path', 'query', 'body', 'header', 'cookie'] as const;

function field(
  kind: 'param' | 'response',
  name: string,
  location: string | undefined,
  props: ComponentProps,
  context: ComponentContext,
): ElementContent {
  const id = stringProp(props, 'id') || context.uniqueId(name, `${kind}-`);
  const type = stringProp(props, 'type');
  const defaultValue = stringProp(props, 'default');
  const placeholder = stringProp(props, 'placeholder');
  const header: ElementContent[] = [h('a', { className: ['docsc-field-name'], href: `#${id}` }, [h('code', {}, [text(name)])])];
  if (location !== undefined) header.push(h('span', { className: ['docsc-field-location'] }, [text(location)]));
  if (type !== undefined) header.push(h('span', { className: ['docsc-field-type'] }, [text(type)]));
  if (flagProp(props, 'required')) header.push(h('span', { className: ['docsc-field-required'] }, [text('required')]));
  if (flagProp(props, 'deprecated')) header.push(h('span', { className: ['docsc-field-deprecated'] }, [text('deprecated')]));
  if (defaultValue !== undefined)
    header.push(h('span', { className: ['docsc-field-default'] }, [text('default: '), h('code', {}, [text(defaultValue)])]));
  if (placeholder !== undefined)
    header.push(h('span', { className: ['docsc-field-placeholder'] }, [text('example: '), h('code', {}, [text(placeholder)])]));
  return h('div', { className: ['docsc-field', `docsc-${kind}-field`], id, ...(location === undefined ? {} : { dataLocation: location }) }, [
    h('div', { className: ['docsc-field-header'] }, spaced(header)),
    ...(props.children.length === 0 ? [] : [h('div', { className: ['docsc-field-body'] }, props.children)]),
  ]);
}

/** Parts separated by a space, so that their text reads as words (search text, copy and paste). */
function spaced(parts: readonly ElementContent[]): ElementContent[] {
  return parts.flatMap((part, i) => (i === 0 ? [part] : [text(' '), part]));
}

const ParamField: Component = (props, context) => {
  const location = LOCATIONS.find((l) => stringProp(props, l) !== undefined);
  const name = location === undefined ? (stringProp(props, 'name') ?? '') : (stringProp(props, location) ?? '');
  return field('param', name, location, props, context);
};

const ResponseField: Component = (props, context) => field('response', stringProp(props, 'name') ?? '', undefined, props, context);

export const FIELD_COMPONENTS: Record<string, Component> = { ParamField, ResponseField };
