// Snippet: `<Snippet file="intro.mdx" />`, the older way of including a file
// of `snippets/` (what `import Intro from '/snippets/intro.mdx'` does now),
// or of `_snippets/`, the folder's older name, which repositories from then
// still use; rendered in place with the element's other props. A file in
// neither is reported by the snippet loader (as missing from `snippets/`),
// and renders nothing.

import { toNodes } from '../hast-nodes.js';
import { type Component, stringProp } from './component.js';

const Snippet: Component = (props, context) => {
  const file = stringProp(props, 'file')?.trim();
  if (file === undefined || file === '') return [];
  const path = file.replace(/^\/+/, '').replace(/^_?snippets\//, '');
  // A path with `..` is not looked for: the loader refuses it where it leads out of the docs folder.
  const legacy = !path.split('/').includes('..') && !context.hasFile(`snippets/${path}`) && context.hasFile(`_snippets/${path}`);
  const folder = legacy ? '_snippets' : 'snippets';
  const render = context.snippet(`/${folder}/${path}`);
  if (typeof render !== 'function') return [];
  const { file: _file, ...rest } = props;
  return toNodes((render as (props: Record<string, unknown>) => unknown)(rest));
};

export const SNIPPET_COMPONENTS: Record<string, Component> = { Snippet };
