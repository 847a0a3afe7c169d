// What a page body depends on besides its text and snippets: the docs.json
// settings the renderer reads. Today one, `icons.library`. The build puts
// `renderOptionsKey` into every body's cache key (and the API bodies' key),
// so a change of any of them renders the bodies again; the default options
// add nothing to the key.

import { type IconLibrary, iconLibraryOf } from '../icons/icon-svg.js';
import { type JsonNode, nodeAt, toPlain } from '../syntax/json-tree.js';

export interface RenderOptions {
  /** docs.json's `icons.library`: the icon set names resolve to first. */
  iconLibrary: IconLibrary;
}

export const DEFAULT_RENDER_OPTIONS: RenderOptions = { iconLibrary: 'fontawesome' };

/** The render options docs.json sets (read leniently: validation has reported wrong values). */
export function renderOptionsOf(config: JsonNode | undefined): RenderOptions {
  const library = config ? nodeAt(config, ['icons', 'library']) : undefined;
  return { iconLibrary: iconLibraryOf(library === undefined ? undefined : toPlain(library)) };
}

/** The options as a cache-key suffix: '' for the defaults, so default builds keep their keys. */
export function renderOptionsKey(options: RenderOptions): string {
  return options.iconLibrary === 'fontawesome' ? '' : `#icons=${options.iconLibrary}`;
}
