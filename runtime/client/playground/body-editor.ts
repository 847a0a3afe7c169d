// The playground's body: a content-type picker when there are several; for
// a form body one input per field (files as file inputs); for a JSON object
// body typed inputs (typed-body-fields.ts: nested objects and arrays too),
// with a switch to the raw JSON text, which stays the source of truth: each
// typed input rewrites its value in it, and switching back reads it again.
// Other bodies are edited as text.

import type { PlaygroundState } from './build-request.js';
import { h } from './element.js';
import { fieldLabel } from './field-label.js';
import { parsedObject } from './json-body.js';
import type { PlaygroundData, PlaygroundMediaType } from './playground-data.js';
import { typedFields } from './typed-body-fields.js';

export function bodyEditor(data: PlaygroundData, state: PlaygroundState, changed: () => void): HTMLElement | undefined {
  const body = data.body;
  if (!body || data.method === 'GET' || data.method === 'HEAD') return undefined;
  const box = h('fieldset', { class: 'docsc-pg-body' }, h('legend', {}, 'Body'));
  const content = h('div');
  let raw = false;
  const render = (focus?: string) => {
    content.replaceChildren();
    const media = body.mediaTypes[state.mediaType];
    if (!media) return;
    if (media.fields) content.append(...formFields(media, state, changed));
    else if (media.properties && !raw && parsedObject(state.bodyText) !== undefined)
      content.append(...typedFields(media.properties, { state, changed, redraw: render }));
    else content.append(rawEditor(media, state, changed));
    if (focus !== undefined) content.querySelector<HTMLElement>(focus)?.focus();
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
