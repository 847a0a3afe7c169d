// What docs.json and frontmatter say of search, built into a site and asked
// through the browser's engine (runtime/client/entries/search.ts) over the
// shards written: `searchable: false` on a group or tab leaves its pages out
// (they stay pages, in the sitemap), and `boost` on a group or in a page's
// frontmatter (which comes first) multiplies the page's weights, so that of
// pages matching alike the boosted one ranks first. A boost changed in
// docs.json alone rewrites the shards with the page laid out again.

import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { build } from '../compiler/build/build.js';
import { SHARDS, shardPath } from '../compiler/site/search-index.js';
import { type Shard, searchShards } from '../runtime/client/entries/search.js';

function writeSite(root: string, navigation: unknown): void {
  mkdirSync(join(root, 'guides'), { recursive: true });
  writeFileSync(join(root, 'docs.json'), JSON.stringify({ name: 'S', theme: 'mint', colors: { primary: '#0D9373' }, navigation }));
  const page = (title: string, extra = '') => `---\ntitle: ${title}\n${extra}---\n\nConfigure the widget pipeline here.\n`;
  writeFileSync(join(root, 'index.mdx'), page('Home'));
  writeFileSync(join(root, 'guides/plain.mdx'), page('Plain'));
  writeFileSync(join(root, 'guides/boosted.mdx'), page('Boosted'));
  writeFileSync(join(root, 'guides/own-boost.mdx'), page('Own boost', 'boost: 5\n'));
  writeFileSync(join(root, 'guides/secret.mdx'), page('Secret'));
  writeFileSync(join(root, 'guides/secret-tab.mdx'), page('Secret tab'));
}

const NAVIGATION = {
  tabs: [
    {
      tab: 'Docs',
      groups: [
        { group: 'Start', pages: ['index', 'guides/plain'] },
        { group: 'Boosted', boost: 3, pages: ['guides/boosted', 'guides/own-boost'] },
        { group: 'Internal', searchable: false, pages: ['guides/secret'] },
      ],
    },
    { tab: 'Hidden from search', searchable: false, groups: [{ group: 'More', pages: ['guides/secret-tab'] }] },
  ],
};

function readShards(out: string): Shard[] {
  return Array.from({ length: SHARDS }, (_, n) => JSON.parse(readFileSync(join(out, shardPath(n)), 'utf8')) as Shard);
}

test('searchable: false leaves pages out of search; boost ranks a group’s pages, and a page’s own boost first', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'docsc-search-settings-'));
  try {
    const root = join(dir, 'docs');
    const out = join(dir, 'out');
    writeSite(root, NAVIGATION);
    const options = { root, outDir: out, cacheDir: join(dir, 'cache'), threads: 1 };
    await build(options);
    const ranked = () => searchShards(readShards(out), 'widget pipeline').map((result) => result.url);
    assert.equal(ranked(), ['/guides/own-boost', '/guides/boosted', '/', '/guides/plain']);
    assert.match(readFileSync(join(out, 'sitemap.xml'), 'utf8'), '/guides/secret-tab', 'still a page of the site');
    assert.match(readFileSync(join(out, 'guides/secret/index.html'), 'utf8'), 'Configure the widget pipeline');

    // The group's boost taken away in docs.json alone: its pages are laid out again and rank by their text.
    const config = readFileSync(join(root, 'docs.json'), 'utf8');
    assert.match(config, '"boost":3,');
    writeFileSync(join(root, 'docs.json'), config.replace('"boost":3,', ''));
    const again = await build(options);
    assert.equal(again.recomputed.bodies, []);
    assert.equal(ranked(), ['/guides/own-boost', '/', '/guides/boosted', '/guides/plain']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
