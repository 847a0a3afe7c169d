// The JSX runtime evaluated code runs with: `Fragment`, `jsx`, `jsxs` and
// `jsxDEV`, as @mdx-js/mdx's function bodies and esbuild's output call them,
// building hast through create-element.ts instead of React elements (no
// React anywhere). JSX can run after the module that wrote it was made (a
// snippet's component, called by a later page), so it renders into the
// render context that is active at the time (`withRenderContext`). Also a
// small `react` stand-in for jsx snippets: hooks return their initial state,
// as server rendering does.

import { createElement } from './create-element.js';
import { fragment, toNodes } from './hast-nodes.js';
import type { RenderContext, SourcePlace } from './render-context.js';

let active: RenderContext | undefined;

/** Runs `render` with `context` as the target of any JSX evaluated meanwhile. */
export function withRenderContext<T>(context: RenderContext, render: () => T): T {
  const outer = active;
  active = context;
  try {
    return render();
  } finally {
    active = outer;
  }
}

export const Fragment = Symbol.for('docsc.fragment');

/** Where evaluate-module.ts puts a module's expression functions, so that MDX's content function hands them back. */
export interface ExpressionBundle {
  docscExpressions: (() => unknown)[];
}

export function isExpressionBundle(value: unknown): value is ExpressionBundle {
  return typeof value === 'object' && value !== null && Array.isArray((value as Partial<ExpressionBundle>).docscExpressions);
}

interface JsxSource {
  fileName?: string;
  lineNumber?: number;
  columnNumber?: number;
}

function build(type: unknown, props: Record<string, unknown> | null | undefined, source: JsxSource | undefined): unknown {
  const given = props ?? {};
  if (type === Fragment) return isExpressionBundle(given.children) ? given.children : fragment(toNodes(given.children));
  const context = active;
  if (context === undefined) throw new Error('JSX was evaluated outside of a page render');
  const at: SourcePlace = { file: source?.fileName ?? context.file, line: source?.lineNumber ?? 0, column: source?.columnNumber ?? 0 };
  const nodes = createElement(context, type, given, at, false);
  return nodes.length === 1 ? nodes[0] : fragment(nodes);
}

export function jsx(type: unknown, props: Record<string, unknown> | null, _key?: unknown): unknown {
  return build(type, props, undefined);
}

export function jsxDEV(type: unknown, props: Record<string, unknown> | null, _key: unknown, _isStatic: unknown, source?: JsxSource): unknown {
  return build(type, props, source);
}

/** The runtime object evaluated code destructures. */
export const JSX_RUNTIME = { Fragment, jsx, jsxs: jsx, jsxDEV };

/**
 * `import React, { useState } from 'react'`, and the hooks Mintlify puts in scope without an import: enough for
 * components to render their first state (state is its initial value, effects never run). Nothing runs in the
 * browser, so handlers are left out of the HTML (create-element.ts reports them).
 */
export const REACT_STAND_IN = {
  Fragment,
  createElement: (type: unknown, props: Record<string, unknown> | null, ...children: unknown[]) =>
    build(type, children.length === 0 ? props : { ...props, children: children.length === 1 ? children[0] : children }, undefined),
  useState: <T>(initial: T | (() => T)) => [typeof initial === 'function' ? (initial as () => T)() : initial, () => {}],
  useMemo: <T>(compute: () => T) => compute(),
  useCallback: <T>(callback: T) => callback,
  useRef: <T>(current: T) => ({ current }),
  useEffect: () => effectLeftOut('useEffect'),
  useLayoutEffect: () => effectLeftOut('useLayoutEffect'),
  useContext: (context?: { defaultValue?: unknown }) => context?.defaultValue,
  useReducer: <S, A>(_reducer: (state: S, action: A) => S, initial: S, init?: (arg: S) => S) => [init ? init(initial) : initial, () => {}],
  useId: () => `docsc-id-${active?.nextSerial('react-id') ?? 0}`,
  useTransition: () => [false, (run: () => void) => run()],
  useDeferredValue: <T>(value: T) => value,
  useSyncExternalStore: <T>(_subscribe: unknown, snapshot: () => T, serverSnapshot?: () => T) => (serverSnapshot ?? snapshot)(),
  useImperativeHandle: () => {},
  useInsertionEffect: () => effectLeftOut('useInsertionEffect'),
  startTransition: (run: () => void) => run(),
  // Components wrapped for the browser's sake render as the component itself.
  memo: <C>(component: C) => component,
  forwardRef:
    <P>(render: (props: P, ref: null) => unknown) =>
    (props: P) =>
      render(props, null),
  /** A context's value is its default: a provider renders its children, which are built before it runs. */
  createContext: <T>(defaultValue: T) => {
    const context: { defaultValue: T; Provider: unknown; Consumer: unknown } = {
      defaultValue,
      Provider: ({ children }: { children?: unknown }) => children,
      Consumer: ({ children }: { children?: unknown }) => (typeof children === 'function' ? children(defaultValue) : undefined),
    };
    return context;
  },
  Children: {
    toArray: childArray,
    map: <T>(children: unknown, each: (child: unknown, index: number) => T) => childArray(children).map(each),
    forEach: (children: unknown, each: (child: unknown, index: number) => void) => childArray(children).forEach(each),
    count: (children: unknown) => childArray(children).length,
    only: (children: unknown) => {
      const all = childArray(children);
      if (all.length !== 1) throw new Error('React.Children.only expected to receive a single child');
      return all[0];
    },
  },
};

/**
 * Effects run in the browser only. Inside a component call, an effect makes the component one that must run in the
 * browser too, as a handler does (create-element.ts): a YouTube embed that shows its player once an effect saw it
 * scrolled into view, a table an effect fetches.
 */
function effectLeftOut(hook: string): void {
  active?.droppedHandlers?.add(hook);
}

/** A component's children as a flat list, without the empty ones (null, undefined, booleans), as React counts them. */
function childArray(children: unknown): unknown[] {
  if (Array.isArray(children)) return children.flatMap(childArray);
  return children === null || children === undefined || typeof children === 'boolean' ? [] : [children];
}

/** What MDX files and script snippets may use without importing it (Mintlify pre-injects the hooks; `React` for `React.useState`). */
export const REACT_GLOBALS = [
  'React',
  'useState',
  'useEffect',
  'useRef',
  'useCallback',
  'useMemo',
  'useContext',
  'useReducer',
  'useLayoutEffect',
  'useId',
] as const;

/** A pre-injected name's value. */
export function reactGlobal(name: (typeof REACT_GLOBALS)[number]): unknown {
  return name === 'React' ? REACT_STAND_IN : REACT_STAND_IN[name];
}
