// Built-in components inside an interactive component. Interactive
// calculators and forms sit in cards and callouts (`<Columns cols={2}><Card
// title="Price" icon="circle-dollar">…`), and the built-ins exist only at
// build time. Each such call is rendered once with a slot for its children;
// the HTML it made, the slot marked (its shell), goes to the browser under
// the call's key (shell-key.ts), where the island's code finds it again at
// every render and fills the slot with its live children. A built-in that
// reads its children (tabs, code groups, a code block colouring its text) or
// whose props are not plain data has no shell: the component then stays at
// its first state, as before (`render/not-interactive` says so).

import type { Element, ElementContent } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { isJson } from './islands.js';
import { SHELL_SLOT, shellKey } from './shell-key.js';

/**
 * Built-ins that place their children whole, without looking into them, and need nothing of the page beyond their
 * own markup: one shell stands for every call with the same props. Not in it: Tabs, CodeGroup, CodeBlock, Latex and
 * Tree (they read their children), Update and View (the page's changelog and view selector read them), Color and
 * GitHub (rare in code, and not worth the risk).
 */
const SHELL_COMPONENTS = new Set([
  'Note',
  'Warning',
  'Info',
  'Tip',
  'Check',
  'Danger',
  'Callout',
  'Card',
  'CardGroup',
  'Columns',
  'Column',
  'Tile',
  'Accordion',
  'AccordionGroup',
  'Expandable',
  'ParamField',
  'Param',
  'ResponseField',
  'Icon',
  'Tooltip',
  'Badge',
  'Frame',
  'Panel',
  'Steps',
  'Step',
]);

/** A built-in's shell, as an island's data carries it: its name, its call's key, its HTML with the slot a comment. */
export interface Shell {
  name: string;
  key: string;
  html: string;
}

/** A call of a built-in inside an island, rendered with a slot in place of its children. */
export interface ShellCall {
  name: string;
  key: string;
  /** Undefined when the call has no children. */
  slot: Element | undefined;
}

/** The call's key and slot, or undefined when no shell can stand for it (the component or a prop). */
export function shellCall(name: string, props: Readonly<Record<string, unknown>>, children: readonly ElementContent[]): ShellCall | undefined {
  if (!SHELL_COMPONENTS.has(name)) return undefined;
  // An element given as a prop (`icon={<svg …/>}`) is data at build time, a Preact element in the browser.
  if (Object.entries(props).some(([prop, value]) => prop !== 'children' && value !== undefined && !isJson(value))) return undefined;
  const key = shellKey(props, children.length > 0);
  if (key === undefined) return undefined;
  return { name, key, slot: children.length === 0 ? undefined : { type: 'element', tagName: SHELL_SLOT, properties: {}, children: [] } };
}

/**
 * The shell of what `call` rendered, and its children put in the slot (in place, in `nodes`); undefined when the
 * component did not place the slot exactly once.
 */
export function fillShell(call: ShellCall, nodes: ElementContent[], children: readonly ElementContent[]): Shell | undefined {
  const { slot } = call;
  if (slot === undefined) return { name: call.name, key: call.key, html: toHtml(nodes, { allowDangerousHtml: true }) };
  const places = placesOf(nodes, slot);
  const [place] = places;
  if (place === undefined || places.length > 1) return undefined;
  const [holder, index] = place;
  holder[index] = { type: 'comment', value: SHELL_SLOT };
  const html = toHtml(nodes, { allowDangerousHtml: true });
  holder.splice(index, 1, ...children);
  return { name: call.name, key: call.key, html };
}

/** Where `slot` is in `nodes` and their descendants: each list that holds it, and its index there. */
function placesOf(nodes: ElementContent[], slot: Element): [ElementContent[], number][] {
  const places: [ElementContent[], number][] = [];
  const pending: ElementContent[][] = [nodes];
  for (let list = pending.pop(); list !== undefined; list = pending.pop()) {
    list.forEach((node, index) => {
      if (node === slot) places.push([list, index]);
      else if (node.type === 'element') pending.push(node.children);
    });
  }
  return places;
}
