// The typed inputs of a JSON object body (body-editor.ts shows them until
// the reader switches to the raw JSON): a text input per string or number
// (numbers become JSON numbers), a select per boolean or enum, JSON text for
// what no input can type; an object as a group of its properties' inputs;
// an array as a list of its items' inputs, with buttons to add an item and
// to remove each. The JSON text stays the source of truth (json-body.ts): an
// input shows the value at its path and rewrites it there; adding or
// removing an item rewrites the text and draws the fields again, with the
// focus on the new item's first input, or where the removed item was.
// Every data attribute names a path: `owner.address.city`, `toys.0.name`
// (names are a document's: selectors escape them).

import type { PlaygroundState } from './build-request.js';
import { h } from './element.js';
import { fieldLabel } from './field-label.js';
import { isObject, type JsonPath, parsedObject, valueAt, withItem, withoutItem, withValue } from './json-body.js';
import type { BodyProperty, BodyValue } from './playground-data.js';

/** Arrays with more items than this are edited as JSON text: a list of hundreds of inputs helps no one. */
const MAX_ITEMS = 50;

export interface TypedFieldsContext {
  state: PlaygroundState;
  /** The body's text changed. */
  changed: () => void;
  /** Draws the fields again from the text, then focuses the element `focus` selects, if any. */
  redraw: (focus?: string) => void;
}

export function typedFields(properties: readonly BodyProperty[], context: TypedFieldsContext): HTMLElement[] {
  const body = parsedObject(context.state.bodyText) ?? {};
  return properties.map((property) => field(property, property.name, property.required, [property.name], valueAt(body, [property.name]), context));
}

function field(value: BodyValue, label: string, required: boolean, path: JsonPath, current: unknown, context: TypedFieldsContext): HTMLElement {
  const key = path.join('.');
  // A value of another shape than the schema's (typed in the raw JSON) is shown as JSON, so that nothing is lost.
  if (value.kind === 'object' && value.properties && (current === undefined || isObject(current))) {
    const group = h('fieldset', { class: 'docsc-pg-object', 'data-pg-object': key }, h('legend', {}, fieldLabel(label, value.type, required)));
    for (const property of value.properties)
      group.append(field(property, property.name, property.required, [...path, property.name], valueAt(current, [property.name]), context));
    return group;
  }
  if (value.kind === 'array' && value.items && (current === undefined || (Array.isArray(current) && current.length <= MAX_ITEMS)))
    return list(value.items, label, value.type, required, path, Array.isArray(current) ? current : [], context);
  return h('label', { class: 'docsc-pg-field' }, fieldLabel(label, value.type, required), input(value, path, current, context));
}

function list(
  items: BodyValue,
  label: string,
  type: string,
  required: boolean,
  path: JsonPath,
  current: readonly unknown[],
  context: TypedFieldsContext,
): HTMLElement {
  const key = path.join('.');
  const group = h('fieldset', { class: 'docsc-pg-array', 'data-pg-array': key }, h('legend', {}, fieldLabel(label, type, required)));
  const { state } = context;
  current.forEach((item, index) => {
    const name = `${label}[${index}]`;
    const remove = h(
      'button',
      { type: 'button', class: 'docsc-pg-remove', 'data-pg-remove': `${key}.${index}`, 'aria-label': `Remove ${name}` },
      'Remove',
    );
    remove.addEventListener('click', () => {
      state.bodyText = withoutItem(state.bodyText, path, index);
      context.changed();
      // The item that took its place, else the one before it, else the list's add button.
      const left = current.length - 1;
      context.redraw(left === 0 ? `[data-pg-add="${CSS.escape(key)}"]` : `[data-pg-remove="${CSS.escape(`${key}.${Math.min(index, left - 1)}`)}"]`);
    });
    group.append(
      h('div', { class: 'docsc-pg-item', 'data-pg-item': `${key}.${index}` }, field(items, name, false, [...path, index], item, context), remove),
    );
  });
  const add = h('button', { type: 'button', class: 'docsc-pg-add', 'data-pg-add': key, 'aria-label': `Add item to ${label}` }, 'Add item');
  add.addEventListener('click', () => {
    state.bodyText = withItem(state.bodyText, path, blank(items));
    context.changed();
    const item = `[data-pg-item="${CSS.escape(`${key}.${current.length}`)}"]`;
    context.redraw(`${item} :is(input, select, textarea, button)`);
  });
  group.append(add);
  return group;
}

/** A new item's value: what its input shows as empty, or the group it starts. */
function blank(value: BodyValue): unknown {
  if (value.kind === 'object') return {};
  if (value.kind === 'array') return [];
  if (value.kind === 'boolean') return false;
  if (value.kind === 'json') return null;
  return value.enum?.[0] !== undefined ? typedValue(value.enum[0], value) : value.kind === 'number' ? 0 : '';
}

function input(value: BodyValue, path: JsonPath, current: unknown, context: TypedFieldsContext): HTMLElement {
  const key = path.join('.');
  // An array's item always has a value: clearing a property removes it, clearing an item would move the others.
  const inList = typeof path[path.length - 1] === 'number';
  let element: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
  if (value.kind === 'boolean' || value.enum) {
    const options = value.kind === 'boolean' ? ['true', 'false'] : (value.enum ?? []);
    element = h(
      'select',
      { 'data-pg-body': key },
      ...(inList ? [] : [h('option', { value: '' }, '—')]),
      ...options.map((v) => h('option', { value: v }, v)),
    );
  } else if (value.kind === 'string' || value.kind === 'number')
    element = h('input', {
      'data-pg-body': key,
      spellcheck: 'false',
      placeholder: value.type,
      inputmode: value.kind === 'number' ? 'decimal' : undefined,
    });
  else element = h('textarea', { 'data-pg-body': key, rows: '2', spellcheck: 'false', placeholder: value.type });
  element.value = current === undefined ? '' : typeof current === 'string' ? current : JSON.stringify(current);
  const update = () => {
    const text = element.value;
    context.state.bodyText = withValue(context.state.bodyText, path, text === '' && !inList ? undefined : typedValue(text, value));
    context.changed();
  };
  element.addEventListener('input', update);
  element.addEventListener('change', update);
  return element;
}

/** An input's text as its JSON value; text that does not parse stays a string, so nothing typed is lost. */
function typedValue(text: string, value: BodyValue): unknown {
  if (value.kind === 'number') return text.trim() !== '' && Number.isFinite(Number(text)) ? Number(text) : text;
  if (value.kind === 'boolean') return text === 'true';
  if (value.kind === 'string') return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
