// Tabs in the API reference, as HTML strings with the markup of the pages'
// own tabs (compiler/render/components/tab-list.ts): a `role="tablist"` of
// buttons, then every panel after a heading of its label. The site runtime
// (runtime/client/components/tabs.ts) switches them and keeps tabs of the
// same label in step across the page — picking `201` in the responses
// shows the `201` response example too; without JavaScript the tablist is
// hidden and every panel shows under its heading. Ids derive from `base`,
// which the caller makes unique on the page (a field's anchor, a section's
// name), so that memoized schema subtrees never repeat an id.

import { escapeHtml } from '../site/escape-html.js';

export interface TabPanel {
  /** The tab's text (escaped here). */
  label: string;
  /** The panel's inner HTML (trusted: made by the reference's renderers). */
  html: string;
  /** Extra attributes of the panel element, already escaped (` data-generated="curl"`). */
  attributes?: string;
  /** The panel's element: `div` unless said. */
  tag?: 'div' | 'figure';
  /** Extra classes of the panel. */
  className?: string;
}

export interface TabOptions {
  /** The group's classes besides `docsc-code-group` / `docsc-tab-group`. */
  className?: string;
  /** Extra attributes of the group element, already escaped. */
  attributes?: string;
  /** A `<select>` in place of the buttons (many languages, named examples): tabs.ts adds it. */
  dropdown?: boolean;
  /** Code panels (`docsc-code-group`, which the stylesheet frames as one card) rather than content panels. */
  code?: boolean;
  /** HTML put before the tablist, inside the group (a card's title). */
  before?: string;
}

/** A tab group over `panels`; a single panel is still a group (its one tab names it, e.g. a status code). */
export function renderTabs(base: string, panels: readonly TabPanel[], options: TabOptions = {}): string {
  const id = (part: string, i: number) => `docsc-${base}-${part}-${i + 1}`;
  const buttons = panels.map(
    (panel, i) =>
      `<button type="button" role="tab" id="${escapeHtml(id('tab', i))}" aria-controls="${escapeHtml(id('panel', i))}" aria-selected="${i === 0 ? 'true' : 'false'}" tabindex="${i === 0 ? '0' : '-1'}" class="docsc-tab" data-label="${escapeHtml(panel.label)}">${escapeHtml(panel.label)}</button>`,
  );
  const headed = panels.map((panel, i) => {
    const tag = panel.tag ?? 'div';
    const classes = panel.className ? ` class="${panel.className}"` : '';
    return `<p class="docsc-tab-heading">${escapeHtml(panel.label)}</p><${tag}${classes} role="tabpanel" id="${escapeHtml(id('panel', i))}" aria-labelledby="${escapeHtml(id('tab', i))}" tabindex="0"${i === 0 ? ' data-selected' : ''}${panel.attributes ?? ''}>${panel.html}</${tag}>`;
  });
  const group = options.code ? 'docsc-code-group' : 'docsc-tab-group';
  const classes = [group, options.className].filter((c) => c !== undefined && c !== '').join(' ');
  return `<div class="${classes}"${options.dropdown ? ' data-dropdown' : ''}${options.attributes ?? ''}>${options.before ?? ''}<div role="tablist" class="docsc-tablist">${buttons.join('')}</div>${headed.join('')}</div>`;
}
