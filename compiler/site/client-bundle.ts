// The site's client code: every `runtime/client/entries/<name>.ts` is bundled
// by esbuild into `_docsc/<name>.js` (ES module, minified, no source map).
// Entries are independent: pages load only the ones they need (`site` on
// every page, `playground` on API pages). The bytes are a pure function of
// runtime/ (part of the tool's identity, which keys the cache) and esbuild's
// version and Preact's (part of the key here): bundled once per process, and kept in the
// build cache when there is one (bundling takes about 0.2 s of every build).
// esbuild itself is loaded only to bundle (20 ms of module loading a build
// that finds the bundle in its cache does not pay); its version is read from
// its package.json.

import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, join } from 'node:path';
import type * as Esbuild from 'esbuild';
import type { BuildCache } from '../cache/build-cache.js';
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
  if (bundled !== undefined) return bundled;
  const key = clientBundleKey();
  bundled = cache?.get<ClientScript[]>('derived', key);
  if (bundled === undefined) {
    bundled = bundleEntries();
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

function bundleEntries(): ClientScript[] {
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
