// The tab structure Tabs and the code groups share: a `role="tablist"` of
// buttons, then every panel. All panels are in the HTML, so a reader without
// JavaScript sees every one of them, one after another; the first button is
// `aria-selected` and the first panel `data-selected`, and the site runtime
// hides the others once it runs. Ids are numbered per page in document
// order, so they are deterministic.

import type { Element, ElementContent } from 'hast';
import { h, text } from '../hast-nodes.js';
import type { ComponentContext } from './component.js';

export function tabList(kind: string, panels: readonly Element[], labels: readonly string[], context: ComponentContext): ElementContent[] {
  const n = context.nextSerial(kind);
  const idOf = (part: string, i: number) => `docsc-${kind}-${n}-${part}-${i + 1}`;
  const buttons = panels.map((_, i) =>
    h(
      'button',
      {
        type: 'button',
        role: 'tab',
        id: idOf('tab', i),
        ariaControls: [idOf('panel', i)],
        ariaSelected: i === 0 ? 'true' : 'false',
        className: ['docsc-tab'],
      },
      [text(labels[i] ?? `${i + 1}`)],
    ),
  );
  panels.forEach((panel, i) => {
    panel.properties.role = 'tabpanel';
    panel.properties.id = idOf('panel', i);
    panel.properties.ariaLabelledBy = [idOf('tab', i)];
    if (i === 0) panel.properties.dataSelected = '';
  });
  return [h('div', { role: 'tablist', className: ['docsc-tablist'] }, buttons), ...panels];
}

export function hasClass(node: ElementContent, name: string): node is Element {
  if (node.type !== 'element') return false;
  const classes: unknown = node.properties.className;
  return Array.isArray(classes) ? classes.includes(name) : typeof classes === 'string' && classes.split(/\s+/).includes(name);
}
