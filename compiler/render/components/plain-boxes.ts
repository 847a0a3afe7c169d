// Boxes with little behaviour: Panel (content for the side panel of a page:
// compile-page.ts takes it out of the body, and the layout puts it in the
// page's side column in place of the table of contents), and Color with Color.Row and Color.Item (palette swatches:
// `variant` `compact` or `table`; a row's `title`; an item's `name` and
// `value`, a CSS colour shown as a swatch — or `value={{light, dark}}`), and
// Heading (`<Heading level={3}>`: an `h1`–`h6`, `h2` by default, like an
// `<h2>` written as JSX — no anchor, not in the table of contents, which is
// what its `noAnchor` asks for).

import type { ElementContent } from 'hast';
import { h, text } from '../hast-nodes.js';
import { type Component, cssValue, stringProp } from './component.js';

const Panel: Component = (props) => h('div', { className: ['docsc-panel'] }, props.children);

const Color: Component = (props) => {
  const variant = stringProp(props, 'variant') === 'table' ? 'table' : 'compact';
  return h('div', { className: ['docsc-color', `docsc-color-${variant}`] }, props.children);
};

const ColorRow: Component = (props) => {
  const title = stringProp(props, 'title');
  return h('div', { className: ['docsc-color-row'] }, [
    ...(title === undefined ? [] : [h('div', { className: ['docsc-color-row-title'] }, [text(title)])]),
    h('div', { className: ['docsc-color-row-items'] }, props.children),
  ]);
};

function swatch(value: string | undefined, mode: string | undefined): ElementContent[] {
  const color = cssValue(value);
  if (color === undefined) return [];
  return [h('span', { className: ['docsc-color-swatch'], style: `background: ${color}`, ...(mode === undefined ? {} : { dataMode: mode }) })];
}

const ColorItem: Component = (props) => {
  const name = stringProp(props, 'name') ?? '';
  const raw = props.value;
  const themed = typeof raw === 'object' && raw !== null ? (raw as { light?: unknown; dark?: unknown }) : undefined;
  const light = themed === undefined ? stringProp(props, 'value') : typeof themed.light === 'string' ? themed.light : undefined;
  const dark = themed !== undefined && typeof themed.dark === 'string' ? themed.dark : undefined;
  const shown = [light, dark].filter((v): v is string => v !== undefined).join(' / ');
  return h('div', { className: ['docsc-color-item'], dataValue: shown }, [
    h('span', { className: ['docsc-color-swatches'] }, [...swatch(light, dark === undefined ? undefined : 'light'), ...swatch(dark, 'dark')]),
    ...(name === '' ? [] : [h('span', { className: ['docsc-color-name'] }, [text(name)])]),
    ...(shown === '' ? [] : [h('code', { className: ['docsc-color-value'] }, [text(shown)])]),
  ]);
};

const Heading: Component = (props) => {
  const level = Number(stringProp(props, 'level'));
  return h(`h${Number.isInteger(level) && level >= 1 && level <= 6 ? level : 2}`, {}, props.children);
};

export const PLAIN_BOX_COMPONENTS: Record<string, Component> = { Panel, Color, 'Color.Row': ColorRow, 'Color.Item': ColorItem, Heading };
