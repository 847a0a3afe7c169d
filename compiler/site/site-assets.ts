// The files every site carries from docsc itself (runtime/): the stylesheet
// today, the client bundle with the site runtime.

import { readFileSync } from 'node:fs';
import { STYLESHEET_PATH } from './page-layout.js';
import { runtimeFile } from './runtime-files.js';

export interface SiteAsset {
  /** Output-relative path. */
  path: string;
  contents: string;
}

export function siteAssets(): SiteAsset[] {
  return [{ path: STYLESHEET_PATH, contents: readFileSync(runtimeFile('site.css'), 'utf8') }];
}
