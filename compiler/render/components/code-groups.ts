// Code groups: CodeGroup, RequestExample and ResponseExample — tabs over
// code blocks, each labelled by its fence title, else its language
// (tab-list.ts). The examples are marked with `data-example` for the API
// page layout.

import type { Element } from 'hast';
import { h } from '../hast-nodes.js';
import type { Component } from './component.js';
import { tabList } from './tab-list.js';

function codeGroup(example: 'request' | 'response' | undefined): Component {
  return (props, context) => {
    const blocks = props.children.filter((child): child is Element => child.type === 'element' && child.tagName === 'pre');
    const others = props.children.filter((child) => !blocks.includes(child as Element) && (child.type !== 'text' || child.value.trim() !== ''));
    const labels = blocks.map((block, i) => String(block.properties.dataTitle || block.properties.dataLanguage || `Example ${i + 1}`));
    const className = ['docsc-code-group', ...(example === undefined ? [] : [`docsc-${example}-example`])];
    return h('div', { className, ...(example === undefined ? {} : { dataExample: example }) }, [
      ...tabList('code-group', blocks, labels, context),
      ...others,
    ]);
  };
}

export const CODE_GROUP_COMPONENTS: Record<string, Component> = {
  CodeGroup: codeGroup(undefined),
  RequestExample: codeGroup('request'),
  ResponseExample: codeGroup('response'),
};
