// Cards and grids: Card (the whole card is one `<a>` when it has `href`;
// `title`, `icon` with `iconType` and `color`, `img` as a cover image,
// `horizontal` for the icon beside the text, `cta` and `arrow`), CardGroup
// and Columns (`cols`, 1–6, a data attribute the stylesheet reads; narrow
// screens show one column) with Column (one cell of it, holding anything),
// Tile (a preview with a title and description), and GitHub.Repo (a card
// linking to the `repo="owner/name"` on GitHub; Mintlify's also shows its
// stars and forks, fetched by the reader's browser from GitHub's API, which
// docsc's static card leaves out: no request leaves the page).

import type { ElementContent, Properties } from 'hast';
import { h, text } from '../hast-nodes.js';
import { type Component, type ComponentProps, contentProp, cssValue, flagProp, stringProp } from './component.js';
import { iconOf } from './icons.js';

const Card: Component = (props, context) => {
  const href = stringProp(props, 'href');
  const horizontal = flagProp(props, 'horizontal');
  const properties: Properties = { className: ['docsc-card', ...(horizontal ? ['docsc-card-horizontal'] : [])] };
  if (href !== undefined) properties.href = href;
  const img = stringProp(props, 'img');
  const title = contentProp(props, 'title');
  const cta = stringProp(props, 'cta');
  const icon = iconOf(props, context);
  const color = cssValue(stringProp(props, 'color'));
  const arrow = props.arrow === undefined ? false : flagProp(props, 'arrow');
  const textParts: ElementContent[] = [
    ...(title.length === 0 ? [] : [h('div', { className: ['docsc-card-title'] }, title)]),
    ...(props.children.length === 0 ? [] : [h('div', { className: ['docsc-card-body'] }, props.children)]),
    ...(cta === undefined ? [] : [h('span', { className: ['docsc-card-cta'] }, [text(cta)])]),
  ];
  return h(href === undefined ? 'div' : 'a', properties, [
    ...(img === undefined ? [] : [h('img', { className: ['docsc-card-image'], src: img, alt: '', loading: 'lazy' })]),
    h('div', { className: ['docsc-card-content'] }, [
      ...(icon.length === 0
        ? []
        : [h('span', { className: ['docsc-card-icon'], ...(color === undefined ? {} : { style: `color: ${color}` }) }, icon)]),
      h('div', { className: ['docsc-card-text'] }, textParts),
      ...(arrow && href !== undefined ? [h('span', { className: ['docsc-card-arrow'], ariaHidden: 'true' }, [text('→')])] : []),
    ]),
  ]);
};

function grid(className: string): Component {
  return (props) => {
    const cols = Number(stringProp(props, 'cols') ?? '2');
    return h('div', { className: [className], dataCols: String(Number.isInteger(cols) ? Math.min(Math.max(cols, 1), 6) : 2) }, props.children);
  };
}

const Tile: Component = (props) => {
  const href = stringProp(props, 'href');
  const properties: Properties = { className: ['docsc-tile'] };
  if (href !== undefined) properties.href = href;
  return h(href === undefined ? 'div' : 'a', properties, [
    ...(props.children.length === 0 ? [] : [h('div', { className: ['docsc-tile-preview'] }, props.children)]),
    ...labelled(props, 'title', 'docsc-tile-title'),
    ...labelled(props, 'description', 'docsc-tile-description'),
  ]);
};

function labelled(props: ComponentProps, name: string, className: string): ElementContent[] {
  const content = contentProp(props, name);
  return content.length === 0 ? [] : [h('div', { className: [className] }, content)];
}

const Column: Component = (props) => h('div', { className: ['docsc-column'] }, props.children);

/** A repository's card; `repo` must be `owner/name`, else the card names it without a link. */
const GitHubRepo: Component = (props) => {
  const repo = stringProp(props, 'repo')?.trim() ?? '';
  const valid = /^[\w.-]+\/[\w.-]+$/.test(repo);
  const properties: Properties = { className: ['docsc-card', 'docsc-github-repo'] };
  if (valid) properties.href = `https://github.com/${repo}`;
  return h(valid ? 'a' : 'div', properties, [
    h('div', { className: ['docsc-card-content'] }, [
      h('div', { className: ['docsc-card-text'] }, [h('div', { className: ['docsc-card-title'] }, [text(repo)])]),
    ]),
  ]);
};

/** `<GitHub>` holds nothing of its own: `GitHub.Repo` is the component (Mintlify also accepts `Github`). */
const GitHub: Component = (props) => props.children;

export const CARD_COMPONENTS: Record<string, Component> = {
  Card,
  CardGroup: grid('docsc-card-group'),
  Columns: grid('docsc-columns'),
  Column,
  Tile,
  GitHub,
  'GitHub.Repo': GitHubRepo,
  Github: GitHub,
  'Github.Repo': GitHubRepo,
};
