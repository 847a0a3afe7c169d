// Tabs and Tab: every Tab is a panel (`title`, `icon`/`iconType`); Tabs puts
// a tablist of their titles before them (tab-list.ts). A Tab outside Tabs is
// a plain panel, shown.

import type { Element, ElementContent } from 'hast';
import { h } from '../hast-nodes.js';
import { type Component, stringProp } from './component.js';
import { iconOf } from './icons.js';
import { hasClass, tabList } from './tab-list.js';

/** A Tab's icon, made where the Tab is written (so an unknown name is reported there), for its button. */
const tabIcons = new WeakMap<Element, ElementContent[]>();

const Tab: Component = (props, context) => {
  const panel = h('div', { className: ['docsc-tab-panel'], dataTitle: stringProp(props, 'title') ?? '' }, props.children) as Element;
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
