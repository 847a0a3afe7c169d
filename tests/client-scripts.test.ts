// The site's client scripts (compiler/site/client-bundle.ts): bundled by
// esbuild from runtime/client/entries/ when docsc is built
// (cli/build-client-scripts.ts, a step of `npm run build:ts`, which `npm test`
// runs first), and taken from there by a build only when the stamp says they
// were made from this runtime/ with these esbuild and Preact versions.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { bundleClientScripts, clientBundleKey, PREBUILT_STAMP, prebuiltScripts } from '../compiler/site/client-bundle.js';
import { runtimeIdentity } from '../compiler/version.js';

test('the scripts `npm run build:ts` bundled are those esbuild bundles from runtime/ now, and builds take them', () => {
  const prebuilt = prebuiltScripts();
  assert.ok(prebuilt, 'dist/client-scripts/ is built and its stamp is current');
  assert.equal(prebuilt, bundleClientScripts());
  assert.ok(
    prebuilt.some((script) => script.path === '_docsc/site.js'),
    'the script every page loads',
  );
});

test('scripts stamped for another runtime/ or other packages are not taken', () => {
  const folder = mkdtempSync(join(tmpdir(), 'docsc-client-scripts-'));
  try {
    writeFileSync(join(folder, 'site.js'), '/* prebuilt */');
    const stamp = (runtime: string | undefined, key = clientBundleKey()) =>
      writeFileSync(join(folder, PREBUILT_STAMP), JSON.stringify({ key, runtime, names: ['site'] }));
    assert.is(prebuiltScripts(folder), undefined, 'no stamp');
    stamp('another runtime/');
    assert.is(prebuiltScripts(folder), undefined, 'another runtime/');
    stamp(runtimeIdentity(), 'client-bundle\0 another esbuild');
    assert.is(prebuiltScripts(folder), undefined, 'other packages');
    stamp(undefined);
    assert.is(prebuiltScripts(folder), undefined, 'no runtime/ hash');
    stamp(runtimeIdentity());
    assert.equal(prebuiltScripts(folder), [{ path: '_docsc/site.js', contents: '/* prebuilt */' }]);
    rmSync(join(folder, 'site.js'));
    assert.is(prebuiltScripts(folder), undefined, 'a script missing');
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

test.run();
