// What a built-in component is to the JavaScript of a page or snippet
// (create-element.ts makes one per name of the component table).

import type { Component } from './components/component.js';

/** A built-in component as JavaScript sees it (`<Note>`, `Tree.Folder`): an object, never called directly. */
export class BuiltInComponent {
  [member: string]: unknown;
  constructor(
    readonly componentName: string,
    readonly render: Component,
  ) {}
}
