// Pages with interactive components (compiler/render/islands.ts) carry their
// code as `script.docsc-islands`; only those pages load Preact and the
// components' runner, `_docsc/islands.js` (entries/islands.ts).

import { sitePath } from '../site/site-path.js';

export function initIslands(root: ParentNode): void {
  if (root.querySelector('script.docsc-islands') === null) return;
  import(/* @vite-ignore */ sitePath('/_docsc/islands.js'))
    .then((runner: { mountIslands(root: ParentNode): void }) => runner.mountIslands(root))
    .catch((error: unknown) => console.error('docsc: interactive components could not be loaded', error));
}
