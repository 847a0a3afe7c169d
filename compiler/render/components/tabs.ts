// Tabs and Tab: every Tab is a panel (`title`, `icon`); Tabs puts a tablist
// of their titles before them (tab-list.ts). A Tab outside Tabs is a plain
// panel.

import type { Element } from 'hast';
import { h } from '../hast-nodes.js';
import { type Component, stringProp } from './component.js';
import { iconOf } from './icons.js';
import { hasClass, tabList } from './tab-list.js';

const Tab: Component = (props) => {
  const title = stringProp(props, 'title') ?? '';
  const icon = iconOf(props);
  return h(
    'div',
    { className: ['docsc-tab-panel'], dataTitle: title, ...(icon.length > 0 ? { dataIcon: stringProp(props, 'icon') } : {}) },
    props.children,
  );
};

const Tabs: Component = (props, context) => {
  const panels = props.children.filter((child): child is Element => hasClass(child, 'docsc-tab-panel'));
  const others = props.children.filter((child) => !hasClass(child, 'docsc-tab-panel') && (child.type !== 'text' || child.value.trim() !== ''));
  const labels = panels.map((panel, i) => String(panel.properties.dataTitle || `Tab ${i + 1}`));
  return h('div', { className: ['docsc-tabs'] }, [...tabList('tabs', panels, labels, context), ...others]);
};

export const TAB_COMPONENTS: Record<string, Component> = { Tabs, Tab };
