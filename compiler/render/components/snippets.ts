// Snippet: `<Snippet file="intro.mdx" />`, the older way of including a file
// of `snippets/` (what `import Intro from '/snippets/intro.mdx'` does now),
// rendered in place with the element's other props. A missing file is
// reported by the snippet loader, and renders nothing.

import { toNodes } from '../hast-nodes.js';
import { type Component, stringProp } from './component.js';

const Snippet: Component = (props, context) => {
  const file = stringProp(props, 'file')?.trim();
  if (file === undefined || file === '') return [];
  const path = file.replace(/^\/+/, '');
  const render = context.snippet(`/${path.startsWith('snippets/') ? path : `snippets/${path}`}`);
  if (typeof render !== 'function') return [];
  const { file: _file, ...rest } = props;
  return toNodes((render as (props: Record<string, unknown>) => unknown)(rest));
};

export const SNIPPET_COMPONENTS: Record<string, Component> = { Snippet };
