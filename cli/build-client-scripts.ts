// The site's client scripts bundled when docsc is built (the last step of
// `npm run build:ts`): every runtime/client/entries/<name>.ts as
// compiler/site/client-bundle.ts bundles it, written to dist/client-scripts/
// with a stamp of what they were made from (esbuild's and Preact's versions,
// runtime/'s hash). A build reads them instead of starting esbuild; one whose
// runtime/ or packages differ from the stamp bundles them itself.

import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { bundleClientScripts, clientBundleKey, PREBUILT_STAMP, type PrebuiltStamp, prebuiltFolder } from '../compiler/site/client-bundle.js';
import { runtimeIdentity } from '../compiler/version.js';

function main(): void {
  const folder = prebuiltFolder();
  const runtime = runtimeIdentity();
  if (folder === undefined || runtime === undefined) throw new Error('docsc package folder or runtime/ not found');
  const scripts = bundleClientScripts();
  const staging = `${folder}.tmp-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  const names: string[] = [];
  try {
    for (const script of scripts) {
      const name = basename(script.path, '.js');
      writeFileSync(join(staging, `${name}.js`), script.contents);
      names.push(name);
    }
    const stamp: PrebuiltStamp = { key: clientBundleKey(), runtime, names };
    writeFileSync(join(staging, PREBUILT_STAMP), `${JSON.stringify(stamp)}\n`);
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }
  rmSync(folder, { recursive: true, force: true });
  renameSync(staging, folder);
  console.log(`client scripts: ${names.join(', ')}`);
}

try {
  main();
} catch (error) {
  process.stderr.write(`build-client-scripts: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
