// What a page body depends on besides its text and snippets: the docs.json
// settings the renderer reads — `icons.library` — and the base path the site
// is served under (`--base-path`, site/base-path.ts), which every site path a
// body links to starts with. The build puts `renderOptionsKey` into every
// body's cache key (and the API bodies' key), so a change of any of them
// renders the bodies again; the default options add nothing to the key.

import { type IconLibrary, iconLibraryOf } from '../icons/icon-svg.js';
import { type JsonNode, nodeAt, toPlain } from '../syntax/json-tree.js';

export interface RenderOptions {
  /** docs.json's `icons.library`: the icon set names resolve to first. */
  iconLibrary: IconLibrary;
  /** The site's base path (`/docs`), or '' at the root of its host. */
  basePath: string;
}

export const DEFAULT_RENDER_OPTIONS: RenderOptions = { iconLibrary: 'fontawesome', basePath: '' };

/** The render options docs.json sets (read leniently: validation has reported wrong values), with the build's base path. */
export function renderOptionsOf(config: JsonNode | undefined, basePath = ''): RenderOptions {
  const library = config ? nodeAt(config, ['icons', 'library']) : undefined;
  return { iconLibrary: iconLibraryOf(library === undefined ? undefined : toPlain(library)), basePath };
}

/** The options as a cache-key suffix: '' for the defaults, so default builds keep their keys. */
export function renderOptionsKey(options: RenderOptions): string {
  return `${options.iconLibrary === 'fontawesome' ? '' : `#icons=${options.iconLibrary}`}${options.basePath === '' ? '' : `#base=${options.basePath}`}`;
}
