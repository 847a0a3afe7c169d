// Link checking remembered page by page (compiler/passes/link-check-memo.ts):
// after each edit, an incremental build reports exactly the link diagnostics a
// check from scratch reports on the same files, and checks again only the
// pages it must — the edited page alone when its ids did not change, every
// page when they did or when a page became a snippet.

import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type BuildResult, build } from '../compiler/build/build.js';
import { check } from '../compiler/check.js';
import type { Diagnostic } from '../compiler/diagnostics/diagnostic.js';

const FIXTURE = 'tests/fixtures/build/site';

const linkLines = (diagnostics: readonly Diagnostic[]) =>
  diagnostics.filter((d) => d.code.startsWith('link/')).map((d) => `${d.file}:${d.line}:${d.column} ${d.code} ${d.message}`);

test('link check: an incremental build reports what a check from scratch does, checking only the pages it must', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'docsc-links-memo-'));
  const root = join(dir, 'docs');
  cpSync(FIXTURE, root, { recursive: true });
  const edit = (path: string, change: (text: string) => string) => writeFileSync(join(root, path), change(readFileSync(join(root, path), 'utf8')));
  const steps: string[] = [];
  const step = async (name: string): Promise<BuildResult> => {
    const built = await build({ root, outDir: join(dir, 'out'), cacheDir: join(dir, 'cache'), threads: 1 });
    const fresh = await check({ root, threads: 1 });
    assert.equal(linkLines(built.diagnostics), linkLines(fresh.diagnostics), `${name}: the build's link diagnostics are a fresh check's`);
    steps.push(`${name}: ${[...built.recomputed.linksChecked].sort().join(' ') || '-'} | ${linkLines(built.diagnostics).length} link diagnostics`);
    return built;
  };
  try {
    // Links into another page's anchors, one broken.
    appendFileSync(
      join(root, 'index.mdx'),
      '\nSee [installing](/quickstart#install), [nothing](/quickstart#nowhere) and [the hidden page](/hidden).\n',
    );
    await step('cold');
    edit('guides/copy-a.mdx', (t) => `${t}\nA new paragraph, with [a broken link](/no-such-page).\n`);
    await step('a body edited');
    edit('quickstart.mdx', (t) => `${t}\nMore text.\n`);
    await step('a linked page edited, its ids kept');
    edit('quickstart.mdx', (t) => t.replace('## Install {#install}', '## Install {#setup}'));
    const renamed = await step('its heading id renamed');
    assert.ok(
      linkLines(renamed.diagnostics).some(
        (line) => line.startsWith('index.mdx:') && line.includes('link/missing-anchor') && line.includes('install'),
      ),
      'the link to the old id is reported',
    );
    // A page no navigation lists becomes a snippet when another file imports it: it is no longer published.
    edit('guides/copy-b.mdx', (t) => `${t}\nimport Hidden from '/hidden.mdx';\n\n<Hidden />\n`);
    const imported = await step('a page imported by another (a snippet now)');
    assert.ok(
      linkLines(imported.diagnostics).some((line) => line.startsWith('index.mdx:') && line.includes('link/broken') && line.includes('/hidden')),
      'a link to the page that became a snippet is reported',
    );
    edit('guides/copy-b.mdx', (t) => t.replace("\nimport Hidden from '/hidden.mdx';\n\n<Hidden />\n", ''));
    await step('the import removed');
    assert.equal(steps, [
      'cold: guides/copy-a.mdx guides/copy-b.mdx hidden.mdx index.mdx quickstart.mdx snippets/intro.mdx | 1 link diagnostics',
      'a body edited: guides/copy-a.mdx | 2 link diagnostics',
      'a linked page edited, its ids kept: quickstart.mdx | 2 link diagnostics',
      'its heading id renamed: guides/copy-a.mdx guides/copy-b.mdx hidden.mdx index.mdx quickstart.mdx snippets/intro.mdx | 4 link diagnostics',
      'a page imported by another (a snippet now): guides/copy-a.mdx guides/copy-b.mdx hidden.mdx index.mdx quickstart.mdx snippets/intro.mdx | 5 link diagnostics',
      // The state of two steps before: remembered whole.
      'the import removed: - | 4 link diagnostics',
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
