// A repository of many files, most of them copies (a site's versions and
// languages): past 2,000 page files, check hashes them on two threads first
// and reads one file of each content (read-pages.ts summarizeAll). Each copy
// still gets its own diagnostics at its own path, a copy of a file whose
// reading reported something is read itself, and the report is the one
// check gives through the cache (cached-check.ts), which dedupes the same way
// by another road.

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { checkWithCache } from '../compiler/build/cached-check.js';
import { check } from '../compiler/check.js';
import type { Diagnostic } from '../compiler/diagnostics/diagnostic.js';

const VERSIONS = 42;
const FILES = ['intro', 'setup', 'usage', 'faq', 'limits'];
const LANGUAGES = ['en', 'fr', 'de', 'ja', 'pt', 'es', 'ko', 'zh', 'it', 'nl'];

function makeRepository(): string {
  const root = mkdtempSync(join(tmpdir(), 'docsc-identical-'));
  const groups = [];
  for (let v = 1; v <= VERSIONS; v++) {
    const pages: string[] = [];
    for (const language of LANGUAGES) {
      mkdirSync(join(root, `v${v}`, language), { recursive: true });
      for (const file of FILES) {
        const page = `v${v}/${language}/${file}`;
        pages.push(page);
        // The same bytes in every version and language: a broken link each copy reports at its own path.
        writeFileSync(join(root, `${page}.mdx`), `---\ntitle: ${file}\n---\n\nSee [the missing page](/${file}-missing).\n`);
      }
    }
    groups.push({ group: `v${v}`, pages });
  }
  // Two copies of a page with a byte order mark: each reports it.
  mkdirSync(join(root, 'marked'), { recursive: true });
  for (const name of ['a', 'b']) writeFileSync(join(root, 'marked', `${name}.mdx`), '\uFEFF---\ntitle: Marked\n---\n\nText.\n');
  groups.push({ group: 'Marked', pages: ['marked/a', 'marked/b'] });
  writeFileSync(join(root, 'docs.json'), JSON.stringify({ name: 'Copies', theme: 'mint', colors: { primary: '#0D9373' }, navigation: { groups } }));
  return root;
}

function lines(diagnostics: readonly Diagnostic[]): string[] {
  return diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.code}`).sort();
}

test('2,102 pages, most of them copies: each copy reports at its path, as the cached check does', async () => {
  const root = makeRepository();
  try {
    const plain = await check({ root });
    const broken = plain.diagnostics.filter((d) => d.code === 'link/broken');
    assert.is(broken.length, VERSIONS * LANGUAGES.length * FILES.length);
    assert.is(new Set(broken.map((d) => d.file)).size, broken.length);
    assert.equal(
      plain.diagnostics
        .filter((d) => d.code === 'file/bom')
        .map((d) => d.file)
        .sort(),
      ['marked/a.mdx', 'marked/b.mdx'],
    );
    const cached = await checkWithCache({ root, cacheDir: join(root, '.cache') });
    assert.equal(lines(plain.diagnostics), lines(cached.diagnostics));
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test.run();
