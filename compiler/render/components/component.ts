// What a built-in component is: a function of its props (attribute values as
// written or evaluated, and `children` already rendered to hast) to hast, with
// a small context for page-unique ids. Components make plain semantic HTML
// with `docsc-` classes and data attributes; styling and behaviour belong to
// the site runtime. Attribute values go into the tree as data —
// hast-util-to-html escapes them — and URL props (`href`, `src`, `img`) have
// been checked and made absolute before a component sees them.

import type { ElementContent } from 'hast';
import { text, toNodes } from '../hast-nodes.js';

export interface ComponentProps {
  readonly [name: string]: unknown;
  readonly children: ElementContent[];
}

export interface ComponentContext {
  /** An id not yet used on the page, from `text` (GitHub slug; `-1`, `-2` on repeats). */
  uniqueId(text: string, prefix?: string): string;
  /** The anchor of a ParamField or ResponseField named `name`, unique on the page (`param-<name>`, as Mintlify makes it). */
  fieldId(name: string): string;
  /** The anchor of a Tab, Accordion or View without an `id`, from its title, as Mintlify makes it (undefined: none). */
  titledId(component: 'Tab' | 'Accordion' | 'View', title: string): string | undefined;
  /** 1, 2, 3… per kind, in document order: ids of generated structure. */
  nextSerial(kind: string): number;
  /** True when the element was written inside a paragraph: make phrasing content. */
  inline: boolean;
  /** An icon by name or image URL (render-icon.ts); an unknown name is reported at the element. */
  icon(name: string, type?: string): ElementContent | undefined;
  /** Reports a prop left out because the component cannot show its value (`icon={{ … }}`), at the attribute; `expected` says what it takes. */
  ignoredProp(name: string, expected: string, value: unknown): void;
  /** The default export of a snippet file (`/snippets/x.mdx`), or undefined (reported) when there is none. */
  snippet(specifier: string): unknown;
  /** Whether the project has the file (project-relative); the body depends on the answer. */
  hasFile(path: string): boolean;
}

export type Component = (props: ComponentProps, context: ComponentContext) => ElementContent | ElementContent[];

/** A string-valued prop: strings as given, numbers as text; anything else is absent. */
export function stringProp(props: ComponentProps, name: string): string | undefined {
  const value = props[name];
  if (typeof value === 'string') return value;
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : undefined;
}

/** What a value is, for a message: `an object`, `an array`, `a function`, `a Date` (by its constructor). */
export function valueKind(value: unknown): string {
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'function') return 'a function';
  if (value === null) return '`null`';
  if (typeof value !== 'object') return `a ${typeof value}`;
  try {
    const name = (Object.getPrototypeOf(value) as { constructor?: { name?: unknown } } | null)?.constructor?.name;
    if (typeof name !== 'string' || !/^[A-Z]\w*$/.test(name) || name === 'Object') return 'an object';
    return `${/^[AEIOU]/.test(name) ? 'an' : 'a'} \`${name}\``;
  } catch {
    return 'an object';
  }
}

/** A flag: `required`, `required={true}` and `required="true"` are set. */
export function flagProp(props: ComponentProps, name: string): boolean {
  const value = props[name];
  return value === true || value === 'true' || value === '';
}

/** A prop shown as content: text, or nodes (`title={<b>x</b>}`). */
export function contentProp(props: ComponentProps, name: string): ElementContent[] {
  const value = props[name];
  return typeof value === 'string' ? (value === '' ? [] : [text(value)]) : toNodes(value);
}

/** A CSS colour or length as written (`#0f766e`, `rgb(1 2 3 / 50%)`, `red`, `24px`): nothing that could end a declaration. */
export function cssValue(value: string | undefined): string | undefined {
  return value !== undefined && /^[#\w\s(),./%+-]+$/.test(value) ? value.trim() : undefined;
}
