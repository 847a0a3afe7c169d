// Finds the playgrounds of a page (`[data-docsc-playground]` with their
// inline JSON data) and mounts them; pages documented with `<ParamField>`s
// get their parameters from the page first. The bar's copy button works
// whether or not the page has a playground.

import { initApiBar } from './api-bar.js';
import { mountPlayground } from './mount-playground.js';
import type { PlaygroundData } from './playground-data.js';
import { readParamFields } from './read-param-fields.js';

export function initPlayground(root: Document): void {
  initApiBar(root);
  for (const section of root.querySelectorAll<HTMLElement>('[data-docsc-playground]')) {
    const script = section.querySelector('script.docsc-playground-data');
    let data: PlaygroundData;
    try {
      data = JSON.parse(script?.textContent ?? '') as PlaygroundData;
    } catch {
      continue;
    }
    if (data.fromParamFields) data = readParamFields(root, data);
    mountPlayground(section, data);
  }
}
