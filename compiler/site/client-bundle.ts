// The site's client code: every `runtime/client/entries/<name>.ts` is bundled
// by esbuild into `_docsc/<name>.js` (ES module, minified, no source map).
// Entries are independent: pages load only the ones they need (`site` on
// every page, `playground` on API pages). The bytes are a pure function of
// runtime/ (part of the tool's identity, which keys the cache) and esbuild's
// version and Preact's (part of the key here). `npm run build:ts` bundles
// them into dist/client-scripts/ (cli/build-client-scripts.ts), stamped with
// that key and runtime/'s hash, and a build takes them from there; without
// them (a checkout whose dist/ is older than its runtime/), they are bundled
// once per process and kept in the build cache when there is one. Bundling
// took 0.22-0.45 s of every build with an empty cache, on its main thread (an
// esbuild process started, four entries). esbuild itself is loaded only to
// bundle (20 ms of module loading); its version is read from its package.json.

import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, join } from 'node:path';
import type * as Esbuild from 'esbuild';
import type { BuildCache } from '../cache/build-cache.js';
import { docscRoot } from '../host/package-above.js';
import { runtimeIdentity } from '../version.js';
import { runtimeFile } from './runtime-files.js';

export const CLIENT_DIR = '_docsc';

export interface ClientScript {
  /** Output-relative path: `_docsc/<name>.js`. */
  path: string;
  contents: string;
}

const require = createRequire(import.meta.url);
let bundled: ClientScript[] | undefined;

export function clientScripts(cache?: BuildCache): ClientScript[] {
  bundled ??= prebuiltScripts();
  if (bundled !== undefined) return bundled;
  const key = clientBundleKey();
  bundled = cache?.get<ClientScript[]>('derived', key);
  if (bundled === undefined) {
    bundled = bundleClientScripts();
    cache?.put('derived', key, bundled);
  }
  return bundled;
}

/** What the bundle is made of besides docsc's own code (runtime/, in the cache's identity). */
export function clientBundleKey(): string {
  // Preact is bundled into `islands.js`: its version matters as esbuild's does.
  return `client-bundle\0${packageVersion('esbuild')}\0${packageVersion('preact')}`;
}

export function packageVersion(name: string): string {
  return (require(`${name}/package.json`) as { version: string }).version;
}

/** The output path of the entry `name`, for `<script type="module" src>`. */
export function clientScriptPath(name: string): string {
  return `${CLIENT_DIR}/${name}.js`;
}

/** What `npm run build:ts` wrote (cli/build-client-scripts.ts): the scripts, and what they were bundled from. */
export interface PrebuiltStamp {
  /** `clientBundleKey()`: esbuild's and Preact's versions. */
  key: string;
  /** `runtimeIdentity()`: runtime/'s hash. */
  runtime: string;
  /** The entries' names, in order: `<name>.js` beside the stamp. */
  names: string[];
}

export const PREBUILT_STAMP = 'stamp.json';

/** The folder of the scripts bundled when docsc was built, in its package's dist/ (undefined when that is not found). */
export function prebuiltFolder(): string | undefined {
  const root = docscRoot();
  return root === undefined ? undefined : join(root, 'dist', 'client-scripts');
}

/** The scripts bundled when docsc was built, when bundled from this runtime/ with these packages; else undefined. */
export function prebuiltScripts(folder = prebuiltFolder()): ClientScript[] | undefined {
  if (folder === undefined) return undefined;
  try {
    const stamp = JSON.parse(readFileSync(join(folder, PREBUILT_STAMP), 'utf8')) as Partial<PrebuiltStamp>;
    if (stamp.key !== clientBundleKey() || stamp.runtime === undefined || stamp.runtime !== runtimeIdentity() || !Array.isArray(stamp.names))
      return undefined;
    return stamp.names.map((name) => ({ path: clientScriptPath(name), contents: readFileSync(join(folder, `${name}.js`), 'utf8') }));
  } catch {
    return undefined;
  }
}

/** Every entry of runtime/client/entries/ bundled by esbuild, in name order. */
export function bundleClientScripts(): ClientScript[] {
  const dir = runtimeFile(join('client', 'entries'));
  const entries = readdirSync(dir)
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.d.ts'))
    .sort();
  const { buildSync } = require('esbuild') as typeof Esbuild;
  return entries.map((file) => {
    const result = buildSync({
      entryPoints: [join(dir, file)],
      bundle: true,
      format: 'esm',
      minify: true,
      target: 'es2020',
      platform: 'browser',
      write: false,
      legalComments: 'none',
      logLevel: 'silent',
    });
    return { path: clientScriptPath(basename(file, '.ts')), contents: result.outputFiles[0]?.text ?? '' };
  });
}
