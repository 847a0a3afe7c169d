// Update: a changelog entry with `label` (also its anchor id, the label's
// slug, so `#v1-2` links to it, unless `id` is given), `description` and
// `tags`; `rss={{ title, description }}` is what a page's feed shows for it
// (kept on the element's `data` for render/feed-entries.ts).

import type { Element, ElementContent } from 'hast';
import type { UpdateData } from '../feed-entries.js';
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
  const update = h('div', { className: ['docsc-update'], id }, [
    h('div', { className: ['docsc-update-meta'] }, meta),
    h('div', { className: ['docsc-update-body'] }, props.children),
  ]) as Element;
  const rss = rssProp(props.rss);
  if (rss !== undefined) update.data = { rss } satisfies UpdateData as Element['data'];
  return update;
};

/** `rss={{ title: "…", description: "…" }}`: its strings; undefined when it names neither. */
function rssProp(value: unknown): UpdateData['rss'] {
  if (typeof value !== 'object' || value === null) return undefined;
  const { title, description } = value as Record<string, unknown>;
  const rss: NonNullable<UpdateData['rss']> = {};
  if (typeof title === 'string') rss.title = title;
  if (typeof description === 'string') rss.description = description;
  return Object.keys(rss).length > 0 ? rss : undefined;
}

/** `tags={["API", "SDK"]}`, or one string. */
function tagList(value: unknown): string[] {
  if (typeof value === 'string') return value === '' ? [] : [value];
  return Array.isArray(value) ? value.filter((tag): tag is string => typeof tag === 'string' || typeof tag === 'number').map(String) : [];
}

export const UPDATE_COMPONENTS: Record<string, Component> = { Update };
