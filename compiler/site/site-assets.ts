// The files every site carries from docsc itself (runtime/): the stylesheet
// and the client scripts bundled from runtime/client/entries/.

import { readFileSync } from 'node:fs';
import type { BuildCache } from '../cache/build-cache.js';
import { clientScripts } from './client-bundle.js';
import { STYLESHEET_PATH } from './page-layout.js';
import { runtimeFile } from './runtime-files.js';

export interface SiteAsset {
  /** Output-relative path. */
  path: string;
  contents: string;
}

/** Stylesheets of runtime/, in cascade order, served as one file. */
const STYLESHEETS = ['site.css', 'components.css', 'playground.css'];

export function siteAssets(cache?: BuildCache): SiteAsset[] {
  const css = STYLESHEETS.map((name) => readFileSync(runtimeFile(name), 'utf8')).join('\n');
  return [{ path: STYLESHEET_PATH, contents: css }, ...clientScripts(cache)];
}
