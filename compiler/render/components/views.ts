// View: one of several versions of a page's content (`title`, `icon`) —
// by programming language, say. Each View is a section titled by its
// `title`; the site runtime (runtime/client/components/views.ts) gathers the
// page's Views behind one selector and hides the title lines, so without
// JavaScript every View shows, one after another, under its title.
//
// Visibility: content for one audience. `for="agents"` is for the Markdown
// readers and agents get, so the site leaves it out (and the page's summary
// its headings and ids); anything else (`for="humans"`) shows on the site.
// The page's `.md` file does the reverse (site/markdown-copy.ts).

import { h, text } from '../hast-nodes.js';
import { type Component, stringProp } from './component.js';
import { iconOf } from './icons.js';

const View: Component = (props, context) => {
  const title = stringProp(props, 'title') ?? '';
  // Its anchor, as Mintlify gives it (a link to it selects it: runtime/client/components/open-target.ts).
  const id = stringProp(props, 'id') || context.titledId('View', title);
  return h('section', { className: ['docsc-view'], dataViewTitle: title, ...(id ? { id } : {}) }, [
    h('p', { className: ['docsc-view-title'] }, [...iconOf(props, context), text(title)]),
    ...props.children,
  ]);
};

const Visibility: Component = (props) => (stringProp(props, 'for') === 'agents' ? [] : props.children);

export const VIEW_COMPONENTS: Record<string, Component> = { View, Visibility };
