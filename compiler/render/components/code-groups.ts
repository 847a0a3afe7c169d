// Code groups: CodeGroup, RequestExample and ResponseExample — tabs over
// code blocks (code-block.ts), each labelled by its fence title, else its
// language, with the fence's icon (tab-list.ts); a block's own title bar
// gives way to the tab. `dropdown` asks for a language menu instead of tabs
// (a data attribute the runtime reads). The examples are marked with
// `data-example` for the API page layout.

import type { Element, ElementContent } from 'hast';
import { h } from '../hast-nodes.js';
import { type Component, flagProp } from './component.js';
import { hasClass, tabList } from './tab-list.js';

function codeGroup(example: 'request' | 'response' | undefined): Component {
  return (props, context) => {
    const blocks = props.children.filter((child): child is Element => hasClass(child, 'docsc-code-block'));
    const others = props.children.filter((child) => !blocks.includes(child as Element) && (child.type !== 'text' || child.value.trim() !== ''));
    const labels = blocks.map((block, i) => {
      const header = block.children.find((child) => hasClass(child, 'docsc-code-header'));
      if (header !== undefined) block.children = block.children.filter((child) => child !== header);
      const icon = header?.type === 'element' ? header.children.filter((child) => hasClass(child, 'docsc-icon')) : [];
      return { text: String(block.properties.dataTitle || block.properties.dataLanguage || `Example ${i + 1}`), icon: icon as ElementContent[] };
    });
    const className = ['docsc-code-group', ...(example === undefined ? [] : [`docsc-${example}-example`])];
    return h(
      'div',
      { className, ...(example === undefined ? {} : { dataExample: example }), ...(flagProp(props, 'dropdown') ? { dataDropdown: '' } : {}) },
      [...tabList('code-group', blocks, labels, context), ...others],
    );
  };
}

export const CODE_GROUP_COMPONENTS: Record<string, Component> = {
  CodeGroup: codeGroup(undefined),
  RequestExample: codeGroup('request'),
  ResponseExample: codeGroup('response'),
};
