// Relative links and images as Mintlify resolves them: `./` and `../` from
// the folder that holds the page's file, others as a browser resolves them
// from the page's address. The two differ on index pages, which stand for
// their folder (`guides/start/index.mdx` is `/guides/start`). The
// conformance fixture `links-relative-index` holds what check reports; this
// test holds the built pages to the same addresses.

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { build } from '../compiler/build/build.js';
import { rewriteUrl } from '../compiler/render/rewrite-url.js';

const FIXTURE = 'tests/fixtures/conformance/links-relative-index';

/** The `href` and `src` values of a page's body, in order. */
function references(html: string): string[] {
  const body = html.slice(html.indexOf('<article'), html.indexOf('</article>'));
  return [...body.matchAll(/\s(?:href|src)="([^"]*)"/g)].map((m) => m[1] as string).filter((url) => !url.startsWith('#'));
}

test('relative links: an index page resolves ./ and ../ from its folder, other relative paths from its address', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'docsc-relative-'));
  try {
    const result = await build({ root: FIXTURE, outDir: join(dir, 'out'), cacheDir: false, threads: 1 });
    assert.ok(result.ok);
    const start = references(readFileSync(join(dir, 'out/guides/start/index.html'), 'utf8'));
    for (const expected of [
      '/guides/start/images/diagram.svg',
      '/guides/start/setup',
      '/guides/start/setup#first-step',
      '/guides/other',
      '/guides/start/missing',
    ]) {
      assert.ok(start.includes(expected), `${expected} in ${JSON.stringify(start)}`);
    }
    assert.not.ok(
      start.some((url) => url === '/images/diagram.svg' || url === '/setup' || url === '/other'),
      `nothing resolved from the folder's parent: ${JSON.stringify(start)}`,
    );
    // A page that is not an index: its folder and its address's parent are the same.
    const setup = references(readFileSync(join(dir, 'out/guides/start/setup/index.html'), 'utf8'));
    assert.ok(setup.includes('/guides/start') && setup.includes('/guides/start/images/diagram.svg'), JSON.stringify(setup));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('relative links: rewriteUrl, one rule for links and images', () => {
  const index = { url: 'guides/start', file: 'guides/start/index.mdx' };
  const page = { url: 'guides/start/setup', file: 'guides/start/setup.mdx' };
  const cases: [typeof index, string, boolean, string][] = [
    [index, './setup', true, '/guides/start/setup'],
    [index, '../other.mdx', true, '/guides/other'],
    [index, './images/a.png', false, '/guides/start/images/a.png'],
    [index, 'other', true, '/guides/other'],
    [index, './', true, '/guides/start'],
    [page, './index', true, '/guides/start'],
    [page, '../other', true, '/guides/other'],
    [page, 'images/a.png', false, '/guides/start/images/a.png'],
    [{ url: '', file: 'index.mdx' }, './guides/start/setup.mdx?x=1#top', true, '/guides/start/setup?x=1#top'],
  ];
  for (const [from, url, isLink, expected] of cases) {
    const verdict = rewriteUrl(url, from, isLink);
    assert.equal(verdict, { safe: true, url: expected, external: false }, `${url} from ${from.file}`);
  }
});

test.run();
