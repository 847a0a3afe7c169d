// Update: a changelog entry with `label` (also its anchor id, the label's
// slug, so `#v1-2` links to it, unless `id` is given), `description` and
// `tags`.

import type { ElementContent } from 'hast';
import { h, text } from '../hast-nodes.js';
import { type Component, contentProp, stringProp } from './component.js';

const Update: Component = (props, context) => {
  const label = stringProp(props, 'label') ?? '';
  const id = stringProp(props, 'id') || context.uniqueId(label);
  const description = contentProp(props, 'description');
  const tags = tagList(props.tags);
  const meta: ElementContent[] = [h('a', { className: ['docsc-update-label'], href: `#${id}` }, [text(label)])];
  if (description.length > 0) meta.push(h('div', { className: ['docsc-update-description'] }, description));
  if (tags.length > 0)
    meta.push(
      h(
        'ul',
        { className: ['docsc-update-tags'] },
        tags.map((tag) => h('li', { className: ['docsc-update-tag'] }, [text(tag)])),
      ),
    );
  return h('div', { className: ['docsc-update'], id }, [
    h('div', { className: ['docsc-update-meta'] }, meta),
    h('div', { className: ['docsc-update-body'] }, props.children),
  ]);
};

/** `tags={["API", "SDK"]}`, or one string. */
function tagList(value: unknown): string[] {
  if (typeof value === 'string') return value === '' ? [] : [value];
  return Array.isArray(value) ? value.filter((tag): tag is string => typeof tag === 'string' || typeof tag === 'number').map(String) : [];
}

export const UPDATE_COMPONENTS: Record<string, Component> = { Update };
