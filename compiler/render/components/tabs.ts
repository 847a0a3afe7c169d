// Tabs and Tab: every Tab is a panel (`title`, `icon`/`iconType`, `id`: its
// anchor, by default from its title as Mintlify makes it); Tabs puts a
// tablist of their titles before them (tab-list.ts). A Tab outside Tabs is a
// plain panel, shown.

import type { Element, ElementContent } from 'hast';
import { h } from '../hast-nodes.js';
import { type Component, stringProp } from './component.js';
import { iconOf } from './icons.js';
import { hasClass, tabList } from './tab-list.js';

/** A Tab's icon, made where the Tab is written (so an unknown name is reported there), for its button. */
const tabIcons = new WeakMap<Element, ElementContent[]>();

const Tab: Component = (props, context) => {
  const title = stringProp(props, 'title') ?? '';
  // Its anchor, as Mintlify gives it: a link to it selects it (runtime/client/components/open-target.ts).
  const id = stringProp(props, 'id') || context.titledId('Tab', title);
  const panel = h('div', { className: ['docsc-tab-panel'], dataTitle: title, ...(id ? { id } : {}) }, props.children) as Element;
  const icon = iconOf(props, context);
  if (icon.length > 0) tabIcons.set(panel, icon);
  return panel;
};

const Tabs: Component = (props, context) => {
  const panels = props.children.filter((child): child is Element => hasClass(child, 'docsc-tab-panel'));
  const others = props.children.filter((child) => !hasClass(child, 'docsc-tab-panel') && (child.type !== 'text' || child.value.trim() !== ''));
  const labels = panels.map((panel, i) => ({ text: String(panel.properties.dataTitle || `Tab ${i + 1}`), icon: tabIcons.get(panel) ?? [] }));
  return h('div', { className: ['docsc-tab-group'] }, [...tabList('tabs', panels, labels, context), ...others]);
};

export const TAB_COMPONENTS: Record<string, Component> = { Tabs, Tab };
