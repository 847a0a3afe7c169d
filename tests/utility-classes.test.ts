// Utility classes (site/utility-css.ts) and the repository's own stylesheets
// and scripts (site/custom-files.ts): tests/fixtures/utilities/site writes
// Tailwind classes as Mintlify sites do (light/dark image pairs, a grid, a
// card with its own classes) on two of its three pages. The build makes one
// stylesheet of the rules of the classes its pages use, linked from those
// pages only; it follows navigation edits (kept pages' classes come from
// their records), body edits and `docsc dev` patches, equal to a clean build
// each time. Its `.css` file and its script (not the module a page imports)
// are in every page's head. Mermaid's bundle is shipped while a page has a
// diagram, kept pages included. The colour mode switching utilities, and custom
// CSS and JS applying, are asserted in a browser by components-browser.test.ts.

import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { build } from '../compiler/build/build.js';
import { BuildSession } from '../compiler/build/build-session.js';
import { dumpOutput } from './support/output-tree.js';

const FIXTURE = 'tests/fixtures/utilities/site';
const UTILITIES = '_docsc/utilities.css';
const LINK = '<link rel="stylesheet" href="/_docsc/utilities.css">';

function copyFixture(): { dir: string; root: string; out: string; cache: string } {
  const dir = mkdtempSync(join(tmpdir(), 'docsc-utilities-'));
  const root = join(dir, 'docs');
  cpSync(FIXTURE, root, { recursive: true });
  return { dir, root, out: join(dir, 'out'), cache: join(dir, 'cache') };
}

function edit(path: string, from: string, to: string): void {
  const text = readFileSync(path, 'utf8');
  assert.ok(text.includes(from), `${path} holds ${from}`);
  writeFileSync(path, text.replace(from, to));
}

async function assertCleanBuildEqual(site: ReturnType<typeof copyFixture>, options: Parameters<typeof build>[0]): Promise<void> {
  const clean = join(site.dir, `clean-${Date.now()}`);
  await build({ ...options, outDir: clean, cacheDir: false });
  assert.equal(dumpOutput(site.out, { full: true }), dumpOutput(clean, { full: true }));
}

test('the rules of the classes pages write, in one stylesheet linked from those pages', async () => {
  const site = copyFixture();
  try {
    const result = await build({ root: site.root, outDir: site.out, cacheDir: site.cache, threads: 1 });
    assert.ok(result.ok);
    const css = readFileSync(join(site.out, UTILITIES), 'utf8');
    for (const rule of ['.block {', '.hidden {', '.rounded-xl {', '.mt-4 {', '.grid-cols-2 {', '.gap-2 {'])
      assert.ok(css.includes(rule), `${rule} in the stylesheet`);
    // `dark:` follows the layout's colour mode, and a class written on an element wins over the site's rules.
    assert.match(css, '.dark\\:hidden:where(:root[data-theme="dark"] *');
    assert.match(css, 'display: none !important');
    // No Preflight (the site's own stylesheet stays in charge), and no rule for a class that is no utility.
    assert.not.match(css, '::before');
    assert.not.match(css, 'own-thing');
    assert.ok(readFileSync(join(site.out, 'index.html'), 'utf8').includes(LINK), 'the home page links it');
    assert.ok(readFileSync(join(site.out, 'grid/index.html'), 'utf8').includes(LINK), 'the grid page links it');
    assert.not.ok(readFileSync(join(site.out, 'plain/index.html'), 'utf8').includes(LINK), 'a page without classes does not');
    assert.ok(readFileSync(join(site.out, 'index.html'), 'utf8').includes('class="docsc-card own-thing mt-4"'), "the card's classes");
  } finally {
    rmSync(site.dir, { recursive: true, force: true });
  }
});

test('a page whose classes are no utilities still finds the stylesheet it links', async () => {
  const site = copyFixture();
  try {
    edit(join(site.root, 'grid.mdx'), 'className="grid grid-cols-2 gap-2"', 'className="own-grid"');
    edit(join(site.root, 'index.mdx'), ' className="block dark:hidden rounded-xl"', '');
    edit(join(site.root, 'index.mdx'), ' className="hidden dark:block rounded-xl"', '');
    edit(join(site.root, 'index.mdx'), ' className="own-thing mt-4"', '');
    await build({ root: site.root, outDir: site.out, cacheDir: site.cache, threads: 1 });
    assert.ok(readFileSync(join(site.out, 'grid/index.html'), 'utf8').includes(LINK));
    assert.ok(existsSync(join(site.out, UTILITIES)), 'the linked stylesheet exists');
  } finally {
    rmSync(site.dir, { recursive: true, force: true });
  }
});

test("every page links the repository's stylesheets and runs its scripts, not the modules pages import", async () => {
  const site = copyFixture();
  try {
    await build({ root: site.root, outDir: site.out, cacheDir: site.cache, threads: 1 });
    for (const page of ['index.html', 'plain/index.html', 'grid/index.html', '404.html']) {
      const html = readFileSync(join(site.out, page), 'utf8');
      const head = html.slice(0, html.indexOf('</head>'));
      assert.ok(head.indexOf('<link rel="stylesheet" href="/theme.css">') > head.indexOf('/_docsc/site.css'), `${page}: after docsc's stylesheet`);
      assert.ok(head.includes('<script src="/scripts/custom.js" defer></script>'), `${page}: the script`);
      assert.not.ok(html.includes('components/thing.js'), `${page}: not the imported module`);
    }
    assert.match(readFileSync(join(site.out, 'grid/index.html'), 'utf8'), '<b>A thing</b>');
    assert.ok(existsSync(join(site.out, 'theme.css')) && existsSync(join(site.out, 'scripts/custom.js')), 'both are published');
  } finally {
    rmSync(site.dir, { recursive: true, force: true });
  }
});

test('navigation edits keep the stylesheet from kept pages; body edits change it; none without classes', async () => {
  const site = copyFixture();
  try {
    const options = { root: site.root, outDir: site.out, cacheDir: site.cache, threads: 1 };
    await build(options);
    const before = readFileSync(join(site.out, UTILITIES), 'utf8');
    edit(join(site.root, 'docs.json'), '"group": "Layout"', '"group": "Layouts"');
    const navEdit = await build(options);
    assert.equal(navEdit.recomputed.bodies, []);
    assert.equal(readFileSync(join(site.out, UTILITIES), 'utf8'), before);
    await assertCleanBuildEqual(site, options);

    edit(join(site.root, 'grid.mdx'), 'className="grid grid-cols-2 gap-2"', 'className="space-y-2"');
    const bodyEdit = await build(options);
    assert.equal(bodyEdit.recomputed.bodies, ['grid.mdx']);
    const after = readFileSync(join(site.out, UTILITIES), 'utf8');
    assert.not.match(after, 'grid-cols-2');
    assert.match(after, '.space-y-2');
    await assertCleanBuildEqual(site, options);

    edit(join(site.root, 'grid.mdx'), ' className="space-y-2"', '');
    edit(join(site.root, 'index.mdx'), ' className="block dark:hidden rounded-xl"', '');
    edit(join(site.root, 'index.mdx'), ' className="hidden dark:block rounded-xl"', '');
    edit(join(site.root, 'index.mdx'), ' className="own-thing mt-4"', '');
    await build(options);
    assert.not.ok(existsSync(join(site.out, UTILITIES)), 'no page writes a class: no stylesheet');
    assert.not.ok(readFileSync(join(site.out, 'index.html'), 'utf8').includes(LINK));
    await assertCleanBuildEqual(site, options);
  } finally {
    rmSync(site.dir, { recursive: true, force: true });
  }
});

test("mermaid's bundle is shipped while a page has a diagram, kept pages included", async () => {
  const site = copyFixture();
  try {
    const options = { root: site.root, outDir: site.out, cacheDir: site.cache, threads: 1 };
    const mermaid = join(site.out, '_docsc/mermaid.js');
    await build(options);
    assert.not.ok(existsSync(mermaid), 'no diagram, no mermaid');
    edit(join(site.root, 'plain.mdx'), 'No classes here.', 'No classes here.\n\n```mermaid\nflowchart LR\n  A --> B\n```');
    await build(options);
    assert.ok(existsSync(mermaid), 'a diagram ships it');
    edit(join(site.root, 'docs.json'), '"group": "Layout"', '"group": "Layouts"');
    const navEdit = await build(options);
    assert.equal(navEdit.recomputed.bodies, []);
    assert.ok(existsSync(mermaid), 'kept by a navigation edit, from the kept page');
    await assertCleanBuildEqual(site, options);
    const session = new BuildSession(options);
    await session.build();
    edit(join(site.root, 'plain.mdx'), '  A --> B', '  A --> C');
    assert.ok((await session.build(['plain.mdx'])).recomputed.patched, 'a diagram edited is patched');
    await session.settled();
    edit(join(site.root, 'plain.mdx'), '```mermaid\nflowchart LR\n  A --> C\n```', 'Gone.');
    assert.not.ok((await session.build(['plain.mdx'])).recomputed.patched, 'the last diagram removed is a build');
    await session.settled();
    assert.not.ok(existsSync(mermaid), 'and mermaid goes with it');
    await assertCleanBuildEqual(site, options);
  } finally {
    rmSync(site.dir, { recursive: true, force: true });
  }
});

test('docsc dev: a text edit is patched; an edit that writes a new class rebuilds the stylesheet', async () => {
  const site = copyFixture();
  try {
    const options = { root: site.root, outDir: site.out, cacheDir: site.cache, threads: 1 };
    const session = new BuildSession(options);
    await session.build();
    const plain = join(site.root, 'plain.mdx');
    edit(plain, 'No classes here.', 'Still no classes here.');
    const patched = await session.build(['plain.mdx']);
    assert.ok(patched.recomputed.patched, 'a text edit is patched');
    await session.settled();
    edit(plain, 'Still no classes here.', '<p className="underline">Underlined.</p>');
    const rebuilt = await session.build(['plain.mdx']);
    assert.not.ok(rebuilt.recomputed.patched, 'a new class is not patched in');
    await session.settled();
    assert.match(readFileSync(join(site.out, UTILITIES), 'utf8'), '.underline {');
    assert.ok(readFileSync(join(site.out, 'plain/index.html'), 'utf8').includes(LINK));
    await assertCleanBuildEqual(site, options);
  } finally {
    rmSync(site.dir, { recursive: true, force: true });
  }
});

test.run();
