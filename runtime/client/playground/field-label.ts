// The label of one playground input, as parameters, form fields and JSON body
// properties all show it: the name, its type when there is one, and a mark
// when it is required.

import { h } from './element.js';

/** The label's text: the name in code, then the type (left out when undefined) and the required mark. */
export function fieldLabel(name: string, type: string | undefined, required: boolean): HTMLElement {
  return h(
    'span',
    { class: 'docsc-pg-label' },
    h('code', {}, name),
    type === undefined ? '' : h('span', { class: 'docsc-pg-type' }, type),
    required ? h('span', { class: 'docsc-pg-required' }, 'required') : '',
  );
}
