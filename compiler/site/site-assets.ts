// The files every site carries from docsc itself (runtime/): the stylesheet
// and the client scripts bundled from runtime/client/entries/; and mermaid's
// browser bundle when a page has a diagram (only those pages load it:
// runtime/client/components/mermaid.ts).

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { BuildCache } from '../cache/build-cache.js';
import { clientBundleKey, clientScripts, packageVersion } from './client-bundle.js';
import { STYLESHEET_PATH } from './page-layout.js';
import { runtimeFile } from './runtime-files.js';

export interface SiteAsset {
  /** Output-relative path. */
  path: string;
  contents: string | Uint8Array;
}

/** Stylesheets of runtime/, in cascade order, served as one file. */
const STYLESHEETS = ['site.css', 'components.css', 'api-page.css', 'playground.css'];

/** Where pages with a Mermaid diagram load mermaid from. */
export const MERMAID_PATH = '_docsc/mermaid.js';

const require = createRequire(import.meta.url);

/**
 * What the assets are made of besides docsc's own code (runtime/, in the cache's identity): the client bundle's
 * (client-bundle.ts: esbuild's and preact's versions) and mermaid's version, and whether mermaid is shipped. A build
 * keeps the files an earlier one wrote from the same (emit-site.ts): reading mermaid's 3.5 MB and hashing the files
 * cost every build about 20 ms.
 */
export function siteAssetsKey(diagrams: boolean): string {
  return `${clientBundleKey()}\0${diagrams ? `mermaid ${packageVersion('mermaid')}` : ''}`;
}

/** The paths `siteAssets` writes (the client scripts' from the cache, as `siteAssets` takes them). */
export function siteAssetPaths(cache?: BuildCache, diagrams = false): string[] {
  return [STYLESHEET_PATH, ...clientScripts(cache).map((script) => script.path), ...(diagrams ? [MERMAID_PATH] : [])];
}

/** `diagrams`: a page has a Mermaid diagram (else mermaid is not shipped). */
export function siteAssets(cache?: BuildCache, diagrams = false): SiteAsset[] {
  const css = STYLESHEETS.map((name) => readFileSync(runtimeFile(name), 'utf8')).join('\n');
  const assets: SiteAsset[] = [{ path: STYLESHEET_PATH, contents: css }, ...clientScripts(cache)];
  // Its bytes as they are: 3.5 MB decoded to a string (and encoded again to be written) cost 40-80 ms of every build.
  if (diagrams) assets.push({ path: MERMAID_PATH, contents: readFileSync(require.resolve('mermaid/dist/mermaid.min.js')) });
  return assets;
}
