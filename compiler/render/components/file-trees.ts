// Tree, Tree.Folder and Tree.File: a file tree as nested lists; folders are
// `<details>` (`name`, `defaultOpen`), so they open and close without
// JavaScript. `FileTree` is Tree's other name, as on Mintlify.

import type { Properties } from 'hast';
import { h, text } from '../hast-nodes.js';
import { type Component, flagProp, stringProp } from './component.js';

const Tree: Component = (props) => h('ul', { className: ['docsc-tree'] }, props.children);

const Folder: Component = (props) => {
  const details: Properties = {};
  if (flagProp(props, 'defaultOpen')) details.open = true;
  return h('li', { className: ['docsc-tree-folder'] }, [
    h('details', details, [h('summary', {}, [text(stringProp(props, 'name') ?? '')]), h('ul', {}, props.children)]),
  ]);
};

const File: Component = (props) => h('li', { className: ['docsc-tree-file'] }, [text(stringProp(props, 'name') ?? '')]);

export const TREE_COMPONENTS: Record<string, Component> = { Tree, 'Tree.Folder': Folder, 'Tree.File': File, FileTree: Tree };
