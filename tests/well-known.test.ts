// `.well-known/` (page-urls.ts `isWellKnown`): the one hidden folder docsc
// reads, published file for file — names without an extension, Markdown not
// made a page, scripts not run on the pages — while other hidden folders stay
// out. tests/fixtures/conformance/links-well-known has what `check` reports.

import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { build } from '../compiler/build/build.js';
import { listFiles } from './support/output-tree.js';

const ROOT = 'tests/fixtures/conformance/links-well-known';

test('.well-known/ is copied as it is; other hidden folders, and pages or scripts from it, are not', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'docsc-well-known-'));
  try {
    const out = join(dir, 'out');
    await build({ root: ROOT, outDir: out, cacheDir: false, threads: 1 });
    for (const file of ['api-catalog', 'ai-catalog.json', 'agent-skills/billing/SKILL.md', 'tracking.js'])
      assert.is(readFileSync(join(out, '.well-known', file), 'utf8'), readFileSync(join(ROOT, '.well-known', file), 'utf8'), file);
    const written = listFiles(out);
    assert.equal(
      written.filter((path) => path.startsWith('.') && !path.startsWith('.docsc-')),
      ['.well-known/agent-skills/billing/SKILL.md', '.well-known/ai-catalog.json', '.well-known/api-catalog', '.well-known/tracking.js'],
    );
    assert.not.ok(existsSync(join(out, '.well-known', 'agent-skills', 'billing', 'SKILL', 'index.html')), 'a page made of SKILL.md');
    for (const page of ['index.html', 'agents/index.html'])
      assert.not.ok(readFileSync(join(out, page), 'utf8').includes('tracking.js'), `${page} runs .well-known/tracking.js`);
    assert.ok(readFileSync(join(out, 'agents/index.html'), 'utf8').includes('href="/.well-known/api-catalog"'), "the catalog's link");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
