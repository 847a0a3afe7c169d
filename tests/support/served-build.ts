// The setup a browser suite over one site shares: the docs folder built with
// the real build() into a temporary folder, served on loopback, and chromium
// (tests/support/browser.ts), started before the suite's tests and closed
// after them, the temporary folder removed.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { Test } from 'uvu';
import * as assert from 'uvu/assert';
import { type BuildResult, build } from '../../compiler/build/build.js';
import { type ContextOptions, launchBrowser, openPage, type StaticSite, serveSite } from './browser.js';

export interface ServedBuild {
  /** The served output; set once the suite has started, as are `browser` and `out`. */
  readonly site: StaticSite;
  readonly browser: Browser;
  /** The output folder. */
  readonly out: string;
  /** A page at `path` of the site, in a fresh context: close it with `page.context().close()`. */
  open(path: string, options?: ContextOptions): Promise<Page>;
}

/** Builds `root` (the build must succeed; `check` may ask more of its result) and serves it for `suite`'s tests. */
export function servedBuild(suite: Test, root: string, check?: (result: BuildResult) => void): ServedBuild {
  let dir = '';
  const state = {
    site: undefined as unknown as StaticSite,
    browser: undefined as unknown as Browser,
    out: '',
    open: (path: string, options: ContextOptions = {}) => openPage(state.browser, state.site.origin + path, options),
  };
  suite.before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'docsc-browser-'));
    state.out = join(dir, 'out');
    const result = await build({ root, outDir: state.out, cacheDir: false, threads: 1 });
    assert.ok(result.ok, `${root} builds`);
    check?.(result);
    state.browser = await launchBrowser();
    state.site = await serveSite(state.out);
  });
  suite.after(async () => {
    await state.site?.close();
    await state.browser?.close();
    if (dir !== '') rmSync(dir, { recursive: true, force: true });
  });
  return state;
}
