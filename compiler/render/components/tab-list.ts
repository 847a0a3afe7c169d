// The tab structure Tabs and the code groups share: a `role="tablist"` of
// buttons, then every panel, each after a heading of its label
// (`docsc-tab-heading`). The first button is `aria-selected` and the first
// panel `data-selected`. With JavaScript (`<html class="docsc-js">`, set by
// the head script) the stylesheet hides the headings and the other panels,
// and the site runtime (runtime/client/components/tabs.ts) switches panels
// and keeps every tab group of the page with a tab of the same label
// (`data-label`) in step; without it the tablist is hidden and every panel
// shows under its heading, so every tab can be read. Ids are numbered per
// page in document order, so they are deterministic; a panel that has an id
// (a Tab's anchor) keeps it.

import type { Element, ElementContent } from 'hast';
import { h, text } from '../hast-nodes.js';
import type { ComponentContext } from './component.js';

export interface TabLabel {
  text: string;
  icon: ElementContent[];
}

export function tabList(kind: string, panels: readonly Element[], labels: readonly TabLabel[], context: ComponentContext): ElementContent[] {
  const n = context.nextSerial(kind);
  const idOf = (part: string, i: number) => `docsc-${kind}-${n}-${part}-${i + 1}`;
  // A panel with an anchor of its own (a Tab's) keeps it.
  const panelIds = panels.map((panel, i) =>
    typeof panel.properties.id === 'string' && panel.properties.id !== '' ? panel.properties.id : idOf('panel', i),
  );
  const buttons = panels.map((_, i) => {
    const label = labels[i] ?? { text: `${i + 1}`, icon: [] };
    return h(
      'button',
      {
        type: 'button',
        role: 'tab',
        id: idOf('tab', i),
        ariaControls: [panelIds[i] as string],
        ariaSelected: i === 0 ? 'true' : 'false',
        tabIndex: i === 0 ? 0 : -1,
        className: ['docsc-tab'],
        dataLabel: label.text,
      },
      [...label.icon, text(label.text)],
    );
  });
  panels.forEach((panel, i) => {
    panel.properties.role = 'tabpanel';
    panel.properties.id = panelIds[i] as string;
    panel.properties.ariaLabelledBy = [idOf('tab', i)];
    panel.properties.tabIndex = 0;
    if (i === 0) panel.properties.dataSelected = '';
  });
  const headed = panels.flatMap((panel, i) => {
    const label = labels[i] ?? { text: `${i + 1}`, icon: [] };
    return [h('p', { className: ['docsc-tab-heading'] }, [...structuredClone(label.icon), text(label.text)]), panel];
  });
  return [h('div', { role: 'tablist', className: ['docsc-tablist'] }, buttons), ...headed];
}

export function hasClass(node: ElementContent, name: string): node is Element {
  if (node.type !== 'element') return false;
  const classes: unknown = node.properties.className;
  return Array.isArray(classes) ? classes.includes(name) : typeof classes === 'string' && classes.split(/\s+/).includes(name);
}
