// API fields written by hand: ParamField (named by its location — `path`,
// `query`, `body`, `header` or `cookie` — with `type`, `required`,
// `default`, `deprecated`, `placeholder`) and ResponseField (`name`, `type`,
// `required`, `default`, `deprecated`). Each is a block with a page-unique
// anchor id (`param-<name>` for both, as Mintlify makes it: heading-slug.ts
// `fieldAnchorId`) and a link to itself.
//
// The root element also carries the field as data — `data-param-name`,
// `data-param-in` (ParamField only), `data-param-type`,
// `data-param-required` (present when required) and `data-param-default` —
// from which the API playground builds its inputs on `api:` pages. These
// names are a contract with runtime/client: keep them.

import type { ElementContent, Properties } from 'hast';
import { h, text } from '../hast-nodes.js';
import { type Component, type ComponentContext, type ComponentProps, flagProp, stringProp } from './component.js';

const LOCATIONS = ['path', 'query', 'body', 'header', 'cookie'] as const;

/** A prop written as a string or a literal (`default={0}`, `default={false}`, `default={["a"]}`), as text. */
function valueText(value: unknown): string | undefined {
  if (value === undefined || value === null || typeof value === 'function' || typeof value === 'symbol') return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  try {
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
}

function field(
  kind: 'param' | 'response',
  name: string,
  location: string | undefined,
  props: ComponentProps,
  context: ComponentContext,
): ElementContent {
  const id = stringProp(props, 'id') || context.fieldId(name);
  const type = stringProp(props, 'type');
  const defaultValue = valueText(props.default);
  const placeholder = stringProp(props, 'placeholder');
  const required = flagProp(props, 'required');
  const header: ElementContent[] = [h('a', { className: ['docsc-field-name'], href: `#${id}` }, [h('code', {}, [text(name)])])];
  if (location !== undefined) header.push(h('span', { className: ['docsc-field-location'] }, [text(location)]));
  if (type !== undefined) header.push(h('span', { className: ['docsc-field-type'] }, [text(type)]));
  if (required) header.push(h('span', { className: ['docsc-field-required'] }, [text('required')]));
  if (flagProp(props, 'deprecated')) header.push(h('span', { className: ['docsc-field-deprecated'] }, [text('deprecated')]));
  if (defaultValue !== undefined)
    header.push(h('span', { className: ['docsc-field-default'] }, [text('default: '), h('code', {}, [text(defaultValue)])]));
  if (placeholder !== undefined)
    header.push(h('span', { className: ['docsc-field-placeholder'] }, [text('example: '), h('code', {}, [text(placeholder)])]));
  const properties: Properties = { className: ['docsc-field', `docsc-${kind}-field`], id, dataParamName: name };
  if (location !== undefined) properties.dataParamIn = location;
  if (type !== undefined) properties.dataParamType = type;
  if (required) properties.dataParamRequired = '';
  if (defaultValue !== undefined) properties.dataParamDefault = defaultValue;
  return h('div', properties, [
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

/** `Param` is ParamField's older name, which Mintlify still renders. */
export const FIELD_COMPONENTS: Record<string, Component> = { ParamField, Param: ParamField, ResponseField };
