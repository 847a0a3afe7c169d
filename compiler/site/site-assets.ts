// The files every site carries from docsc itself (runtime/): the stylesheet
// and the client scripts bundled from runtime/client/entries/.

import { readFileSync } from 'node:fs';
import { clientScripts } from './client-bundle.js';
import { STYLESHEET_PATH } from './page-layout.js';
import { runtimeFile } from './runtime-files.js';

export interface SiteAsset {
  /** Output-relative path. */
  path: string;
  contents: string;
}

export function siteAssets(): SiteAsset[] {
  return [{ path: STYLESHEET_PATH, contents: readFileSync(runtimeFile('site.css'), 'utf8') }, ...clientScripts()];
}
