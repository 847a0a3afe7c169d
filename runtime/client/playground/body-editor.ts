// The playground's body: a content-type picker when there are several; for
// a form body one input per field (files as file inputs); for a JSON object
// body one typed input per top-level property (numbers and booleans become
// JSON numbers and booleans, objects and arrays are typed as JSON), with a
// switch to the raw JSON text, which stays the source of truth: each typed
// input rewrites its property in it, and switching back reads it again.
// Other bodies are edited as text.

import type { PlaygroundState } from './build-request.js';
import { h } from './element.js';
import { fieldLabel } from './field-label.js';
import type { BodyProperty, PlaygroundData, PlaygroundMediaType } from './playground-data.js';

export function bodyEditor(data: PlaygroundData, state: PlaygroundState, changed: () => void): HTMLElement | undefined {
  const body = data.body;
  if (!body || data.method === 'GET' || data.method === 'HEAD') return undefined;
  const box = h('fieldset', { class: 'docsc-pg-body' }, h('legend', {}, 'Body'));
  const content = h('div');
  let raw = false;
  const render = () => {
    content.replaceChildren();
    const media = body.mediaTypes[state.mediaType];
    if (!media) return;
    if (media.fields) content.append(...formFields(media, state, changed));
    else if (media.properties && !raw && parsedObject(state.bodyText) !== undefined) content.append(...typedFields(media.properties, state, changed));
    else content.append(rawEditor(media, state, changed));
  };
  const head = h('div', { class: 'docsc-pg-body-head' });
  if (body.mediaTypes.length > 1) {
    const select = h(
      'select',
      { 'data-pg': 'media', 'aria-label': 'Content type' },
      ...body.mediaTypes.map((m, i) => h('option', { value: String(i) }, m.type)),
    );
    select.addEventListener('change', () => {
      state.mediaType = Number(select.value);
      state.bodyText = body.mediaTypes[state.mediaType]?.example ?? '';
      render();
      changed();
    });
    head.append(select);
  } else head.append(h('code', {}, body.mediaTypes[0]?.type ?? ''));
  if (body.mediaTypes.some((m) => m.properties)) {
    const toggle = h('button', { type: 'button', class: 'docsc-pg-raw', 'data-pg': 'raw', 'aria-pressed': 'false' }, 'Raw JSON');
    toggle.addEventListener('click', () => {
      if (raw && parsedObject(state.bodyText) === undefined) return; // the text is not a JSON object: stay with it
      raw = !raw;
      toggle.setAttribute('aria-pressed', String(raw));
      render();
    });
    head.append(toggle);
  }
  box.append(head, content);
  render();
  return box;
}

function parsedObject(text: string): Record<string, unknown> | undefined {
  if (text.trim() === '') return {};
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function typedFields(properties: readonly BodyProperty[], state: PlaygroundState, changed: () => void): HTMLElement[] {
  const current = parsedObject(state.bodyText) ?? {};
  return properties.map((property) => {
    const value = current[property.name];
    const shown = value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
    let input: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
    if (property.kind === 'boolean' || property.enum) {
      const options = property.kind === 'boolean' ? ['true', 'false'] : (property.enum ?? []);
      input = h('select', { 'data-pg-body': property.name }, h('option', { value: '' }, '—'), ...options.map((v) => h('option', { value: v }, v)));
    } else if (property.kind === 'json')
      input = h('textarea', { 'data-pg-body': property.name, rows: '2', spellcheck: 'false', placeholder: property.type });
    else
      input = h('input', {
        'data-pg-body': property.name,
        spellcheck: 'false',
        placeholder: property.type,
        inputmode: property.kind === 'number' ? 'decimal' : undefined,
      });
    input.value = shown;
    const update = () => {
      const object = parsedObject(state.bodyText) ?? {};
      if (input.value === '') delete object[property.name];
      else object[property.name] = typedValue(input.value, property);
      state.bodyText = JSON.stringify(object, null, 2);
      changed();
    };
    input.addEventListener('input', update);
    input.addEventListener('change', update);
    return h('label', { class: 'docsc-pg-field' }, fieldLabel(property.name, property.type, property.required), input);
  });
}

/** An input's text as the property's JSON value; text that does not parse stays a string, so nothing typed is lost. */
function typedValue(text: string, property: BodyProperty): unknown {
  if (property.kind === 'number') return text.trim() !== '' && Number.isFinite(Number(text)) ? Number(text) : text;
  if (property.kind === 'boolean') return text === 'true';
  if (property.kind === 'json') {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  if (property.enum && /^(integer|number)/.test(property.type) && Number.isFinite(Number(text))) return Number(text);
  return text;
}

function rawEditor(media: PlaygroundMediaType, state: PlaygroundState, changed: () => void): HTMLElement {
  const editor = h('textarea', { 'data-pg': 'body', rows: '10', spellcheck: 'false', 'aria-label': `Body (${media.type})` });
  editor.value = state.bodyText;
  editor.addEventListener('input', () => {
    state.bodyText = editor.value;
    changed();
  });
  return editor;
}

function formFields(media: PlaygroundMediaType, state: PlaygroundState, changed: () => void): HTMLElement[] {
  return (media.fields ?? []).map((field) => {
    const input = field.file
      ? h('input', { type: 'file', 'data-pg-form': field.name })
      : h('input', { 'data-pg-form': field.name, value: state.form[field.name] ?? '', placeholder: field.type, required: field.required });
    input.addEventListener(field.file ? 'change' : 'input', () => {
      if (field.file) state.files[field.name] = input.files?.[0];
      else state.form[field.name] = input.value;
      changed();
    });
    return h('label', { class: 'docsc-pg-field' }, fieldLabel(field.name, field.type, field.required), input);
  });
}
