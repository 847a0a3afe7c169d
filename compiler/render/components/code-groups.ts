// Code groups: CodeGroup, RequestExample and ResponseExample — tabs over
// code blocks (code-block.ts), each labelled by its fence title, else its
// language, with the fence's icon (tab-list.ts); a block's own title bar
// gives way to the tab. `dropdown` asks for a language menu instead of tabs
// (a data attribute the runtime reads). The examples are marked with
// `data-example` for the API page layout. CodeBlock is one code block made
// by a component instead of a fence (Mintlify's, for custom components:
// `language`, `filename`, `icon`, `lines`, `wrap`, `expandable`, and
// `highlight`/`focus` as a list of line numbers, `"[1,3]"`), its text the
// children's.

import type { Element, ElementContent } from 'hast';
import { codeBlock } from '../code-block.js';
import { lineNumbers } from '../code-meta.js';
import { h, textOf } from '../hast-nodes.js';
import { type Component, type ComponentProps, flagProp, stringProp } from './component.js';
import { iconOf } from './icons.js';
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

/** `"[1,3,4]"` (or a fence's `1,3-5`): the line numbers, ascending, without repeats. */
function lineList(props: ComponentProps, name: string): number[] {
  const numbers = lineNumbers((stringProp(props, name) ?? '').replace(/[[\]]/g, ''));
  return [...new Set(numbers)].sort((a, b) => a - b);
}

const CodeBlock: Component = (props, context) => {
  const title = stringProp(props, 'filename');
  const meta = {
    ...(title === undefined ? {} : { title }),
    highlight: lineList(props, 'highlight'),
    focus: lineList(props, 'focus'),
    wrap: flagProp(props, 'wrap'),
    lines: flagProp(props, 'lines'),
    expandable: flagProp(props, 'expandable'),
  };
  return codeBlock(textOf(props.children).replace(/^\n+|\n+$/g, ''), stringProp(props, 'language'), meta, iconOf(props, context)[0]);
};

export const CODE_GROUP_COMPONENTS: Record<string, Component> = {
  CodeBlock,
  CodeGroup: codeGroup(undefined),
  RequestExample: codeGroup('request'),
  ResponseExample: codeGroup('response'),
};
